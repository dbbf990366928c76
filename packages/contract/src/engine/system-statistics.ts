import { z } from 'zod';

/** Statistics the engine keeps for every client; not editable (DESIGN §5). */
export const ZSystemStatistic = z.enum([
  'numberOfLogins',
  'totalOrderValue',
  'orderVolume',
  'numberOfGifts',
  'numberOfReferrals',
  'numberOfVouchers',
  'numberOfAppPayments',
  'numberOfQrScans',
  'numberOfSubscriptions',
  'xp',
  'level',
  'tier',
]);
export type TSystemStatistic = z.infer<typeof ZSystemStatistic>;
export const SYSTEM_STATISTICS = ZSystemStatistic.options;

// Reads the list, not the schema: the console asks this on pages that need no zod (apps/web contract-for-browser).
export const isSystemStatistic = (name: string): name is TSystemStatistic =>
  (SYSTEM_STATISTICS as readonly string[]).includes(name);
