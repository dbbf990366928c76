import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** `/console/reward-tracks`: a card per track, more as the list scrolls. */
export class RewardTracksListPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly addRewardTrack: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Reward Tracks' });
    this.search = page.getByRole('textbox', { name: 'Search reward tracks' });
    this.addRewardTrack = page.getByRole('button', { name: 'Add Reward Track' });
  }

  async goto() {
    await this.page.goto('/console/reward-tracks');
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/console\/reward-tracks$/);
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveTitle('Reward Tracks');
  }

  card(name: string) {
    return this.page.getByRole('article', { name, exact: true });
  }

  async expand(name: string) {
    await this.card(name)
      .getByRole('button', { name: `Expand ${name}` })
      .click();
    await expect(this.card(name).getByRole('table', { name: `Milestones of ${name}` })).toBeVisible();
  }
}

type TMilestoneInput = {
  name: string;
  colour: string;
  /** The source value that reaches it (XP for a level, the level for a tier). */
  value: number;
  /** A level milestone's level; a tier's is its position. */
  level?: number;
  image: { name: string; buffer: Buffer };
};

/** The tier, level and generic track pages: one form, 'Milestone n' blocks. */
export class RewardTrackEditorPage {
  readonly save: Locator;
  readonly information: Locator;
  readonly name: Locator;
  readonly numberOfMilestones: Locator;
  readonly backToRewardTracks: Locator;

  constructor(readonly page: Page) {
    this.save = page.getByRole('button', { name: 'Save', exact: true });
    this.information = page.getByRole('region', { name: 'Reward Track Information' });
    this.name = this.information.getByRole('textbox', { name: 'Name' });
    this.numberOfMilestones = page.getByRole('textbox', { name: 'Number of Milestones' });
    this.backToRewardTracks = page.getByRole('button', { name: 'Back to Reward Tracks' });
  }

  /** The page's heading and the browser tab both carry the title. */
  async expectTitle(title: string) {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(this.page).toHaveTitle(title);
  }

  milestone(position: number) {
    return this.page.getByRole('group', { name: `Milestone ${position}`, exact: true });
  }

  milestones() {
    return this.page.getByRole('group', { name: /^Milestone \d$/ });
  }

