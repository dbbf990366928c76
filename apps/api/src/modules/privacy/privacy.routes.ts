import {
  deleteIntegratorCustomer,
  eraseCustomer,
  exportCustomerData,
  getPrivacySettings,
  PRIVACY_MESSAGES,
  savePrivacySettings as savePrivacySettingsEndpoint,
} from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { actorOf, auditedActor, recordAudit } from '../audit/audit';
import { createCustomersService } from '../customers/customers.service';
import { dataExportFileName, streamDataExport } from './data-export';
import { createEraseService } from './erase.service';
import { readPrivacySettings, savePrivacySettings } from './privacy-settings';

/** Privacy (DESIGN §10): a member's data exported or erased on request, and the business's retention setting. */
export const privacyRoutes = (app: FastifyInstance, ctx: AppContext) => {
  const customers = createCustomersService(ctx);
  const eraser = createEraseService(ctx, customers);

  route(app, exportCustomerData, async ({ params, query, request, reply }) => {
    const principal = principalOf(request);
    // Tenant and branch scope as for the profile: another client's customer is simply not found.
    await customers.load(principal, params.id);
    const now = new Date();
    // Who exported whose data and when; the document itself is never copied into the log.
    await recordAudit(
      ctx.database.db,
      actorOf(request),
      {
        action: 'customer.data_exported',
        entity: 'customer',
        entityId: params.id,
        summary: `Exported the data of customer ${params.id}`,
      },
      request,
    );
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store');
    if (query.download)
      reply.header('content-disposition', `attachment; filename="${dataExportFileName(params.id, now)}"`);
    return reply.send(
      streamDataExport(
        ctx.database,
        { clientId: principal.clientId, customerId: params.id },
        now,
        query.download ? null : PRIVACY_MESSAGES.exported,
      ),
    ) as never;
  });

  route(app, eraseCustomer, async ({ params, request }) =>
    ok(await eraser.erase(principalOf(request), auditedActor(request), params.id), PRIVACY_MESSAGES.erased),
  );
  route(app, deleteIntegratorCustomer, async ({ params, request }) =>
    ok(await eraser.erase(principalOf(request), auditedActor(request), params.id), PRIVACY_MESSAGES.erased),
  );

  route(app, getPrivacySettings, async ({ request }) =>
    ok(await readPrivacySettings(ctx.database.db, principalOf(request).clientId)),
  );
  route(app, savePrivacySettingsEndpoint, async ({ body, request }) =>
    ok(
      await savePrivacySettings(ctx.database.db, auditedActor(request), body),
      PRIVACY_MESSAGES.settingsSaved,
    ),
  );
};
