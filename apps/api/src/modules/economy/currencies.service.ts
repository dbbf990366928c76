import { ECONOMY_API_MESSAGES as M, MAX_CURRENCIES, type ZSaveCurrencyRequest } from '@laurel/contract';
import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { newId } from '../../db/ids';
import { currencies, earnConfigs } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { toCurrency } from './economy-dto';

type SaveInput = z.output<typeof ZSaveCurrencyRequest>;

/** Serialises a client's currency creations, so two at once cannot both be the 10th. */
const CURRENCY_LOCK_NAMESPACE = 7_401;

const live = (clientId: string) => and(eq(currencies.clientId, clientId), isNull(currencies.deletedAt));

const columnsOf = (input: SaveInput) => ({
  type: input.type,
  // A real currency is named by its code (spec 3 §2: the code selector sets the name).
  name: input.type === 'real' ? input.code : input.name,
  code: input.code,
  conversionRate: String(input.conversion_rate),
  icon: {
    name: input.icon?.name || null,
    prefix: input.icon?.prefix || null,
    url: input.icon?.url || null,
    etag: input.icon?.etag || null,
  },
  expiryPolicy: input.expiry_policy,
  expiryDays: input.expiry_policy === 'after_days' ? (input.expiry_days ?? null) : null,
});

const isCodeTaken = (error: unknown) =>
  String((error as { cause?: { message?: string } })?.cause?.message ?? (error as Error)?.message).includes(
    'currencies_client_code_unique',
  );

/** Wallet currencies (spec 3 §2, §3, §5, §9): at most 10 per client. */
export const createCurrenciesService = (db: Db) => {
  const load = async (tx: DbOrTx, clientId: string, id: string, lock = false) => {
    const query = tx
      .select()
      .from(currencies)
      .where(and(live(clientId), eq(currencies.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(M.currencyNotFound);
    return row;
  };
  const withCodeCheck = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (isCodeTaken(error)) throw conflict(M.currencyCodeTaken);
      throw error;
    }
  };

  return {
    /** `search` (search_string) finds a fragment of the name or short code; the count is of what it finds. */
    list: async (clientId: string, page: number, size: number, search?: string) => {
      const pattern = search ? containsPattern(search) : undefined;
      const where = pattern
        ? and(live(clientId), or(ilike(currencies.name, pattern), ilike(currencies.code, pattern)))
        : live(clientId);
      const rows = await db
        .select()
        .from(currencies)
        .where(where)
        .orderBy(asc(currencies.createdAt), asc(currencies.id))
        .limit(size)
        .offset((page - 1) * size);
      const [total] = await db.select({ count: count() }).from(currencies).where(where);
      return { items: rows.map(toCurrency), count: Number(total?.count ?? 0) };
    },

    get: async (clientId: string, id: string) => toCurrency(await load(db, clientId, id)),

    create: async (actor: Actor, input: SaveInput) =>
      withCodeCheck(async () => {
        const row = await db.transaction(async (tx) => {
          await tx.execute(
            sql`SELECT pg_advisory_xact_lock(${CURRENCY_LOCK_NAMESPACE}, hashtext(${actor.clientId}))`,
          );
          const [existing] = await tx.select({ count: count() }).from(currencies).where(live(actor.clientId));
          if (Number(existing?.count ?? 0) >= MAX_CURRENCIES) throw conflict(M.currencyLimit);
          const [created] = await tx
            .insert(currencies)
            .values({ id: newId(), clientId: actor.clientId, ...columnsOf(input) })
            .returning();
          if (!created) throw new Error('insert returned nothing');
          await recordAudit(tx, actor, {
            action: 'currency.created',
            entity: 'currency',
            entityId: created.id,
            summary: `Created currency '${created.name}' (${created.code})`,
          });
          return created;
        });
        return toCurrency(row);
      }),

    update: async (actor: Actor, id: string, input: SaveInput) =>
      withCodeCheck(async () => {
        const row = await db.transaction(async (tx) => {
          const before = await load(tx, actor.clientId, id, true);
          const [updated] = await tx
            .update(currencies)
            .set({ ...columnsOf(input), updatedAt: new Date() })
            .where(and(live(actor.clientId), eq(currencies.id, id)))
            .returning();
          if (!updated) throw notFound(M.currencyNotFound);
          await recordAudit(tx, actor, {
            action: 'currency.updated',
            entity: 'currency',
            entityId: id,
            summary: `Updated currency '${updated.name}'`,
            changes: diffFields(before, updated, [
              'type',
              'name',
              'code',
              'conversionRate',
              'expiryPolicy',
              'expiryDays',
            ]),
          });
          return updated;
        });
        return toCurrency(row);
      }),

    /** Customers lose access to its balances (the ledger keeps its rows); its earn configs go with it. */
    remove: async (actor: Actor, id: string) => {
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, actor.clientId, id, true);
        await tx
          .update(currencies)
          .set({ deletedAt: new Date(), updatedAt: new Date() })
          .where(eq(currencies.id, id));
        const removed = await tx
          .delete(earnConfigs)
          .where(and(eq(earnConfigs.clientId, actor.clientId), eq(earnConfigs.currencyId, id)))
          .returning({ id: earnConfigs.id });
        await recordAudit(tx, actor, {
          action: 'currency.deleted',
          entity: 'currency',
          entityId: id,
          summary: `Deleted currency '${before.name}'${removed.length > 0 ? ` and its ${removed.length} cashback config(s)` : ''}`,
        });
        return before;
      });
      return toCurrency(row);
    },
  };
};
