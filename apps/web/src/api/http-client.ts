import type { TEndpoint, THttpMethod, TPagination, TTokenKind } from '@laurel/contract';
import { HTTP_CLIENT_MESSAGES } from '@laurel/contract';

/** Which session token a browser request sends; API keys are for integrators, never the console. */
export type TRequestToken = Exclude<TTokenKind, 'apiKey' | 'integration'>;

type TQueryScalar = string | number | boolean | null | undefined;
export type TQueryValue = TQueryScalar | readonly TQueryScalar[];
export type TQuery = Record<string, TQueryValue>;
export type TPathParams = Record<string, string | number | undefined>;

export type THttpRequest = {
  method: THttpMethod;
  /** Relative to the base URL; `:name` is a path parameter, `:name?` an optional one. */
  path: string;
  token: TRequestToken;
  params?: TPathParams;
  query?: TQuery;
  /** Sent as JSON, or as multipart when it is a FormData. */
  body?: unknown;
  signal?: AbortSignal;
};

export type THttpSuccess<T> = {
  success: true;
  /** HTTP status; 0 when no response was received. */
  status: number;
  message: string;
  content: T;
  pagination?: TPagination;
  /** The answer was read from a replica, as of this instant (ISO; the Laurel-Data-As-Of header). */
  asOf?: string;
};

export type THttpFailure = {
  success: false;
  status: number;
  message: string;
  content: unknown;
  pagination?: TPagination;
};

/** Always the envelope of DESIGN §3, whatever happened on the way. */
export type THttpResult<T> = THttpSuccess<T> | THttpFailure;

export type THttpClientOptions = {
  baseUrl: string;
  getToken: (kind: Exclude<TRequestToken, 'none'>) => string | null | undefined;
  /** Called on a 401 to a request that carried a token: the session is over. */
  onUnauthorized?: () => void;
  /** Called on a 403 to a request that carried a token: the user's permissions may have changed. */
  onForbidden?: () => void;
  /**
   * Called on every successful answer with the request's path template ('/segments/:id/players') and the instant
   * its data is as of when it was read from a replica (null when it was not), so that the page can say so.
   */
  onDataAsOf?: (path: string, asOf: string | null) => void;
  fetch?: typeof fetch;
};

/**
 * The response header by which the API says a read came from a replica, and up to when that replica had applied the
 * primary's changes (an ISO instant). Without a replica the API sends no such header.
 */
export const DATA_AS_OF_HEADER = 'Laurel-Data-As-Of';

