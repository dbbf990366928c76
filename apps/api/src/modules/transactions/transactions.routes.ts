import { API_SUCCESS_MESSAGES, type TReportKind, transactionEndpoints } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { readFor } from '../../db/read-side';
import { branchScope } from '../../http/auth/branch-scope';
import { principalOf, requirePlanFeature } from '../../http/auth/guard';
import type { Principal } from '../../http/auth/principal';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { clientTimeZone } from '../statistics/statistics.queries';
import type { ReportScope } from './report-query';
import { REPORTS } from './reports';
import { createTransactionsService } from './transactions.service';

/**
 * Managers see the rows of the branches they manage (spec 3 §6), whatever the request asks; dates filter by the
 * business's days.
 */
const scopeOf = async (ctx: AppContext, principal: Principal): Promise<ReportScope> => ({
  clientId: principal.clientId,
  branchIds: branchScope(principal, null),
  timeZone: await clientTimeZone(ctx.database.db, principal.clientId),
});

/**
 * The four transaction reports (spec 3 §2, §7) and the Redemptions report (DESIGN §10): list, snapshot cards, and
 * the two-step CSV export; each endpoint carries its report's permission and plan.
 */
export const transactionRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const service = createTransactionsService(ctx);
  for (const [kind, report] of Object.entries(REPORTS) as [
    TReportKind,
    NonNullable<(typeof REPORTS)[TReportKind]>,
  ][]) {
    const endpoints = transactionEndpoints[kind];

    route(app, endpoints.list, async ({ query, request, reply }) => {
      await readFor(ctx.reads, reply);
      const { page, size, ...filters } = query;
      const result = await service.list(
        report,
        await scopeOf(ctx, principalOf(request)),
        filters,
        page,
        size,
      );
      return ok(result.transactions, 'OK', {
        count: result.count,
        hasMore: result.hasMore,
        count_capped: result.countCapped,
      }) as never;
    });

    route(app, endpoints.summary, async ({ query, request, reply }) => {
      await readFor(ctx.reads, reply);
      return ok(await service.summary(report, await scopeOf(ctx, principalOf(request)), query));
    });

    route(app, endpoints.requestExport, async ({ body, request }) => {
      const principal = principalOf(request);
      requirePlanFeature(principal, 'EXPORTS');
      const ready = await service.requestExport(report, principal, body);
      request.audited = true;
      // The file id alone, as spec 3 §7 has it; the download names the file (Content-Disposition).
      return ok(ready.file_id, API_SUCCESS_MESSAGES.exportReady);
    });

    route(app, endpoints.download, async ({ query, request, reply }) => {
      await readFor(ctx.reads, reply);
      const principal = principalOf(request);
      requirePlanFeature(principal, 'EXPORTS');
      const { fileName, stream } = await service.download(
        report,
        principal,
        await scopeOf(ctx, principal),
        query.file_id,
      );
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store');
      return reply.send(stream) as never;
    });
  }
};
