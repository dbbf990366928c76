import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day as the console's date fields show it, '26 Nov 2026', `offset` days from today. */
export const dayFromToday = (offset: number) => {
  const date = new Date(Date.now() + offset * 86_400_000);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
};

/** A badge made through the API with the client token (the badges journey builds them through the console). */
export const createBadge = async (request: APIRequestContext, clientToken: string, name: string) => {
  const response = await request.post('/api/badges', {
    data: {
      name,
      description: 'For a big order paid by card.',
      sub_copy: 'Spend R200 by card',
      quantity_limited: false,
      icon: { name: 'trophy', prefix: 'fas' },
      theme: {
        primary: '#d2a023',
        name: '#d2a023',
        sub_copy: '#000000',
        background: '#FFFFFF',
        icon: '#FFFFFF',
      },
      category: 'Achievement',
      level: 1,
    },
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { content: { _id: string } }).content._id;
};

/**
 * A released challenge made through the API, granted to one segment: one order of `minOrderValue` or more from
 * `startDate` completes it and pays `rewards` (`{ type: 'badges', value: <badge id> }`, `{ type: 'xp', value: 50 }`).
 */
export const createOrderValueChallenge = async (
  request: APIRequestContext,
  clientToken: string,
  challenge: {
    startDate: string;
    minOrderValue: number;
    rewards: { type: string; value: string | number }[];
    segmentId: string;
  },
) => {
  const auth = { Authorization: `Bearer ${clientToken}` };
  const response = await request.post('/api/challenges', {
    data: {
      title: 'Big Order',
      description: `Spend R${challenge.minOrderValue} in one order`,
      image: { url: null, etag: null, file_name: null },
      schedule: { start_date: challenge.startDate, end_date: '2035-12-31' },
      status: 'released',
      visible: true,
      objectives: [
        {
          title: 'Big spender',
          event_type: 'orderValue',
          scope: { type: 'basket', value: [], match_all: false },
          scopes: [],
          trigger: { trigger_quantity: challenge.minOrderValue, trigger_target: null },
          conditions: [],
          rewards: challenge.rewards,
        },
      ],
      rewards: [],
      flow: { nodes: [], edges: [] },
    },
    headers: auth,
  });
  expect(response.status(), await response.text()).toBe(200);
  const id = ((await response.json()) as { content: { _id: string } }).content._id;
  const grant = await request.post(`/api/challenges/${id}/segments/${challenge.segmentId}`, {
    data: {},
    headers: auth,
  });
  expect(grant.status(), await grant.text()).toBe(200);
  return id;
};

/** `/console/challenges`: the client's challenges. */
export class ChallengesListPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly addChallenge: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Challenges' });
    this.search = page.getByRole('textbox', { name: 'Search challenges' });
    this.addChallenge = page.getByRole('button', { name: 'Add Challenge' });
    this.table = page.getByRole('table');
  }

  async goto() {
    await this.page.goto('/console/challenges');
    await expect(this.heading).toBeVisible();
  }

  row(title: string) {
    return this.table.getByRole('row').filter({ hasText: title });
  }
}

/** `/console/challenge/{id?}`: details on the left, the objective flow on the right. */
export class ChallengeEditorPage {
  readonly save: Locator;
  readonly details: Locator;
  readonly title: Locator;
  readonly description: Locator;
  readonly startDate: Locator;
  readonly endDate: Locator;
  readonly status: Locator;
  readonly visible: Locator;
  readonly canvas: Locator;
  readonly objectives: Locator;
  readonly panel: Locator;
  readonly picker: Locator;
  readonly image: Locator;

  constructor(readonly page: Page) {
    this.save = page.getByRole('button', { name: 'Save', exact: true });
    this.details = page.getByRole('region', { name: 'Details' });
    this.title = this.details.getByRole('textbox', { name: 'Title' });
    this.description = this.details.getByRole('textbox', { name: 'Description' });
    this.canvas = page.getByRole('region', { name: 'Objective flow' });
    this.panel = page.getByRole('region', { name: 'Node settings' });
    this.objectives = page.getByRole('region', { name: 'Objectives' });
    this.picker = page.getByRole('dialog', { name: 'Nodes' });
    this.image = this.details.getByLabel('Image');
    this.startDate = this.details.getByRole('textbox', { name: 'Start Date' });
    this.endDate = this.details.getByRole('textbox', { name: 'End Date' });
    this.status = this.details.getByRole('combobox', { name: 'Status' });
    this.visible = this.details.getByRole('switch', { name: /Visible/ });
  }

  async expectTitle(title: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(this.page).toHaveTitle(title);
  }

  /** A calendar day typed as the field shows it, e.g. '1 Dec 2025'. */
  async fillDay(field: Locator, day: string) {
    await field.fill(day);
    await field.press('Escape');
    await field.blur();
    await expect(field).toHaveValue(day);
  }

  async choose(select: Locator, option: string) {
    await select.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(select).toHaveValue(option);
  }

  /** Picks a node in the Nodes picker, which then closes; the new node's settings open. */
  async pick(name: string) {
    await expect(this.picker).toBeVisible();
    await this.picker.getByRole('button', { name, exact: true }).click();
    await expect(this.picker).toBeHidden();
    await expect(this.panel.getByRole('heading', { level: 2, name })).toBeVisible();
  }

  async addObjective(name: string) {
    await this.objectives.getByRole('button', { name: 'Add Objective' }).click();
    await this.pick(name);
  }

  /** The add-next-node button under the last node of a chain (its title, or its kind's name). */
  async addNext(after: string, name: string) {
    await this.canvas.getByRole('button', { name: `Add next node after ${after}`, exact: true }).click();
    await this.pick(name);
  }

  node(name: string) {
    return this.canvas.getByLabel(`${name} node`, { exact: true });
  }

  panelField(label: string) {
    return this.panel.getByRole('textbox', { name: label, exact: true });
  }
}

/** 'Select Segment' after a challenge is created. */
export class SelectSegmentDialog {
  readonly dialog: Locator;
  readonly segment: Locator;
  readonly done: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Select Segment' });
    this.segment = this.dialog.getByRole('textbox', { name: 'User Segment' });
    this.done = this.dialog.getByRole('button', { name: 'Done' });
  }

  async choose(name: string) {
    await this.segment.click();
    await this.segment.fill(name);
    await this.page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    await expect(this.segment).toHaveValue(name);
  }
}
