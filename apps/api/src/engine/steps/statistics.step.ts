import { isSystemStatistic, type TEngineEventType, type TStatisticUpdateData } from '@laurel/contract';
import type { EngineStep } from '../core/types';
import { loadStatisticCatalogue } from '../statistics/statistic-definitions';
import { writeStatistics } from '../statistics/write-statistics';

/** The system counter each event type adds one to (orders are counted by the orders step). */
const COUNTERS: Partial<Record<TEngineEventType, string>> = {
  'user.logged-in': 'numberOfLogins',
  'gift.sent': 'numberOfGifts',
  referral: 'numberOfReferrals',
  'voucher.redeemed': 'numberOfVouchers',
  'app.payment': 'numberOfAppPayments',
  'qr.scanned': 'numberOfQrScans',
  'subscription.purchased': 'numberOfSubscriptions',
};

/** A statistic.update is parked before anything is contributed or written for it (no repeat of the run for it). */
const BEFORE_EFFECTS = { beforeEffects: true };

/**
 * DESIGN §5 step 1: every event's statistics, aggregated by each statistic's method within its reset interval.
 * Contributions of earlier steps (orders) and of this one are written together; later steps read the changes.
 */
export const statisticsStep: EngineStep = {
  name: 'statistics',
  apply: async (batch) => {
    const clientIds = [...new Set(batch.events.map((event) => event.clientId))];
    const catalogue = await batch.definitions('statistics', clientIds, () =>
      loadStatisticCatalogue(batch.tx, clientIds),
    );
    for (const event of batch.events) {
      const counter = COUNTERS[event.type];
      if (counter) batch.contribute({ event, name: counter, value: 1 });
      if (event.type !== 'statistic.update') continue;
      const { name, value } = event.data as TStatisticUpdateData;
      const definition = catalogue.find(event.clientId, name);
      if (!definition) {
        batch.settle(
          event,
          {
            kind: 'parked',
            reason: `No statistic named '${name}' exists. Create it under Statistics, then retry this event.`,
          },
          BEFORE_EFFECTS,
        );
      } else if (definition.system || isSystemStatistic(name)) {
        batch.settle(
          event,
          {
            kind: 'parked',
            reason: `'${name}' is a system statistic kept by the engine; statistic.update cannot set it.`,
          },
          BEFORE_EFFECTS,
        );
      } else {
        batch.contribute({ event, name, value });
      }
    }
    await writeStatistics(batch, catalogue);
  },
};
