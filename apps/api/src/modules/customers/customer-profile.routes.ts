import {
  API_SUCCESS_MESSAGES,
  addAddress,
  averageAnalytics,
  deleteAddress,
  getLoyalty,
  lifetimeAnalytics,
  listAddresses,
  listCustomerCards,
  loyaltySignUp,
  monthlyAverageAnalytics,
  placeDetails,
  placesAutocomplete,
  purchaseDateAnalytics,
  registerPaymentMethod,
  updateLoyalty,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { HttpError, notFound } from '../../http/errors';
import { perIpPerMinute } from '../../http/rate-limits';
import { route } from '../../http/route';
import { actorOf } from '../audit/audit';
import { createAddressesService } from './addresses.service';
import { customerOrderStats } from './analytics.queries';
import type { CustomersService } from './customers.service';
import { createLoyaltyService } from './loyalty.service';
import { createPaymentMethodsService } from './payment-methods.service';

const round2 = (value: number) => Math.round(value * 100) / 100;
const monthsSince = (iso: string) => {
  const first = new Date(iso);
  const now = new Date();
  return (now.getUTCFullYear() - first.getUTCFullYear()) * 12 + now.getUTCMonth() - first.getUTCMonth() + 1;
};

export const customerProfileRoutes = (app: FastifyInstance, ctx: AppContext, customers: CustomersService) => {
  const loyalty = createLoyaltyService(ctx, customers);
  const addresses = createAddressesService(ctx, customers);
  const cards = createPaymentMethodsService(ctx, customers);

  route(app, getLoyalty, async ({ query, request }) =>
    ok(await loyalty.get(principalOf(request), query.customer_id)),
  );
  route(app, loyaltySignUp, async ({ body, request }) => {
    request.audited = true;
    return ok(
      await loyalty.signUp(principalOf(request), actorOf(request), body),
      API_SUCCESS_MESSAGES.loyaltyCreated,
    );
  });
  route(app, updateLoyalty, async ({ body, request }) => {
    request.audited = true;
    return ok(
      await loyalty.update(principalOf(request), actorOf(request), body),
      API_SUCCESS_MESSAGES.loyaltyUpdated,
    );
  });

  route(app, listAddresses, async ({ query, request }) =>
    ok(await addresses.list(principalOf(request), query.user_id)),
  );
  route(app, addAddress, async ({ body, request }) => {
    request.audited = true;
    return ok(
      await addresses.add(principalOf(request), actorOf(request), body),
      API_SUCCESS_MESSAGES.addressAdded,
    );
  });
  route(app, deleteAddress, async ({ body, request }) => {
    request.audited = true;
    const removed = await addresses.remove(principalOf(request), actorOf(request), body.user_id, body._id);
    return ok(removed, API_SUCCESS_MESSAGES.addressDeleted);
  });

  // Analytics from the customer's orders (refunds and cancellations excluded).
  const statsFor = async (request: Parameters<typeof principalOf>[0], customerId: string) => {
    const principal = principalOf(request);
    await customers.load(principal, customerId);
    return customerOrderStats(ctx.database.db, principal.clientId, customerId);
  };
  route(app, lifetimeAnalytics, async ({ query, request }) => {
    const stats = await statsFor(request, query.user_id);
    return ok({ lifetime_spent: stats.totalMinor / 100, order_count: stats.orders });
  });
  route(app, averageAnalytics, async ({ query, request }) => {
    const stats = await statsFor(request, query.user_id);
    return ok({
      average_basket_size: stats.orders === 0 ? 0 : round2(stats.totalMinor / stats.orders / 100),
    });
  });
  route(app, monthlyAverageAnalytics, async ({ query, request }) => {
    const stats = await statsFor(request, query.user_id);
    const span = stats.firstAt ? monthsSince(stats.firstAt) : 0;
    return ok({
      user_monthly_ave: span === 0 ? 0 : round2(stats.orders / span),
      user_ratio: span === 0 ? 0 : round2(stats.months / span),
    });
  });
  route(app, purchaseDateAnalytics, async ({ query, request }) => {
    const stats = await statsFor(request, query.user_id);
    return ok({ last_purchase_date: stats.lastAt, first_purchase_date: stats.firstAt });
  });

  // An outside address service that fails is unavailable, not a fault of ours or the user's input.
  const unavailable = (error: unknown) => {
    ctx.log.warn({ err: error, provider: ctx.places.name }, 'address search failed');
    return new HttpError(503, 'Address search is unavailable right now. Please try again shortly.');
  };
  // Public for the onboarding wizard, so a configured Google key is guarded per IP, tighter than the global limit.
  const placesLimit = { rateLimit: perIpPerMinute(ctx.config.rateLimits.placesPerMinute) };
  route(
    app,
    placesAutocomplete,
    async ({ query }) =>
      ok(
        await ctx.places
          .autocomplete(query.input)
          .catch((error: unknown) => Promise.reject(unavailable(error))),
      ),
    placesLimit,
  );
  route(
    app,
    placeDetails,
    async ({ query }) => {
      const details = await ctx.places
        .details(query.place_id)
        .catch((error: unknown) => Promise.reject(unavailable(error)));
      if (!details) throw notFound('The place could not be found.');
      return ok(details);
    },
    placesLimit,
  );

  route(app, listCustomerCards, async ({ query, request }) =>
    ok(await cards.list(principalOf(request), query.user_id)),
  );
  route(app, registerPaymentMethod, async ({ params, body, request }) => {
    request.audited = true;
    return ok(
      await cards.register(principalOf(request), actorOf(request), params.id, body),
      'Payment method registered.',
    );
  });
};
