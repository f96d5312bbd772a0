import { fillPath, queryString } from '@powerpool/contracts';
import type { Endpoint, EndpointInput, EndpointResult, ErrorBody, HttpMethod } from '@powerpool/contracts';
import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/**
 * A non-OK reply. `message` follows docs/screens.md#errors: the status code, a colon and
 * a space, then the body text, or the status text when the body is empty. Screens that want clean
 * text use `serverMessage` (our error JSON's `message`) and `code` (its `error`).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, e.g. 401. */
  readonly status: number;
  /** The raw body text (may be empty). */
  readonly bodyText: string;
  /** `error` of our JSON error body (`validation_failed`, `forbidden`, ...), when the body is one. */
  readonly code: string | undefined;
  /** `message` of our JSON error body, when the body is one. */
  readonly serverMessage: string | undefined;
  /** `details` of our JSON error body (e.g. `[{field, problem}]` for `validation_failed`). */
  readonly details: unknown;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.bodyText = bodyText;
    const body = parseErrorBody(bodyText);
    this.code = body?.error;
    this.serverMessage = body?.message;
    this.details = body?.details;
  }
}

function parseErrorBody(text: string): ErrorBody | undefined {
  if (!text) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    return isErrorBody(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The shape of the contract's `errorBodySchema` (`error` and `message` strings, any `details`),
 * checked by hand so an error body never throws while it is read; api-client.test.ts holds it to
 * the schema.
 */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { error, message } = value as Record<string, unknown>;
  return typeof error === 'string' && typeof message === 'string';
}

/** True when `error` is an ApiError with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Throws an ApiError when the response is not OK (reads the body for the message). */
export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  let text = '';
  try {
    text = await res.text();
  } catch {
    // The body could not be read: the status text stands in for it.
  }
  throw new ApiError(res.status, res.statusText, text);
}

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Prefix for endpoint paths; '' in the browser (same origin). */
  baseUrl?: string;
}

/**
 * Sends a request with the session cookie and returns the OK response; throws ApiError otherwise.
 * A JSON content-type is set only when there is a body (docs/screens.md#data-loading).
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: options.signal,
  });
  await throwIfNotOk(res);
  return res;
}

/** What the default query function does with a 401. */
export type On401 = 'throw' | 'returnNull';

/** The GET path of a query key: its segments joined with `/` (`['/api/weeks', 3]` -> `/api/weeks/3`). */
export function queryKeyPath(queryKey: QueryKey): string {
  return queryKey.map((segment) => String(segment)).join('/');
}

export interface FetchQueryKeyOptions extends RequestOptions {
  on401: On401;
  /** Prefix for the path; '' in the browser (same origin). */
  baseUrl?: string;
}

/** GETs the path of a query key; returns the parsed JSON, or null on a 401 when asked to. */
export async function fetchQueryKey(queryKey: QueryKey, options: FetchQueryKeyOptions): Promise<unknown> {
  const res = await fetch(`${options.baseUrl ?? ''}${queryKeyPath(queryKey)}`, {
    credentials: 'include',
    signal: options.signal,
  });
  if (options.on401 === 'returnNull' && res.status === 401) return null;
  await throwIfNotOk(res);
  return res.json();
}

/**
 * The default query function (docs/screens.md#data-loading): GET the query key joined with `/`.
 * Every feature query passes its own `queryFn` (its api file's fetcher, by `callApi`); this one
 * serves a query that names none.
 */
export function getQueryFn<T = unknown>(options: { on401: On401; baseUrl?: string }): QueryFunction<T> {
  return async ({ queryKey, signal }) => (await fetchQueryKey(queryKey, { ...options, signal })) as T;
}

declare const endpointOf: unique symbol;

/**
 * How the SPA names an endpoint it calls (docs/screens.md#data-loading): its method and path as one
 * string, `'GET /api/pools/:poolId/members'`, typed by the declared endpoint `E` (a type only: no
 * schema and no zod comes with it). Every route is generated from the contracts into
 * api-routes.gen.ts (web/build/api-routes.ts); a string, so the build inlines each route where it
 * is used and a screen's chunk carries only the routes it calls.
 */
export type ApiRoute<E extends Endpoint> = `${E['method']} ${E['path']}` & { readonly [endpointOf]?: E };

/** The declared endpoint a route names. */
type EndpointOf<R> = R extends ApiRoute<infer E> ? E : never;

