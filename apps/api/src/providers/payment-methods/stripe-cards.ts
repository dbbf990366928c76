import { type TCardBrand, type TPaymentMethod, ZCardBrand } from '@laurel/contract';
import type Stripe from 'stripe';

const brandOf = (brand: string): TCardBrand => {
  const upper = brand.toUpperCase().replace(/[^A-Z]/g, '');
  const parsed = ZCardBrand.safeParse(upper === 'AMERICANEXPRESS' ? 'AMEX' : upper);
  return parsed.success ? parsed.data : 'OTHER';
};

/**
 * With Stripe configured, a customer's cards are the card payment methods of the Stripe customers that share
 * their email address (Stripe keeps the card; Laurel shows brand, last four and expiry only).
 */
export const listStripeCards = async (stripe: Stripe, email: string | null): Promise<TPaymentMethod[]> => {
  if (!email) return [];
  const stripeCustomers = await stripe.customers.list({ email, limit: 5 });
  const cards: TPaymentMethod[] = [];
  for (const customer of stripeCustomers.data) {
    const methods = await stripe.paymentMethods.list({ customer: customer.id, type: 'card', limit: 20 });
    for (const method of methods.data) {
      if (!method.card) continue;
      cards.push({
        _id: method.id,
        card_number: `•••• •••• •••• ${method.card.last4}`,
        card_type: brandOf(method.card.brand),
        last_four: method.card.last4,
        expiry_month: method.card.exp_month,
        expiry_year: method.card.exp_year,
        created_at: new Date(method.created * 1000).toISOString(),
      });
    }
  }
  return cards;
};
