import {
  ECONOMY_API_MESSAGES as M,
  type TEarnConfigType,
  type ZSaveEarnConfigRequest,
} from '@laurel/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { newId } from '../../db/ids';
import { currencies, earnConfigs, segments } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { toEarnConfig } from './economy-dto';

type SaveInput = z.output<typeof ZSaveEarnConfigRequest>;
/** Throws (403) unless the caller may act on configs of this type: their part's flag (earn-config-endpoints). */
type TypeCheck = (type: TEarnConfigType) => void;

/** Earn configs (spec 3 §2, §3, §5): cashback (type Currency) and XP (type Statistic). */
export const createEarnConfigsService = (db: Db) => {
  const load = async (tx: DbOrTx, clientId: string, id: string, lock = false) => {
    const query = tx
      .select({ config: earnConfigs, segmentName: segments.name })
      .from(earnConfigs)
      .leftJoin(segments, eq(segments.id, earnConfigs.segmentId))
      .where(and(eq(earnConfigs.clientId, clientId), eq(earnConfigs.id, id)));
    const [row] = lock ? await query.for('update', { of: earnConfigs }) : await query;
    // The spec's console suppresses exactly this message when a config is not found.
    if (!row) throw notFound(M.earnConfigNotFound);
    return row;
  };

  /** The segment and (for cashback) the currency must be the client's own, live ones. */
  const checkReferences = async (tx: DbOrTx, clientId: string, input: SaveInput) => {
    const [segment] = await tx
      .select({ name: segments.name })
      .from(segments)
      .where(and(eq(segments.clientId, clientId), eq(segments.id, input.segment_id as string)));
    if (!segment) throw badRequest([{ field: 'segment_id', message: M.unknownSegment }]);
    if (input.type === 'Currency') {
      const [currency] = await tx
        .select({ id: currencies.id })
        .from(currencies)
        .where(
          and(
            eq(currencies.clientId, clientId),
            eq(currencies.id, input.earn_target as string),
            isNull(currencies.deletedAt),
          ),
        );
      if (!currency) throw badRequest([{ field: 'earn_target', message: M.unknownCurrency }]);
    }
    return segment.name;
  };

  const columnsOf = (input: SaveInput) => ({
    type: input.type,
    triggerValue: String(input.trigger_value),
    earnAmount: String(input.earn_amount),
    segmentId: input.segment_id as string,
    currencyId: input.type === 'Currency' ? (input.earn_target as string) : null,
    cashbackType: input.cashback_type,
    excludeType: input.exclude_type,
    excludedProductIds: input.excluded_product_ids,
    excludedCategoryIds: input.excluded_category_ids,
  });

  return {
    list: async (clientId: string, page: number, size: number, type?: TEarnConfigType) => {
      const where = type
        ? and(eq(earnConfigs.clientId, clientId), eq(earnConfigs.type, type))
        : eq(earnConfigs.clientId, clientId);
      const rows = await db
        .select({ config: earnConfigs, segmentName: segments.name })
        .from(earnConfigs)
        .leftJoin(segments, eq(segments.id, earnConfigs.segmentId))
        .where(where)
        .orderBy(desc(earnConfigs.createdAt), desc(earnConfigs.id))
        .limit(size)
        .offset((page - 1) * size);
      const [total] = await db.select({ count: count() }).from(earnConfigs).where(where);
      return {
        items: rows.map((row) => toEarnConfig(row.config, row.segmentName ?? '')),
        count: Number(total?.count ?? 0),
      };
    },

    get: async (clientId: string, id: string, mayRead: TypeCheck) => {
      const row = await load(db, clientId, id);
      mayRead(row.config.type);
      return toEarnConfig(row.config, row.segmentName ?? '');
    },

    create: async (actor: Actor, input: SaveInput) =>
      db.transaction(async (tx) => {
        const segmentName = await checkReferences(tx, actor.clientId, input);
        const [created] = await tx
          .insert(earnConfigs)
          .values({ id: newId(), clientId: actor.clientId, ...columnsOf(input) })
          .returning();
        if (!created) throw new Error('insert returned nothing');
        await recordAudit(tx, actor, {
          action: 'earn_config.created',
          entity: 'earn_config',
          entityId: created.id,
          summary: `Created ${input.type === 'Currency' ? 'cashback' : 'XP'} config: ${input.earn_amount} per ${input.trigger_value} for '${segmentName}'`,
        });
        return toEarnConfig(created, segmentName);
      }),

    update: async (actor: Actor, id: string, input: SaveInput) =>
      db.transaction(async (tx) => {
        const before = (await load(tx, actor.clientId, id, true)).config;
        if (before.type !== input.type) throw badRequest([{ field: 'type', message: M.typeMismatch }]);
        const segmentName = await checkReferences(tx, actor.clientId, input);
        const [updated] = await tx
          .update(earnConfigs)
          .set({ ...columnsOf(input), updatedAt: new Date() })
          .where(and(eq(earnConfigs.clientId, actor.clientId), eq(earnConfigs.id, id)))
          .returning();
        if (!updated) throw notFound(M.earnConfigNotFound);
        await recordAudit(tx, actor, {
          action: 'earn_config.updated',
          entity: 'earn_config',
          entityId: id,
          summary: `Updated ${input.type === 'Currency' ? 'cashback' : 'XP'} config`,
          changes: diffFields(before, updated, [
            'triggerValue',
            'earnAmount',
            'segmentId',
            'currencyId',
            'cashbackType',
            'excludeType',
            'excludedProductIds',
            'excludedCategoryIds',
          ]),
        });
        return toEarnConfig(updated, segmentName);
      }),

    remove: async (actor: Actor, id: string, mayDelete: TypeCheck) =>
      db.transaction(async (tx) => {
        const before = await load(tx, actor.clientId, id, true);
        mayDelete(before.config.type);
        await tx
          .delete(earnConfigs)
          .where(and(eq(earnConfigs.clientId, actor.clientId), eq(earnConfigs.id, id)));
        await recordAudit(tx, actor, {
          action: 'earn_config.deleted',
          entity: 'earn_config',
          entityId: id,
          summary: `Deleted ${before.config.type === 'Currency' ? 'cashback' : 'XP'} config`,
        });
        return toEarnConfig(before.config, before.segmentName ?? '');
      }),
  };
};
