import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type TViolation = { id: string; impact?: string | null; help: string; nodes: { target: unknown }[] };

/** Serious and critical axe findings on the page as it stands (WCAG 2.x A and AA), each with the elements it names. */
export const seriousAxeFindings = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return (violations as TViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 5)
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    );
};
