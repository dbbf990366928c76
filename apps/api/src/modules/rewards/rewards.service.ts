import {
  REWARD_MESSAGES as M,
  POOL_CODE_REGEX,
  POOL_MAX_CODES_PER_UPLOAD,
  type TParsedRewardListQuery,
  type TParsedSaveRewardRequest,
} from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { clientTimeZone } from '../../db/filters';
import { newId } from '../../db/ids';
import { arrayParam, rowsOf } from '../../db/raw-sql';
import { endOfLocalDay, startOfLocalDay } from '../../engine/challenges/challenge-schedule';
import { badRequest, notFound } from '../../http/errors';
import { type Actor, countOf, diffFields, recordAudit } from '../audit/audit';
import { foldShards, lockRewardAlone, REDEEMED_TOTAL } from './redemption-counts';
import { couponOf, findReward, listRewardRecords, type RewardRecord, toReward } from './rewards.queries';

const TYPE_FIXED = 'The type and the coupon source cannot change once the reward has been redeemed.';

/** The editor's checks that need the database: a live currency, the client's segments, stock above redemptions. */
const checkReferences = async (db: DbOrTx, clientId: string, body: TParsedSaveRewardRequest) => {
  const [currency] = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM currencies WHERE client_id = ${clientId} AND id = ${body.cost.currency} AND deleted_at IS NULL`,
  );
  if (!currency) throw badRequest([{ field: 'cost.currency', message: M.unknownCurrency }]);
  if (body.segment_ids.length > 0) {
    const [found] = await rowsOf<{ n: string | number }>(
      db,
      sql`SELECT count(*) AS n FROM segments WHERE client_id = ${clientId}
          AND id = ANY(${arrayParam([...new Set(body.segment_ids)])}::text[])`,
    );
    if (Number(found?.n) !== new Set(body.segment_ids).size)
      throw badRequest([{ field: 'segment_ids', message: M.unknownSegment }]);
  }
};

/**
 * The availability window as stored: a day (YYYY-MM-DD) from the start of that day until the end of that day
 * (inclusive, its last millisecond) in the business's time zone, as a challenge's days are stored; a date-time as
 * sent. Redemption judges the stored instants, so it agrees with the days the console shows in that zone.
 */
const windowOf = async (db: DbOrTx, clientId: string, body: TParsedSaveRewardRequest) => {
  const timeZone = await clientTimeZone(db, clientId);
  const from = body.available_from ? startOfLocalDay(body.available_from, timeZone) : null;
  const to = body.available_to ? endOfLocalDay(body.available_to, timeZone) : null;
  // The body's own check cannot place a day beside a date-time: once both are instants, the end must be later.
  if (from && to && to <= from) throw badRequest([{ field: 'available_to', message: M.windowOrder }]);
  return { available_from: from?.toISOString() ?? null, available_to: to?.toISOString() ?? null };
};

const columnsOf = (body: TParsedSaveRewardRequest, window: Awaited<ReturnType<typeof windowOf>>) => ({
  name: body.name,
  description: body.description,
  image_url: body.image_url,
  type: body.type,
  currency_id: body.cost.currency,
  cost: body.cost.amount.toFixed(2),
  stock: body.stock,
  per_customer_limit: body.per_customer_limit,
  available_from: window.available_from,
  available_to: window.available_to,
  segment_ids: body.segment_ids,
  coupon: body.type === 'coupon' ? body.coupon : null,
  active: body.active,
});

const AUDITED = [
  'name',
  'description',
  'image_url',
  'type',
  'currency_id',
  'cost',
  'stock',
  'per_customer_limit',
  'available_from',
  'available_to',
  'segment_ids',
  'coupon',
  'active',
] as const;

/**
 * Pool codes from an uploaded file: one a line, an optional 'code' header, blank lines skipped; each code once, and
 * how many lines repeated one.
 */
export const parsePoolCodes = (text: string) => {
  const codes: string[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .replace(/,+$/, '');
    if (line === '' || (index === 0 && line.toLowerCase() === 'code')) continue;
    if (!POOL_CODE_REGEX.test(line)) throw badRequest([{ field: 'file', message: M.poolBadCode(index + 1) }]);
    codes.push(line);
  }
  if (codes.length === 0) throw badRequest([{ field: 'file', message: M.poolEmpty }]);
  if (codes.length > POOL_MAX_CODES_PER_UPLOAD) throw badRequest([{ field: 'file', message: M.poolTooMany }]);
  const unique = [...new Set(codes)];
  return { codes: unique, repeated: codes.length - unique.length };
};

/** The reward catalogue (DESIGN §10): list, read, create, change, and a pool's codes. */
export const createRewardsService = (db: Db) => {
  const get = async (clientId: string, id: string) => {
    const row = await findReward(db, clientId, id);
    if (!row) throw notFound(M.notFound);
    return toReward(row);
  };

  return {
    get,

    list: async (clientId: string, query: TParsedRewardListQuery) => {
      const { rows, count } = await listRewardRecords(db, clientId, query);
      return { items: rows.map((row) => toReward(row)), count };
    },

    create: async (actor: Actor, body: TParsedSaveRewardRequest) => {
      await checkReferences(db, actor.clientId, body);
      const id = newId();
      const c = columnsOf(body, await windowOf(db, actor.clientId, body));
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO rewards (id, client_id, name, description, image_url, type, currency_id, cost, stock,
            per_customer_limit, available_from, available_to, segment_ids, coupon, active)
          VALUES (${id}, ${actor.clientId}, ${c.name}, ${c.description}, ${c.image_url}, ${c.type}, ${c.currency_id},
            ${c.cost}, ${c.stock}, ${c.per_customer_limit}, ${c.available_from}, ${c.available_to},
            ${arrayParam(c.segment_ids)}::text[], ${c.coupon ? JSON.stringify(c.coupon) : null}::jsonb, ${c.active})`);
        await recordAudit(tx, actor, {
          action: 'reward.created',
          entity: 'reward',
          entityId: id,
          summary: `Created reward ${c.name}`,
        });
      });
      return get(actor.clientId, id);
    },

    update: async (actor: Actor, id: string, body: TParsedSaveRewardRequest) => {
      await checkReferences(db, actor.clientId, body);
      const c = columnsOf(body, await windowOf(db, actor.clientId, body));
      await db.transaction(async (tx) => {
        // The reward's lock, alone, keeps a redemption from slipping between the count and the write.
        await lockRewardAlone(tx, id);
        const [before] = await rowsOf<RewardRecord>(
          tx,
          sql`SELECT id, name, description, image_url, type, currency_id, cost::text AS cost, stock, per_customer_limit,
                     available_from::text, available_to::text, segment_ids, coupon, active, ${REDEEMED_TOTAL} AS redeemed
              FROM rewards r WHERE client_id = ${actor.clientId} AND id = ${id} FOR UPDATE OF r`,
        );
        if (!before) throw notFound(M.notFound);
        if (c.stock !== null) await foldShards(tx, id);
        if (c.stock !== null && c.stock < before.redeemed)
          throw badRequest([{ field: 'stock', message: M.stockBelowRedeemed(before.redeemed) }]);
        const previousSource = couponOf(before.coupon)?.source ?? null;
        if (before.redeemed > 0 && (before.type !== c.type || previousSource !== (c.coupon?.source ?? null)))
          throw badRequest([{ field: 'type', message: TYPE_FIXED }]);
        await tx.execute(sql`
          UPDATE rewards SET name = ${c.name}, description = ${c.description}, image_url = ${c.image_url},
            type = ${c.type}, currency_id = ${c.currency_id}, cost = ${c.cost}, stock = ${c.stock},
            per_customer_limit = ${c.per_customer_limit}, available_from = ${c.available_from},
            available_to = ${c.available_to}, segment_ids = ${arrayParam(c.segment_ids)}::text[],
            coupon = ${c.coupon ? JSON.stringify(c.coupon) : null}::jsonb, active = ${c.active}, updated_at = now()
          WHERE id = ${id}`);
        await recordAudit(tx, actor, {
          action: 'reward.updated',
          entity: 'reward',
          entityId: id,
          summary: `Edited reward ${c.name}`,
          changes: diffFields(
            before as unknown as Record<string, unknown>,
            { ...before, ...c } as unknown as Record<string, unknown>,
            [...AUDITED],
          ),
        });
      });
      return get(actor.clientId, id);
    },

    uploadCodes: async (actor: Actor, id: string, text: string) => {
      const reward = await get(actor.clientId, id);
      if (reward.coupon?.source !== 'pool') throw badRequest([{ field: 'file', message: M.poolOnlyForPool }]);
      const { codes, repeated } = parsePoolCodes(text);
      const added = await db.transaction(async (tx) => {
        const inserted = await rowsOf<{ id: string }>(
          tx,
          sql`INSERT INTO reward_codes (id, client_id, reward_id, code)
              SELECT c.id, ${actor.clientId}, ${id}, c.code
              FROM unnest(${arrayParam(codes.map(() => newId()))}::text[], ${arrayParam(codes)}::text[]) AS c(id, code)
              ON CONFLICT (client_id, code) DO NOTHING RETURNING id`,
        );
        await recordAudit(tx, actor, {
          action: 'reward.codes-added',
          entity: 'reward',
          entityId: id,
          summary: `Added ${countOf(inserted.length, 'code')} to the pool of ${reward.name}`,
        });
        return inserted.length;
      });
      return { added, skipped: codes.length - added, repeated, reward: await get(actor.clientId, id) };
    },
  };
};
