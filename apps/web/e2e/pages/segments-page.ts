import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** An API key for the client's own systems (`POST /api/integrations/api-keys`, client token); returns the key. */
export const createApiKey = async (request: APIRequestContext, clientToken: string, name = 'Till') => {
  const response = await request.post('/api/integrations/api-keys', {
    data: { name },
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { content: { key: string } }).content.key;
};

/** A badge for grant_item actions (`POST /api/badges`, client token); returns its id. */
export const createBadge = async (request: APIRequestContext, clientToken: string, name: string) => {
  const response = await request.post('/api/badges', {
    data: {
      name,
      description: 'Given to players who keep coming back',
      sub_copy: 'Thanks for visiting',
      icon: { name: 'mug-hot', prefix: 'fas' },
      theme: {
        primary: '#d2a023',
        name: '#d2a023',
        sub_copy: '#000000',
        background: '#FFFFFF',
        icon: '#FFFFFF',
      },
    },
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { content: { _id: string } }).content._id;
};

let eventCount = 0;

/** `user.logged-in` events for one customer, sent as the client's till would (`POST /api/v1/events`, X-Api-Key). */
export const sendLogins = async (
  request: APIRequestContext,
  apiKey: string,
  customerId: string,
  count: number,
) => {
  const events = Array.from({ length: count }, () => {
    eventCount += 1;
    return {
      id: `login-${customerId}-${Date.now()}-${eventCount}`,
      type: 'user.logged-in',
      customer: { _id: customerId },
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
      data: { channel: 'app' },
    };
  });
  const response = await request.post('/api/v1/events', {
    data: { events },
    headers: { 'X-Api-Key': apiKey },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { content: { status: string }[] };
  expect(body.content.map((answer) => answer.status)).toEqual(events.map(() => 'accepted'));
};

/** `/console/segments`: the client's segments, the six system ones included. */
export class SegmentsListPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly newSegment: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Segments' });
    this.search = page.getByRole('textbox', { name: 'Search segments' });
    this.newSegment = page.getByRole('button', { name: 'New Segment' });
    this.table = page.getByRole('table');
  }

  async goto() {
    await this.page.goto('/console/segments');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/console\/segments(\?.*)?$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Segments');
  }

  /** The row of the segment with exactly this name. */
  row(name: string) {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** The Players cell: the count chip (and 'Updating players…' while it is recomputed). */
  playerCount(name: string) {
    return this.row(name).getByRole('cell').nth(3);
  }

  deleteButton(name: string) {
    return this.row(name).getByRole('button', { name: `Delete ${name}` });
  }

  /**
   * Waits until the segment's player count reads `count`. Counts change as the engine processes events, which the
   * page learns on its next visit: the list is reloaded until then.
   */
  async expectPlayerCount(name: string, count: number) {
    await expect(async () => {
      await this.page.reload();
      await this.expectShown();
      // Long enough for a page that polls while its players are recomputed to get there on its own.
      await expect(this.playerCount(name)).toHaveText(String(count), { timeout: 6000 });
    }).toPass({ timeout: 60_000, intervals: [500, 1000, 2000] });
  }

  /** Opens a segment by clicking its row (the rules cell, not the name link), as the spec's row click does. */
  async open(name: string) {
    await this.row(name).getByRole('cell').nth(2).click();
  }

  async openPlayers(name: string) {
    await this.row(name)
      .getByRole('link', { name: `Players of ${name}` })
      .click();
  }

  /** Confirms the delete dialog, after checking that it says what players lose. */
  async delete(name: string) {
    await this.deleteButton(name).click();
    const confirm = this.page.getByRole('dialog', { name: `Confirm deletion of '${name}' segment` });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('they will lose any segment-specific benefits');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
  }
}

/** `/console/segment/{segment_id?}`: 'Create Segment' or 'Edit Segment'. */
export class SegmentEditorPage {
  readonly form: Locator;
  readonly name: Locator;
  readonly description: Locator;
  readonly addRule: Locator;
  readonly addAction: Locator;
  readonly create: Locator;
  readonly update: Locator;
  readonly backToSegments: Locator;
  readonly viewPlayers: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form');
    this.name = this.form.getByRole('textbox', { name: 'Name', exact: true });
    this.description = this.form.getByRole('textbox', { name: 'Description', exact: true });
    this.addRule = this.form.getByRole('button', { name: 'Add Rule' });
    this.addAction = this.form.getByRole('button', { name: 'Add Action' });
    this.create = this.form.getByRole('button', { name: 'Create', exact: true });
    this.update = this.form.getByRole('button', { name: 'Update', exact: true });
    this.backToSegments = page.getByRole('button', { name: 'Back to Segments' });
    this.viewPlayers = page.getByRole('link', { name: 'View Players' });
  }

  /** The page's heading, and the browser tab's title ('Create Segment' or 'Segment - {name}'). */
  async expectTitle(heading: string, documentTitle = heading) {
    await expect(this.page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(this.page).toHaveTitle(documentTitle);
  }

  rule(number: number) {
    return this.form.getByRole('group', { name: `Rule ${number}` });
  }

  action(number: number) {
    return this.form.getByRole('group', { name: `Action ${number}` });
  }

  actionField(number: number, label: 'Action Type' | 'Trigger' | 'Badge/Item' | 'Mission/Challenge') {
    return this.action(number).getByRole('combobox', { name: label });
  }

  ruleField(number: number, label: 'Type' | 'Statistic' | 'Comparison') {
    return this.rule(number).getByRole('combobox', { name: label });
  }

  ruleValue(number: number) {
    return this.rule(number).getByRole('textbox', { name: 'Value' });
  }

  async choose(picker: Locator, option: string) {
    await picker.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(picker).toHaveValue(option);
  }

  /** Fills a statistic rule: 'numberOfLogins', 'GreaterThanOrEqual', 2. */
  async fillRule(number: number, statistic: string, comparison: string, value: number) {
    await this.choose(this.ruleField(number, 'Statistic'), statistic);
    await this.choose(this.ruleField(number, 'Comparison'), comparison);
    await this.ruleValue(number).fill(String(value));
  }
}

/** `/console/segment/{segment_id}/players`. */
export class SegmentPlayersPage {
  readonly details: Locator;
  readonly players: Locator;
  readonly backToSegments: Locator;

  constructor(readonly page: Page) {
    this.details = page.getByRole('region', { name: 'Segment Details' });
    this.players = page.getByRole('region', { name: 'Players' });
    this.backToSegments = page.getByRole('button', { name: 'Back to Segments' });
  }

  async expectShown(segmentName: string) {
    await expect(this.page).toHaveURL(/\/console\/segment\/[0-9a-f]{24}\/players$/);
    await expect(this.page.getByRole('heading', { level: 1, name: `${segmentName} Players` })).toBeVisible();
    await expect(this.page.getByText('Players who match the segment criteria')).toBeVisible();
  }

  /** A member's row, by the customer id the Player ID column shows. */
  playerRow(customerId: string) {
    return this.players
      .getByRole('row')
      .filter({ has: this.page.getByRole('link', { name: customerId, exact: true }) });
  }
}
