import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** The WCAG 2.x A and AA rules whose outcome depends on colours: all a second colour scheme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe findings on the page as it stands, each with the elements it names: every WCAG 2.x A and
 * AA rule, or only the rules given (e.g. COLOUR_RULES for a page already checked in another scheme).
 * axe is loaded once per document (the console moves between pages without reloading), and only violations carry
 * their nodes: together a third of an accessibility walk's time.
 */
export const seriousAxeFindings = async (page: Page, { rules }: { rules?: string[] } = {}) => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const options: RunOptions = {
    runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG_AA },
    resultTypes: ['violations'],
  };
  const { violations } = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe.run(
        document,
        runOptions,
      ),
    options,
  );
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 5)
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    );
};
