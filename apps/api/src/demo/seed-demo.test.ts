import { readFile } from 'node:fs/promises';
import type { TDashboard } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../../test/factories';
import { runImport } from '../../test/import-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { rebuildDashboard } from '../engine';
import { DEMO_FIRST_NAMES, DEMO_SURNAMES } from './demo-people';
import { DEMO_MANAGER_SIGN_IN, DEMO_SIGN_IN, seedDemo } from './seed-demo';
import { DEMO_IMPORT_CSV } from './seed-demo-import';

let t: TestApp;
let seeded: boolean;
// Seeding sends weeks of activity through the engine: about 10 s on a quiet machine, three times that on a slow one
// under `npm test`'s load, so the set-up has a limit of its own instead of a test's.
beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedDemo(t.ctx);
}, 300_000);
afterAll(() => t.close());

describe('demo data', () => {
  it('creates a signed-up demo business on an empty database, once', async () => {
    expect(seeded).toBe(true);
    expect(await seedDemo(t.ctx)).toBe(false);
    const session = await signIn(t.app, DEMO_SIGN_IN.email, DEMO_SIGN_IN.password);
    const client = await t.app.inject({
      method: 'GET',
      url: `/api/v2/client?_id=${session.clientId}`,
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    expect(client.json().content).toMatchObject({
      alias: 'Bean There Coffee',
      status: 'ACTIVE',
      clientSubscription: { name: 'BUSINESS', status: 'ACTIVE' },
    });
    const customers = await t.app.inject({
      method: 'GET',
      url: '/api/v2/client/loyalty/users?size=5',
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    // 36 added in the console, 6 moved in from the old stamp card by an import.
    expect(customers.json().content.count).toBe(42);
    const branches = await t.app.inject({
      method: 'GET',
      url: '/api/v2/client/branches',
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    expect(branches.json().content.branch_list.map((b: { display_name: string }) => b.display_name)).toEqual([
      'Rosebank',
      'Sea Point',
      'Stellenbosch',
    ]);
    // The demo area manager sees only the customers of their branch.
    const manager = await signIn(t.app, DEMO_MANAGER_SIGN_IN.email, DEMO_MANAGER_SIGN_IN.password);
    const scoped = await t.app.inject({
      method: 'GET',
      url: '/api/v2/client/loyalty/users',
      headers: { authorization: `Bearer ${manager.clientToken}` },
    });
    // 12 of the console's customers and 2 of the imported ones belong to Sea Point.
    expect(scoped.json().content.count).toBe(14);

    // Its activity went through the engine: real statistics, processed events, one parked example.
    const statistics = await t.app.inject({
      method: 'GET',
      url: '/api/statistics?search=coffee',
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    expect(statistics.json().content[0]).toMatchObject({ name: 'coffeeStamps', reset_interval: 'Week' });
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/events?status=processed',
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    expect(log.json().pagination.count).toBeGreaterThan(200);
    const parked = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/events?status=parked',
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    expect(parked.json().content.map((e: { error: string }) => e.error)).toEqual([
      "No statistic named 'loyaltyPoints' exists. Create it under Statistics, then retry this event.",
    ]);
    const [top] = await t.ctx.database.query<{ customer_id: string }>(
      `SELECT customer_id FROM events WHERE type = 'order.created' GROUP BY customer_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const player = await t.app.inject({
      method: 'GET',
      url: `/api/v1/players/${top?.customer_id}`,
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    const segments = await t.app.inject({
      method: 'GET',
      url: '/api/segments?page=1&size=50',
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    const regulars = segments.json().content.find((s: { name: string }) => s.name === 'Regulars');
    expect(regulars.player_count).toBeGreaterThan(0);
    // Status moves are dated after their orders as they happened, not all on the day the demo was made.
    const [refunds] = await t.ctx.database.query<{ n: string; late: string; today: string }>(
      `SELECT count(*) AS n,
              count(*) FILTER (WHERE h.changed_at < o.ordered_at) AS late,
              count(*) FILTER (WHERE h.changed_at > now() - interval '1 day' AND o.ordered_at < now() - interval '3 days') AS today
         FROM order_status_history h JOIN orders o ON o.id = h.order_id
        WHERE h.to_status = 'REFUNDED'`,
    );
    expect(Number(refunds?.n)).toBeGreaterThan(0);
    expect(Number(refunds?.late)).toBe(0);
    expect(Number(refunds?.today)).toBe(0);
    const [granted] = await t.ctx.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM badge_transactions',
    );
    expect(Number(granted?.n)).toBeGreaterThan(0);
    // Statistics that never reset: `largestOrder` resets monthly, so early on the 1st no player has a value yet.
    expect(player.json().content.statistics).toMatchObject({
      numberOfLogins: expect.any(Number),
      totalOrderValue: expect.any(Number),
      favouriteBlend: expect.any(Number),
    });

    // A level and a tier progression with milestone images stored through the media provider; the customers'
    // XP gave them levels, tiers (and tier segments) and milestone transactions.
    const progressions = await t.app.inject({
      method: 'GET',
      url: '/api/reward-tracks/progression',
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    expect(progressions.json().content.levelProgression.target.milestoneName).toEqual([
      'Level 1',
      'Level 2',
      'Level 3',
      'Level 4',
      'Level 5',
    ]);
    expect(progressions.json().content.tierProgression.target.milestoneName).toEqual([
      'Bronze',
      'Silver',
      'Gold',
      'Platinum',
      'Diamond',
    ]);
    const levels = await t.app.inject({
      method: 'GET',
      url: `/api/reward-tracks/${progressions.json().content.levelProgression._id}`,
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    const medal = await t.app.inject({
      method: 'GET',
      url: new URL(levels.json().content.milestones[0].image_url).pathname,
    });
    expect(medal.statusCode).toBe(200);
    expect(medal.headers['content-type']).toContain('image/svg+xml');
    const [ranked] = await t.ctx.database.query<{ levels: string; tiers: string }>(
      `SELECT count(*) FILTER (WHERE s.name = 'level') AS levels, count(*) FILTER (WHERE s.name = 'tier') AS tiers
       FROM player_statistics p JOIN statistics s ON s.id = p.statistic_id
       WHERE s.client_id = '${session.clientId}' AND s.name IN ('level', 'tier') AND p.value > 0`,
    );
    expect(Number(ranked?.levels)).toBeGreaterThan(5);
    // Every player with a level has a tier; a refund can take a level back with its XP, a tier holds until review.
    expect(Number(ranked?.tiers)).toBeGreaterThanOrEqual(Number(ranked?.levels));
    const bronze = segments.json().content.find((s: { name: string }) => s.name === 'tierBronze');
    const [transactions] = await t.ctx.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM reward_track_transactions',
    );
    expect(Number(transactions?.n)).toBeGreaterThan(Number(ranked?.levels));
    expect(bronze.player_count).toBeGreaterThan(0);

    // The economy: the busiest customer earned Bean Bucks and XP from their orders; balances equal the ledger.
    expect(player.json().content.wallets).toEqual([
      expect.objectContaining({ name: 'Bean Bucks', code: 'BNB', balance: expect.any(Number) }),
    ]);
    expect(player.json().content.wallets[0].balance).toBeGreaterThan(0);
    expect(player.json().content.statistics.xp).toBeGreaterThan(0);
    const [books] = await t.ctx.database.query<{ wallets: string; ledger: string }>(
      `SELECT (SELECT sum(balance)::text FROM wallets) AS wallets,
              (SELECT sum(value)::text FROM economy_transactions WHERE currency_id IS NOT NULL) AS ledger`,
    );
    expect(books?.wallets).toBe(books?.ledger);

    // Two released challenges granted to AllPlayers, moved by the demo's orders: some customers completed them.
    const challenges = await t.app.inject({
      method: 'GET',
      url: '/api/challenges?sort_key=title&sort_direction=asc',
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    const demoChallenges = challenges.json().content as {
      title: string;
      status: string;
      completed_quantity: number;
      segments: { name: string }[];
    }[];
    expect(demoChallenges.map((c) => [c.title, c.status, c.segments.map((s) => s.name)])).toEqual([
      ['Big Card Spender', 'released', ['AllPlayers']],
      ['Five Coffee Visits', 'released', ['AllPlayers']],
    ]);
    for (const challenge of demoChallenges)
      expect(challenge.completed_quantity, challenge.title).toBeGreaterThan(0);
    expect(player.json().content.challenges.map((c: { status: string }) => c.status)).toContain('completed');
  });

  it('has a rewards catalogue that members have redeemed from, every wallet still equal to its ledger', async () => {
    const session = await signIn(t.app, DEMO_SIGN_IN.email, DEMO_SIGN_IN.password);
    const rewards = await t.app.inject({
      method: 'GET',
      url: '/api/rewards',
      headers: { authorization: `Bearer ${session.clientToken}` },
    });
    const catalogue = rewards.json().content as {
      name: string;
      redeemed: number;
      codes_left: number | null;
    }[];
    expect(catalogue.map((r) => r.name).sort()).toEqual([
      'Bean There enamel mug',
      'Free flat white',
      'Partner bakery voucher',
    ]);
    expect(catalogue.reduce((sum, r) => sum + r.redeemed, 0)).toBeGreaterThan(3);
    const [mismatch] = await t.ctx.database.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM wallets w WHERE w.balance <> (SELECT coalesce(sum(value), 0)
         FROM economy_transactions e WHERE e.customer_id = w.customer_id AND e.currency_id = w.currency_id)`,
    );
    expect(Number(mismatch?.n)).toBe(0);
  });

  it('moved six members in from the old stamp card, the file a newcomer finds in docs/', async () => {
    const session = await signIn(t.app, DEMO_SIGN_IN.email, DEMO_SIGN_IN.password);
    const headers = { authorization: `Bearer ${session.clientToken}` };
    const imports = await t.app.inject({ method: 'GET', url: '/api/customers/imports', headers });
    expect(imports.json().content).toMatchObject([
      { file_name: 'old-stamp-card-members.csv', status: 'completed', rows: 6, created: 6, failed: 0 },
    ]);
    const sample = await readFile(
      new URL('../../../../docs/customer-import-sample.csv', import.meta.url),
      'utf8',
    );
    expect(sample).toBe(DEMO_IMPORT_CSV);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/api-keys',
      headers,
      payload: { name: 'demo test' },
    });
    const naledi = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customers?external_id=oldcard-1001',
      headers: { 'x-api-key': key.json().content.key },
    });
    const player = await t.app.inject({
      method: 'GET',
      url: `/api/v1/players/${naledi.json().content._id}`,
      headers: { 'x-api-key': key.json().content.key },
    });
    expect(player.json().content).toMatchObject({
      statistics: { level: 4, tier: 4 },
      wallets: [expect.objectContaining({ code: 'BNB', balance: 250 })],
    });
    expect(player.json().content.segments).toContain('tierPlatinum');
  });

  it("gives its members emails the spec's rule accepts, so that a CSV import finds them by email", async () => {
    const session = await signIn(t.app, DEMO_SIGN_IN.email, DEMO_SIGN_IN.password);
    const setup = {
      t,
      admin: session,
      call: (method: 'GET', url: string) =>
        t.app.inject({ method, url, headers: bearer(session.clientToken) }),
    } as unknown as Parameters<typeof runImport>[0];
    const email =
      `${DEMO_FIRST_NAMES[0]}.${DEMO_SURNAMES[0]}.0`.toLowerCase().replace(/\s/g, '') + '@example.com';
    const check = await runImport(setup, `email,name,surname\n${email},Renamed,${DEMO_SURNAMES[0]}\n`, {
      dry_run: 'true',
    });
    expect(check).toMatchObject({ status: 'completed', rows: 1, created: 0, updated: 1, failed: 0 });
  });

  it("shows the engine's figures on the dashboard, spread over the weekdays, and the rebuild gives the same", async () => {
    const session = await signIn(t.app, DEMO_SIGN_IN.email, DEMO_SIGN_IN.password);
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/dashboard?period=90',
        headers: { authorization: `Bearer ${session.clientToken}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().content as TDashboard;
    };
    const dashboard = await read();
    expect(dashboard.has_activity).toBe(true);
    const { figures, tier_weekdays } = dashboard;
    for (const name of [
      'monthly_active_users',
      'transaction_revenue',
      'paying_players',
      'badges_earned',
    ] as const)
      expect(figures[name].value, name).toBeGreaterThan(0);
    const perWeekday = tier_weekdays.weekdays.map((_, day) =>
      tier_weekdays.tiers.reduce((sum, tier) => sum + (tier.counts[day] ?? 0), 0),
    );
    for (const players of perWeekday) expect(players).toBeGreaterThan(0);
    expect(await rebuildDashboard(t.ctx.database, session.clientId)).toBe(true);
    expect(await read()).toEqual(dashboard);
  });
});
