import { z } from 'zod';
import { ZCoordinates } from '../accounts/onboarding';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { queryBoolean, requiredString, ZPageQuery } from '../http/fields';
import {
  invalidEmailMessage,
  maxLengthMessage,
  numberMessage,
  phoneNumberMessage,
  requiredMessage,
} from '../messages/form-rules';
import {
  BRANCH_DEFAULTS,
  DELIVERY_FEE_REQUIRED_FIELDS,
  defaultTradingTimes,
  ZBankAccountType,
  ZDeliveryFeeType,
  ZStoreStatus,
} from '../shared/branches';
import { BUSINESS_EMAIL_REGEX, TEN_DIGIT_PHONE_REGEX } from '../shared/contact';
import { TIME_OF_DAY_REGEX } from '../shared/dates';
import { ZId } from '../shared/ids';

/**
 * Distances in km and fees as decimals with two places (DESIGN §9: money never floats in storage). JSON numbers
 * only, as on every other route: a coerce would store true as 1, [5] as 5 and null as 0.
 */
const ZMoney = (field: string) =>
  z
    .number({ error: numberMessage(field) })
    .min(0)
    .max(1_000_000)
    .transform((value) => Math.round(value * 100) / 100);
const ZDistance = (field: string) =>
  z
    .number({ error: numberMessage(field) })
    .min(0)
    .max(10_000);

export const ZTradingTime = z.object({
  day: z.number().int().min(0).max(7),
  from: z.string().regex(TIME_OF_DAY_REGEX, 'from must be a time such as 08:00'),
  to: z.string().regex(TIME_OF_DAY_REGEX, 'to must be a time such as 17:00'),
  closed: z.boolean().default(false),
  status: ZStoreStatus.default(1),
});
export type TTradingTime = z.infer<typeof ZTradingTime>;

export const ZBankingDetails = z.object({
  account_number: requiredString(requiredMessage('account_number')).max(30),
  account_type: z.enum(ZBankAccountType.options, { error: requiredMessage('account_type') }),
  branch_code: requiredString(requiredMessage('branch_code')).max(20),
  name: requiredString(requiredMessage('name')).max(120),
});

export const ZDeliverySettings = z.object({
  delivery: z.boolean().default(BRANCH_DEFAULTS.delivery),
  delivery_fee_type: ZDeliveryFeeType.default(BRANCH_DEFAULTS.delivery_fee_type),
  max_delivery_radius: ZDistance('max_delivery_radius').nullable().optional(),
  base_delivery_radius: ZDistance('base_delivery_radius').nullable().optional(),
  delivery_fee_per_km: ZMoney('delivery_fee_per_km').nullable().optional(),
  delivery_fee: ZMoney('delivery_fee').nullable().optional(),
  delivery_radii: z
    .array(z.object({ radius: ZDistance('radius'), fee: ZMoney('fee') }))
    .max(20)
    .nullable()
    .optional(),
});

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The branch rules of spec 1 §5: dependOn fields, and what each delivery fee type requires. */
const branchRules = (
  value: {
    display_name?: unknown;
    image_url?: unknown;
    franchise?: boolean;
    banking_details?: unknown;
    vat_registered?: boolean;
    vat_number?: unknown;
    delivery_settings?: z.infer<typeof ZDeliverySettings>;
  },
  ctx: z.RefinementCtx,
) => {
  // dependOn: required when the other field holds the value true.
  if (value.display_name === true && isBlank(value.image_url)) {
    ctx.addIssue({ code: 'custom', path: ['image_url'], message: requiredMessage('image_url') });
  }
  if (value.franchise === true && isBlank(value.banking_details)) {
    ctx.addIssue({ code: 'custom', path: ['banking_details'], message: requiredMessage('banking_details') });
  }
  if (value.vat_registered === true && isBlank(value.vat_number)) {
    ctx.addIssue({ code: 'custom', path: ['vat_number'], message: requiredMessage('vat_number') });
  }
  const delivery = value.delivery_settings;
  if (delivery?.delivery) {
    for (const field of DELIVERY_FEE_REQUIRED_FIELDS[delivery.delivery_fee_type]) {
      if (isBlank(delivery[field])) {
        ctx.addIssue({ code: 'custom', path: ['delivery_settings', field], message: requiredMessage(field) });
      }
    }
  }
};

const ZBranchFields = z.object({
  display_name: requiredString(requiredMessage('display_name')).max(
    120,
    maxLengthMessage('display_name', 120),
  ),
  branch_number: z.string().trim().max(30, maxLengthMessage('branch_number', 30)).nullable().optional(),
  email: z
    .string()
    .trim()
    .max(254)
    .regex(BUSINESS_EMAIL_REGEX, invalidEmailMessage('email'))
    .or(z.literal(''))
    .nullable()
    .optional(),
  image_url: z.string().trim().max(2000).nullable().optional(),
  registered_name: z.string().trim().max(200).nullable().optional(),
  registration_number: z.string().trim().max(60).nullable().optional(),
  vat_number: z.string().trim().max(60).nullable().optional(),
  vat_registered: z.boolean().default(BRANCH_DEFAULTS.vat_registered),
  franchise: z.boolean().default(BRANCH_DEFAULTS.franchise),
  offline: z.boolean().default(BRANCH_DEFAULTS.offline),
  country_code: z.string().trim().max(6).default(BRANCH_DEFAULTS.country_code),
  country_code_extension: z.string().trim().max(4).default(BRANCH_DEFAULTS.country_code_extension),
  contact_number: z
    .string()
    .trim()
    .regex(TEN_DIGIT_PHONE_REGEX, phoneNumberMessage('contact_number'))
    .or(z.literal(''))
    .nullable()
    .optional(),
  address: z
    .object({ full_address: z.string().trim().max(500), coordinates: ZCoordinates.nullable().optional() })
    .nullable()
    .optional(),
  banking_details: ZBankingDetails.nullable().optional(),
  stock_replacement: z
    .object({ replace_by_default: z.boolean() })
    .default({ replace_by_default: BRANCH_DEFAULTS.stock_replacement.replace_by_default }),
  delivery_settings: ZDeliverySettings.default(() => ZDeliverySettings.parse({})),
  trading_times: z.array(ZTradingTime).max(8).default(defaultTradingTimes),
});

