import { randomBytes } from 'node:crypto';
import type { TAuditEntry } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCustomer, eventFor, postEvents, uniqueCell, uniqueEmail } from '../../../test/factories';
import { findEverywhere } from '../../../test/find-everywhere';
import { runImport } from '../../../test/import-helpers';
import { createClientApp, NO_RATE_LIMITS } from '../../../test/test-app';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';

/*
 * An import that changes a member leaves the same trail as the console's edit: one audit entry per customer with
 * the fields' from and to. A later erasure reads that trail, so the values the import replaced are erased too
 * wherever they were copied before (webhook bodies, another member's event, a prepared export, audit entries).
 */

let setup: Awaited<ReturnType<typeof createClientApp>>;
let receiver: Receiver;

beforeAll(async () => {
  setup = await createClientApp('BUSINESS', { env: NO_RATE_LIMITS });
  receiver = await startReceiver();
  const endpoint = await setup.call('POST', '/api/integrations/webhooks', {
    url: receiver.url,
    event_types: ['customer.created', 'customer.updated'],
  });
  expect(endpoint.statusCode, endpoint.body).toBe(200);
});
afterAll(async () => {
  await receiver.close();
  await setup.t.close();
});

const word = () => {
  const letters = Array.from(randomBytes(9), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
};

const HEADER = 'external_id,email,cell_number,name,surname,birthday';

/** The client's audit entries about one customer, as Settings → Audit log lists them (entity customer). */
const auditOf = async (customerId: string) => {
  const res = await setup.call('GET', '/api/audit-log?entity=customer&size=100');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().content as TAuditEntry[]).filter((entry) => entry.entity_id === customerId).reverse();
};

