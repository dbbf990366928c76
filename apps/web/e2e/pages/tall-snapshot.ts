import type { Page } from '@playwright/test';
import { snapshot } from '../support/screens';

/**
 * A screenshot of the whole page as one tall window shows it: a full-page capture of a long form would repeat the
 * fixed header and the sticky Save bar in the middle. Taken only when E2E_SCREENSHOTS_DIR is set.
 */
export const tallSnapshot = async (page: Page, name: string) => {
  const size = page.viewportSize();
  if (!process.env.E2E_SCREENSHOTS_DIR || !size) return;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await snapshot(page, name);
  await page.setViewportSize(size);
};
