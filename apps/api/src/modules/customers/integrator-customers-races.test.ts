import { randomBytes } from 'node:crypto';
import { normaliseCellNumber, PRIVACY_MESSAGES } from '@laurel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientAndSignIn, type SignedIn, uniqueCell, uniqueEmail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/database';
import { customers } from '../../db/schema';
import type { Principal } from '../../http/auth/principal';
import { HttpError } from '../../http/errors';
import type { Actor } from '../audit/audit';
import { allPermissions } from '../clients/provisioning';
import { createCustomersService } from './customers.service';
import { createIntegratorCustomersService } from './integrator-customers.service';

/**
 * Another writer acting between the service's reads and its write: the service is given a database whose next
 * transaction first runs that writer's change (as a concurrent request would have committed it).
 */

let t: TestApp;
let admin: SignedIn;
let principal: Principal;
let actor: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
  principal = {
    userId: admin.userId,
    clientId: admin.clientId,
    name: 'Test Admin',
    role: 'ADMIN',
    permissions: allPermissions(),
    managerOf: [],
    client: { status: 'ACTIVE', plan: 'FREEMIUM', planStatus: 'ACTIVE' },
  };
  actor = { clientId: admin.clientId, userId: admin.userId, name: 'Test Admin', ip: null };
});
afterAll(() => t.close());

/** The integrator service over a database whose next transaction is preceded by `meanwhile`. */
const serviceWith = (meanwhile: (db: Db) => Promise<unknown>) => {
  const db = t.ctx.database.db;
  let pending = true;
  const racing = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction')
        return async (...args: Parameters<Db['transaction']>) => {
          if (pending) {
            pending = false;
            await meanwhile(target);
          }
          return target.transaction(...args);
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const ctx: AppContext = { ...t.ctx, database: { ...t.ctx.database, db: racing } };
  return createIntegratorCustomersService(ctx, createCustomersService(t.ctx));
};

const member = () => ({
  external_id: `shop-${randomBytes(5).toString('hex')}`,
  email: uniqueEmail('race'),
  cell_number: uniqueCell(),
  name: 'Ayanda',
  surname: 'Dlamini',
});
const enrolled = async () => {
  const body = member();
  const outcome = await serviceWith(async () => {}).enrol(principal, actor, body);
  return { ...body, id: outcome.customer._id };
};
const surnameOf = async (id: string) =>
  (await t.ctx.database.db.select().from(customers).where(eq(customers.id, id)))[0]?.surname;

describe('a change written while another request changes the same customer', () => {
  it("PATCH writes only the fields it changes: another request's surname stands", async () => {
    const customer = await enrolled();
    const service = serviceWith((db) =>
      db.update(customers).set({ surname: 'Concurrent' }).where(eq(customers.id, customer.id)),
    );
    const after = await service.patch(principal, actor, customer.id, { name: 'Renamed' });
    expect(after).toMatchObject({ name: 'Renamed', surname: 'Concurrent' });
  });

  it('PATCH after an erasure committed meanwhile answers 409 and writes nothing back onto the erased record', async () => {
    const customer = await enrolled();
    const service = serviceWith((db) =>
      db
        .update(customers)
        .set({ name: 'Erased', surname: 'customer', email: null, status: 'ERASED' })
        .where(eq(customers.id, customer.id)),
    );
    const error = await service.patch(principal, actor, customer.id, { email: uniqueEmail('late') }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ statusCode: 409, message: PRIVACY_MESSAGES.alreadyErased });
    const [row] = await t.ctx.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row).toMatchObject({ email: null, name: 'Erased', status: 'ERASED' });
  });

  it("a re-enrolment writes only the fields it changes: another request's surname stands", async () => {
    const customer = await enrolled();
    const service = serviceWith((db) =>
      db.update(customers).set({ surname: 'Concurrent' }).where(eq(customers.id, customer.id)),
    );
    const { id, ...body } = customer;
    const outcome = await service.enrol(principal, actor, { ...body, name: 'Renamed' });
    expect(outcome.created).toBe(false);
    // The enrolment's own surname equals what it read, so it is no change of its: the concurrent one stands.
    expect(outcome.customer).toMatchObject({ name: 'Renamed', surname: 'Concurrent' });
    expect(await surnameOf(id)).toBe('Concurrent');
  });

  it('a re-enrolment whose new cell number another request takes meanwhile answers 409, not a database error', async () => {
    const customer = await enrolled();
    const cell = uniqueCell();
    const service = serviceWith((db) =>
      db.insert(customers).values({
        id: randomBytes(12).toString('hex'),
        clientId: admin.clientId,
        name: 'Other',
        surname: 'Customer',
        cellNumber: normaliseCellNumber(cell),
        status: 'ACTIVE',
        memberDate: '2026-01-01',
      }),
    );
    const { id: _id, ...body } = customer;
    const error = await service.enrol(principal, actor, { ...body, cell_number: cell }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 409 });
    expect((error as HttpError).message).toMatch(/already exists/);
  });
});
