import { vi } from 'vitest';
import { jsonResponse } from '@/test/render-app';

type TReply = Response | ((body: unknown) => Response | Promise<Response>);

export type TStubCall = { method: string; path: string; url: string; body: unknown; headers: Headers };

const parseBody = (init: RequestInit | undefined) => {
  if (typeof init?.body !== 'string') return undefined;
  try {
    return JSON.parse(init.body) as unknown;
  } catch {
    return init.body;
  }
};

/** `{ success: true, message, content }` with status 200. */
export const ok = (content: unknown, message = '') => jsonResponse(200, { success: true, message, content });

/** One page of `rows` as a paged list answers it (DESIGN §3), for the `page` and `size` of the request's `url`. */
export const okPage = (rows: readonly unknown[], url = '') => {
  const query = new URL(url, 'http://localhost').searchParams;
  const page = Number(query.get('page') ?? '1');
  const size = Number(query.get('size') ?? '15');
  return jsonResponse(200, {
    success: true,
    message: 'OK',
    content: rows.slice((page - 1) * size, page * size),
    pagination: { count: rows.length, hasMore: page * size < rows.length },
  });
};

/** A failure envelope with the given status and message. */
export const fail = (status: number, message: string) =>
  jsonResponse(status, { success: false, message, content: null });

/**
 * Stubs `fetch` with answers keyed by 'METHOD /api/path' (the query string is ignored); the welcome area's
 * branding is answered unless a test overrides it, anything else is a 404. Every call is recorded.
 */
export const stubApi = (replies: Record<string, TReply>) => {
  const calls: TStubCall[] = [];
  const all: Record<string, TReply> = {
    'GET /api/branding': () =>
      ok({ slogan: 'Reward every visit.', logo_url: null, image_url: null, bugs_url: null }),
    ...replies,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0] ?? url;
    const body = parseBody(init);
    calls.push({ method, path, url, body, headers: new Headers(init?.headers) });
    const reply = all[`${method} ${path}`];
    if (!reply) return fail(404, 'Not found');
    return typeof reply === 'function' ? reply(body) : reply.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** The calls to one 'METHOD /api/path'. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
};
