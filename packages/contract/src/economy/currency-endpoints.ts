import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageQuery } from '../http/fields';
import { whenMissing } from '../http/issue-messages';
import { ECONOMY_API_MESSAGES as M } from '../messages/economy';
import { ZCurrencyCode } from '../shared/currency-codes';
import { ZId } from '../shared/ids';
import { numberFromText } from '../shared/numbers';
import { ZWalletCurrencyType } from './wallet-currencies';

/**
 * When balances of a currency expire (beyond the spec): never; `after_days` days after they were earned;
 * at the end of the month or of the year they were earned in (client time zone). Spending uses the oldest first.
 */
export const ZExpiryPolicy = z.enum(['never', 'after_days', 'end_of_month', 'end_of_year']);
export type TExpiryPolicy = z.infer<typeof ZExpiryPolicy>;
export const EXPIRY_POLICIES = ZExpiryPolicy.options;
export const EXPIRY_POLICY_LABELS: Record<TExpiryPolicy, string> = {
  never: 'Never',
  after_days: 'After a number of days',
  end_of_month: 'At the end of the month',
  end_of_year: 'At the end of the year',
};
export const EXPIRY_DAYS_MAX = 3650;
/** The player API's `expiring_soon` counts what expires within this many days. */
export const EXPIRING_SOON_DAYS = 30;

export const ZCurrencyIcon = z.object({
  /** A Font Awesome icon name and prefix, or an uploaded image's url and etag; all null: the default coin. */
  name: z.string().nullable(),
  prefix: z.string().nullable(),
  url: z.string().nullable(),
  etag: z.string().nullable(),
});
export type TCurrencyIcon = z.infer<typeof ZCurrencyIcon>;

export const ZCurrency = z.object({
  _id: z.string(),
  type: ZWalletCurrencyType,
  name: z.string(),
  /** The 'Short Code'; for a real currency its ISO code (and its name). */
  code: z.string(),
  conversion_rate: z.number(),
  icon: ZCurrencyIcon,
  expiry_policy: ZExpiryPolicy,
  expiry_days: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCurrency = z.infer<typeof ZCurrency>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/** The wallet page's currency form; the console blocks nothing (spec 3 §5), the server keeps a currency usable. */
export const ZSaveCurrencyRequest = z
  .object({
    _id: ZId.optional(),
    type: ZWalletCurrencyType.default('real'),
    name: z
      .string({ error: whenMissing(M.nameRequired) })
      .trim()
      .max(60)
      .optional()
      .default(''),
    code: z
      .string({ error: whenMissing(M.codeRequired) })
      .trim()
      .max(10)
      .optional()
      .default(''),
    conversion_rate: numberFromText(
      z
        .number({ error: M.conversionRateInvalid })
        .min(0, M.conversionRateInvalid)
        .max(1_000_000_000, M.conversionRateInvalid),
    ).default(0),
    icon: z
      .object({
        name: optionalText(100),
        prefix: optionalText(10),
        url: optionalText(2000),
        etag: optionalText(200),
      })
      .partial()
      .nullable()
      .optional(),
    expiry_policy: ZExpiryPolicy.default('never'),
    expiry_days: z.number().int().min(1).max(EXPIRY_DAYS_MAX).nullable().optional(),
  })
  .superRefine((currency, ctx) => {
    if (currency.type === 'real') {
      // The code selector sets the name to the code.
      if (!currency.code) ctx.addIssue({ code: 'custom', path: ['code'], message: M.codeRequired });
      else if (!ZCurrencyCode.safeParse(currency.code).success)
        ctx.addIssue({ code: 'custom', path: ['code'], message: M.realCodeUnknown });
    } else {
      if (!currency.name) ctx.addIssue({ code: 'custom', path: ['name'], message: M.nameRequired });
      if (!currency.code) ctx.addIssue({ code: 'custom', path: ['code'], message: M.codeRequired });
    }
    if (currency.expiry_policy === 'after_days' && !currency.expiry_days)
      ctx.addIssue({ code: 'custom', path: ['expiry_days'], message: M.expiryDaysRequired });
  });
export type TSaveCurrencyRequest = z.input<typeof ZSaveCurrencyRequest>;

const idParams = z.object({ id: ZId });

export const listCurrencies = defineEndpoint({
  method: 'GET',
  path: '/economy/currencies',
  permission: 'WALLET:read',
  // A cashback config and a reward name their currency: whoever may read them may read what they pick from.
  openTo: ['CASHBACK', 'REWARDS'],
  token: 'client',
  summary:
    'Currencies of the client, oldest first (at most 10); search_string finds a fragment of the name or short code; without it pagination.count is the n of the n/10 counter',
  tags: ['economy'],
  query: ZPageQuery.extend({ size: ZPageQuery.shape.size.default(15) }),
  response: envelopeOf(z.array(ZCurrency)),
});

export const getCurrency = defineEndpoint({
  method: 'GET',
  path: '/economy/currencies/:id',
  permission: 'WALLET:read',
  token: 'client',
  summary: 'One currency',
  tags: ['economy'],
  params: idParams,
  response: envelopeOf(ZCurrency),
});

export const createCurrency = defineEndpoint({
  method: 'POST',
  path: '/economy/currencies',
  permission: 'WALLET:create',
  token: 'client',
  summary:
    'Create a currency (a body with the _id of an existing one updates it); an 11th is refused with 409',
  tags: ['economy'],
  body: ZSaveCurrencyRequest,
  response: envelopeOf(ZCurrency),
});

export const updateCurrency = defineEndpoint({
  method: 'PUT',
  path: '/economy/currencies/:id',
  permission: 'WALLET:update',
  token: 'client',
  summary: 'Update a currency; a new expiry policy applies to balances earned from then on',
  tags: ['economy'],
  params: idParams,
  body: ZSaveCurrencyRequest,
  response: envelopeOf(ZCurrency),
});

export const deleteCurrency = defineEndpoint({
  method: 'DELETE',
  path: '/economy/currencies/:id',
  permission: 'WALLET:delete',
  token: 'client',
  summary:
    'Delete a currency: its earn configs go with it, customers lose access to its balances; the ledger stays',
  tags: ['economy'],
  params: idParams,
  response: envelopeOf(ZCurrency),
});
