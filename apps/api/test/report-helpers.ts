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

/** Where a report's export is downloaded: its `…/export` request answers the file id (spec 3 §7). */
export const exportFileUrl = (exportPath: string, answer: { json: () => { content: unknown } }) => {
  const fileId = answer.json().content;
  expect(fileId).toMatch(/^[0-9a-f]{24}$/);
  return `${exportPath.replace(/\/export$/, '/files')}?file_id=${fileId as string}`;
};

/** The file name a download gives (Content-Disposition). */
export const attachmentName = (file: { headers: Record<string, unknown> }) =>
  /filename="([^"]+)"/.exec(String(file.headers['content-disposition'] ?? ''))?.[1];
