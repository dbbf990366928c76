import {
  EXPORT_FIELDS,
  EXPORT_FILE_PREFIXES,
  REPORT_CARD_LABELS,
  TRANSACTION_FILTER_MESSAGES,
} from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBadge, createSegment, eventAt, rule, sendAndProcess } from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createBranch,
  createClientAndSignIn,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { attachmentName, exportFileUrl } from '../../../test/report-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let north: string;
const players: { id: string; name: string }[] = [];

const get = (session: SignedIn, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(session.clientToken) });
const post = (session: SignedIn, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(session.clientToken), payload });

const csvRows = (body: string) => body.trim().split('\n');

/**
 * Badge ledger rows made the way production makes them: segments whose entry grants a badge, entered through
 * events. Three players get the 'Regular' badge (a login), one of them also '=Big Spender' (a formula-looking name).
 */
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  north = (await createBranch(t.app, admin, { display_name: 'North' }))._id;
  const key = (await createApiKey(t.app, admin)).key;
  const regular = await createBadge(t.app, admin, { name: 'Regular', category: 'Achievement', level: 1 });
  const big = await createBadge(t.app, admin, { name: '=Big Spender', category: 'Milestone', level: 3 });
  await createSegment(t.app, admin, {
    name: 'Logged in',
    filters: [rule('numberOfLogins', 'GreaterThanOrEqual', 1)],
    actions: [{ type: 'grant_item', trigger: 'entered', item_id: regular._id, quantity: 1 }],
  });
  await createSegment(t.app, admin, {
    name: 'Scanners',
    filters: [rule('numberOfQrScans', 'GreaterThanOrEqual', 1)],
    actions: [{ type: 'grant_item', trigger: 'entered', item_id: big._id, quantity: 1 }],
  });
  await t.ctx.engine.drain();
  for (const [name, branch] of [
    ['Thandi', north],
    ['Pieter', null],
    ['Lerato', null],
  ] as const) {
    const id = await addCustomer(t.app, admin, {
      name,
      surname: 'Mokoena',
      ...(branch ? { member_branch_id: branch } : {}),
    });
    players.push({ id, name });
  }
  await sendAndProcess(
    t,
    key,
    players.map((p, index) => eventAt(p.id, 10 - index, { type: 'user.logged-in' })),
  );
  await sendAndProcess(t, key, [eventAt(players[0]!.id, 1, { type: 'qr.scanned' })]);
});
afterAll(() => t.close());

describe('badge transactions report', () => {
  it('lists every grant newest first with the spec fields, pages by 10 and counts', async () => {
    const res = await get(admin, '/api/transactions/badges?page=1&size=2');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ count: 4, hasMore: true, count_capped: false });
    expect(body.content).toHaveLength(2);
    const [first] = body.content;
    expect(first).toMatchObject({
      user_id: players[0]!.id,
      user_name: 'Thandi Mokoena',
      badge_name: '=Big Spender',
      badge_category: 'Milestone',
      badge_level: 3,
      xp_points_earned: 0,
      branch_location: 'North',
    });
    expect(first.date_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const second = await get(admin, '/api/transactions/badges?page=2&size=2');
    expect(second.json().pagination).toEqual({ count: 4, hasMore: false, count_capped: false });
    expect(second.json().content).toHaveLength(2);
  });

  it.each([
    ['badge_name=Regular', 3],
    ['badge_name=Regular|%3DBig%20Spender', 4],
    ['badge_category=Milestone', 1],
    ['badge_level=3', 1],
    ['branch_location=North', 2],
    ['search_string=lerato', 1],
    ['search_string=spender', 1],
    // Spec 3: values joined with '|' into the search string match any of them.
    ['search_string=lerato|spender', 2],
    ['search_string=|', 4],
    ['start_date=2000-01-01&end_date=2000-01-02', 0],
    ['min_value=1', 0],
    ['max_value=0', 4],
  ])('filters %s -> %i rows, and the cards count the same rows', async (query, expected) => {
    const list = await get(admin, `/api/transactions/badges?page=1&size=100&${query}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().content).toHaveLength(expected);
    const summary = await get(admin, `/api/transactions/badges/summary?${query}`);
    expect(summary.json().content.count).toBe(expected);
    expect(summary.json().content.cards[0]).toMatchObject({ label: 'Total Badges Earned', value: expected });
  });

  it('filters one customer (the profile link)', async () => {
    const res = await get(admin, `/api/transactions/badges?customer_id=${players[0]!.id}`);
    expect(res.json().content.map((row: { badge_name: string }) => row.badge_name)).toEqual([
      '=Big Spender',
      'Regular',
    ]);
  });

  it('computes the snapshot cards over the whole filtered set, with every filter option', async () => {
    const res = await get(admin, '/api/transactions/badges/summary');
    expect(res.statusCode, res.body).toBe(200);
    const { cards, options, count } = res.json().content;
    expect(count).toBe(4);
    expect(cards).toEqual([
      { label: REPORT_CARD_LABELS.badges[0], value: 4, detail: null },
      { label: REPORT_CARD_LABELS.badges[1], value: 3, detail: null },
      { label: REPORT_CARD_LABELS.badges[2], value: 'Regular', detail: '3' },
    ]);
    expect(options).toMatchObject({
      badge_category: ['Achievement', 'Milestone', 'Event-based'],
      badge_level: ['1', '3'],
      badge_name: ['=Big Spender', 'Regular'],
    });
    expect(options.branch_location).toContain('North');
  });

  it.each([
    ['min_value=abc', TRANSACTION_FILTER_MESSAGES.minValueNumber],
    ['max_value=1x', TRANSACTION_FILTER_MESSAGES.maxValueNumber],
    ['min_value=5&max_value=2', TRANSACTION_FILTER_MESSAGES.maxBelowMin],
    ['start_date=2026-02-02&end_date=2026-02-01', TRANSACTION_FILTER_MESSAGES.endBeforeStart],
  ])('refuses %s with 400 "%s"', async (query, message) => {
    for (const path of ['', '/summary']) {
      const res = await get(admin, `/api/transactions/badges${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().content.errors.map((e: { message: string }) => e.message)).toContain(message);
    }
  });

  it('shows a branch manager only the rows of the branches they manage', async () => {
    const manager = await createStaffAndSignIn(t.app, admin, {
      manager_of: [north],
      user_permissions: { TRANSACTIONS: { read: true, create: false, update: false, delete: false } },
    });
    const res = await get(manager, '/api/transactions/badges?size=100');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.every((row: { user_id: string }) => row.user_id === players[0]!.id)).toBe(true);
    expect(res.json().pagination.count).toBe(2);
    expect(
      (await get(manager, '/api/transactions/badges/summary')).json().content.options.branch_location,
    ).toEqual(['North']);
  });
});

