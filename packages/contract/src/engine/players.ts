import { z } from 'zod';
import { ZTrackProgress } from '../economy/reward-tracks';
import { ZPlayerChallenge } from '../gamification/challenge-endpoints';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZCustomerStatus } from '../shared/customer-statuses';
import { ZId } from '../shared/ids';

/**
 * What a client's app shows its customer (DESIGN §3): each statistic's current value by name. Later areas add
 * segments, badges, wallets, level, tier and challenges to the same answer.
 */
export const ZPlayerBadge = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  level: z.number().int(),
  quantity: z.number().int(),
  first_granted_at: z.string(),
  last_granted_at: z.string(),
});
export type TPlayerBadge = z.infer<typeof ZPlayerBadge>;

/** A balance in one currency (`currency` is the currency's _id, as a spend names it). */
export const ZPlayerWallet = z.object({
  currency: z.string(),
  name: z.string(),
  code: z.string(),
  balance: z.number(),
  /** How much of the balance expires within the next 30 days (0 when the currency never expires). */
  expiring_soon: z.number(),
  next_expiry_at: z.string().nullable(),
});
export type TPlayerWallet = z.infer<typeof ZPlayerWallet>;

export const ZPlayer = z.object({
  customer_id: z.string(),
  /** The member's status: an app learns here that a member was suspended or erased (ERASED: no personal data). */
  status: ZCustomerStatus,
  statistics: z.record(z.string(), z.number()),
  /** Names of the segments the player is in. */
  segments: z.array(z.string()),
  badges: z.array(ZPlayerBadge),
  /** Level and tier from the client's progressions; null when that progression does not exist. */
  level: ZTrackProgress.nullable(),
  tier: ZTrackProgress.extend({ tier: z.string().nullable() }).nullable(),
  /** A balance for each of the client's currencies. */
  wallets: z.array(ZPlayerWallet),
  /** The challenges granted to the player (by segment or alone) or worked on, with progress per objective. */
  challenges: z.array(ZPlayerChallenge),
  /** When the engine last changed anything of this player; null before their first event. */
  updated_at: z.string().nullable(),
});
export type TPlayer = z.infer<typeof ZPlayer>;

export const getPlayer = defineEndpoint({
  method: 'GET',
  path: '/v1/players/:customer_id',
  permission: 'CUSTOMERS:read',
  token: 'integration',
  summary: "A player's current statistics, segments and badges (what the client's app shows its customer)",
  tags: ['integrator'],
  params: z.object({ customer_id: ZId }),
  response: envelopeOf(ZPlayer).meta({
    examples: [
      {
        success: true,
        message: 'Player retrieved.',
        content: {
          customer_id: '5f1c2b3a4d5e6f7a8b9c0d1e',
          status: 'ACTIVE',
          statistics: { numberOfLogins: 12, totalOrderValue: 1520.5, orderVolume: 9, coffeeStamps: 4 },
          segments: ['AllPlayers', 'Regulars'],
          badges: [
            {
              _id: '6a1b2c3d4e5f6a7b8c9d0e1f',
              name: 'Regular',
              category: 'Achievement',
              level: 1,
              quantity: 1,
              first_granted_at: '2026-11-20T07:45:12.000Z',
              last_granted_at: '2026-11-20T07:45:12.000Z',
            },
          ],
          level: {
            value: 2,
            name: 'Level 2',
            source_value: 95,
            next: { name: 'Level 3', source_value: 120, target_value: 3 },
            progress_to_next_percent: 58.33,
            percent_of_track: 40,
          },
          tier: {
            value: 2,
            tier: 'Silver',
            name: 'Silver',
            source_value: 2,
            next: { name: 'Gold', source_value: 3, target_value: 3 },
            progress_to_next_percent: 0,
            percent_of_track: 40,
          },
          wallets: [
            {
              currency: '64b7f0c2a1b2c3d4e5f60718',
              name: 'Beans',
              code: 'BNS',
              balance: 120,
              expiring_soon: 20,
              next_expiry_at: '2026-12-14T00:00:00.000Z',
            },
          ],
          challenges: [
            {
              challenge_id: '64b7f0c2a1b2c3d4e5f60730',
              title: 'Five coffees in November',
              status: 'active',
              started_at: '2026-11-02T07:30:00.000Z',
              completed_at: null,
              objectives: [
                {
                  objective_id: '64b7f0c2a1b2c3d4e5f60731',
                  title: 'Order five coffees',
                  event_type: 'order.created',
                  progress: 4,
                  target: 5,
                  completed_at: null,
                },
              ],
            },
          ],
          updated_at: '2026-11-24T09:05:01.120Z',
        },
      },
    ],
  }),
});
