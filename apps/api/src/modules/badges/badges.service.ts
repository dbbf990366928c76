import type { TBadge, TBadgeCategory, ZSaveBadgeRequest } from '@laurel/contract';
import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { newId } from '../../db/ids';
import { badges } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';

type SaveInput = z.output<typeof ZSaveBadgeRequest>;
type BadgeRow = typeof badges.$inferSelect;

export const BADGE_API_MESSAGES = {
  notFound: 'The badge could not be found.',
  stockBelowGranted: (granted: number) => `Quantity cannot be less than the ${granted} already granted.`,
} as const;

const iso = (value: Date | null) => value?.toISOString() ?? null;

export const toBadge = (row: BadgeRow): TBadge => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  sub_copy: row.subCopy,
  quantity: row.quantity,
  quantity_limited: row.quantityLimited,
  granted_quantity: row.grantedQuantity,
  dates_enabled: row.datesEnabled,
  start_date: iso(row.startDate),
  end_date: iso(row.endDate),
  icon: row.icon,
  theme: row.theme,
  category: row.category as TBadgeCategory,
  level: row.level,
  playfab_item_id: row.id,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The columns a save writes; dates only count when enabled, the quantity only when limited. */
const columnsOf = (input: SaveInput) => ({
  name: input.name,
  description: input.description,
  subCopy: input.sub_copy,
  quantityLimited: input.quantity_limited,
  quantity: input.quantity_limited ? (input.quantity ?? 0) : 0,
  datesEnabled: input.dates_enabled,
  startDate: input.dates_enabled && input.start_date ? new Date(input.start_date) : null,
  endDate: input.dates_enabled && input.end_date ? new Date(input.end_date) : null,
  icon: {
    name: input.icon?.name || null,
    prefix: input.icon?.prefix || null,
    url: input.icon?.url || null,
    etag: input.icon?.etag || null,
    file_name: input.icon?.file_name || null,
  },
  theme: input.theme,
  category: input.category,
  level: input.level,
});

const AUDITED = ['name', 'quantityLimited', 'quantity', 'datesEnabled', 'category', 'level'] as const;

/** Badges (spec 2 §2, §5; DESIGN §9). */
export const createBadgesService = (db: Db) => {
  const load = async (tx: DbOrTx, clientId: string, id: string, lock = false) => {
    const query = tx
      .select()
      .from(badges)
      .where(and(eq(badges.clientId, clientId), eq(badges.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(BADGE_API_MESSAGES.notFound);
    return row;
  };

  return {
    list: async (clientId: string, page: number, size: number, search?: string) => {
      const where = search
        ? and(
            eq(badges.clientId, clientId),
            like(sql`lower(${badges.name})`, containsPattern(search.toLowerCase())),
          )
        : eq(badges.clientId, clientId);
      const rows = await db
        .select()
        .from(badges)
        .where(where)
        .orderBy(desc(badges.createdAt), desc(badges.id))
        .limit(size)
        .offset((page - 1) * size);
      const [total] = await db.select({ count: count() }).from(badges).where(where);
      return { items: rows.map(toBadge), count: Number(total?.count ?? 0) };
    },

    get: async (clientId: string, id: string) => toBadge(await load(db, clientId, id)),

    create: async (actor: Actor, input: SaveInput) => {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(badges)
          .values({ id: newId(), clientId: actor.clientId, ...columnsOf(input) })
          .returning();
        if (!created) throw new Error('insert returned nothing');
        await recordAudit(tx, actor, {
          action: 'badge.created',
          entity: 'badge',
          entityId: created.id,
          summary: `Created badge '${created.name}'`,
        });
        return created;
      });
      return toBadge(row);
    },

    update: async (actor: Actor, id: string, input: SaveInput) => {
      const row = await db.transaction(async (tx) => {
        // Locked: a grant running at the same moment cannot slip between the stock check and the update.
        const before = await load(tx, actor.clientId, id, true);
        const columns = columnsOf(input);
        if (columns.quantityLimited && columns.quantity < before.grantedQuantity) {
          throw new HttpError(400, BADGE_API_MESSAGES.stockBelowGranted(before.grantedQuantity), {
            errors: [
              { field: 'quantity', message: BADGE_API_MESSAGES.stockBelowGranted(before.grantedQuantity) },
            ],
          });
        }
        const [updated] = await tx
          .update(badges)
          .set({ ...columns, updatedAt: new Date() })
          .where(and(eq(badges.clientId, actor.clientId), eq(badges.id, id)))
          .returning();
        if (!updated) throw notFound(BADGE_API_MESSAGES.notFound);
        await recordAudit(tx, actor, {
          action: 'badge.updated',
          entity: 'badge',
          entityId: id,
          summary: `Updated badge '${updated.name}'`,
          changes: diffFields(before, updated, [...AUDITED]),
        });
        return updated;
      });
      return toBadge(row);
    },

    remove: async (actor: Actor, id: string) => {
      const row = await db.transaction(async (tx) => {
        const before = await load(tx, actor.clientId, id, true);
        await tx.delete(badges).where(and(eq(badges.clientId, actor.clientId), eq(badges.id, id)));
        await recordAudit(tx, actor, {
          action: 'badge.deleted',
          entity: 'badge',
          entityId: id,
          summary: `Deleted badge '${before.name}'`,
        });
        return before;
      });
      return toBadge(row);
    },
  };
};
