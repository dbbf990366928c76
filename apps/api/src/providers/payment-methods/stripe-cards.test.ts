import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { listStripeCards } from './stripe-cards';

// Stripe's answers for GET /v1/customers?email=… and GET /v1/payment_methods?customer=…&type=card, trimmed.
const RECORDED: Record<string, unknown> = {
  '/v1/customers': {
    object: 'list',
    url: '/v1/customers',
    has_more: false,
    data: [{ id: 'cus_Q1', object: 'customer', email: 'naledi@example.com' }],
  },
  '/v1/payment_methods': {
    object: 'list',
    url: '/v1/payment_methods',
    has_more: false,
    data: [
      {
        id: 'pm_1',
        object: 'payment_method',
        type: 'card',
        created: 1767225600,
        card: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 },
      },
      {
        id: 'pm_2',
        object: 'payment_method',
        type: 'card',
        created: 1767312000,
        card: { brand: 'amex', last4: '0005', exp_month: 1, exp_year: 2030 },
      },
    ],
  },
};

const replayingStripe = () => {
  const requested: string[] = [];
  const fetchImpl = (async (input: string | URL) => {
    const url = new URL(String(input));
    requested.push(`${url.pathname}?${url.searchParams.toString()}`);
    return new Response(JSON.stringify(RECORDED[url.pathname]), {
      status: 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_1' },
    });
  }) as unknown as typeof fetch;
  const stripe = new Stripe('sk_test_replay', {
    httpClient: Stripe.createFetchHttpClient(fetchImpl),
    maxNetworkRetries: 0,
  });
  return { stripe, requested };
};

describe('Stripe cards', () => {
  it("lists the cards of the Stripe customer with the customer's email: brand, last four, expiry", async () => {
    const { stripe, requested } = replayingStripe();
    const cards = await listStripeCards(stripe, 'naledi@example.com');
    expect(cards).toEqual([
      expect.objectContaining({
        _id: 'pm_1',
        card_type: 'VISA',
        last_four: '4242',
        expiry_month: 8,
        expiry_year: 2031,
      }),
      expect.objectContaining({ _id: 'pm_2', card_type: 'AMEX', card_number: '•••• •••• •••• 0005' }),
    ]);
    expect(requested[0]).toContain('email=naledi%40example.com');
    expect(requested[1]).toContain('customer=cus_Q1');
  });

  it('a customer without email has no Stripe cards, and Stripe is not asked', async () => {
    const { stripe, requested } = replayingStripe();
    expect(await listStripeCards(stripe, null)).toEqual([]);
    expect(requested).toEqual([]);
  });
});
