import { ECONOMY_API_MESSAGES, type TPlayer, type TSpendResult } from '@laurel/contract';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { Laurel } from './client';
import { LaurelError } from './errors';
import type { EventAnswer, Page } from './types';

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const ok = (content: unknown, extra: object = {}) =>
  json(200, { success: true, message: 'OK', content, ...extra });

/** A fetch that answers from a script, one answer per call, and records what it was sent. */
const scriptedFetch = (...answers: (Response | Error)[]) => {
  const calls: Call[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers.shift();
    if (answer === undefined) throw new Error('no scripted answer left');
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { fetch: fake as unknown as typeof fetch, calls };
};

const client = (fetch: typeof globalThis.fetch, maxRetries?: number) =>
  new Laurel({ apiKey: 'lk_test_123', baseUrl: 'https://loyalty.example.com/', fetch, maxRetries });

const CUSTOMER = '5f1c2b3a4d5e6f7a8b9c0d1e';
const CURRENCY = '64b7f0c2a1b2c3d4e5f60718';

afterEach(() => {
  vi.useRealTimers();
});

describe('requests', () => {
  it('sends the API key to /api/v1/… and answers the content', async () => {
    const player = { customer_id: CUSTOMER, statistics: { visits: 3 } };
    const { fetch, calls } = scriptedFetch(ok(player));
    const answer = await client(fetch).players.get(CUSTOMER);
    expect(answer).toEqual(player);
    expect(calls).toEqual([
      {
        url: `https://loyalty.example.com/api/v1/players/${CUSTOMER}`,
        method: 'GET',
        headers: { accept: 'application/json', 'x-api-key': 'lk_test_123' },
        body: undefined,
      },
    ]);
    expectTypeOf(answer).toEqualTypeOf<TPlayer>();
  });

  it('encodes path parameters and skips empty query values', async () => {
    const { fetch, calls } = scriptedFetch(ok({ status: 'used' }), ok({ _id: CUSTOMER }));
    const laurel = client(fetch);
    await laurel.coupons.use('AB C/1', { order_id: 'A-1' });
    await laurel.customers.find({ email: 'ayanda@example.com', external_id: '' });
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', 'https://loyalty.example.com/api/v1/coupons/AB%20C%2F1/use', { order_id: 'A-1' }],
      ['GET', 'https://loyalty.example.com/api/v1/customers?email=ayanda%40example.com', undefined],
    ]);
  });

  it('answers a paged list with its items and pagination', async () => {
    const { fetch, calls } = scriptedFetch(ok([{ _id: 'a' }], { pagination: { count: 21, hasMore: true } }));
    const page = await client(fetch).players.transactions(CUSTOMER, { page: 2, size: 20 });
    expect(page).toEqual({ items: [{ _id: 'a' }], pagination: { count: 21, hasMore: true } });
    expect(calls[0]?.url).toBe(
      `https://loyalty.example.com/api/v1/players/${CUSTOMER}/transactions?page=2&size=20`,
    );
    expectTypeOf(page).toExtend<Page<unknown[]>>();
  });
});