describe('a member an import changed, then erased', () => {
  it('the import audits each customer it changes, and the erasure removes the values it replaced', async () => {
    const externalId = `ext-${word()}`;
    const before = { email: uniqueEmail(word().toLowerCase()), name: word(), surname: word() };
    const after = { email: uniqueEmail(word().toLowerCase()), name: word() };
    const cell = uniqueCell();

    const created = await runImport(
      setup,
      `${HEADER}\n${externalId},${before.email},${cell},${before.name},${before.surname},1990-05-01\n`,
    );
    expect(created).toMatchObject({ status: 'completed', created: 1, updated: 0, failed: 0 });
    const found = await setup.t.app.inject({
      method: 'GET',
      url: `/api/v1/customers?external_id=${externalId}`,
      headers: { 'x-api-key': setup.key },
    });
    expect(found.statusCode, found.body).toBe(200);
    const id = found.json().content._id as string;

    // The old email is copied elsewhere: another member's referral names it, a prepared export searched for it.
    const bystander = await addCustomer(setup.t.app, setup.admin, { name: word(), surname: word() });
    const referral = await postEvents(setup.t.app, setup.key, {
      events: [eventFor(bystander, { type: 'referral', data: { referred: before.email } })],
    });
    expect(referral.json().content[0].status, referral.body).toBe('accepted');
    await setup.t.ctx.engine.drain();
    const exported = await setup.call('POST', '/api/v2/export/client/loyalty/users', {
      search_string: before.email,
    });
    expect(exported.statusCode, exported.body).toBe(200);

    // The same member with a new email and first name (the cell left empty keeps the stored one).
    const changed = await runImport(
      setup,
      `${HEADER}\n${externalId},${after.email},,${after.name},${before.surname},\n`,
    );
    expect(changed).toMatchObject({ status: 'completed', created: 0, updated: 1, failed: 0 });

    // Settings → Audit log shows the change, by who started the import, with the fields that changed (the creation
    // is in the import's own entry).
    const entries = await auditOf(id);
    expect(
      entries.map(({ action, summary, actor_id, changes }) => ({ action, summary, actor_id, changes })),
    ).toEqual([
      {
        action: 'customer.updated',
        summary: `Edited customer ${after.name} ${before.surname} by importing members.csv`,
        actor_id: setup.admin.userId,
        changes: {
          name: { from: before.name, to: after.name },
          email: { from: before.email, to: after.email },
        },
      },
    ]);
    // The same file again changes nothing and records nothing.
    const again = await runImport(
      setup,
      `${HEADER}\n${externalId},${after.email},,${after.name},${before.surname},\n`,
    );
    expect(again).toMatchObject({ status: 'completed', updated: 0, unchanged: 1 });
    expect(await auditOf(id)).toHaveLength(1);

    const needles = [before.email, before.name, after.email, after.name, before.surname, cell.slice(1)];
    expect((await findEverywhere(setup.t.ctx.database, [before.email])).length).toBeGreaterThan(2);
    const erased = await setup.call('POST', `/api/customers/${id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await findEverywhere(setup.t.ctx.database, needles)).toEqual([]);
    // The bystander's referral stays, only the member's old email left it.
    const [event] = await setup.t.ctx.database.query<{ data: unknown }>(
      'SELECT data FROM events WHERE client_id = $1 AND customer_id = $2 AND type = $3',
      [setup.admin.clientId, bystander, 'referral'],
    );
    expect(event?.data).toEqual({ referred: '[erased]' });
  });

  it('an earlier email of the member that another customer holds now stays in rows about that customer', async () => {
    const externalId = `ext-${word()}`;
    const earlier = uniqueEmail(word().toLowerCase());
    const header = 'external_id,email,name,surname';
    await runImport(setup, `${header}\n${externalId},${earlier},${word()},${word()}\n`);
    await runImport(setup, `${header}\n${externalId},${uniqueEmail()},${word()},${word()}\n`);
    const found = await setup.t.app.inject({
      method: 'GET',
      url: `/api/v1/customers?external_id=${externalId}`,
      headers: { 'x-api-key': setup.key },
    });
    const id = found.json().content._id as string;
    // Another customer took the address; a prepared export searched for them by it.
    await addCustomer(setup.t.app, setup.admin, { email: earlier });
    const exported = await setup.call('POST', '/api/v2/export/client/loyalty/users', {
      search_string: earlier,
    });
    expect(exported.statusCode, exported.body).toBe(200);

    expect((await setup.call('POST', `/api/customers/${id}/erase`)).statusCode).toBe(200);
    const download = await setup.call('GET', exported.json().content.url);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body).toContain(earlier);
  });

  it('erases the full names the member held, not every earlier name with every earlier surname', async () => {
    const [alice, carol, brown, white] = [word(), word(), word(), word()];
    const id = await addCustomer(setup.t.app, setup.admin, { name: alice, surname: brown });
    for (const body of [{ name: carol }, { surname: white }]) {
      const edited = await setup.call('PUT', '/api/v2/update/user', { _id: id, ...body });
      expect(edited.statusCode, edited.body).toBe(200);
    }
    // Someone else really is called "Alice White", a pair the member never held.
    const namesake = await addCustomer(setup.t.app, setup.admin, { name: alice, surname: white });
    const before = (await auditOf(namesake)).map((entry) => entry.summary);
    expect(before.join(' ')).toContain(`${alice} ${white}`);

    expect((await setup.call('POST', `/api/customers/${id}/erase`)).statusCode).toBe(200);
    expect((await auditOf(namesake)).map((entry) => entry.summary)).toEqual(before);
    expect(await findEverywhere(setup.t.ctx.database, [`${alice} ${brown}`, `${carol} ${brown}`])).toEqual(
      [],
    );
  });

  it('an earlier email the member shared with another customer’s past stays in that customer’s history', async () => {
    const shared = uniqueEmail(word().toLowerCase());
    // B had the address first, then moved on; the member took it later, then changed it too.
    const other = await addCustomer(setup.t.app, setup.admin, { email: shared });
    expect(
      (await setup.call('PUT', '/api/v2/update/user', { _id: other, email: uniqueEmail() })).statusCode,
    ).toBe(200);
    const id = await addCustomer(setup.t.app, setup.admin, { email: shared });
    expect(
      (await setup.call('PUT', '/api/v2/update/user', { _id: id, email: uniqueEmail() })).statusCode,
    ).toBe(200);

    expect((await setup.call('POST', `/api/customers/${id}/erase`)).statusCode).toBe(200);
    const history = (await auditOf(other)).flatMap((entry) => (entry.changes ? [entry.changes] : []));
    expect(history).toContainEqual(
      expect.objectContaining({ email: expect.objectContaining({ from: shared }) }),
    );
  });
});
