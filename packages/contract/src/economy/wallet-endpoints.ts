import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { queryBoolean, ZPageQuery } from '../http/fields';
import { missingOrWrongType, whenMissing } from '../http/issue-messages';
import { ECONOMY_API_MESSAGES as M } from '../messages/economy';
import { ZEconomyTransactionType } from '../reports/transactions';
import { ZId } from '../shared/ids';
import { ZCurrencyIcon } from './currency-endpoints';
import { ZWalletCurrencyType } from './wallet-currencies';

/** What caused a ledger row; with the cause's id and the event it is unique, so each effect happens once. */
export const ZEconomyCauseKind = z.enum([
  'earn_config',
  'clawback',
  'challenge',
  'reward_track',
  'spend',
  'manual',
  'expiry',
  'import',
  'redemption',
  'erasure',
]);
export type TEconomyCauseKind = z.infer<typeof ZEconomyCauseKind>;
export const ECONOMY_CAUSE_KINDS = ZEconomyCauseKind.options;
export const ECONOMY_CAUSE_LABELS: Record<TEconomyCauseKind, string> = {
  earn_config: 'Earn config',
  clawback: 'Refund clawback',
  challenge: 'Challenge reward',
  reward_track: 'Reward track',
  spend: 'Spend',
  manual: 'Manual adjustment',
  expiry: 'Expiry',
  import: 'Import',
  redemption: 'Reward redemption',
  erasure: 'Customer erased',
};

/**
 * One row of the append-only economy ledger (spec 3 §3 Economy transaction). `value` is signed (a debit is
 * negative); XP rows carry `xp_points_earned` and no wallet balance. A clawback that found less than it wanted
 * to take records the difference in `shortfall`.
 */
export const ZEconomyTransaction = z.object({
  _id: z.string(),
  /** The cause's reference: the order, spend id, challenge or adjustment that moved the balance. */
  transaction_id: z.string(),
  date_time: z.string(),
  user_id: z.string(),
  user_name: z.string(),
  branch_location: z.string(),
  transaction_type: ZEconomyTransactionType,
  value: z.number(),
  xp_points_earned: z.number(),
  wallet_balance_post_transaction: z.number().nullable(),
  currency_id: z.string().nullable(),
  currency_name: z.string().nullable(),
  source: ZEconomyCauseKind,
  source_id: z.string(),
  reason: z.string().nullable(),
  shortfall: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TEconomyTransaction = z.infer<typeof ZEconomyTransaction>;

/** A customer's balance in one currency; `expiring_soon` expires within EXPIRING_SOON_DAYS days. */
export const ZWallet = z.object({
  currency: z.object({
    _id: z.string(),
    type: ZWalletCurrencyType,
    name: z.string(),
    code: z.string(),
    icon: ZCurrencyIcon,
  }),
  balance: z.number(),
  expiring_soon: z.number(),
  next_expiry_at: z.string().nullable(),
});
export type TWallet = z.infer<typeof ZWallet>;

/** Amounts are decimals with at most two places (DESIGN §9). */
const ZAmount = z
  .number({ error: missingOrWrongType(M.amountRequired, M.amountNotNumber) })
  .gt(0, M.amountRequired)
  .max(1_000_000_000, M.amountRequired)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, M.amountPrecision);

const ZReason = z
  .string({ error: whenMissing(M.reasonRequired) })
  .trim()
  .min(1, M.reasonRequired)
  .max(500);

const customerParams = z.object({ customer_id: ZId });

export const listCustomerWallets = defineEndpoint({
  method: 'GET',
  path: '/economy/customers/:customer_id/wallets',
  permission: 'CUSTOMERS:read',
  token: 'client',
  summary:
    "A customer's balance in each of the client's currencies (0 where nothing was earned): the profile's Wallet Balance",
  tags: ['economy'],
  params: customerParams,
  response: envelopeOf(z.array(ZWallet)),
});

export const listCustomerEconomyTransactions = defineEndpoint({
  method: 'GET',
  path: '/economy/customers/:customer_id/transactions',
  permission: 'CUSTOMERS:read',
  token: 'client',
  summary:
    "A customer's economy ledger, newest first; wallets_only=true leaves out the XP rows (the profile's wallet history)",
  tags: ['economy'],
  params: customerParams,
  query: ZPageQuery.extend({
    currency: ZId.optional(),
    wallets_only: queryBoolean('wallets_only must be true or false').default(false),
  }),
  response: envelopeOf(z.array(ZEconomyTransaction)),
});

export const ZWalletAdjustmentRequest = z.object({
  currency: z
    .string({ error: M.currencyIdRequired })
    .min(1, M.currencyIdRequired)
    .regex(/^[0-9a-fA-F]{24}$/, M.currencyIdFormat),
  direction: z.enum(['credit', 'debit'], { error: "direction must be 'credit' or 'debit'" }),
  amount: ZAmount,
  reason: ZReason,
});
export type TWalletAdjustmentRequest = z.input<typeof ZWalletAdjustmentRequest>;

export const adjustCustomerWallet = defineEndpoint({
  method: 'POST',
  path: '/economy/customers/:customer_id/adjustments',
  permission: 'ADMIN',
  token: 'client',
  summary:
    "An admin's manual credit or debit with a reason (audit-logged); a debit beyond the balance answers 409 'Insufficient balance'",
  tags: ['economy'],
  params: customerParams,
  body: ZWalletAdjustmentRequest,
  response: envelopeOf(z.object({ balance: z.number(), transaction: ZEconomyTransaction })),
});

/** The integrator's spend (DESIGN §3, §5): `id` is the idempotency key, `currency` the currency's _id. */
export const ZSpendRequest = z.object({
  id: z
    .string({ error: whenMissing(M.spendIdRequired) })
    .trim()
    .min(1, M.spendIdRequired)
    .max(200),
  currency: z
    .string({ error: M.currencyIdRequired })
    .min(1, M.currencyIdRequired)
    .regex(/^[0-9a-fA-F]{24}$/, M.currencyIdFormat),
  amount: ZAmount,
  reason: ZReason,
});
export type TSpendRequest = z.input<typeof ZSpendRequest>;

export const ZSpendResult = z.object({
  id: z.string(),
  customer_id: z.string(),
  currency: z.string(),
  amount: z.number(),
  reason: z.string(),
  /** The balance right after this spend. */
  balance: z.number(),
  transaction_id: z.string(),
  created_at: z.string(),
});
export type TSpendResult = z.infer<typeof ZSpendResult>;

export const spendFromWallet = defineEndpoint({
  method: 'POST',
  path: '/v1/players/:customer_id/spend',
  permission: 'WALLET:update',
  token: 'integration',
  summary:
    "Spend from a player's wallet: 200 with the new balance; 409 'Insufficient balance' (nothing spent); a repeated id answers the first answer",
  tags: ['integrator'],
  params: customerParams,
  body: ZSpendRequest,
  response: envelopeOf(ZSpendResult),
});

/** `GET /api/v1/players/{customer_id}/transactions`: the app's "points history", the profile's ledger rows. */
export const listPlayerTransactions = defineEndpoint({
  method: 'GET',
  path: '/v1/players/:customer_id/transactions',
  permission: 'CUSTOMERS:read',
  token: 'integration',
  summary:
    "A player's economy ledger, newest first, paged (`pagination: { count, hasMore }`): type, currency, amount, balance after, reason and reference",
  tags: ['integrator'],
  params: customerParams,
  query: ZPageQuery.omit({ search_string: true }),
  response: envelopeOf(z.array(ZEconomyTransaction)),
});