describe('badge transactions export', () => {
  it('exports the filtered rows as CSV with the spec file name, formula cells neutralised', async () => {
    const ready = await post(admin, '/api/transactions/badges/export', {
      filters: { badge_name: '=Big Spender|Regular' },
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const file = await get(admin, exportFileUrl('/api/transactions/badges/export', ready));
    expect(file.statusCode).toBe(200);
    expect(attachmentName(file)).toMatch(/^transactions_badges_\d{4}-\d\d-\d\d\.csv$/);
    const rows = csvRows(file.body);
    expect(rows[0]).toBe(
      '_id,badge_transaction_id,date_time,user_id,user_name,badge_name,badge_category,badge_level,xp_points_earned,branch_location,created_at,updated_at',
    );
    expect(rows).toHaveLength(5);
    expect(rows[1]).toContain(",'=Big Spender,Milestone,3,0,North,");
  });

  it('honours fields and include_headers, and refuses an unknown field', async () => {
    const ready = await post(admin, '/api/transactions/badges/export', {
      filters: { search_string: 'lerato' },
      include_headers: false,
      fields: ['user_name', 'badge_name'],
    });
    const file = await get(admin, exportFileUrl('/api/transactions/badges/export', ready));
    expect(csvRows(file.body)).toEqual(['Lerato Mokoena,Regular']);
    const bad = await post(admin, '/api/transactions/badges/export', { fields: ['password'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TRANSACTION_FILTER_MESSAGES.unknownField('password'));
  });

  it('takes the filters at the top level of the body too; a nested one wins where both are given', async () => {
    const exported = async (payload: Record<string, unknown>) => {
      const ready = await post(admin, '/api/transactions/badges/export', {
        fields: ['badge_name'],
        ...payload,
      });
      expect(ready.statusCode, ready.body).toBe(200);
      return csvRows((await get(admin, exportFileUrl('/api/transactions/badges/export', ready))).body).slice(
        1,
      );
    };
    expect(await exported({})).toHaveLength(4);
    expect(await exported({ badge_name: 'Regular' })).toEqual(['Regular', 'Regular', 'Regular']);
    expect(await exported({ search_string: 'lerato', badge_category: 'Achievement' })).toEqual(['Regular']);
    expect(
      await exported({ badge_name: 'Regular', filters: { badge_name: '=Big Spender', min_value: '' } }),
    ).toEqual(["'=Big Spender"]);
    expect(await exported({ badge_name: 'Regular', filters: { search_string: 'pieter' } })).toEqual([
      'Regular',
    ]);
    // A JSON body may send a number as a number: the same filter as its text.
    expect(await exported({ min_value: 0, max_value: 1e9 })).toHaveLength(4);
    const bad = await post(admin, '/api/transactions/badges/export', { min_value: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TRANSACTION_FILTER_MESSAGES.minValueNumber);
    const backwards = await post(admin, '/api/transactions/badges/export', {
      min_value: '5',
      filters: { max_value: '2' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(TRANSACTION_FILTER_MESSAGES.maxBelowMin);
  });

  it('needs the BUSINESS plan (402) and the requester’s own live file (404 otherwise)', async () => {
    const starter = await createClientAndSignIn(t.app, { plan: 'STARTER' });
    expect((await post(starter, '/api/transactions/badges/export', {})).statusCode).toBe(402);
    const ready = await post(admin, '/api/transactions/badges/export', {});
    const other = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
    const stolen = await get(other, exportFileUrl('/api/transactions/badges/export', ready));
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(TRANSACTION_FILTER_MESSAGES.exportExpired);
  });
});

describe('every report', () => {
  it.each(['economy', 'challenges', 'reward-tracks'] as const)(
    '%s: a business with no rows gets an empty page, zero cards and a header-only export',
    async (kind) => {
      const fresh = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
      const list = await get(fresh, `/api/transactions/${kind}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toMatchObject({
        content: [],
        pagination: { count: 0, hasMore: false, count_capped: false },
      });
      const summary = (await get(fresh, `/api/transactions/${kind}/summary`)).json().content;
      expect(summary.cards.map((card: { label: string }) => card.label)).toEqual(REPORT_CARD_LABELS[kind]);
      expect(summary.count).toBe(0);
      const path = `/api/transactions/${kind}/export`;
      const file = await get(fresh, exportFileUrl(path, await post(fresh, path, {})));
      expect(attachmentName(file)).toMatch(
        new RegExp(`^${EXPORT_FILE_PREFIXES[kind]}_\\d{4}-\\d\\d-\\d\\d\\.csv$`),
      );
      expect(csvRows(file.body)).toEqual([EXPORT_FIELDS[kind].join(',')]);
    },
  );
});
