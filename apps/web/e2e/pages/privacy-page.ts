import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

/** The customer profile's Privacy box and its Erase dialog. */
export class ProfilePrivacy {
  readonly box: Locator;
  readonly downloadData: Locator;
  readonly erase: Locator;
  readonly dialog: Locator;
  readonly confirmation: Locator;
  readonly eraseCustomer: Locator;

  constructor(readonly page: Page) {
    this.box = page.getByRole('region', { name: 'Privacy' });
    this.downloadData = this.box.getByRole('button', { name: 'Download data' });
    this.erase = this.box.getByRole('button', { name: 'Erase' });
    this.dialog = page.getByRole('dialog', { name: "Erase this customer's personal data?" });
    this.confirmation = this.dialog.getByLabel('Type ERASE to confirm');
    this.eraseCustomer = this.dialog.getByRole('button', { name: 'Erase customer' });
  }

  /** Clicks Download data and answers the saved file's name and its JSON. */
  async download() {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.downloadData.click()]);
    const path = await download.path();
    return {
      fileName: download.suggestedFilename(),
      document: JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown> & {
        laurel_data_export: { customer_id: string; parts: { name: string }[] };
        profile: { email: string | null; name: string };
      },
    };
  }
}
