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

export const isSystemStatistic = (name: string): name is TSystemStatistic =>
  ZSystemStatistic.safeParse(name).success;
