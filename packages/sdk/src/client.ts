import { LaurelError } from './errors';
import { operations } from './operations.generated';
import { backoffMs, isRetryableStatus, retryAfterMs, sleep } from './retry';
import type { AnyOperation, EnvelopeOf, EventInput, RequestInput, RequestOptions, Resources } from './types';

export type LaurelOptions = {
  /** A client API key (Settings → Integrations → API Keys); sent as `X-Api-Key`. */
  apiKey: string;
  /** Where Laurel is served, e.g. `https://loyalty.example.com` (the SDK adds `/api/v1/…`). */
  baseUrl: string;
  /** A fetch to use instead of the global one (tests, proxies, instrumentation). */
  fetch?: typeof fetch;
  /** Retries after a 429, a 5xx or a network error; 2 unless given. */
  maxRetries?: number;
  /** Each attempt is abandoned (and retried when it may be) after this long; 30 s unless given. */
  timeoutMs?: number;
  /** A `Retry-After` longer than this is not waited for: the call fails at once. 60 s unless given. */
  maxRetryAfterMs?: number;
};

type Input = { params?: Record<string, string>; query?: object; body?: unknown };
type Retry = 'always' | 'refused';
/** One entry of the generated table. */
type Operation = {
  method: string;
  path: string;
  params: readonly string[];
  body: 'json' | 'events' | null;
  query: boolean;
  paged: boolean;
  idempotencyKey: string | null;
  retry: Retry;
};

/** What `request` answers: the HTTP status and the whole envelope. */
export type LaurelResponse<T> = { status: number; body: T };

const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

const newId = () => globalThis.crypto.randomUUID();

const queryString = (query: object | undefined) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    // DESIGN §3: empty values are skipped, booleans kept.
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};

const withId = <T>(body: T, key: string): T =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  (body as Record<string, unknown>)[key] == null
    ? { ...body, [key]: newId() }
    : body;

const prepareEvent = (event: EventInput) => ({
  ...event,
  id: event.id ?? newId(),
  occurred_at: event.occurred_at ?? new Date().toISOString(),
});

/** A timeout per attempt that also ends when the caller's signal does. */
const attemptSignal = (timeoutMs: number, outer: AbortSignal | undefined) => {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new LaurelError(`No answer within ${timeoutMs} ms`, { status: 0 })),
    timeoutMs,
  );
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
};

const parseEnvelope = (text: string): { message?: unknown; content?: unknown } | undefined => {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
};

class LaurelClient {
  readonly #apiKey: string;
  readonly #apiUrl: string;
  readonly #fetch: typeof fetch;
  readonly #maxRetries: number;
  readonly #timeoutMs: number;
  readonly #maxRetryAfterMs: number;

  constructor(options: LaurelOptions) {
    if (!options.apiKey) throw new TypeError('Laurel: apiKey is required');
    if (!options.baseUrl) throw new TypeError('Laurel: baseUrl is required');
    const base = options.baseUrl.replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    this.#apiUrl = base.endsWith('/api') ? base : `${base}/api`;
    // Bound, so that a fetch taken from `window` is not called on another `this`.
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.#maxRetries = Math.max(0, options.maxRetries ?? DEFAULT_MAX_RETRIES);
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    for (const [resource, methods] of Object.entries(operations)) {
      const bound: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
      for (const [name, operation] of Object.entries(methods as Record<string, Operation>)) {
        bound[name] = (...args) => this.#operation(operation, args);
      }
      Object.defineProperty(this, resource, { value: Object.freeze(bound), enumerable: true });
    }
  }

