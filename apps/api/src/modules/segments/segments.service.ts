import {
  SEGMENT_API_MESSAGES,
  SEGMENT_MESSAGES,
  type TFieldError,
  type TSegment,
  type TSegmentPlayer,
  type ZSaveSegmentRequest,
} from '@laurel/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { jsonColumn } from '../../db/raw-sql';
import {
  badges,
  challenges,
  type SegmentActionColumn,
  type SegmentFilterColumn,
  segments,
  statistics,
} from '../../db/schema';
import { currentValuesOf, loadStatisticCatalogue } from '../../engine';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { clientTimeZone } from '../statistics/statistics.queries';
import {
  findSegmentRow,
  listSegmentRows,
  memberCountsAt,
  memberSlice,
  type SegmentRow,
  segmentPlayerRows,
  segmentPlayerRowsAt,
} from './segments.queries';

type SaveInput = z.output<typeof ZSaveSegmentRequest>;

const iso = (value: string | Date) => new Date(value).toISOString();

export const toSegment = (row: SegmentRow): TSegment => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  filters: jsonColumn<SegmentFilterColumn[]>(row.filters),
  actions: jsonColumn<SegmentActionColumn[]>(row.actions),
  playfab_segment_id: row.id,
  player_count: Number(row.player_count),
  system: row.system,
  rebuilding: row.rebuild_requested_at !== null,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const stamp = (prefix: string, index: number) => `${prefix}${Date.now()}${index}`;

/** Rules and actions as stored: ids kept (or made, as the console makes them), values normalised. */
const columnsOf = (input: SaveInput) => ({
  description: input.description ?? '',
  filters: input.filters.map(
    (filter, index): SegmentFilterColumn => ({
      id: filter.id || stamp('filter_', index),
      type: filter.type,
      statistic_name: filter.type === 'statistic' ? (filter.statistic_name ?? null) : null,
      comparison: filter.type === 'statistic' ? filter.comparison || null : null,
      filter_value: filter.type === 'statistic' ? filter.filter_value : null,
    }),
  ),
  actions: input.actions.map(
    (action, index): SegmentActionColumn => ({
      id: action.id || stamp('action_', index),
      type: action.type,
      trigger: action.trigger || 'entered',
      item_id: action.type === 'grant_item' ? (action.item_id ?? null) : null,
      quantity: action.type === 'grant_item' ? Math.max(1, Math.floor(action.quantity ?? 1)) : null,
      mission_id: action.type === 'grant_mission' ? (action.mission_id ?? null) : null,
    }),
  ),
});

/** Rules must name the client's statistics and actions its badges (400 naming the field otherwise). */
const checkReferences = async (db: DbOrTx, clientId: string, columns: ReturnType<typeof columnsOf>) => {
  const errors: TFieldError[] = [];
  const names = [...new Set(columns.filters.flatMap((f) => (f.statistic_name ? [f.statistic_name] : [])))];
  if (names.length > 0) {
    const known = new Set(
      (
        await db
          .select({ name: statistics.name })
          .from(statistics)
          .where(and(eq(statistics.clientId, clientId), inArray(statistics.name, names)))
      ).map((row) => row.name),
    );
    columns.filters.forEach((filter, index) => {
      if (filter.statistic_name && !known.has(filter.statistic_name)) {
        errors.push({
          field: `filters.${index}.statistic_name`,
          message: SEGMENT_API_MESSAGES.unknownStatistic(filter.statistic_name),
        });
      }
    });
  }
  // Badges and challenges alike: an action naming one the client does not have would grant nothing, silently.
  const references = [
    { table: badges, field: 'item_id', message: SEGMENT_API_MESSAGES.unknownBadge },
    { table: challenges, field: 'mission_id', message: SEGMENT_API_MESSAGES.unknownMission },
  ] as const;
  for (const { table, field, message } of references) {
    const ids = [...new Set(columns.actions.flatMap((a) => (a[field] ? [a[field]] : [])))];
    if (ids.length === 0) continue;
    const known = new Set(
      (
        await db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.clientId, clientId), inArray(table.id, ids)))
      ).map((row) => row.id),
    );
    columns.actions.forEach((action, index) => {
      const id = action[field];
      if (id && !known.has(id)) errors.push({ field: `actions.${index}.${field}`, message });
    });
  }
  if (errors.length > 0) throw badRequest(errors);
};

const rulesChanged = (before: SegmentFilterColumn[], after: SegmentFilterColumn[]) => {
  const key = (filters: SegmentFilterColumn[]) =>
    JSON.stringify(
      filters.map(({ type, statistic_name, comparison, filter_value }) => [
        type,
        statistic_name,
        comparison,
        filter_value,
      ]),
    );
  return key(before) !== key(after);
};

/** What an update changed, for the audit log: actions hand out badges and challenges, so they are kept too. */
const changesOf = (before: SegmentRow, after: ReturnType<typeof columnsOf>, rulesDiffer: boolean) => {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (rulesDiffer) changes.filters = { from: jsonColumn(before.filters), to: after.filters };
  const actionsBefore = jsonColumn<SegmentActionColumn[]>(before.actions);
  // jsonb keeps keys in an order of its own: compare the fields, not the stored text.
  const key = (actions: SegmentActionColumn[]) =>
    JSON.stringify(actions.map((a) => [a.id, a.type, a.trigger, a.item_id, a.quantity, a.mission_id]));
  if (key(actionsBefore) !== key(after.actions)) {
    changes.actions = { from: actionsBefore, to: after.actions };
  }
  if (before.description !== after.description) {
    changes.description = { from: before.description, to: after.description };
  }
  return Object.keys(changes).length > 0 ? changes : null;
};