export const ZBranchRequest = ZBranchFields.superRefine(branchRules);
export type TBranchRequest = z.input<typeof ZBranchRequest>;

export const ZBranch = z.object({
  _id: z.string(),
  client_id: z.string(),
  display_name: z.string(),
  branch_number: z.string().nullable(),
  email: z.string().nullable(),
  image_url: z.string().nullable(),
  registered_name: z.string().nullable(),
  registration_number: z.string().nullable(),
  vat_number: z.string().nullable(),
  vat_registered: z.boolean(),
  franchise: z.boolean(),
  offline: z.boolean(),
  country_code: z.string(),
  country_code_extension: z.string(),
  contact_number: z.string().nullable(),
  address: z.object({ full_address: z.string(), coordinates: ZCoordinates.nullable() }).nullable(),
  banking_details: ZBankingDetails.nullable(),
  stock_replacement: z.object({ replace_by_default: z.boolean() }),
  delivery_settings: z.object({
    delivery: z.boolean(),
    delivery_fee_type: ZDeliveryFeeType,
    max_delivery_radius: z.number().nullable(),
    base_delivery_radius: z.number().nullable(),
    delivery_fee_per_km: z.number().nullable(),
    delivery_fee: z.number().nullable(),
    delivery_radii: z.array(z.object({ radius: z.number(), fee: z.number() })).nullable(),
  }),
  trading_times: z.array(ZTradingTime),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBranch = z.infer<typeof ZBranch>;

/** The filter the branch-list calls take (spec 1 §7): paging, search, and a manager's branch ids. */
export const ZBranchFilter = z.object({
  page: ZPageQuery.shape.page,
  size: ZPageQuery.shape.size,
  search_string: z.string().trim().max(200).optional(),
  branch_id_list: z.union([z.array(ZId), ZId.transform((id) => [id])]).optional(),
  is_dashboard_request: queryBoolean('is_dashboard_request must be true or false').optional(),
});
export type TBranchFilter = z.input<typeof ZBranchFilter>;

/** The filter as a JSON body (the POST lists): numbers arrive as JSON numbers, not text. */
const ZBranchFilterBody = ZBranchFilter.extend({
  page: z.number().int().min(1).max(1_000_000).default(1),
  size: z.number().int().min(1).max(100).default(15),
});

const ZBranchListContent = z.object({ branch_list: z.array(ZBranch), count: z.number().int() });
const branchList = (method: 'GET' | 'POST', path: string, summary: string) =>
  defineEndpoint({
    method,
    path,
    permission: 'SIGNED_IN',
    token: 'client',
    summary,
    tags: ['branches'],
    ...(method === 'GET'
      ? { query: ZBranchFilter }
      : { body: ZBranchFilterBody.default({ page: 1, size: 15 }) }),
    // Apart from the schemas above, which the browser's build strips (apps/web/build-tools/contract-for-browser.ts).
    ...(method === 'POST' ? { readsOnly: true as const } : {}),
    response: envelopeOf(ZBranchListContent),
  });

export const getBranchesPost = branchList('POST', '/v2/get/branches', 'Branch list (filter in the body)');
export const getBranchesGet = branchList('GET', '/v2/get/branches', 'Branch list (filter in the query)');
export const filteredBranchList = branchList(
  'POST',
  '/v2/client/filtered/branch/list',
  'Filtered branch list',
);
export const clientBranches = branchList('GET', '/v2/client/branches', "The client's branches");
export const listBranches = branchList('GET', '/branches', "The client's branches (REST)");

export const getBranch = defineEndpoint({
  method: 'GET',
  path: '/branches/:id',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: 'One branch',
  tags: ['branches'],
  params: z.object({ id: ZId }),
  response: envelopeOf(ZBranch),
});

export const createBranch = defineEndpoint({
  method: 'POST',
  path: '/branches',
  permission: 'ADMIN',
  token: 'client',
  summary: 'Add a branch',
  tags: ['branches'],
  body: ZBranchRequest,
  response: envelopeOf(ZBranch),
});

export const updateBranch = defineEndpoint({
  method: 'PUT',
  path: '/branches/:id',
  permission: 'ADMIN',
  token: 'client',
  summary: 'Edit a branch',
  tags: ['branches'],
  params: z.object({ id: ZId }),
  body: ZBranchRequest,
  response: envelopeOf(ZBranch),
});