  /**
   * Types the count again until the editor shows that many: on a loaded machine a fill during the form's re-render
   * was once lost (the milestones stayed at the track's default).
   */
  async setMilestoneCount(count: number) {
    await expect(async () => {
      await this.numberOfMilestones.fill(String(count));
      await expect(this.milestones()).toHaveCount(count, { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  }

  /** A calendar day typed as the field shows it, e.g. '1 Jan 2026'. */
  async fillDay(label: 'Start Date' | 'End Date', day: string) {
    const field = this.information.getByRole('textbox', { name: label });
    await field.fill(day);
    await field.press('Escape');
    await field.blur();
    await expect(field).toHaveValue(day);
  }

  async fillMilestone(
    position: number,
    milestone: TMilestoneInput,
    sourceLabel: 'XP' | 'Level' | 'Source Value',
  ) {
    const block = this.milestone(position);
    await block.getByRole('textbox', { name: 'Name' }).fill(milestone.name);
    const colour = block.getByRole('textbox', { name: 'Colour' });
    await colour.fill(milestone.colour);
    await colour.press('Escape');
    await block.getByRole('textbox', { name: sourceLabel, exact: true }).fill(String(milestone.value));
    if (milestone.level !== undefined)
      await block.getByRole('textbox', { name: 'Level', exact: true }).fill(String(milestone.level));
    await block.getByLabel('Image').setInputFiles({ ...milestone.image, mimeType: 'image/png' });
    await expect(block.getByText(milestone.image.name, { exact: true })).toBeVisible();
    await expect(block.getByRole('img', { name: `Milestone ${position} image` })).toBeVisible();
  }

  /** Opens 'Validation Error' with Save and answers its list. */
  async validationErrors() {
    await this.save.click();
    const dialog = this.page.getByRole('dialog', { name: 'Validation Error' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Please correct the following errors:')).toBeVisible();
    const messages = await dialog.getByRole('listitem').allTextContents();
    return { dialog, messages };
  }
}

/** The client's segment with that name, through the API (client token); answers its id. */
export const segmentIdOf = async (request: APIRequestContext, clientToken: string, name: string) => {
  const response = await request.get(`/api/segments?search_string=${encodeURIComponent(name)}&size=100`, {
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  const segments = (
    (await response.json()) as { content: { _id: string; name: string; playfab_segment_id: string }[] }
  ).content;
  const found = segments.find((segment) => segment.name === name);
  expect(found, `segment ${name}`).toBeTruthy();
  return found as { _id: string; playfab_segment_id: string };
};

/**
 * A level or tier track through the API (client token) with a milestone at each source value, reaching level or tier
 * 1, 2…; `image` is any image URL the server can reach. Answers the track's id.
 */
export const addRewardTrack = async (
  request: APIRequestContext,
  clientToken: string,
  track: {
    type: 'LEVEL_PROGRESSION' | 'TIER_PROGRESSION';
    name: string;
    sourceValues: readonly number[];
    image: string;
    colour?: string;
  },
) => {
  const response = await request.post('/api/reward-tracks', {
    data: {
      name: track.name,
      reward_track_type: track.type,
      start_date: '2020-01-01',
      end_date: '2035-12-31',
      reset_points_annually: false,
      persist_tier_levels_annually: false,
      milestone_count: track.sourceValues.length,
      milestones: track.sourceValues.map((source_value, index) => ({
        name: `${track.name} ${index + 1}`,
        colour: track.colour ?? '#d2a023',
        source_value,
        target_value: index + 1,
        image_url: track.image,
      })),
    },
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { content: { _id: string } }).content._id;
};

/** An XP earn config through the API: `earnAmount` XP for every `triggerValue` of spend, for all players. */
export const addXpConfig = async (
  request: APIRequestContext,
  clientToken: string,
  { triggerValue, earnAmount }: { triggerValue: number; earnAmount: number },
) => {
  const everyone = await segmentIdOf(request, clientToken, 'AllPlayers');
  const response = await request.post('/api/economy/earn-configs', {
    data: {
      type: 'Statistic',
      trigger_value: triggerValue,
      earn_amount: earnAmount,
      segment_id: everyone.playfab_segment_id,
      earn_target: 'xp',
    },
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
};

export type TTrackProgress = {
  value: number;
  name: string | null;
  source_value: number;
  next: { name: string; source_value: number; target_value: number } | null;
};

/** `GET /api/v1/players/{id}` with an API key: statistics, segments, level and tier. */
export const playerOf = async (request: APIRequestContext, apiKey: string, customerId: string) => {
  const response = await request.get(`/api/v1/players/${customerId}`, { headers: { 'X-Api-Key': apiKey } });
  expect(response.status(), await response.text()).toBe(200);
  return (
    (await response.json()) as {
      content: {
        statistics: Record<string, number>;
        segments: string[];
        level: TTrackProgress | null;
        tier: (TTrackProgress & { tier: string | null }) | null;
      };
    }
  ).content;
};

export type TRewardTrackTransaction = {
  user_id: string;
  reward_track_name: string;
  milestone_reached: string;
  reward_claimed: string;
  status: string;
};

/** `GET /api/transactions/reward-tracks` (client token): the reward-track ledger rows. */
export const rewardTrackTransactions = async (request: APIRequestContext, clientToken: string) => {
  const response = await request.get('/api/transactions/reward-tracks?page=1&size=100', {
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { content: TRewardTrackTransaction[] }).content;
};

/** A statistic of the client's own (`POST /api/statistics`, client token). */
export const addStatistic = async (
  request: APIRequestContext,
  clientToken: string,
  name: string,
  aggregation: 'Sum' | 'Last',
) => {
  const response = await request.post('/api/statistics', {
    data: { name, aggregation_method: aggregation, reset_interval: 'Manual' },
    headers: { Authorization: `Bearer ${clientToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
};

/** A `statistic.update` event for one customer, as the client's app would send it (X-Api-Key). */
export const sendStatisticUpdate = async (
  request: APIRequestContext,
  apiKey: string,
  customerId: string,
  name: string,
  value: number,
) => {
  const response = await request.post('/api/v1/events', {
    data: {
      id: `${name}-${customerId}-${Date.now()}`,
      type: 'statistic.update',
      customer: { _id: customerId },
      occurred_at: new Date(Date.now() - 1000).toISOString(),
      data: { name, value },
    },
    headers: { 'X-Api-Key': apiKey },
  });
  expect(response.status(), await response.text()).toBe(202);
};
