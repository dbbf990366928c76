import { BADGE_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badgeBody,
  createBadge,
  createSegment,
  eventAt,
  rule,
  sendAndProcess,
} from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  type CallAs,
  createApiKey,
  createClientAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let call: CallAs;

beforeAll(async () => {
  ({ t, admin, call } = await createClientApp('STARTER'));
});
afterAll(() => t.close());

describe('saving a badge', () => {
  it('creates, reads, lists and updates a badge with its category, level, icon and theme', async () => {
    const res = await call(
      'POST',
      '/api/badges',
      badgeBody({ name: 'Coffee Connoisseur', category: 'Milestone', level: 3 }),
    );
    expect(res.statusCode).toBe(200);
    const badge = res.json().content;
    expect(res.json().message).toBe(BADGE_MESSAGES.saved);
    expect(badge).toMatchObject({
      name: 'Coffee Connoisseur',
      category: 'Milestone',
      level: 3,
      quantity_limited: false,
      granted_quantity: 0,
      icon: { name: 'mug-hot', prefix: 'fas', url: null },
      theme: { primary: '#d2a023', background: '#FFFFFF' },
      playfab_item_id: badge._id,
    });
    expect((await call('GET', `/api/badges/${badge._id}`)).json().content.name).toBe('Coffee Connoisseur');
    const list = await call('GET', '/api/badges?page=1&size=100&search=connoisseur');
    expect(list.json().content.map((b: { name: string }) => b.name)).toEqual(['Coffee Connoisseur']);
    const updated = await call(
      'PUT',
      `/api/badges/${badge._id}`,
      badgeBody({ name: 'Coffee Expert', quantity_limited: true, quantity: 5 }),
    );
    expect(updated.json().content).toMatchObject({
      name: 'Coffee Expert',
      quantity_limited: true,
      quantity: 5,
    });
    // The spec's save is a POST: with the badge's _id it updates.
    const viaPost = await call('POST', '/api/badges', badgeBody({ _id: badge._id, name: 'Coffee Guru' }));
    expect(viaPost.json().content).toMatchObject({ _id: badge._id, name: 'Coffee Guru' });
  });

  it.each([
    [{ name: '' }, BADGE_MESSAGES.nameRequired],
    [{ description: ' ' }, BADGE_MESSAGES.descriptionRequired],
    [{ sub_copy: '' }, BADGE_MESSAGES.subCopyRequired],
    [{ quantity_limited: true, quantity: null }, BADGE_MESSAGES.quantityRequired],
    [
      { theme: { primary: '', name: '#d2a023', sub_copy: '#000', background: '#fff', icon: '#fff' } },
      BADGE_MESSAGES.primaryColorRequired,
    ],
    [
      { theme: { primary: '#d2a023', name: '', sub_copy: '#000', background: '#fff', icon: '#fff' } },
      BADGE_MESSAGES.nameColorRequired,
    ],
    [
      { theme: { primary: '#d2a023', name: '#d2a023', sub_copy: '', background: '#fff', icon: '#fff' } },
      BADGE_MESSAGES.subCopyColorRequired,
    ],
    [
      { theme: { primary: '#d2a023', name: '#d2a023', sub_copy: '#000', background: '', icon: '#fff' } },
      BADGE_MESSAGES.backgroundColorRequired,
    ],
    [
      { theme: { primary: '#d2a023', name: '#d2a023', sub_copy: '#000', background: '#fff', icon: '' } },
      BADGE_MESSAGES.iconColorRequired,
    ],
    [{ icon: { name: null, url: null } }, BADGE_MESSAGES.iconRequired],
    [{ dates_enabled: true, end_date: '2027-01-31T23:59:59.999Z' }, BADGE_MESSAGES.startDateRequired],
    [{ dates_enabled: true, start_date: '2027-01-01T00:00:00.000Z' }, BADGE_MESSAGES.endDateRequired],
    [
      { dates_enabled: true, start_date: '2027-02-01T00:00:00.000Z', end_date: '2027-01-31T23:59:59.999Z' },
      BADGE_MESSAGES.endDateAfterStart,
    ],
  ])('%j -> 400 %s', async (override, message) => {
    const res = await call('POST', '/api/badges', badgeBody(override));
    expect(res.statusCode).toBe(400);
    expect(res.json().content.errors.map((e: { message: string }) => e.message)).toContain(message);
  });

  it('deletes a badge (404 afterwards); badges need the STARTER plan', async () => {
    const badge = await createBadge(t.app, admin);
    const res = await call('DELETE', `/api/badges/${badge._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(BADGE_MESSAGES.deleted);
    expect((await call('GET', `/api/badges/${badge._id}`)).statusCode).toBe(404);
    const freemium = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/badges', headers: bearer(freemium.clientToken) }))
        .statusCode,
    ).toBe(402);
  });
});

describe('granting a badge', () => {
  it('50 players entering at once share a stock of 10: exactly 10 grants and 10 transactions', async () => {
    const key = (await createApiKey(t.app, admin)).key;
    const badge = await createBadge(t.app, admin, {
      name: 'First Ten',
      quantity_limited: true,
      quantity: 10,
    });
    await createSegment(t.app, admin, {
      name: 'Early adopters',
      filters: [rule('numberOfQrScans', 'GreaterThanOrEqual', 1)],
      actions: [{ type: 'grant_item', trigger: 'entered', item_id: badge._id, quantity: 1 }],
    });
    await t.ctx.engine.drain();
    const players = await Promise.all(Array.from({ length: 50 }, () => addCustomer(t.app, admin)));
    await sendAndProcess(
      t,
      key,
      players.map((id) => eventAt(id, 1, { type: 'qr.scanned' })),
    );
    const [ledger] = await t.ctx.database.query<{ n: string; q: string }>(
      'SELECT count(*) AS n, sum(quantity) AS q FROM badge_transactions WHERE badge_id = $1',
      [badge._id],
    );
    expect(Number(ledger?.n)).toBe(10);
    const held = await t.ctx.database.query<{ q: string }>(
      'SELECT sum(quantity) AS q FROM player_badges WHERE badge_id = $1',
      [badge._id],
    );
    expect(Number(held[0]?.q)).toBe(10);
    expect((await call('GET', `/api/badges/${badge._id}`)).json().content.granted_quantity).toBe(10);
    // The stock cannot be cut below what is gone.
    const cut = await call(
      'PUT',
      `/api/badges/${badge._id}`,
      badgeBody({ name: 'First Ten', quantity_limited: true, quantity: 5 }),
    );
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe('Quantity cannot be less than the 10 already granted.');
  });

  it('a badge outside its dates is not granted; a grant larger than the stock left is refused whole', async () => {
    const key = (await createApiKey(t.app, admin)).key;
    const expired = await createBadge(t.app, admin, {
      name: 'Last Year',
      dates_enabled: true,
      start_date: '2025-01-01T00:00:00.000Z',
      end_date: '2025-12-31T23:59:59.999Z',
    });
    const scarce = await createBadge(t.app, admin, { name: 'Scarce', quantity_limited: true, quantity: 2 });
    await createSegment(t.app, admin, {
      name: 'Gift givers',
      filters: [rule('numberOfGifts', 'GreaterThanOrEqual', 1)],
      actions: [
        { type: 'grant_item', trigger: 'entered', item_id: expired._id },
        { type: 'grant_item', trigger: 'entered', item_id: scarce._id, quantity: 3 },
      ],
    });
    await t.ctx.engine.drain();
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [eventAt(customer, 1, { type: 'gift.sent' })]);
    const rows = await t.ctx.database.query('SELECT * FROM badge_transactions WHERE customer_id = $1', [
      customer,
    ]);
    expect(rows).toEqual([]);
  });

  it('the badge ledger is append-only', async () => {
    await expect(t.ctx.database.query('DELETE FROM badge_transactions')).rejects.toThrow(/append-only/);
  });
});