/** A route's method. */
const methodOf = (route: ApiRoute<Endpoint>) => route.slice(0, route.indexOf(' ')) as HttpMethod;
/** A route's path, in Fastify syntax (`/api/pools/:poolId`). */
const pathOf = (route: ApiRoute<Endpoint>) => route.slice(route.indexOf(' ') + 1);

/** Input of `callApi` / `apiResponse`: optional when the endpoint takes no params, query or body. */
type InputArgs<E extends Endpoint> =
  Record<string, never> extends EndpointInput<E> ? [input?: EndpointInput<E>, options?: RequestOptions] : [input: EndpointInput<E>, options?: RequestOptions];

/** The URL of a route for this input: path params filled and encoded, then the query. */
export function endpointUrl<R extends ApiRoute<Endpoint>>(route: R, input?: EndpointInput<EndpointOf<R>>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return `${fillPath(pathOf(route), params)}${queryString(query)}`;
}

/**
 * Calls an endpoint by its route and returns its OK response (streams, CSV); throws ApiError
 * otherwise. The body is the endpoint's body, sent as JSON.
 */
export function apiResponse<E extends Endpoint>(route: ApiRoute<E>, ...[input, options]: InputArgs<E>): Promise<Response> {
  return send(route, input, options);
}

function send(route: ApiRoute<Endpoint>, input: unknown, options: RequestOptions | undefined): Promise<Response> {
  const url = `${options?.baseUrl ?? ''}${endpointUrl(route, input as EndpointInput<Endpoint>)}`;
  return apiRequest(methodOf(route), url, (input as { body?: unknown } | undefined)?.body, options);
}

/**
 * The one way the SPA calls a JSON endpoint (docs/screens.md#data-loading): by its route, with its
 * params, query and body; returns the JSON reply as the contract types it, without parsing it:
 * the service has checked the reply against the same schema before sending it, so no screen
 * loads zod and the schemas to read a reply. No reply schema changes what it reads: the only
 * defaults in them (`.default()`) never apply to a reply, since the service's serializer encodes
 * with the schema, which refuses a reply without the field (api-client.test.ts holds it).
 */
export async function callApi<E extends Endpoint>(route: ApiRoute<E>, ...[input, options]: InputArgs<E>): Promise<EndpointResult<E>> {
  const res = await send(route, input, options);
  return (await res.json()) as EndpointResult<E>;
}

/**
 * The query key of a GET route for this input: the filled path's segments (joined with `/` they
 * give the URL, query string included, as the default query function expects). Keys of nested
 * paths share prefixes: `apiPrefix` gives one, to invalidate everything below it.
 */
export function apiKey<R extends ApiRoute<Endpoint>>(route: R, input?: EndpointInput<EndpointOf<R>>): readonly string[] {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const key = segmentsOf(fillPath(pathOf(route), params));
  // The query string rides on the last segment, so the joined key is still the exact GET URL.
  key[key.length - 1] += queryString(query);
  return key;
}

/** The segments of a route's path (`/api/pools/:poolId` -> `'api' | 'pools' | ':poolId'`). */
type Segments<P extends string> = P extends `/${infer Head}/${infer Rest}` ? Head | Segments<`/${Rest}`> : P extends `/${infer Last}` ? Last : never;

/**
 * The key prefix of a route's path up to and including the segment `last`, with the params up to
 * it: what invalidating a group of queries takes (`apiPrefix(ownedPools, 'pools')` covers every
 * key under /api/pools; `apiPrefix(weekState, ':weekNumber', { poolId, weekNumber })` everything
 * under that pool's week).
 */
export function apiPrefix<R extends ApiRoute<Endpoint>>(
  route: R,
  last: Segments<EndpointOf<R>['path']>,
  params?: Partial<EndpointInput<EndpointOf<R>>['params']>,
): readonly string[] {
  const segments = pathOf(route).split('/');
  const end = segments.indexOf(last);
  if (end < 1) throw new Error(`No segment ${last} in ${route}`);
  return segmentsOf(fillPath(segments.slice(0, end + 1).join('/'), params));
}

/** The key segments of a concrete path (`/api/pools/p1/members` -> `['/api', 'pools', 'p1', 'members']`). */
function segmentsOf(path: string): string[] {
  const [first, ...rest] = path.replace(/^\//, '').split('/');
  return [`/${first ?? ''}`, ...rest];
}
