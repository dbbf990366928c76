import {
  API_ERROR_MESSAGES,
  REGIONAL_SETTINGS_MESSAGES,
  type TCreateClientRequest,
  type TNotificationIntegration,
  type TRegionalSettings,
  type ZCreateClientRequest,
} from '@laurel/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { clients } from '../../db/schema';
import { keepStatisticVersionsAcrossZones } from '../../engine';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { issueLinkToken, linkMail } from '../auth/link-tokens';
import { hashPassword } from '../auth/passwords';
import { toClientDto } from './client-dto';
import {
  databaseKnowsTimeZone,
  emailInUse,
  findClient,
  listClientUserScopes,
  lockClient,
} from './clients.queries';
import { provisionClient } from './provisioning';

type CreateClientInput = z.output<typeof ZCreateClientRequest>;

export type { TCreateClientRequest };

/** Self-onboarding: one transaction creates the client, its admin and every area's defaults. */
export const registerClient = async (
  ctx: AppContext,
  input: CreateClientInput,
  request: { host: string | null; ip: string | null },
) => {
  const email = input.client_user.email.toLowerCase();
  const { db } = ctx.database;
  if (await emailInUse(db, email)) throw conflict(API_ERROR_MESSAGES.emailTaken);

  const passwordHash = await hashPassword(input.client_user.password);
  // The browser's zone at sign-up: a zone PostgreSQL does not know (an old browser's alias) is left for Settings.
  const timeZone =
    input.time_zone && (await databaseKnowsTimeZone(db, input.time_zone)) ? input.time_zone : null;
  const paymentEngineId = await ctx.billing.createCustomer({ email, name: input.alias, clientId: '' });
  try {
    const ids = await db.transaction(async (tx) => {
      const created = await provisionClient(tx, {
        alias: input.alias,
        name: input.name,
        idNumber: input.id_number,
        vatNumber: input.vat_number ?? null,
        domain: input.domain ?? request.host,
        fullAddress: input.address.full_address,
        coordinates: input.address.coordinates ?? null,
        timeZone,
        offering: { ...input.offering, offering: input.offering.offering ?? null },
        paymentEngineId,
        admin: {
          name: input.client_user.name,
          surname: input.client_user.surname,
          email,
          passwordHash,
          cellCountryCode: input.client_user.cell_country_code,
          cellNumber: input.client_user.cell_number,
          birthday: input.client_user.birthday,
          getCommunication: input.client_user.get_communication,
          agreesTermsAndConditions: input.client_user.agrees_terms_and_conditions,
        },
      });
      const admin = `${input.client_user.name} ${input.client_user.surname}`;
      await recordAudit(
        tx,
        { clientId: created.clientId, userId: created.adminId, name: admin, ip: request.ip },
        {
          action: 'client.registered',
          entity: 'client',
          entityId: created.clientId,
          summary: `Registered ${input.alias}`,
        },
      );
      const token = await issueLinkToken(tx, created.adminId, 'verify');
      await ctx.mail.enqueue(
        tx,
        linkMail(ctx.config.publicUrl, 'verify', email, input.client_user.name, token),
      );
      return created;
    });
    await ctx.mail.flush();
    return { _id: ids.clientId, integration_settings: { payment_engine_id: paymentEngineId } };
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw conflict(API_ERROR_MESSAGES.emailTaken);
    throw error;
  }
};

export const getClientRecord = async (ctx: AppContext, clientId: string) => {
  const row = await findClient(ctx.database.db, clientId);
  if (!row) throw notFound(API_ERROR_MESSAGES.notFound);
  return toClientDto(row, await listClientUserScopes(ctx.database.db, clientId));
};

/** Integrations are kept one per type; saving replaces that type's entry. */
export const saveIntegration = async (
  ctx: AppContext,
  actor: Actor,
  integration: TNotificationIntegration,
) => {
  const clientId = actor.clientId;
  const row = await findClient(ctx.database.db, clientId);
  if (!row) throw notFound(API_ERROR_MESSAGES.notFound);
  const normalised: TNotificationIntegration = {
    type: integration.type,
    data: {
      enabled: integration.data.enabled,
      returns_email_address: integration.data.returns_email_address?.trim() || null,
    },
  };
  const integrations = [...row.integrations.filter((item) => item.type !== integration.type), normalised];
  const previous = row.integrations.find((item) => item.type === integration.type)?.data ?? null;
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(clients).set({ integrations, updatedAt: new Date() }).where(eq(clients.id, clientId));
    await recordAudit(tx, actor, {
      action: 'settings.integration_saved',
      entity: 'settings',
      entityId: clientId,
      summary: 'Saved email notification settings',
      changes: diffFields(previous, normalised.data, ['enabled', 'returns_email_address']),
    });
  });
  return normalised;
};

/**
 * The business's time zone and currency symbol (Account Settings). A new zone takes effect from now on: interval
 * statistics keep their current version across the change (see keepStatisticVersionsAcrossZones).
 */
export const saveRegionalSettings = async (
  ctx: AppContext,
  actor: Actor,
  settings: TRegionalSettings,
): Promise<TRegionalSettings> => {
  const { db } = ctx.database;
  // The contract checked the runtime's zones; the database computes local days too, so it must know the zone.
  if (!(await databaseKnowsTimeZone(db, settings.time_zone)))
    throw badRequest([{ field: 'time_zone', message: REGIONAL_SETTINGS_MESSAGES.timeZone }]);
  return db.transaction(async (tx) => {
    const row = await lockClient(tx, actor.clientId);
    if (!row) throw notFound(API_ERROR_MESSAGES.notFound);
    const before: TRegionalSettings = {
      time_zone: row.timeZone,
      currency_symbol: row.currencySymbol as TRegionalSettings['currency_symbol'],
    };
    const now = new Date();
    if (before.time_zone !== settings.time_zone)
      await keepStatisticVersionsAcrossZones(tx, actor.clientId, before.time_zone, now);
    await tx
      .update(clients)
      .set({ timeZone: settings.time_zone, currencySymbol: settings.currency_symbol, updatedAt: now })
      .where(eq(clients.id, actor.clientId));
    await recordAudit(tx, actor, {
      action: 'settings.regional_saved',
      entity: 'settings',
      entityId: actor.clientId,
      summary: `Saved regional settings: time zone ${settings.time_zone}, currency symbol ${settings.currency_symbol}`,
      changes: diffFields(before, settings, ['time_zone', 'currency_symbol']),
    });
    return { time_zone: settings.time_zone, currency_symbol: settings.currency_symbol };
  });
};