/** The header's instant in ISO form; null when absent or unreadable (then nothing is said about freshness). */
const readDataAsOf = (response: Response) => {
  const value = response.headers.get(DATA_AS_OF_HEADER);
  const time = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

const isEmptyQueryValue = (value: TQueryScalar): value is null | undefined | '' =>
  value === undefined || value === null || value === '' || (typeof value === 'number' && Number.isNaN(value));

/** Query strings skip empty values (undefined, null, '') and keep booleans; a list repeats its key. */
export const buildQueryString = (query: TQuery | undefined) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const items: readonly TQueryScalar[] = Array.isArray(value) ? value : [value as TQueryScalar];
    for (const item of items) {
      if (!isEmptyQueryValue(item)) params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Fills `:name` and `:name?` segments; a missing required parameter throws before anything is sent. */
export const buildPath = (path: string, params: TPathParams | undefined) =>
  path.replace(
    /\/:([A-Za-z_][A-Za-z0-9_]*)(\?)?/g,
    (_segment, name: string, optional: string | undefined) => {
      const value = params?.[name];
      if (value === undefined || value === '') {
        if (optional) return '';
        throw new Error(`Missing path parameter '${name}' for ${path}`);
      }
      return `/${encodeURIComponent(String(value))}`;
    },
  );

type TEnvelopeLike = { success: boolean; message: string; content: unknown; pagination?: TPagination };

const isEnvelope = (value: unknown): value is TEnvelopeLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { success?: unknown }).success === 'boolean' &&
  typeof (value as { message?: unknown }).message === 'string';

const readEnvelope = async (response: Response): Promise<TEnvelopeLike | null> => {
  try {
    const body: unknown = await response.json();
    return isEnvelope(body) ? { ...body, content: body.content ?? null } : null;
  } catch {
    return null;
  }
};

const failure = (
  status: number,
  message: string,
  content: unknown = null,
  pagination?: TPagination,
): THttpFailure =>
  pagination
    ? { success: false, status, message, content, pagination }
    : { success: false, status, message, content };

const prepare = (request: THttpRequest, options: THttpClientOptions) => {
  const url = `${options.baseUrl}${buildPath(request.path, request.params)}${buildQueryString(request.query)}`;
  const headers = new Headers({ Accept: 'application/json' });
  if (request.token !== 'none') {
    const token = options.getToken(request.token);
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers.set('Content-Type', 'application/json');
  }
  const init: RequestInit = { method: request.method, headers };
  if (body !== undefined) init.body = body;
  if (request.signal) init.signal = request.signal;
  return { url, init };
};

/** A schema's output type, read structurally so that the web app needs no zod import. */
type TOutputOf<S> = S extends { _zod: { output: infer O } } ? O : never;
type TInputOf<S> = S extends { _zod: { input: infer I } } ? I : undefined;

export type TEndpointContent<E extends TEndpoint> =
  TOutputOf<E['response']> extends { content: infer C } ? C : unknown;

export type TEndpointInput<E extends TEndpoint> = {
  params?: TInputOf<E['params']>;
  query?: TInputOf<E['query']>;
  /** JSON per the endpoint's body schema; an endpoint without one (an upload) takes a multipart FormData. */
  body?: E['body'] extends undefined ? FormData : TInputOf<E['body']>;
  signal?: AbortSignal;
};

/** What has gone up of a request's body: bytes sent and the body's total size. */
export type TUploadProgress = { loaded: number; total: number };

/** Sends a prepared request and answers its response; rejects as fetch does when no response arrives. */
type TTransport = (url: string, init: RequestInit) => Promise<Response>;

// Statuses whose Response may carry no body.
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

const parseResponseHeaders = (raw: string) => {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
};

/**
 * The same request through XMLHttpRequest, the one browser API that reports upload progress (fetch does not).
 * It answers a Response like fetch, so the envelope and error mapping below stay the same for both.
 */
const xhrTransport =
  (onProgress: (progress: TUploadProgress) => void): TTransport =>
  (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', url);
      for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      });
      xhr.addEventListener('load', () => {
        const status = xhr.status;
        resolve(
          new Response(NULL_BODY_STATUSES.has(status) ? null : xhr.responseText, {
            status,
            headers: parseResponseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      });
      xhr.addEventListener('error', () => reject(new TypeError('Network request failed')));
      xhr.addEventListener('timeout', () => reject(new TypeError('Network request timed out')));
      xhr.addEventListener('abort', () => reject(new DOMException('The request was aborted', 'AbortError')));
      init.signal?.addEventListener('abort', () => xhr.abort());
      xhr.send((init.body as XMLHttpRequestBodyInit | undefined) ?? null);
    });

/**
 * The fetch wrapper of spec 1 §8: it never throws. A rejected fetch, an error before sending, a 4xx envelope and
 * any other status each map to `{ success: false, message, content }`.
 */
export const createHttpClient = (options: THttpClientOptions) => {
  const send = async <T>(request: THttpRequest, transport: TTransport): Promise<THttpResult<T>> => {
    let prepared: ReturnType<typeof prepare>;
    try {
      prepared = prepare(request, options);
    } catch {
      return failure(0, HTTP_CLIENT_MESSAGES.neverLeft);
    }

    let response: Response;
    try {
      response = await transport(prepared.url, prepared.init);
    } catch {
      return failure(0, HTTP_CLIENT_MESSAGES.couldNotConnect);
    }

    const envelope = response.status === 204 ? null : await readEnvelope(response);
    const { status } = response;

    if (status === 401 && request.token !== 'none') options.onUnauthorized?.();
    if (status === 403 && request.token !== 'none') options.onForbidden?.();

    if (response.ok) {
      if (status === 204) return { success: true, status, message: '', content: null as T };
      if (envelope?.success) {
        const result: THttpSuccess<T> = {
          success: true,
          status,
          message: envelope.message,
          content: envelope.content as T,
        };
        if (envelope.pagination) result.pagination = envelope.pagination;
        const asOf = readDataAsOf(response);
        if (asOf) result.asOf = asOf;
        options.onDataAsOf?.(request.path, asOf);
        return result;
      }
      if (envelope) return failure(status, envelope.message, envelope.content, envelope.pagination);
      return failure(status, HTTP_CLIENT_MESSAGES.errorResponse);
    }

    if (status >= 400 && status < 500 && envelope) {
      return failure(
        status,
        envelope.message || HTTP_CLIENT_MESSAGES.errorResponse,
        envelope.content,
        envelope.pagination,
      );
    }
    return failure(status, HTTP_CLIENT_MESSAGES.errorResponse, envelope?.content ?? null);
  };

  const request = <T>(request: THttpRequest) =>
    send<T>(request, (url, init) => (options.fetch ?? globalThis.fetch)(url, init));

  const toCall = <E extends TEndpoint>(endpoint: E, input: TEndpointInput<E>) => {
    const call: THttpRequest = {
      method: endpoint.method,
      path: endpoint.path,
      token: toRequestToken(endpoint.token),
    };
    if (input.params !== undefined) call.params = input.params as TPathParams;
    if (input.query !== undefined) call.query = input.query as TQuery;
    if (input.body !== undefined) call.body = input.body;
    if (input.signal) call.signal = input.signal;
    return call;
  };

  return {
    request,
    get: <T>(path: string, init: Omit<THttpRequest, 'method' | 'path'>) =>
      request<T>({ ...init, method: 'GET', path }),
    post: <T>(path: string, init: Omit<THttpRequest, 'method' | 'path'>) =>
      request<T>({ ...init, method: 'POST', path }),
    put: <T>(path: string, init: Omit<THttpRequest, 'method' | 'path'>) =>
      request<T>({ ...init, method: 'PUT', path }),
    delete: <T>(path: string, init: Omit<THttpRequest, 'method' | 'path'>) =>
      request<T>({ ...init, method: 'DELETE', path }),
    /** Calls a contract endpoint with its method, path and token; the content is typed by its response schema. */
    call: <E extends TEndpoint>(endpoint: E, input: TEndpointInput<E> = {}) =>
      request<TEndpointContent<E>>(toCall(endpoint, input)),
    /**
     * Calls an upload endpoint (a multipart FormData body) and reports the body's progress as it goes up; the
     * answer is mapped exactly as `call` maps it.
     */
    upload: <E extends TEndpoint>(
      endpoint: E,
      input: TEndpointInput<E>,
      onProgress: (progress: TUploadProgress) => void,
    ) => send<TEndpointContent<E>>(toCall(endpoint, input), xhrTransport(onProgress)),
  };
};

/** The integrator API also takes the console's client token. */
const toRequestToken = (token: TTokenKind): TRequestToken =>
  token === 'apiKey' ? 'none' : token === 'integration' ? 'client' : token;

export type THttpClient = ReturnType<typeof createHttpClient>;

/** Thrown by `unwrap` so that TanStack Query sees a failure; carries the envelope the server (or wrapper) gave. */
export class ApiError extends Error {
  readonly status: number;
  readonly content: unknown;

  constructor(result: THttpFailure) {
    super(result.message);
    this.name = 'ApiError';
    this.status = result.status;
    this.content = result.content;
  }
}

export const unwrap = <T>(result: THttpResult<T>): THttpSuccess<T> => {
  if (!result.success) throw new ApiError(result);
  return result;
};
