import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, type SignedIn } from './factories';

/** A value filter no row fails: the server then computes the cards from the rows rather than from the totals. */
export const CARDS_FROM_ROWS = 'min_value=-1000000000';

/** The Economy Transactions cards and exact count for a query string, as `{ count, [card label]: value }`. */
export const economyCards = async (app: FastifyInstance, session: SignedIn, query: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/transactions/economy/summary?${query}`,
    headers: bearer(session.clientToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { cards, count } = res.json().content as { cards: { label: string; value: number }[]; count: number };
  return { count, ...Object.fromEntries(cards.map((card) => [card.label, card.value])) };
};
