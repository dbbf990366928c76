import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ID_REGEX } from '../shared/ids';
import { CUSTOMER_MESSAGES } from './customers';

const ZUserQuery = z.object({ user_id: z.string().regex(ID_REGEX, CUSTOMER_MESSAGES.invalidId) });
const analytics = <T extends z.ZodType>(path: string, summary: string, content: T) =>
  defineEndpoint({
    method: 'GET',
    path,
    permission: 'CUSTOMERS:read',
    token: 'client',
    summary,
    tags: ['customers'],
    query: ZUserQuery,
    response: envelopeOf(content),
  });

/** Computed from the customer's orders; refunded and cancelled orders do not count. Money as decimals. */
export const lifetimeAnalytics = analytics(
  '/v2/user/lifetime/analitycs',
  'Lifetime spent',
  z.object({ lifetime_spent: z.number(), order_count: z.number().int() }),
);
export const averageAnalytics = analytics(
  '/v2/user/average/analitycs',
  'Average basket size',
  z.object({ average_basket_size: z.number() }),
);
export const monthlyAverageAnalytics = analytics(
  '/v2/user/monthly/average/analitycs',
  'Average monthly transaction volume',
  z.object({ user_monthly_ave: z.number(), user_ratio: z.number() }),
);
export const purchaseDateAnalytics = analytics(
  '/v2/user/purchase/date/analitycs',
  'Last purchase date',
  z.object({ last_purchase_date: z.string().nullable(), first_purchase_date: z.string().nullable() }),
);
