import type * as contract from '@laurel/contract';
import type { TPagination } from '@laurel/contract';
import type { z } from 'zod';
import type { operations } from './operations.generated';

type Contract = typeof contract;
type Operations = typeof operations;
export type ResourceName = keyof Operations;
type OperationOf<R extends ResourceName> = Operations[R][keyof Operations[R]];
/** An entry of `operations`: what `request` takes. */
export type AnyOperation = { [R in ResourceName]: OperationOf<R> }[ResourceName];
type EndpointOf<O extends AnyOperation> = Contract[O['endpoint']];
type SchemaInput<S> = S extends z.ZodType ? z.input<S> : never;

/** Makes the idempotency id optional: the client fills it in when it is missing. */
type WithOptionalId<T, K> = K extends string
  ? T extends object
    ? Omit<T, K> & { [P in K]?: string }
    : T
  : T;

/**
 * One event as `POST /api/v1/events` takes it (the contract's `ZIncomingEvent`); `id` defaults to a random UUID and
 * `occurred_at` to the time of the call.
 */
export type EventInput = Omit<z.input<typeof contract.ZIncomingEvent>, 'id' | 'occurred_at'> & {
  id?: string;
  occurred_at?: string;
};
/** The server's answer to one event: accepted, duplicate, or why it was refused. */
export type EventAnswer = z.output<typeof contract.ZEventIngestAnswer>;

export type BodyOf<O extends AnyOperation> = O['body'] extends 'events'
  ? EventInput | EventInput[]
  : WithOptionalId<SchemaInput<EndpointOf<O>['body']>, O['idempotencyKey']>;
export type QueryOf<O extends AnyOperation> = SchemaInput<EndpointOf<O>['query']>;

/** The whole envelope an operation answers: `{ success, message, content, pagination? }`. */
export type EnvelopeOf<O extends AnyOperation> = z.output<EndpointOf<O>['response']>;

/** What `request` takes: path parameters by name, and the body or the query. */
export type RequestInput<O extends AnyOperation> = {
  params?: { [K in O['params'][number]]: string };
  query?: QueryOf<O>;
  body?: BodyOf<O>;
};

/** A paged list: the page's items and `{ count, hasMore }`. */
export type Page<T> = { items: T; pagination: TPagination };
type ContentOf<O extends AnyOperation> =
  z.output<EndpointOf<O>['response']> extends { content: infer C } ? C : never;
export type ResultOf<O extends AnyOperation> = O['body'] extends 'events'
  ? EventAnswer | EventAnswer[]
  : O['paged'] extends true
    ? Page<ContentOf<O>>
    : ContentOf<O>;

export type RequestOptions = {
  signal?: AbortSignal;
  /** Overrides the client's maxRetries for this call. */
  maxRetries?: number;
};

type ParamArgs<P extends readonly string[]> = { [I in keyof P]: string };
type BodyArgs<O extends AnyOperation> = O['body'] extends null
  ? []
  : // biome-ignore lint/complexity/noBannedTypes: `{}` tests whether every field of the body is optional
    {} extends BodyOf<O>
    ? [body?: BodyOf<O>]
    : [body: BodyOf<O>];
type QueryArgs<O extends AnyOperation> = O['query'] extends true
  ? // biome-ignore lint/complexity/noBannedTypes: `{}` tests whether every query parameter is optional
    {} extends QueryOf<O>
    ? [query?: QueryOf<O>]
    : [query: QueryOf<O>]
  : [];

/** Path parameters in path order, then the body or the query, then per-call options. */
export type OperationArgs<O extends AnyOperation> = [
  ...ParamArgs<O['params']>,
  ...BodyArgs<O>,
  ...QueryArgs<O>,
  options?: RequestOptions,
];

export type OperationMethod<O extends AnyOperation> = (...args: OperationArgs<O>) => Promise<ResultOf<O>>;

/** `laurel.customers`, `laurel.players`, …: one method per /api/v1 operation. */
export type Resources = {
  [R in ResourceName]: { [M in keyof Operations[R]]: OperationMethod<Operations[R][M] & AnyOperation> };
};
