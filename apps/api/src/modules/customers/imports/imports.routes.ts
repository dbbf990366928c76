import {
  CUSTOMER_IMPORT_MAX_BYTES,
  downloadCustomerImportErrors,
  getCustomerImport,
  listCustomerImports,
  CUSTOMER_IMPORT_MESSAGES as M,
  startCustomerImport,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { literal } from '../../../db/database';
import { streamCsv } from '../../../exports/csv-stream';
import { mayUse, principalOf } from '../../../http/auth/guard';
import type { Principal } from '../../../http/auth/principal';
import { ok } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import { route } from '../../../http/route';
import { actorOf, countOf, recordAudit } from '../../audit/audit';
import { receiveImportFile } from './import-upload';
import { findImport, listImports } from './imports.queries';

const readerOf = (principal: Principal) => ({
  clientId: principal.clientId,
  userId: principal.userId,
  managerOf: principal.role === 'ADMIN' ? null : principal.managerOf,
});

/** Customers → Import (DESIGN §10): start an import or a check, follow it, read the history and the failed rows. */
export const customerImportRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const { database } = ctx;

  const found = async (principal: Principal, id: string) => {
    const record = await findImport(database.db, readerOf(principal), id);
    if (!record) throw notFound(M.notFound);
    return record;
  };

  route(
    app,
    startCustomerImport,
    async ({ query, request }) => {
      const principal = principalOf(request);
      const { id, dryRun } = await receiveImportFile(database, request, principal, {
        dryRun: query.dry_run,
        mayUpdate: mayUse(principal, 'CUSTOMERS:update'),
      });
      const record = await found(principal, id);
      await recordAudit(
        database.db,
        actorOf(request),
        {
          action: dryRun ? 'customer-import.check-started' : 'customer-import.started',
          entity: 'customer-import',
          entityId: id,
          summary: `${dryRun ? 'Started a check of' : 'Started importing customers from'} ${record.file_name} (${countOf(record.rows, 'row')})`,
        },
        request,
      );
      ctx.engine.wake();
      return ok(record, dryRun ? M.checkStarted : M.started);
    },
    { successStatus: 202, bodyLimit: CUSTOMER_IMPORT_MAX_BYTES },
  );

  route(app, listCustomerImports, async ({ query, request }) => {
    const { items, count, hasMore } = await listImports(
      database.db,
      readerOf(principalOf(request)),
      query.page,
      query.size,
    );
    return ok(items, 'OK', { count, hasMore });
  });

  route(app, getCustomerImport, async ({ params, request }) =>
    ok(await found(principalOf(request), params.id), M.retrieved),
  );

  route(app, downloadCustomerImportErrors, async ({ params, request, reply }) => {
    const record = await found(principalOf(request), params.id);
    const stream = await streamCsv(database, {
      columns: [
        { header: 'Row', expression: 'e.row::text', freeText: false },
        { header: 'Field', expression: 'e.field', freeText: false },
        { header: 'Message', expression: 'e.message', freeText: true },
      ],
      from: 'FROM customer_import_errors e',
      where: `e.import_id = ${literal(record._id)}`,
      // Descending keys, so the negated row lists the file's rows in order.
      orderBy: [
        { expression: '(-e.row)::bigint', type: 'bigint' },
        { expression: 'e.field', type: 'text' },
      ],
    });
    const name = record.file_name.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '-');
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-errors.csv"`)
      .header('cache-control', 'no-store');
    return reply.send(stream) as never;
  });
};
