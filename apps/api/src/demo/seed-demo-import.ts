import type { AppContext } from '../app-context';
import type { Principal } from '../http/auth/principal';
import { storeImportFile } from '../modules/customers/imports/import-upload';

/**
 * Members who moved to Bean There from its old stamp card, with their balances, levels and tiers: the file a
 * newcomer finds in docs/customer-import-sample.csv (a test keeps the two the same). Importing it into the demo
 * business again changes nothing.
 */
export const DEMO_IMPORT_CSV = `external_id,email,cell_number,name,surname,birthday,loyalty_number,branch,balance:BNB,level,tier
oldcard-1001,naledi.mokoena@example.com,0827001001,Naledi,Mokoena,1988-03-14,OC-1001,Sea Point,250.00,4,Platinum
oldcard-1002,pieter.vanwyk@example.com,0827001002,Pieter,van Wyk,1979-11-02,OC-1002,Stellenbosch,120.50,3,Gold
oldcard-1003,ayesha.patel@example.com,0827001003,Ayesha,Patel,1995-06-21,OC-1003,Rosebank,80.00,2,Silver
oldcard-1004,kabelo.molefe@example.com,0827001004,Kabelo,Molefe,1991-01-30,OC-1004,Rosebank,45.25,2,Silver
oldcard-1005,emma.jacobs@example.com,0827001005,Emma,Jacobs,1984-09-09,OC-1005,Sea Point,12.00,1,Bronze
oldcard-1006,lindiwe.nkosi@example.com,0827001006,Lindiwe,Nkosi,2000-12-12,OC-1006,Stellenbosch,0,1,Bronze
`;

/** Imports the old card's members through the import area's own pipeline, as an admin's upload would. */
export const seedDemoImport = async (ctx: AppContext, principal: Principal) => {
  const stored = await storeImportFile(
    ctx.database,
    principal,
    {
      fileName: 'old-stamp-card-members.csv',
      chunks: (async function* chunks() {
        yield Buffer.from(DEMO_IMPORT_CSV);
      })(),
    },
    { mayUpdate: true },
  );
  await stored.queue(false);
  await ctx.engine.drain();
};