describe('idempotency ids', () => {
  it('fills a missing id on a spend and a redemption, and keeps one that is given', async () => {
    const { fetch, calls } = scriptedFetch(ok({}), ok({}), ok({}));
    const laurel = client(fetch);
    await laurel.players.spend(CUSTOMER, { currency: CURRENCY, amount: 5, reason: 'Coffee' });
    await laurel.players.redeem(CUSTOMER, { reward_id: CURRENCY });
    await laurel.players.redeem(CUSTOMER, { id: 'till-7-redeem-1', reward_id: CURRENCY });
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(calls.map((call) => call.body)).toEqual([
      { id: expect.stringMatching(uuid), currency: CURRENCY, amount: 5, reason: 'Coffee' },
      { id: expect.stringMatching(uuid), reward_id: CURRENCY },
      { id: 'till-7-redeem-1', reward_id: CURRENCY },
    ]);
    const [first, second] = calls.map((call) => (call.body as { id: string }).id);
    expect(first).not.toBe(second);
  });

  it('sends one event as itself and several as a batch, each with an id and occurred_at', async () => {
    const answer = { id: 'x', status: 'accepted' };
    const { fetch, calls } = scriptedFetch(
      json(202, { success: true, message: 'OK', content: answer }),
      ok([]),
    );
    const laurel = client(fetch);
    const one = await laurel.events.send({ type: 'user.logged-in', customer: { _id: CUSTOMER } });
    await laurel.events.send([
      {
        id: 'till-1',
        type: 'user.logged-in',
        customer: { email: 'a@example.com' },
        occurred_at: '2026-11-24T09:00:00Z',
      },
      { type: 'user.logged-in', customer: { external_id: 'crm-9' } },
    ]);
    expect(one).toEqual(answer);
    expectTypeOf(one).toEqualTypeOf<EventAnswer | EventAnswer[]>();
    expect(calls[0]?.body).toEqual({
      id: expect.any(String),
      type: 'user.logged-in',
      customer: { _id: CUSTOMER },
      occurred_at: expect.any(String),
    });
    const { events: batch } = calls[1]!.body as { events: { id: string; occurred_at: string }[] };
    expect(batch.map((event) => event.id)).toEqual(['till-1', expect.any(String)]);
    expect(batch[0]?.occurred_at).toBe('2026-11-24T09:00:00Z');
    expect(Date.parse(batch[1]?.occurred_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('retries', () => {
  it('waits as long as Retry-After asks after a 429, then answers the 200', async () => {
    vi.useFakeTimers();
    const spent = { id: 's', balance: 15 };
    const { fetch, calls } = scriptedFetch(
      json(429, { success: false, message: 'Too many requests', content: null }, { 'retry-after': '2' }),
      ok(spent),
    );
    const pending = client(fetch).players.spend(CUSTOMER, {
      currency: CURRENCY,
      amount: 5,
      reason: 'Coffee',
    });
    await vi.advanceTimersByTimeAsync(1_900);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(pending).resolves.toEqual(spent);
    expect(calls).toHaveLength(2);
    // The retry repeats the same idempotency id, so the server cannot spend twice.
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    expectTypeOf(pending).resolves.toEqualTypeOf<TSpendResult>();
  });

  it('retries a 5xx and a network error on an idempotent write, at most maxRetries times', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scriptedFetch(
      json(503, { success: false, message: 'Unavailable', content: null }),
      new TypeError('fetch failed'),
      json(502, { success: false, message: 'Bad gateway', content: null }),
    );
    const pending = client(fetch, 2).players.redeem(CUSTOMER, { reward_id: CURRENCY });
    const failure = expect(pending).rejects.toMatchObject({ status: 502, message: 'Bad gateway' });
    await vi.runAllTimersAsync();
    await failure;
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => (call.body as { id: string }).id)).size).toBe(1);
  });

  it('does not repeat a write without an idempotency id after a 5xx, but does after a 429', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scriptedFetch(
      json(429, { success: false, message: 'Too many requests', content: null }, { 'retry-after': '0' }),
      json(500, { success: false, message: 'Something went wrong', content: null }),
    );
    const pending = client(fetch).coupons.use('COUPON1234');
    const failure = expect(pending).rejects.toMatchObject({ status: 500 });
    await vi.runAllTimersAsync();
    await failure;
    expect(calls).toHaveLength(2);
  });
});

describe('timeouts and cancelling', () => {
  /** A fetch that never answers, but stops when its signal aborts, as fetch does. */
  const silentFetch = vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }),
  ) as unknown as typeof fetch;

  it('gives up an attempt after timeoutMs and, for a read, tries again before throwing status 0', async () => {
    vi.useFakeTimers();
    const laurel = new Laurel({
      apiKey: 'k',
      baseUrl: 'https://l.example.com',
      fetch: silentFetch,
      timeoutMs: 1_000,
      maxRetries: 1,
    });
    const pending = laurel.players.get(CUSTOMER);
    const failure = expect(pending).rejects.toMatchObject({ status: 0, message: 'No answer within 1000 ms' });
    await vi.runAllTimersAsync();
    await failure;
    expect(silentFetch).toHaveBeenCalledTimes(2);
  });

  it("stops at once when the caller's signal aborts, without retrying", async () => {
    vi.mocked(silentFetch).mockClear();
    const controller = new AbortController();
    const pending = client(silentFetch).players.get(CUSTOMER, { signal: controller.signal });
    controller.abort(new Error('the user left the page'));
    await expect(pending).rejects.toThrow('the user left the page');
    expect(silentFetch).toHaveBeenCalledTimes(1);
  });
});

describe('errors', () => {
  it('throws LaurelError with the status, message, content and field errors of a 400', async () => {
    const errors = [{ field: 'reason', message: 'reason is required' }];
    const { fetch } = scriptedFetch(
      json(400, { success: false, message: errors[0]?.message, content: { errors } }),
    );
    const failure = await client(fetch)
      .players.spend(CUSTOMER, { currency: CURRENCY, amount: 5, reason: '' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LaurelError);
    expect(failure).toMatchObject({
      status: 400,
      message: 'reason is required',
      content: { errors },
      errors,
    });
  });

  it('does not retry a 409 and carries its message', async () => {
    const { fetch, calls } = scriptedFetch(
      json(409, { success: false, message: ECONOMY_API_MESSAGES.insufficientBalance, content: null }),
    );
    await expect(
      client(fetch).players.spend(CUSTOMER, { currency: CURRENCY, amount: 500, reason: 'Mug' }),
    ).rejects.toMatchObject({ status: 409, message: ECONOMY_API_MESSAGES.insufficientBalance });
    expect(calls).toHaveLength(1);
  });

  it('names the status when the answer is not an envelope', async () => {
    const { fetch } = scriptedFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client(fetch, 0).players.get(CUSTOMER)).rejects.toMatchObject({
      status: 502,
      message: 'GET /v1/players/:customer_id answered 502',
      body: '<html>Bad gateway</html>',
    });
  });
});

describe('types from the contract', () => {
  it('refuses calls the contract does not allow', async () => {
    const { fetch } = scriptedFetch(ok({}), ok({}), ok({}));
    const laurel = client(fetch);
    // @ts-expect-error reward_id is required by ZRedeemRequest
    await laurel.players.redeem(CUSTOMER, {});
    // @ts-expect-error the customer id is a path parameter
    await laurel.players.get();
    // @ts-expect-error an event's type is one of ZEngineEventType's
    await laurel.events.send({ type: 'user.sneezed', customer: { _id: CUSTOMER } });
    expectTypeOf(laurel.customers.enrol).parameter(0).toHaveProperty('name');
    expect(laurel.players).toHaveProperty('redeem');
  });
});
