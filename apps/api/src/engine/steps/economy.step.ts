import type { EngineStep } from '../core/types';
import { applyOrderEconomy } from '../economy/order-economy';

/**
 * DESIGN §5 step 2: orders that started or stopped counting in this batch earn or claw back cashback and XP by
 * the client's earn configs. Runs after statistics (so XP lands in the same writer) and before segments (so
 * targeting uses the membership stored before the event).
 */
export const economyStep: EngineStep = {
  name: 'economy',
  apply: applyOrderEconomy,
};
