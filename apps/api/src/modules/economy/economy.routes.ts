import {
  adjustCustomerWallet,
  CURRENCY_MESSAGES,
  createCurrency,
  createEarnConfig,
  deleteCurrency,
  deleteEarnConfig,
  EARN_CONFIG_AREAS,
  getCurrency,
  getEarnConfig,
  listCurrencies,
  listCustomerEconomyTransactions,
  listCustomerWallets,
  listEarnConfigs,
  ECONOMY_API_MESSAGES as M,
  spendFromWallet,
  type TEarnConfigType,
  type TPermissionAction,
  updateCurrency,
  updateEarnConfig,
} from '@laurel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { authorize, principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { auditedActor } from '../audit/audit';
import { createCurrenciesService } from './currencies.service';
import { createEarnConfigsService } from './earn-configs.service';
import { createWalletsService } from './wallets.service';

const paging = (count: number, page: number, size: number) => ({ count, hasMore: count > page * size });

/** Spec 3 §7 economy calls, the customer's wallets and ledger, and the integrator's spend (DESIGN §3). */
export const economyRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx.database;
  const currencies = createCurrenciesService(db);
  const earnConfigs = createEarnConfigsService(db);
  const wallets = createWalletsService(db);

  route(app, listCurrencies, async ({ query, request }) => {
    const { items, count } = await currencies.list(
      principalOf(request).clientId,
      query.page,
      query.size,
      query.search_string,
    );
    return ok(items, 'OK', paging(count, query.page, query.size));
  });

  route(app, getCurrency, async ({ params, request }) =>
    ok(await currencies.get(principalOf(request).clientId, params.id)),
  );

  route(app, createCurrency, async ({ body, request }) => {
    // The spec saves with POST: a body naming an existing currency updates it (with the update permission).
    if (body._id) {
      authorize(principalOf(request), 'WALLET:update');
      return ok(await currencies.update(auditedActor(request), body._id, body), M.currencySaved);
    }
    return ok(await currencies.create(auditedActor(request), body), M.currencySaved);
  });

  route(app, updateCurrency, async ({ params, body, request }) =>
    ok(await currencies.update(auditedActor(request), params.id, body), M.currencySaved),
  );

  route(app, deleteCurrency, async ({ params, request }) =>
    ok(await currencies.remove(auditedActor(request), params.id), CURRENCY_MESSAGES.deleted),
  );

  // The guard let holders of either part through (earn-config-endpoints' openTo): each call checks the config's own
  // part, CASHBACK for cashback and XP_POINTS for XP, and ECONOMICS (their umbrella) passes both.
  const mayUseConfigs = (request: FastifyRequest, action: TPermissionAction) => (type: TEarnConfigType) =>
    authorize(principalOf(request), `${EARN_CONFIG_AREAS[type]}:${action}`);

  route(app, listEarnConfigs, async ({ query, request }) => {
    if (query.type) mayUseConfigs(request, 'read')(query.type);
    else authorize(principalOf(request), 'ECONOMICS:read');
    const { items, count } = await earnConfigs.list(
      principalOf(request).clientId,
      query.page,
      query.size,
      query.type,
    );
    return ok(items, 'OK', paging(count, query.page, query.size));
  });

  route(app, getEarnConfig, async ({ params, request }) =>
    ok(await earnConfigs.get(principalOf(request).clientId, params.id, mayUseConfigs(request, 'read'))),
  );

  route(app, createEarnConfig, async ({ body, request }) => {
    // A body naming its _id updates (the update flag); a config keeps its type, so the body's type is its part.
    mayUseConfigs(request, body._id ? 'update' : 'create')(body.type);
    if (body._id)
      return ok(await earnConfigs.update(auditedActor(request), body._id, body), M.earnConfigSaved);
    return ok(await earnConfigs.create(auditedActor(request), body), M.earnConfigSaved);
  });

  route(app, updateEarnConfig, async ({ params, body, request }) => {
    mayUseConfigs(request, 'update')(body.type);
    return ok(await earnConfigs.update(auditedActor(request), params.id, body), M.earnConfigSaved);
  });

  route(app, deleteEarnConfig, async ({ params, request }) =>
    ok(
      await earnConfigs.remove(auditedActor(request), params.id, mayUseConfigs(request, 'delete')),
      M.earnConfigDeleted,
    ),
  );

  route(app, listCustomerWallets, async ({ params, request }) =>
    ok(await wallets.wallets(principalOf(request), params.customer_id)),
  );

  route(app, listCustomerEconomyTransactions, async ({ params, query, request }) => {
    const { items, count } = await wallets.ledger(principalOf(request), params.customer_id, {
      page: query.page,
      size: query.size,
      currencyId: query.currency,
      walletsOnly: query.wallets_only,
    });
    return ok(items, 'OK', paging(count, query.page, query.size));
  });

  route(app, adjustCustomerWallet, async ({ params, body, request }) =>
    ok(
      await wallets.adjust(principalOf(request), auditedActor(request), params.customer_id, body),
      M.adjusted,
    ),
  );

  route(app, spendFromWallet, async ({ params, body, request }) => {
    // Like events, orders and redemptions from an integration, a spend is recorded by its own rows (the Spending
    // ledger row: customer, amount, reason, time; the spend request under its id), not also by an audit entry per
    // call (a write more per spend). The key that made it is not kept per spend.
    request.audited = true;
    return ok(await wallets.spend(principalOf(request), params.customer_id, body), M.spent);
  });
};
