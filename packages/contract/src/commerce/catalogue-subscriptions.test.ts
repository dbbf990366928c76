import { describe, expect, it } from 'vitest';
import { DATE_MESSAGES } from '../shared/dates';
import { ZSaveProductRequest } from './catalogue';
import { ZRedeemSubscriptionRequest } from './customer-subscriptions';
import {
  redemptionPeriodName,
  SUBSCRIPTION_CONDITIONAL_RULES,
  ZSaveSubscriptionRequest,
} from './subscriptions';

const plan = {
  name: 'Coffee Club',
  description: 'A coffee a day',
  sku: 'CLUB',
  price: 199,
  period: 'MONTHLY',
  type: 'ONGOING',
  apply_to: 'BASKET',
  start_date: '2026-01-01',
  expires_in: 30,
  payment_type: 'POST_PAYMENT',
  subscription_usage_type: 'SELECTIVE_USAGE',
  on_payment_failure: 'CANCEL',
};

const messages = (input: unknown) =>
  ZSaveSubscriptionRequest.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('the subscription editor body', () => {
  it('defaults status to DRAFT and leaves limits unset', () => {
    expect(ZSaveSubscriptionRequest.parse(plan)).toMatchObject({
      status: 'DRAFT',
      max_per_user: null,
      categories: [],
      end_date: null,
      billable: true,
    });
  });

  it('requires each conditional field with the generic message, underscores as spaces', () => {
    for (const rule of SUBSCRIPTION_CONDITIONAL_RULES) {
      const label = rule.field.replace(/_/g, ' ');
      expect(messages({ ...plan, [rule.when]: rule.equals }), rule.field).toContain(`${label} is required`);
    }
  });

  it('takes dates that are real days within 1900-01-01 to 2999-12-31', () => {
    expect(messages({ ...plan, start_date: '2026-1-1' })).toEqual([
      'start date must be a date in the format YYYY-MM-DD',
    ]);
    expect(messages({ ...plan, start_date: '2026-02-30' })).toEqual([DATE_MESSAGES.notReal]);
    expect(messages({ ...plan, start_date: '0000-01-01' })).toEqual([DATE_MESSAGES.outOfRange]);
    expect(messages({ ...plan, end_date: '9999-12-31' })).toEqual([DATE_MESSAGES.outOfRange]);
    expect(messages({ ...plan, end_date: '' })).toEqual([]);
  });

  it('reports the conditional rules together with missing fields', () => {
    expect(messages({ apply_to: 'CATEGORY' })).toEqual(
      expect.arrayContaining(['name is required', 'expires in is required', 'categories is required']),
    );
  });
});

describe('catalogue and redemption bodies', () => {
  it('prices are decimals with at most two places', () => {
    expect(ZSaveProductRequest.safeParse({ title: 'Latte', sku: 'L', price: 40.5 }).success).toBe(true);
    expect(ZSaveProductRequest.safeParse({ title: 'Latte', sku: 'L', price: 40.555 }).success).toBe(false);
  });

  it('a redemption names one customer and defaults to the till', () => {
    expect(ZRedeemSubscriptionRequest.parse({ id: 'r1', customer: { email: 'a@b.co' } })).toMatchObject({
      redemption_method: 'POS',
    });
    expect(ZRedeemSubscriptionRequest.safeParse({ id: 'r1', customer: {} }).success).toBe(false);
  });

  it('names periods in limit messages', () => {
    expect(redemptionPeriodName('WEEKLY', null)).toBe('week');
    expect(redemptionPeriodName('ANNUALLY', null)).toBe('year');
    expect(redemptionPeriodName('CUSTOM', 10)).toBe('10 days');
    expect(redemptionPeriodName('ONCE_OFF', null)).toBe('subscription');
  });
});
