import { PAYMENT_METHOD_MESSAGES, type TCardBrand, type TPaymentMethod } from '@laurel/contract';
import { and, desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { AppContext } from '../../app-context';
import { newId } from '../../db/ids';
import { paymentMethods } from '../../db/schema';
import type { Principal } from '../../http/auth/principal';
import { badRequest, conflict } from '../../http/errors';
import { listStripeCards } from '../../providers/payment-methods/stripe-cards';
import { type Actor, recordAudit } from '../audit/audit';
import type { CustomersService } from './customers.service';

type Row = typeof paymentMethods.$inferSelect;
const toPaymentMethod = (row: Row): TPaymentMethod => ({
  _id: row.id,
  card_number: `•••• •••• •••• ${row.lastFour}`,
  card_type: row.brand as TCardBrand,
  last_four: row.lastFour,
  expiry_month: row.expiryMonth,
  expiry_year: row.expiryYear,
  created_at: row.createdAt.toISOString(),
});

/** The built-in payment-methods provider: cards the client's systems register (never a full number). */
export const createPaymentMethodsService = (ctx: AppContext, customersService: CustomersService) => {
  const { db } = ctx.database;

  // DESIGN §6: stored cards by default; the Stripe customer's cards when Stripe is configured.
  const stripe = ctx.config.stripe ? new Stripe(ctx.config.stripe.secretKey) : null;

  const list = async (principal: Principal, customerId: string) => {
    const { customer } = await customersService.load(principal, customerId);
    if (stripe) return listStripeCards(stripe, customer.email);
    const rows = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.clientId, principal.clientId), eq(paymentMethods.customerId, customerId)))
      .orderBy(desc(paymentMethods.createdAt));
    return rows.map(toPaymentMethod);
  };

  const register = async (
    principal: Principal,
    actor: Actor,
    customerId: string,
    card: { brand: TCardBrand; last_four: string; expiry_month: number; expiry_year: number },
  ) => {
    if (stripe) throw conflict('Cards are kept in Stripe for this installation: add them there.');
    const { customer } = await customersService.loadForChange(principal, customerId);
    const now = new Date();
    if (
      card.expiry_year < now.getUTCFullYear() ||
      (card.expiry_year === now.getUTCFullYear() && card.expiry_month < now.getUTCMonth() + 1)
    ) {
      throw badRequest([{ field: 'expiry_year', message: PAYMENT_METHOD_MESSAGES.expired }]);
    }
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentMethods)
        .values({
          id: newId(),
          clientId: principal.clientId,
          customerId: customer.id,
          brand: card.brand,
          lastFour: card.last_four,
          expiryMonth: card.expiry_month,
          expiryYear: card.expiry_year,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await recordAudit(tx, actor, {
        action: 'customer.payment_method_added',
        entity: 'customer',
        entityId: customer.id,
        summary: `Registered a ${card.brand} card ending ${card.last_four} for ${customer.name} ${customer.surname}`,
      });
      return toPaymentMethod(row);
    });
  };

  return { list, register };
};
