import { randomBytes } from 'node:crypto';
import { ADD_CUSTOMER_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCurrency } from '../../../../test/economy-helpers';
import { runImport as runImportWith } from '../../../../test/import-helpers';
import { createClientApp } from '../../../../test/test-app';
import { type ReceivedWebhook, type Receiver, startReceiver } from '../../../../test/webhook-receiver';

let setup: Awaited<ReturnType<typeof createClientApp>>;
let currency: { _id: string; code: string };
/** Takes the three types an import sends. */
let heard: Receiver;
let heardEndpoint: string;
/** Takes other types only. */
let deaf: Receiver;
let deafEndpoint: string;

const IMPORT_TYPES = ['customer.created', 'customer.updated', 'wallet.credited'];

const addEndpoint = async (url: string, eventTypes: string[]) => {
  const res = await setup.call('POST', '/api/integrations/webhooks', {
    url,
    event_types: eventTypes,
    active: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content._id as string;
};

beforeAll(async () => {
  setup = await createClientApp('BUSINESS');
  currency = await createCurrency(setup.t.app, setup.admin, { name: 'Points' });
  heard = await startReceiver();
  deaf = await startReceiver();
  heardEndpoint = await addEndpoint(heard.url, IMPORT_TYPES);
  deafEndpoint = await addEndpoint(deaf.url, ['badge.granted', 'wallet.debited']);
});
afterAll(async () => {
  await heard.close();
  await deaf.close();
  await setup.t.close();
});

const asKey = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  setup.t.app.inject({ method, url, headers: { 'x-api-key': setup.key }, ...(payload ? { payload } : {}) });

/** Runs an import to its end and delivers what it wrote to the outbox. */
const runImport = (csv: string, fields: Record<string, string> = {}) =>
  runImportWith(setup, csv, fields, { webhooks: true });

/** The outbox rows an endpoint was given, whatever became of them. */
const outboxRows = async (endpointId: string) =>
  (
    await setup.t.ctx.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1',
      [endpointId],
    )
  )[0]?.n;

/** The member as GET /api/v1/customers shows them, in the fields a customer webhook carries. */
const memberOf = async (externalId: string) => {
  const res = await asKey('GET', `/api/v1/customers?external_id=${externalId}`);
  expect(res.statusCode, res.body).toBe(200);
  const c = res.json().content;
  return {
    _id: c._id,
    external_id: c.external_id,
    email: c.email,
    cell_number: c.cell_number,
    name: c.name,
    surname: c.surname,
    birthday: c.birthday,
    status: c.status,
    member_branch_id: c.member_branch_id,
    marketing_consent: c.get_communication,
  };
};

const byType = (hooks: readonly ReceivedWebhook[], type: string) =>
  hooks.filter((hook) => hook.body.type === type).map((hook) => hook.body.data);

describe('an import tells a subscribed integrator what it did', () => {
  it('created, updated and opening-balance webhooks once; none for a dry run, a repeat or an endpoint not subscribed', async () => {
    const t = randomBytes(4).toString('hex');
    const enrol = async (suffix: string, name: string, surname: string) => {
      const res = await asKey('POST', '/api/v1/customers', {
        external_id: `ext-${t}-${suffix}`,
        email: `${suffix}.${t}@example.com`,
        name,
        surname,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().content._id as string;
    };
    const changedId = await enrol('upd', 'Lerato', 'Khumalo');
    const sameId = await enrol('same', 'Anele', 'Dube');
    await setup.t.ctx.webhooks.drain();
    // The enrolments' own customer.created, from the integrator API's emitter: the shape an import's must match.
    const [enrolled] = byType(heard.received, 'customer.created').filter((d) => d.customer_id === sameId);
    expect(enrolled).toBeDefined();
    const seenBefore = heard.received.length;

    const csv = [
      `external_id,email,cell_number,name,surname,birthday,loyalty_number,balance:${currency.code}`,
      `ext-${t}-new1,new1.${t}@example.com,,Thandi,Mokoena,1990-05-01,,120.50`,
      `ext-${t}-new2,new2.${t}@example.com,,Sipho,Ndlovu,,,`,
      `ext-${t}-upd,upd.${t}@example.com,,Lerato,Khumalo-Smith,,L${t},40`,
      `ext-${t}-same,same.${t}@example.com,,Anele,Dube,,,`,
      `ext-${t}-bad,not-an-email,,Bongani,Zulu,,,10`,
    ].join('\n');

    const check = await runImport(csv, { dry_run: 'true' });
    expect(check).toMatchObject({ dry_run: true, created: 2, updated: 1, unchanged: 1, failed: 1 });
    // A dry run writes nothing, so it tells nothing.
    expect(heard.received.length).toBe(seenBefore);

    const run = await runImport(csv);
    expect(run).toMatchObject({ created: 2, updated: 1, unchanged: 1, failed: 1, balances_set: 2 });
    expect(run.errors).toEqual([{ row: 6, field: 'email', message: ADD_CUSTOMER_MESSAGES.invalidEmail }]);
    const hooks = heard.received.slice(seenBefore);
    expect(hooks.map((hook) => hook.body.type).sort()).toEqual([
      'customer.created',
      'customer.created',
      'customer.updated',
      'wallet.credited',
      'wallet.credited',
    ]);
    for (const hook of hooks) {
      expect(hook.headers['laurel-webhook-id']).toBe(hook.body.id);
      expect(hook.body).toMatchObject({ client_id: setup.admin.clientId, id: expect.stringMatching(/^wh_/) });
    }

    const [thandi, sipho, lerato] = await Promise.all(
      ['new1', 'new2', 'upd'].map((suffix) => memberOf(`ext-${t}-${suffix}`)),
    );
    const created = byType(hooks, 'customer.created');
    expect(created).toHaveLength(2);
    expect(created).toEqual(
      expect.arrayContaining([
        { customer_id: thandi?._id, customer: thandi },
        { customer_id: sipho?._id, customer: sipho },
      ]),
    );
    // The same keys as the integrator API's customer.created, down to the member's.
    expect(Object.keys(created[0] ?? {}).sort()).toEqual(Object.keys(enrolled ?? {}).sort());
    expect(Object.keys(created[0]?.customer ?? {}).sort()).toEqual(
      Object.keys(enrolled?.customer ?? {}).sort(),
    );
    expect(thandi).toMatchObject({ birthday: '1990-05-01', surname: 'Mokoena' });

    // The new loyalty number signed Lerato up: the body shows her as she is after the import.
    expect(lerato).toMatchObject({ _id: changedId, surname: 'Khumalo-Smith', status: 'ACTIVE' });
    expect(byType(hooks, 'customer.updated')).toEqual([
      { customer_id: changedId, customer: lerato, changed: ['surname', 'loyalty_number'] },
    ]);

    const ledger = await setup.t.ctx.database.query<{ id: string; customer_id: string }>(
      `SELECT id, customer_id FROM economy_transactions WHERE client_id = $1 AND customer_id = ANY($2::text[])`,
      [setup.admin.clientId, [thandi?._id, changedId]],
    );
    const ledgerIdOf = (customerId: string | undefined) =>
      ledger.find((row) => row.customer_id === customerId)?.id;
    const opening = (customerId: string | undefined, amount: number) => ({
      customer_id: customerId,
      currency_id: currency._id,
      amount,
      balance_after: amount,
      transaction_id: ledgerIdOf(customerId),
      transaction_type: 'Opening Balance',
      reason: 'Opening balance imported from members.csv',
      order_ref: null,
      occurred_at: expect.any(String),
    });
    expect(ledger).toHaveLength(2);
    expect(byType(hooks, 'wallet.credited')).toEqual(
      expect.arrayContaining([opening(thandi?._id, 120.5), opening(changedId, 40)]),
    );

    // The same file again changes nothing, so it tells nothing.
    const again = await runImport(csv);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 4, failed: 1, balances_set: 0 });
    expect(heard.received.length).toBe(seenBefore + hooks.length);
    expect(await outboxRows(heardEndpoint)).toBe(2 + hooks.length);

    // An endpoint that takes none of these types was given no row at all.
    expect(deaf.received).toEqual([]);
    expect(await outboxRows(deafEndpoint)).toBe(0);
  });
});
