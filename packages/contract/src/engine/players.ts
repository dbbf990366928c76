import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZId } from '../shared/ids';

/**
 * What a client's app shows its customer (DESIGN §3): each statistic's current value by name. Later areas add
 * segments, badges, wallets, level, tier and challenges to the same answer.
 */
export const ZPlayer = z.object({
  customer_id: z.string(),
  statistics: z.record(z.string(), z.number()),
  /** When the engine last changed anything of this player; null before their first event. */
  updated_at: z.string().nullable(),
});
export type TPlayer = z.infer<typeof ZPlayer>;

export const getPlayer = defineEndpoint({
  method: 'GET',
  path: '/v1/players/:customer_id',
  permission: 'CUSTOMERS:read',
  token: 'integration',
  summary: "A player's current statistics (what the client's app shows its customer)",
  tags: ['integrator'],
  params: z.object({ customer_id: ZId }),
  response: envelopeOf(ZPlayer).meta({
    examples: [
      {
        success: true,
        message: 'Player retrieved.',
        content: {
          customer_id: '5f1c2b3a4d5e6f7a8b9c0d1e',
          statistics: { numberOfLogins: 12, totalOrderValue: 1520.5, orderVolume: 9, coffeeStamps: 4 },
          updated_at: '2026-11-24T09:05:01.120Z',
        },
      },
    ],
  }),
});
