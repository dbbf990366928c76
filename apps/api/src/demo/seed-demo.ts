import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { clients, clientUsers } from '../db/schema';
import { choosePlanDirectly } from '../modules/billing/billing.service';
import { registerClient } from '../modules/clients/clients.service';
import { seedDemoRecords } from './seed-demo-records';

export const DEMO_SIGN_IN = { email: 'demo@laurel.dev', password: 'laurel-demo' } as const;
export const DEMO_MANAGER_SIGN_IN = { email: 'manager@laurel.dev', password: 'laurel-demo' } as const;

/**
 * A living console for a newcomer: on an empty database, a demo business on the BUSINESS plan. Each area adds
 * its own demo records here as it lands. Tests never rely on it (DEMO=0).
 */
export const seedDemo = async (ctx: AppContext) => {
  const [row] = await ctx.database.db.select({ n: count() }).from(clients);
  if ((row?.n ?? 0) > 0) return false;
  const created = await registerClient(
    ctx,
    {
      alias: 'Bean There Coffee',
      name: 'Bean There Coffee (Pty) Ltd',
      id_number: '2019/123456/07',
      vat_number: '4123456789',
      domain: null,
      type: 'ENTITY',
      address: {
        full_address: '58 Wale Street, Cape Town City Centre, Cape Town, 8001',
        coordinates: { lat: -33.9249, lng: 18.4188 },
      },
      offering: {
        experience: 'I sell in store and online',
        product_types: ['Food and beverages'],
        offering: 'Speciality coffee, pastries and beans',
        industry: 'Coffee and cafés',
      },
      client_user: {
        name: 'Demo',
        surname: 'Admin',
        email: DEMO_SIGN_IN.email,
        password: DEMO_SIGN_IN.password,
        cell_country_code: '+27',
        cell_number: '0821234567',
        birthday: '1990-01-01',
        get_communication: false,
        agrees_terms_and_conditions: true,
      },
    },
    { host: null, ip: null },
  );
  await choosePlanDirectly(ctx, created._id, 'BUSINESS');
  await seedDemoRecords(ctx, created._id);
  await ctx.database.db
    .update(clientUsers)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(clientUsers.email, DEMO_SIGN_IN.email));
  ctx.log.info({ email: DEMO_SIGN_IN.email, password: DEMO_SIGN_IN.password }, 'demo business created');
  return true;
};
