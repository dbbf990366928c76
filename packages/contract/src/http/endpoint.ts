import type { z } from 'zod';
import type { TPlanFeature } from '../shared/plans';
import type { TFeatureArea, TPermission } from './permissions';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Which signed token a route takes (DESIGN §3): sign-in issues one of each, with distinct audiences. `apiKey`
 * routes take a client API key only; `integration` routes (the integrator API) take an API key or a client token.
 */
export type TTokenKind = 'none' | 'user' | 'client' | 'media' | 'payment' | 'apiKey' | 'integration';

/**
 * One endpoint of the published API: the server registers it, the web client builds its typed call from it.
 * `path` is relative to `/api` and uses `:param` for path parameters.
 */
export type TEndpoint<
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
> = {
  method: THttpMethod;
  path: string;
  permission: TPermission;
  token: TTokenKind;
  summary: string;
  tags?: string[];
  query?: TQuery;
  body?: TBody;
  params?: TParams;
  /** Schema of the whole envelope on success. */
  response: TResponse;
  /**
   * A plan feature needed beyond the permission's area (exports, integrations): the guard answers 402 outside it.
   */
  planFeature?: TPlanFeature;
  /**
   * Other areas whose holders also pass the guard: the parts of an umbrella area, for one path that serves records
   * of several parts (earn configs: Cashback and XP Reward; the handler then checks the record's own part), or an
   * editor that picks from this list (the currencies a cashback config names).
   */
  openTo?: TFeatureArea[];
  /**
   * A `multipart/form-data` body the handler reads itself: the file part's name and each text field with what it
   * holds. `rawTypes`: media types the file may also be sent as, as the whole body (e.g. `text/csv`).
   */
  upload?: { file: string; fields?: Record<string, string>; rawTypes?: string[] };
  /** A POST that only reads (a list filtered by its body): it changes nothing, so the audit log leaves it out. */
  readsOnly?: true;
  /**
   * Error statuses the handler answers beyond those the OpenAPI document derives from the declaration (e.g. a
   * public sign-in's 401): the document lists them, and the API tests' contract check holds answers to the list.
   */
  errors?: number[];
};

export const defineEndpoint = <
  TQuery extends z.ZodType | undefined = undefined,
  TBody extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
  TResponse extends z.ZodType = z.ZodType,
>(
  endpoint: TEndpoint<TQuery, TBody, TParams, TResponse>,
) => endpoint;
