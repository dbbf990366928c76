import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZPageNumber, ZPageSize } from '../http/fields';
import { ZId } from '../shared/ids';
import { ZSubscriptionStatus } from '../shared/subscriptions';
import {
  ZCustomerSubscription,
  ZIssueSubscriptionRequest,
  ZRedeemSubscriptionRequest,
  ZRedemption,
  ZUserSubscriptionsQuery,
} from './customer-subscriptions';
import {
  ZSaveSubscriptionRequest,
  ZSubscription,
  ZSubscriptionAnalytics,
  ZSubscriptionDetails,
} from './subscriptions';

const idParams = z.object({ id: ZId });
const tags = ['subscriptions'];

const branchIdList = z.union([z.array(ZId), ZId.transform((id) => [id])]).optional();

export const ZSubscriptionListQuery = z.object({
  page: ZPageNumber.default(1),
  size: ZPageSize.default(15),
  /** A fragment of the name or SKU. */
  search_string: z.string().trim().max(200, 'search_string must not be more than 200').optional(),
  status: ZSubscriptionStatus.or(z.literal('ALL')).optional(),
  /** Subscriber and redemption figures count these branches' customers (managers: theirs only). */
  branch_id_list: branchIdList,
});
export type TSubscriptionListQuery = z.input<typeof ZSubscriptionListQuery>;

const ZPlanPageQuery = z.object({
  page: ZPageNumber.default(1),
  size: ZPageSize.default(15),
  search_string: z.string().trim().max(200, 'search_string must not be more than 200').optional(),
  branch_id_list: branchIdList,
});

export const listClientSubscriptions = defineEndpoint({
  method: 'GET',
  path: '/v2/client/subscription/list',
  permission: 'SUBSCRIPTIONS:read',
  token: 'client',
  summary: "The client's subscriptions, newest first; content.subscription_list and content.count",
  tags,
  query: ZSubscriptionListQuery,
  response: envelopeOf(z.object({ subscription_list: z.array(ZSubscription), count: z.number().int() })),
});

export const listSubscriptions = defineEndpoint({
  method: 'GET',
  path: '/subscriptions',
  permission: 'SUBSCRIPTIONS:read',
  token: 'client',
  summary: "The client's subscriptions, newest first",
  tags,
  query: ZSubscriptionListQuery,
  response: envelopeOf(z.array(ZSubscription)),
});

export const getSubscription = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/:id',
  permission: 'SUBSCRIPTIONS:read',
  token: 'client',
  summary: 'One subscription with the products, categories and branches it names',
  tags,
  params: idParams,
  query: z.object({ branch_id_list: branchIdList }),
  response: envelopeOf(ZSubscriptionDetails),
});

export const createSubscription = defineEndpoint({
  method: 'POST',
  path: '/subscriptions',
  permission: 'SUBSCRIPTIONS:create',
  token: 'client',
  summary: 'Create a subscription (status DRAFT unless given); every rule of spec 1 §5',
  tags,
  body: ZSaveSubscriptionRequest,
  response: envelopeOf(ZSubscriptionDetails),
});

export const updateSubscription = defineEndpoint({
  method: 'PUT',
  path: '/subscriptions/:id',
  permission: 'SUBSCRIPTIONS:update',
  token: 'client',
  summary: 'Update a subscription; customers keep the price they were issued at',
  tags,
  params: idParams,
  body: ZSaveSubscriptionRequest,
  response: envelopeOf(ZSubscriptionDetails),
});

export const deleteSubscription = defineEndpoint({
  method: 'DELETE',
  path: '/subscriptions/:id',
  permission: 'SUBSCRIPTIONS:delete',
  token: 'client',
  summary: 'Delete a subscription that was never issued (409 otherwise: pause it instead)',
  tags,
  params: idParams,
  response: envelopeOf(ZSubscription),
});

export const getSubscriptionAnalytics = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/:id/analytics',
  permission: 'SUBSCRIPTIONS:read',
  token: 'client',
  summary:
    'Subscribers, redemptions, subscriptionsValue, mostPurchasedProduct and incrementalRevenueDate (spec 1 §2.14)',
  tags,
  params: idParams,
  query: z.object({ branch_id_list: branchIdList }),
  response: envelopeOf(ZSubscriptionAnalytics),
});

export const listSubscriptionRedemptions = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/:id/redemptions',
  permission: 'SUBSCRIPTIONS:read',
  token: 'client',
  summary: "A subscription's redemptions, newest first",
  tags,
  params: idParams,
  query: ZPlanPageQuery,
  response: envelopeOf(z.array(ZRedemption)),
});

export const listSubscriptionSubscribers = defineEndpoint({
  method: 'GET',
  path: '/subscriptions/:id/subscribers',
  permission: 'SUBSCRIPTIONS:read',
  token: 'client',
  summary: 'The customers a subscription was issued to, newest first (search by customer name or email)',
  tags,
  params: idParams,
  query: ZPlanPageQuery,
  response: envelopeOf(z.array(ZCustomerSubscription)),
});

export const issueSubscription = defineEndpoint({
  method: 'POST',
  path: '/product/issue_subscription',
  permission: 'SUBSCRIPTIONS:create',
  token: 'client',
  summary:
    'Issue an active subscription to a customer; the engine receives subscription.purchased in the same transaction',
  tags,
  body: ZIssueSubscriptionRequest,
  response: envelopeOf(ZCustomerSubscription),
});

export const listUserSubscriptions = defineEndpoint({
  method: 'GET',
  path: '/v2/user/subscriptions',
  permission: 'SUBSCRIPTIONS:read',
  token: 'client',
  summary: "A customer's subscriptions, newest first; content.subscription_list and content.count",
  tags,
  query: ZUserSubscriptionsQuery,
  response: envelopeOf(
    z.object({ subscription_list: z.array(ZCustomerSubscription), count: z.number().int() }),
  ),
});

export const redeemSubscription = defineEndpoint({
  method: 'POST',
  path: '/v1/subscriptions/:id/redemptions',
  permission: 'SUBSCRIPTIONS:update',
  token: 'integration',
  summary:
    "Record a redemption of a customer's subscription (the id is the subscription's). Idempotent by the body's id; 409 naming the limit when the subscription is not active, expired or past max_redemptions_per_day, max_redemptions_per_period or max_per_user",
  tags: ['integrator'],
  params: idParams,
  body: ZRedeemSubscriptionRequest,
  response: envelopeOf(ZRedemption),
});
