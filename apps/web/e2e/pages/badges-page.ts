import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { SignedUpClient } from './signed-up-client';

/** A business on the STARTER plan (the first with badges), whose admin is signed in. */
export const badgesBusiness = async (page: Page, request: APIRequestContext) => {
  const client = await SignedUpClient.register(page, request);
  await client.signIn();
  await client.choosePlan(request, 'STARTER');
  return client;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A small real PNG (the server reads the type from the content): a blue disc with a white ring on a transparent
 * square, size × size pixels.
 */
export const discPng = (size = 48) => {
  const rows: Buffer[] = [];
  const centre = (size - 1) / 2;
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x - centre, y - centre) / (size / 2);
      const [r, g, b, a] =
        distance > 1 ? [0, 0, 0, 0] : distance > 0.8 ? [255, 255, 255, 255] : [25, 113, 194, 255];
      row.set([r, g, b, a], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** `/console/badges`: the client's badges. */
export class BadgesListPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly addBadge: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Badges' });
    this.search = page.getByRole('textbox', { name: 'Search badges' });
    this.addBadge = page.getByRole('button', { name: 'Add Badge' });
    this.table = page.getByRole('table');
  }

  async goto() {
    await this.page.goto('/console/badges');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/console\/badges(\?.*)?$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Badges');
  }

  /** The row of the badge with exactly this name. */
  row(name: string) {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** The icon in a badge's row (its accessible name says which source it shows). */
  icon(name: string) {
    return this.row(name).getByRole('img').first();
  }

  /** Opens a badge by clicking its row (not the name link), as the spec's row click does. */
  async open(name: string) {
    await this.row(name).getByRole('cell').nth(4).click();
  }

  async delete(name: string) {
    await this.row(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const confirm = this.page.getByRole('dialog', { name: `Confirm deletion of '${name}' badge` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
  }
}

/** `/console/badge/{badge_id?}`: 'Create a badge' or 'Badge - {name}', with its four tabs and live preview. */
export class BadgeEditorPage {
  readonly form: Locator;
  readonly save: Locator;
  readonly backToBadges: Locator;
  readonly preview: Locator;
  readonly name: Locator;
  readonly category: Locator;
  readonly level: Locator;
  readonly enableDates: Locator;
  readonly startDate: Locator;
  readonly endDate: Locator;
  readonly quantityType: Locator;
  readonly quantity: Locator;
  readonly iconSearch: Locator;
  readonly iconLibrary: Locator;
  readonly customIcon: Locator;
  readonly description: Locator;
  readonly subCopy: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Customise Your Badge' });
    this.save = this.form.getByRole('button', { name: 'Save', exact: true });
    this.backToBadges = page.getByRole('button', { name: 'Back to Badges' });
    this.preview = page.getByRole('region', { name: 'Preview' });
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.category = this.form.getByRole('combobox', { name: 'Category' });
    this.level = this.form.getByRole('textbox', { name: 'Level' });
    this.enableDates = this.form.getByRole('checkbox', { name: 'Enable Dates' });
    this.startDate = this.form.getByRole('textbox', { name: 'Start Date' });
    this.endDate = this.form.getByRole('textbox', { name: 'End Date' });
    this.quantityType = this.form.getByRole('combobox', { name: 'Quantity Type' });
    this.quantity = this.form.getByRole('textbox', { name: 'Quantity', exact: true });
    this.iconSearch = this.form.getByRole('textbox', { name: 'Search icons' });
    this.iconLibrary = this.form.getByRole('listbox', { name: 'Icon library' });
    this.customIcon = this.form.getByLabel('Custom Icon');
    this.description = this.form.getByRole('textbox', { name: 'Description' });
    this.subCopy = this.form.getByRole('textbox', { name: 'Sub Copy' });
  }

  async gotoCreate() {
    await this.page.goto('/console/badge');
    await this.expectTitle('Create a badge');
  }

  /** The page's heading and the browser tab both carry the title. */
  async expectTitle(title: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(this.page).toHaveTitle(title);
  }

  async tab(name: 'Details' | 'Icons' | 'Text' | 'Theme') {
    await this.form.getByRole('tab', { name }).click();
    await expect(this.form.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  }

  async choose(picker: Locator, option: string) {
    await picker.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(picker).toHaveValue(option);
  }

  /** A calendar day typed as the field shows it, e.g. '1 Dec 2025'. */
  async fillDay(field: Locator, day: string) {
    await field.fill(day);
    await field.press('Escape');
    await field.blur();
    await expect(field).toHaveValue(day);
  }

  async pickLibraryIcon(search: string, name: string) {
    await this.tab('Icons');
    await expect(this.iconLibrary).toBeVisible();
    await this.iconSearch.fill(search);
    await this.iconLibrary.getByRole('option', { name, exact: true }).click();
    await expect(this.iconLibrary.getByRole('option', { name, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }

  async uploadIcon(fileName: string, buffer: Buffer) {
    await this.tab('Icons');
    await this.customIcon.setInputFiles({ name: fileName, mimeType: 'image/png', buffer });
    await expect(this.iconLibrary).toHaveCount(0);
    await expect(this.form.getByText(fileName, { exact: true })).toBeVisible();
  }

  colour(label: string) {
    return this.form.getByRole('textbox', { name: label });
  }
}
