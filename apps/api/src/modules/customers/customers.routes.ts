import {
  API_SUCCESS_MESSAGES,
  addCustomer,
  downloadCustomerExport,
  exportFileName,
  getCustomer,
  listCustomers,
  requestCustomerExport,
  suspendCustomer,
  unsuspendCustomer,
  updateCustomer,
} from '@laurel/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { zoneForDays } from '../../db/filters';
import { newId } from '../../db/ids';
import { readFor } from '../../db/read-side';
import { exportRequests } from '../../db/schema';
import { principalOf, requirePlanFeature } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { actorOf } from '../audit/audit';
import { streamCustomerCsv } from './customer-export';
import { customerProfileRoutes } from './customer-profile.routes';
import { createCustomersService, customerFilter } from './customers.service';
import { customerImportRoutes } from './imports/imports.routes';
import { integratorCustomerRoutes } from './integrator-customers.routes';

const EXPORT_LIFETIME_MS = 60 * 60 * 1000;

export const customerRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const service = createCustomersService(ctx);
  customerProfileRoutes(app, ctx, service);
  integratorCustomerRoutes(app, ctx, service);
  customerImportRoutes(app, ctx);

  route(app, listCustomers, async ({ query, request }) =>
    ok(await service.list(principalOf(request), query)),
  );
  route(app, getCustomer, async ({ query, request }) =>
    ok(await service.get(principalOf(request), query._id)),
  );
  route(app, addCustomer, async ({ body, request }) => {
    request.audited = true;
    return ok(
      await service.add(principalOf(request), actorOf(request), body),
      API_SUCCESS_MESSAGES.customerAdded,
    );
  });
  route(app, updateCustomer, async ({ body, request }) => {
    request.audited = true;
    return ok(
      await service.update(principalOf(request), actorOf(request), body),
      API_SUCCESS_MESSAGES.customerUpdated,
    );
  });
  route(app, suspendCustomer, async ({ body, request }) => {
    request.audited = true;
    const customer = await service.setSuspended(principalOf(request), actorOf(request), body._id, true);
    return ok(customer, API_SUCCESS_MESSAGES.customerSuspended);
  });
  route(app, unsuspendCustomer, async ({ body, request }) => {
    request.audited = true;
    const customer = await service.setSuspended(principalOf(request), actorOf(request), body._id, false);
    return ok(customer, API_SUCCESS_MESSAGES.customerActivated);
  });

  // Export in two steps (spec 1 §2.9): remember the filters, then stream the file when it is fetched.
  route(app, requestCustomerExport, async ({ body, request }) => {
    const principal = principalOf(request);
    requirePlanFeature(principal, 'EXPORTS');
    const id = newId();
    const fileName = exportFileName('customers', new Date());
    await ctx.database.db.insert(exportRequests).values({
      id,
      clientId: principal.clientId,
      userId: principal.userId,
      kind: 'customers',
      filters: body,
      fileName,
      expiresAt: new Date(Date.now() + EXPORT_LIFETIME_MS),
    });
    request.audited = true;
    const url = `/api/v2/export/client/loyalty/users/files?file_id=${id}`;
    return ok({ file_id: id, file_name: fileName, url }, API_SUCCESS_MESSAGES.exportReady);
  });

  route(app, downloadCustomerExport, async ({ query, request, reply }) => {
    const principal = principalOf(request);
    requirePlanFeature(principal, 'EXPORTS');
    const [found] = await ctx.database.db
      .select()
      .from(exportRequests)
      .where(
        and(
          eq(exportRequests.id, query.file_id),
          eq(exportRequests.clientId, principal.clientId),
          eq(exportRequests.userId, principal.userId),
          gt(exportRequests.expiresAt, new Date()),
        ),
      );
    if (!found) throw notFound('This export has expired or does not exist. Please export again.');
    // Branch scope is applied as of now, to whoever downloads.
    const filter = customerFilter(principal, found.filters as Parameters<typeof customerFilter>[1]);
    filter.timeZone = await zoneForDays(
      ctx.database.db,
      principal.clientId,
      filter.startDate,
      filter.endDate,
    );
    // The rows stream from the read side (a replica when configured); the export request itself is the primary's.
    const stream = await streamCustomerCsv(await readFor(ctx.reads, reply), filter);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${found.fileName}"`)
      .header('cache-control', 'no-store');
    return reply.send(stream) as never;
  });
};