/** Segments (spec 2 §2-§5): members are kept by the engine; a rule change asks a worker to recompute them. */
export const createSegmentsService = (db: Db, onRebuildRequested: () => void) => {
  const load = async (tx: DbOrTx, clientId: string, id: string) => {
    const row = await findSegmentRow(tx, clientId, id);
    if (!row) throw notFound(SEGMENT_MESSAGES.notFound);
    return row;
  };
  const editable = async (tx: DbOrTx, clientId: string, id: string) => {
    const row = await load(tx, clientId, id);
    if (row.system) throw conflict(SEGMENT_API_MESSAGES.systemSegment);
    return row;
  };

  return {
    /** `branches`: null for an admin; a manager's branches, whose members alone make the sizes they are shown. */
    list: async (
      clientId: string,
      page: number,
      size: number,
      search?: string,
      ids?: string[],
      branches: string[] | null = null,
    ) => {
      const { rows, count } = await listSegmentRows(db, { clientId, search, ids }, page, size);
      const items = rows.map(toSegment);
      if (branches === null) return { items, count };
      const counts = await memberCountsAt(
        db,
        clientId,
        items.map((item) => item._id),
        branches,
      );
      return { items: items.map((item) => ({ ...item, player_count: counts.get(item._id) ?? 0 })), count };
    },

    create: async (actor: Actor, input: SaveInput) => {
      const columns = columnsOf(input);
      await checkReferences(db, actor.clientId, columns);
      try {
        const id = await db.transaction(async (tx) => {
          const segmentId = newId();
          await tx.insert(segments).values({
            id: segmentId,
            clientId: actor.clientId,
            name: input.name,
            ...columns,
            rebuildRequestedAt: new Date(),
          });
          await recordAudit(tx, actor, {
            action: 'segment.created',
            entity: 'segment',
            entityId: segmentId,
            summary: `Created segment '${input.name}'`,
          });
          return segmentId;
        });
        onRebuildRequested();
        return toSegment(await load(db, actor.clientId, id));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SEGMENT_API_MESSAGES.nameTaken);
        throw error;
      }
    },

    /** The name is immutable (spec 2 §2): a different name is refused rather than silently dropped. */
    update: async (actor: Actor, id: string, input: SaveInput) => {
      const columns = columnsOf(input);
      await checkReferences(db, actor.clientId, columns);
      const rebuild = await db.transaction(async (tx) => {
        const before = await editable(tx, actor.clientId, id);
        if (input.name !== before.name) {
          throw badRequest([{ field: 'name', message: SEGMENT_API_MESSAGES.nameImmutable }]);
        }
        const changed = rulesChanged(jsonColumn<SegmentFilterColumn[]>(before.filters), columns.filters);
        await tx
          .update(segments)
          .set({ ...columns, updatedAt: new Date(), ...(changed ? { rebuildRequestedAt: new Date() } : {}) })
          .where(and(eq(segments.clientId, actor.clientId), eq(segments.id, id)));
        await recordAudit(tx, actor, {
          action: 'segment.updated',
          entity: 'segment',
          entityId: id,
          summary: `Updated segment '${before.name}'${changed ? ' (rules changed)' : ''}`,
          changes: changesOf(before, columns, changed),
        });
        return changed;
      });
      if (rebuild) onRebuildRequested();
      return toSegment(await load(db, actor.clientId, id));
    },

    /** Deleting removes every member (their segment benefits end); actions do not run for them. */
    remove: async (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        const before = await editable(tx, actor.clientId, id);
        await tx.delete(segments).where(and(eq(segments.clientId, actor.clientId), eq(segments.id, id)));
        await recordAudit(tx, actor, {
          action: 'segment.deleted',
          entity: 'segment',
          entityId: id,
          summary: `Deleted segment '${before.name}' with ${Number(before.player_count)} players`,
        });
        return toSegment(before);
      }),

    /** A segment's players; `reader` is the read side (a replica when configured), the segment itself the primary. */
    /** `branches`: null for every member (an admin), else a manager's branches. */
    players: async (
      clientId: string,
      id: string,
      page: number,
      size: number,
      reader: Db = db,
      branches: string[] | null = null,
    ) => {
      const segment = toSegment(await load(db, clientId, id));
      const { rows, count } =
        branches === null
          ? {
              rows: await segmentPlayerRows(
                reader,
                clientId,
                id,
                memberSlice(segment.player_count, page, size),
              ),
              count: segment.player_count,
            }
          : await segmentPlayerRowsAt(reader, clientId, id, branches, {
              offset: (page - 1) * size,
              limit: size,
            });
      const names = new Set(segment.filters.flatMap((f) => (f.statistic_name ? [f.statistic_name] : [])));
      const [catalogue, timeZone] = await Promise.all([
        loadStatisticCatalogue(db, [clientId]),
        clientTimeZone(db, clientId),
      ]);
      const values = await currentValuesOf(
        reader,
        clientId,
        rows.map((row) => row.customer_id),
        catalogue,
        timeZone,
      );
      const items: TSegmentPlayer[] = rows.map((row) => ({
        customer_id: row.customer_id,
        display_name: row.display_name,
        statistics: Object.fromEntries(
          [...(values.get(row.customer_id) ?? [])].filter(([name]) => names.has(name)),
        ),
        last_login: row.last_login === null ? null : iso(row.last_login),
        entered_at: iso(row.entered_at),
      }));
      return { items, count };
    },
  };
};