  /**
   * An operation of `operations` with the HTTP status and the whole envelope, e.g. to tell an enrolment's 201 (new)
   * from its 200 (it existed): `laurel.request(operations.customers.enrol, { body })`. Ids are filled in as by the
   * methods; throws LaurelError on anything but a 2xx.
   */
  async request<O extends AnyOperation>(
    operation: O,
    input: RequestInput<O> = {},
    options: RequestOptions = {},
  ): Promise<LaurelResponse<EnvelopeOf<O>>> {
    const descriptor: Operation = operation;
    const prepared: Input = { params: input.params, query: input.query as object | undefined };
    if (descriptor.body === 'events') {
      const events = input.body as EventInput | EventInput[];
      prepared.body = Array.isArray(events) ? { events: events.map(prepareEvent) } : prepareEvent(events);
    } else if (descriptor.body === 'json') {
      const body = input.body ?? {};
      prepared.body = descriptor.idempotencyKey === null ? body : withId(body, descriptor.idempotencyKey);
    }
    const answer = await this.#send(descriptor.method, descriptor.path, prepared, descriptor.retry, options);
    return answer as LaurelResponse<EnvelopeOf<O>>;
  }

  /** A generated method: path parameters in order, then the body or the query, then options. */
  async #operation(operation: Operation, args: unknown[]) {
    const rest = [...args];
    const params: Record<string, string> = {};
    for (const name of operation.params) params[name] = String(rest.shift());
    const input: { params: Record<string, string>; body?: unknown; query?: unknown } = { params };
    if (operation.body !== null) input.body = rest.shift();
    else if (operation.query) input.query = rest.shift();
    const options = (rest.shift() ?? {}) as RequestOptions;
    const { body } = await this.request(
      operation as AnyOperation,
      input as RequestInput<AnyOperation>,
      options,
    );
    const envelope = body as { content: unknown; pagination?: unknown };
    return operation.paged ? { items: envelope.content, pagination: envelope.pagination } : envelope.content;
  }

  async #send(method: string, path: string, input: Input, retry: Retry, options: RequestOptions) {
    const url = `${this.#apiUrl}${path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
      const value = input.params?.[name];
      if (value === undefined || value === '') throw new TypeError(`Laurel: ${name} is required`);
      return encodeURIComponent(value);
    })}${queryString(input.query)}`;
    const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': this.#apiKey };
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    // Serialised once: every attempt sends the same idempotency ids.
    const payload = input.body === undefined ? undefined : JSON.stringify(input.body);
    const maxRetries = Math.max(0, options.maxRetries ?? this.#maxRetries);

    for (let attempt = 0; ; attempt += 1) {
      const timing = attemptSignal(this.#timeoutMs, options.signal);
      let res: Response;
      let text: string;
      try {
        res = await this.#fetch(url, { method, headers, body: payload, signal: timing.signal });
        text = await res.text();
      } catch (error) {
        timing.done();
        if (options.signal?.aborted) throw options.signal.reason;
        const failure =
          error instanceof LaurelError
            ? error
            : new LaurelError(`Network error: ${error instanceof Error ? error.message : String(error)}`, {
                status: 0,
                cause: error,
              });
        // Whether the server acted is unknown: only a write with an idempotency id (or a read) may be repeated.
        if (retry === 'always' && attempt < maxRetries) {
          await sleep(backoffMs(attempt + 1), options.signal);
          continue;
        }
        throw failure;
      }
      timing.done();
      const envelope = parseEnvelope(text);
      if (res.ok) return { status: res.status, body: envelope ?? {} };

      const mayRetry = res.status === 429 || (retry === 'always' && isRetryableStatus(res.status));
      const asked = retryAfterMs(res.headers.get('retry-after'));
      if (mayRetry && attempt < maxRetries && (asked === undefined || asked <= this.#maxRetryAfterMs)) {
        await sleep(asked ?? backoffMs(attempt + 1), options.signal);
        continue;
      }
      const message =
        typeof envelope?.message === 'string' && envelope.message !== ''
          ? envelope.message
          : `${method} ${path} answered ${res.status}`;
      throw new LaurelError(message, { status: res.status, content: envelope?.content, body: text });
    }
  }
}

/**
 * The integrator API's client: `new Laurel({ apiKey, baseUrl })`, then `laurel.customers.enrol(…)`,
 * `laurel.events.send(…)`, `laurel.players.get(id)`, … (one method per /api/v1 operation of the contract).
 */
export type Laurel = LaurelClient & Resources;
export const Laurel = LaurelClient as new (options: LaurelOptions) => Laurel;
