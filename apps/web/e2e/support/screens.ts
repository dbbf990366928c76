import path from 'node:path';
import type { Page } from '@playwright/test';

/** A full-page screenshot for looking at the pages, taken only when E2E_SCREENSHOTS_DIR is set. */
export const snapshot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
};
