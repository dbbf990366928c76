import {
  API_ERROR_MESSAGES,
  type TAggregationMethod,
  type TCreateStatisticRequest,
  type TResetInterval,
  type TStatistic,
  type TUpdateStatisticRequest,
} from '@laurel/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { statistics } from '../../db/schema';
import { currentVersion, requestRebuildOfSegmentsReading } from '../../engine';
import { conflict, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { clientTimeZone, findStatisticRow, listStatisticRows, type StatisticRow } from './statistics.queries';

const NOT_FOUND = 'The statistic could not be found.';

const definitionOf = (row: StatisticRow) => ({
  id: row.id,
  clientId: row.clientId,
  name: row.name,
  aggregationMethod: row.aggregationMethod as TAggregationMethod,
  resetInterval: row.resetInterval as TResetInterval,
  system: row.system,
  epochVersion: row.epochVersion,
  epochStart: row.epochStart,
});

export const toStatistic = (row: StatisticRow, timeZone: string): TStatistic => ({
  _id: row.id,
  name: row.name,
  aggregation_method: row.aggregationMethod as TAggregationMethod,
  reset_interval: row.resetInterval as TResetInterval,
  version: currentVersion(definitionOf(row), timeZone),
  system: row.system,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Statistics (spec 2 §2, §5; DESIGN §5): the client's own ones and the engine's system ones. */
/** `onRebuildRequested`: wakes the worker, which recomputes the segments a reset statistic's rules select. */
export const createStatisticsService = (db: Db, onRebuildRequested: () => void) => {
  const load = async (tx: DbOrTx, clientId: string, id: string) => {
    const row = await findStatisticRow(tx, clientId, id);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  };
  const editable = async (tx: DbOrTx, clientId: string, id: string) => {
    const row = await load(tx, clientId, id);
    if (row.system) throw conflict(API_ERROR_MESSAGES.systemStatisticReadOnly);
    return row;
  };

  return {
    list: async (clientId: string, page: number, size: number, search?: string) => {
      const [timeZone, { rows, count }] = await Promise.all([
        clientTimeZone(db, clientId),
        listStatisticRows(db, clientId, page, size, search),
      ]);
      return { items: rows.map((row) => toStatistic(row, timeZone)), count };
    },

    get: async (clientId: string, id: string) =>
      toStatistic(await load(db, clientId, id), await clientTimeZone(db, clientId)),

    create: async (actor: Actor, clientId: string, input: TCreateStatisticRequest) => {
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(statistics)
            .values({
              id: newId(),
              clientId,
              name: input.name.trim(),
              aggregationMethod: input.aggregation_method,
              resetInterval: input.reset_interval,
            })
            .returning();
          if (!created) throw new Error('insert returned nothing');
          await recordAudit(tx, actor, {
            action: 'statistic.created',
            entity: 'statistic',
            entityId: created.id,
            summary: `Created statistic '${created.name}' (${created.aggregationMethod}, ${created.resetInterval})`,
          });
          return created;
        });
        return toStatistic(row, await clientTimeZone(db, clientId));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(API_ERROR_MESSAGES.statisticNameTaken);
        throw error;
      }
    },

    /** A new reset interval starts a new version: every player starts again, old values stay readable. */
    update: async (actor: Actor, clientId: string, id: string, input: TUpdateStatisticRequest) => {
      const timeZone = await clientTimeZone(db, clientId);
      const row = await db.transaction(async (tx) => {
        const before = await editable(tx, clientId, id);
        const intervalChanged = before.resetInterval !== input.reset_interval;
        const [updated] = await tx
          .update(statistics)
          .set({
            aggregationMethod: input.aggregation_method,
            resetInterval: input.reset_interval,
            updatedAt: new Date(),
            ...(intervalChanged
              ? { epochVersion: currentVersion(definitionOf(before), timeZone) + 1, epochStart: new Date() }
              : {}),
          })
          .where(and(eq(statistics.clientId, clientId), eq(statistics.id, id)))
          .returning();
        if (!updated) throw notFound(NOT_FOUND);
        if (intervalChanged) await requestRebuildOfSegmentsReading(tx, clientId, before.name);
        await recordAudit(tx, actor, {
          action: 'statistic.updated',
          entity: 'statistic',
          entityId: id,
          summary: `Updated statistic '${before.name}'`,
          changes: diffFields(
            { aggregation_method: before.aggregationMethod, reset_interval: before.resetInterval },
            { aggregation_method: updated.aggregationMethod, reset_interval: updated.resetInterval },
            ['aggregation_method', 'reset_interval'],
          ),
        });
        return { updated, intervalChanged };
      });
      if (row.intervalChanged) onRebuildRequested();
      return toStatistic(row.updated, timeZone);
    },

    remove: async (actor: Actor, clientId: string, id: string) => {
      const timeZone = await clientTimeZone(db, clientId);
      const row = await db.transaction(async (tx) => {
        const before = await editable(tx, clientId, id);
        await tx.delete(statistics).where(and(eq(statistics.clientId, clientId), eq(statistics.id, id)));
        // Its values went with it, so no player matches a rule on it any more: those segments lose their members.
        await requestRebuildOfSegmentsReading(tx, clientId, before.name);
        await recordAudit(tx, actor, {
          action: 'statistic.deleted',
          entity: 'statistic',
          entityId: id,
          summary: `Deleted statistic '${before.name}'`,
        });
        return before;
      });
      onRebuildRequested();
      return toStatistic(row, timeZone);
    },

    /** Manual reset: the next version begins now. */
    reset: async (actor: Actor, clientId: string, id: string) => {
      const timeZone = await clientTimeZone(db, clientId);
      const row = await db.transaction(async (tx) => {
        const before = await editable(tx, clientId, id);
        const [updated] = await tx
          .update(statistics)
          .set({
            epochVersion: currentVersion(definitionOf(before), timeZone) + 1,
            epochStart: new Date(),
            updatedAt: new Date(),
          })
          .where(and(eq(statistics.clientId, clientId), eq(statistics.id, id)))
          .returning();
        if (!updated) throw notFound(NOT_FOUND);
        await requestRebuildOfSegmentsReading(tx, clientId, before.name);
        await recordAudit(tx, actor, {
          action: 'statistic.reset',
          entity: 'statistic',
          entityId: id,
          summary: `Reset statistic '${before.name}' to version ${currentVersion(definitionOf(updated), timeZone)}`,
        });
        return updated;
      });
      onRebuildRequested();
      return toStatistic(row, timeZone);
    },
  };
};
