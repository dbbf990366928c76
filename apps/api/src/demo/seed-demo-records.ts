import { eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { clientUsers } from '../db/schema';
import type { Principal } from '../http/auth/principal';
import type { Actor } from '../modules/audit/audit';
import { createBranchesService } from '../modules/branches/branches.service';
import { allPermissions } from '../modules/clients/provisioning';
import { createAddressesService } from '../modules/customers/addresses.service';
import { createCustomersService } from '../modules/customers/customers.service';
import { createLoyaltyService } from '../modules/customers/loyalty.service';
import { createUsersService } from '../modules/users/users.service';
import { DEMO_FIRST_NAMES, DEMO_SURNAMES } from './demo-people';
import { seedDemoActivity } from './seed-demo-activity';
import { seedDemoChallenges } from './seed-demo-challenges';
import { seedDemoCommerce } from './seed-demo-commerce';
import { seedDemoEconomy } from './seed-demo-economy';
import { seedDemoImport } from './seed-demo-import';
import { seedDemoRewardTracks } from './seed-demo-reward-tracks';
import { seedDemoRewards } from './seed-demo-rewards';

const BRANCHES = [
  { display_name: 'Sea Point', city: 'Sea Point, Cape Town', lat: -33.9166, lng: 18.3876 },
  { display_name: 'Stellenbosch', city: 'Stellenbosch, South Africa', lat: -33.9346, lng: 18.8668 },
  { display_name: 'Rosebank', city: 'Rosebank, Johannesburg', lat: -26.1457, lng: 28.0436 },
];

/** Branches, an area manager and customers for the demo business, made through the areas' own services. */
export const seedDemoRecords = async (ctx: AppContext, clientId: string) => {
  const [admin] = await ctx.database.db.select().from(clientUsers).where(eq(clientUsers.clientId, clientId));
  if (!admin) return;
  const principal: Principal = {
    userId: admin.id,
    clientId,
    name: `${admin.name} ${admin.surname}`,
    role: 'ADMIN',
    permissions: allPermissions(),
    managerOf: [],
    client: { status: 'ACTIVE', plan: 'BUSINESS', planStatus: 'ACTIVE' },
  };
  const actor: Actor = { clientId, userId: admin.id, name: principal.name, ip: null };

  const branchIds: string[] = [];
  for (const [index, branch] of BRANCHES.entries()) {
    const created = await createBranchesService(ctx).create(actor, {
      display_name: branch.display_name,
      branch_number: `BT-00${index + 1}`,
      email: `${branch.display_name.toLowerCase().replace(/\s/g, '')}@beanthere.example`,
      contact_number: `021555010${index}`,
      franchise: false,
      vat_registered: false,
      offline: false,
      country_code: '+27',
      country_code_extension: 'ZA',
      address: { full_address: branch.city, coordinates: { lat: branch.lat, lng: branch.lng } },
      stock_replacement: { replace_by_default: true },
      delivery_settings: {
        delivery: true,
        delivery_fee_type: 'FLAT-FEE',
        max_delivery_radius: 5,
        delivery_fee: 25,
      },
      trading_times: Array.from({ length: 8 }, (_, day) => ({
        day,
        from: day === 0 || day === 7 ? '08:00' : '06:30',
        to: day === 0 || day === 7 ? '14:00' : '18:00',
        closed: false,
        status: 1 as const,
      })),
    });
    branchIds.push(created._id);
  }

  await createUsersService(ctx).create(actor, {
    name: 'Sipho',
    surname: 'Dlamini',
    user_name: 'sipho',
    cell_number: '0831234567',
    email: 'manager@laurel.dev',
    password: 'laurel-demo',
    role: 'AREA_MANAGER',
    status: 'ACTIVE',
    manager_of: [branchIds[0] as string],
    user_permissions: { CUSTOMERS: { read: true, create: true, update: true, delete: false } },
    get_communication: false,
    agrees_terms_and_conditions: true,
  });

  const customers = createCustomersService(ctx);
  const loyalty = createLoyaltyService(ctx, customers);
  const addresses = createAddressesService(ctx, customers);
  for (let i = 0; i < 36; i++) {
    const name = DEMO_FIRST_NAMES[i % DEMO_FIRST_NAMES.length] as string;
    const surname = DEMO_SURNAMES[(i * 7) % DEMO_SURNAMES.length] as string;
    const branchId = branchIds[i % branchIds.length] as string;
    const { _id } = await customers.add(principal, actor, {
      name,
      surname,
      // A domain reserved for examples whose top level the spec's email rule accepts (2 to 4 letters): a CSV
      // import can find demo members by email.
      email: `${`${name}.${surname}.${i}`.toLowerCase().replace(/\s/g, '')}@example.com`,
      cell_number: `08${String(21000000 + i * 7919).slice(0, 8)}`,
      gender: i % 3 === 0 ? 'FEMALE' : i % 3 === 1 ? 'MALE' : 'N/A',
      birthday: `19${70 + (i % 30)}-0${1 + (i % 9)}-1${i % 9}`,
      loyalty_sign_up: true,
      get_communication: i % 2 === 0,
      agrees_terms_and_conditions: true,
      communication_method: i % 2 === 0 ? ['EMAIL', 'SMS'] : ['WHATSAPP'],
      member_branch_id: branchId,
    });
    if (i % 3 !== 2) {
      await loyalty.signUp(principal, actor, {
        customer_id: _id,
        loyalty_number: `BT-${String(100_000 + i)}`,
        member_card_number: `6009${String(100_000_000_00 + i).padStart(11, '0')}`,
        linked: true,
        member_branch_id: branchId,
      });
    }
    if (i % 4 === 0) {
      const branch = BRANCHES[i % BRANCHES.length] as (typeof BRANCHES)[number];
      await addresses.add(principal, actor, {
        user_id: _id,
        address: {
          label: 'Home',
          full_address: branch.city,
          latitude: branch.lat,
          longitude: branch.lng,
          default: true,
        },
      });
    }
  }
  ctx.log.info({ branches: branchIds.length, customers: 36 }, 'demo records created');
  await seedDemoCommerce(ctx, principal, actor);
  // Before the activity, so the XP customers earn gives them levels and tiers.
  await seedDemoRewardTracks(ctx, actor);
  // Before the activity too, so the demo's orders earn cashback and XP.
  await seedDemoEconomy(ctx, actor);
  // Before the activity too (after the economy, whose currency its cashback pays in), so the orders move them.
  await seedDemoChallenges(ctx, actor);
  await seedDemoActivity(ctx, principal, actor);
  // After the activity, whose orders earned the balances they spend.
  await seedDemoRewards(ctx, principal, actor);
  // Last: members moved in from the old stamp card, with the balances and standing they held there.
  await seedDemoImport(ctx, principal);
};
