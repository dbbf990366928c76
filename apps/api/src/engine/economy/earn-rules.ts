import type { TOrderCreatedData } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { arrayParam, rowsOf } from '../core/sql';
import { toCents } from './amounts';

/** An earn config as the engine applies it. */
export type EarnRule = {
  id: string;
  clientId: string;
  type: 'Currency' | 'Statistic';
  triggerValue: number;
  earnAmount: number;
  segmentId: string;
  /** The segment has an all-players rule: everyone with activity is in it, even before their first event. */
  everyone: boolean;
  currencyId: string | null;
  excludedProducts: ReadonlySet<string>;
  excludedCategories: ReadonlySet<string>;
};

/** The clients' earn configs whose segment and (for cashback) currency still exist. */
export const loadEarnRules = async (db: DbOrTx, clientIds: readonly string[]): Promise<EarnRule[]> => {
  if (clientIds.length === 0) return [];
  const rows = await rowsOf<{
    id: string;
    client_id: string;
    type: string;
    trigger_value: string;
    earn_amount: string;
    segment_id: string;
    everyone: boolean;
    currency_id: string | null;
    excluded_product_ids: string[] | null;
    excluded_category_ids: string[] | null;
  }>(
    db,
    sql`SELECT ec.id, ec.client_id, ec.type, ec.trigger_value::text, ec.earn_amount::text, ec.segment_id, ec.currency_id,
               ec.excluded_product_ids, ec.excluded_category_ids,
               EXISTS (SELECT 1 FROM jsonb_array_elements(s.filters) f WHERE f->>'type' = 'all_players') AS everyone
        FROM earn_configs ec
        JOIN segments s ON s.id = ec.segment_id AND s.client_id = ec.client_id
        LEFT JOIN currencies c ON c.id = ec.currency_id
        WHERE ec.client_id = ANY(${arrayParam([...clientIds])}::text[])
          AND (ec.type = 'Statistic' OR (c.id IS NOT NULL AND c.deleted_at IS NULL))
        ORDER BY ec.created_at, ec.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client_id,
    type: row.type === 'Statistic' ? 'Statistic' : 'Currency',
    triggerValue: Number(row.trigger_value),
    earnAmount: Number(row.earn_amount),
    segmentId: row.segment_id,
    everyone: row.everyone,
    currencyId: row.type === 'Statistic' ? null : row.currency_id,
    excludedProducts: new Set(row.excluded_product_ids ?? []),
    excludedCategories: new Set(row.excluded_category_ids ?? []),
  }));
};

/** Who (customer) is in which segment, as stored before this batch's segment step. */
export const loadMemberships = async (
  db: DbOrTx,
  segmentIds: readonly string[],
  customerIds: readonly string[],
) => {
  const members = new Set<string>();
  if (segmentIds.length === 0 || customerIds.length === 0) return members;
  const rows = await rowsOf<{ segment_id: string; customer_id: string }>(
    db,
    sql`SELECT segment_id, customer_id FROM segment_members
        WHERE segment_id = ANY(${arrayParam([...segmentIds])}::text[])
          AND customer_id = ANY(${arrayParam([...customerIds])}::text[])`,
  );
  for (const row of rows) members.add(`${row.segment_id}\u0000${row.customer_id}`);
  return members;
};

export type CatalogueProduct = { id: string; categoryIds: readonly string[] };

/**
 * The catalogue's products named by order lines (by id or SKU) with their categories: a line that names only a
 * product still counts as in the product's categories for exclusions.
 */
export const loadCatalogueProducts = async (
  db: DbOrTx,
  clientIds: readonly string[],
  refs: readonly string[],
) => {
  const byRef = new Map<string, CatalogueProduct>();
  if (refs.length === 0) return byRef;
  const rows = await rowsOf<{ client_id: string; id: string; sku: string; category_ids: string[] | null }>(
    db,
    sql`SELECT p.client_id, p.id, p.sku,
               (SELECT array_agg(l.category_id) FROM product_category_links l WHERE l.product_id = p.id) AS category_ids
        FROM products p
        WHERE p.client_id = ANY(${arrayParam([...clientIds])}::text[])
          AND (p.id = ANY(${arrayParam([...refs])}::text[])
               OR lower(p.sku) = ANY(${arrayParam(refs.map((ref) => ref.toLowerCase()))}::text[]))`,
  );
  for (const row of rows) {
    const product = { id: row.id, categoryIds: row.category_ids ?? [] };
    byRef.set(`${row.client_id}\u0000${row.id}`, product);
    // SKUs are unique regardless of case (products_client_sku_unique): a till's 'flat-white' is FLAT-WHITE.
    byRef.set(`${row.client_id}\u0000sku:${row.sku.toLowerCase()}`, product);
  }
  return byRef;
};

/**
 * The spend an order qualifies with under a rule, in cents: its lines less the excluded products and categories;
 * an order without lines qualifies with its total.
 */
export const qualifyingCents = (
  rule: EarnRule,
  data: TOrderCreatedData,
  totalMinor: number,
  catalogue: ReadonlyMap<string, CatalogueProduct>,
) => {
  const items = data.items ?? [];
  if (items.length === 0) return totalMinor;
  let cents = 0;
  for (const item of items) {
    const known =
      (item.product_id ? catalogue.get(`${rule.clientId}\u0000${item.product_id}`) : undefined) ??
      (item.sku ? catalogue.get(`${rule.clientId}\u0000sku:${item.sku.toLowerCase()}`) : undefined);
    const productIds = [item.product_id, known?.id].filter((id): id is string => Boolean(id));
    const categoryIds = [...(item.category_ids ?? []), ...(known?.categoryIds ?? [])];
    const excluded =
      productIds.some((id) => rule.excludedProducts.has(id)) ||
      categoryIds.some((id) => rule.excludedCategories.has(id));
    if (!excluded) cents += toCents(item.price) * item.quantity;
  }
  return cents;
};
