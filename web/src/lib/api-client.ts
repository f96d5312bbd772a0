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
 * Replies are not parsed here: feature queries that need typed data pass their own `queryFn`
 * that parses with the contract schema.
 */
export function getQueryFn<T = unknown>(options: { on401: On401; baseUrl?: string }): QueryFunction<T> {
  return async ({ queryKey, signal }) => (await fetchQueryKey(queryKey, { ...options, signal })) as T;
}

/**
 * An endpoint's method and path without its schemas, for the calls of the signed-in first screen
 * (web/src/lib/api-routes.ts): referring to a declared endpoint brings its schemas and zod along.
 * `E` is the declared endpoint, a type only: the compiler holds method and path to the contract's.
 */
export interface ApiRoute<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never set: carries the declared endpoint's type (its input and reply). */
  readonly endpoint?: E;
}

/** The route of the declared endpoint `E` (checked against it by the compiler). */
export function apiRoute<E extends Endpoint>(method: E['method'], path: E['path']): ApiRoute<E> {
  return Object.freeze({ method, path });
}

/** What a call names: a declared endpoint, or the route of one. */
type Target = Endpoint | ApiRoute<Endpoint>;
/** The declared endpoint a call names. */
type EndpointOf<T> = T extends Endpoint ? T : T extends ApiRoute<infer E> ? E : never;

/** Input of `callApi` / `apiResponse`: optional when the endpoint takes no params, query or body. */
type InputArgs<E extends Endpoint> =
  Record<string, never> extends EndpointInput<E> ? [input?: EndpointInput<E>, options?: RequestOptions] : [input: EndpointInput<E>, options?: RequestOptions];

/** The URL of a declared endpoint (or its route) for this input: path params filled and encoded, then the query. */
export function endpointUrl<T extends Target>(endpoint: T, input?: EndpointInput<EndpointOf<T>>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return `${fillPath(endpoint.path, params)}${queryString(query)}`;
}

/**
 * Calls a declared endpoint and returns its OK response (streams, CSV); throws ApiError otherwise.
 * The body is the endpoint's body, sent as JSON.
 */
export function apiResponse<T extends Target>(endpoint: T, ...[input, options]: InputArgs<EndpointOf<T>>): Promise<Response> {
  return send(endpoint, input, options);
}

function send(endpoint: Target, input: unknown, options: RequestOptions | undefined): Promise<Response> {
  const url = `${options?.baseUrl ?? ''}${endpointUrl(endpoint, input as EndpointInput<Endpoint>)}`;
  return apiRequest(endpoint.method, url, (input as { body?: unknown } | undefined)?.body, options);
}

/**
 * Calls a declared JSON endpoint: fills its path, sends its body, and parses the reply with the
 * endpoint's own reply schema (the one the service validated it with).
 */
export async function callApi<E extends Endpoint & { reply: NonNullable<Endpoint['reply']> }>(
  endpoint: E,
  ...[input, options]: InputArgs<E>
): Promise<EndpointResult<E>> {
  const res = await send(endpoint, input, options);
  return endpoint.reply.parse(await res.json()) as EndpointResult<E>;
}

/**
 * Calls an endpoint by its route and returns its JSON reply as the contract types it, without
 * parsing it: the service has checked the reply against the same schema before sending it
 * (docs/screens.md#data-loading). For the signed-in first screen, which loads no zod.
 */
export async function readApi<E extends Endpoint>(route: ApiRoute<E>, ...[input, options]: InputArgs<E>): Promise<EndpointResult<E>> {
  const res = await send(route, input, options);
  return (await res.json()) as EndpointResult<E>;
}

/**
 * The query key of a GET endpoint for this input: the filled path's segments (joined with `/`
 * they give the URL, query string included, as the default query function expects). Keys
 * of nested paths share prefixes, so invalidating `apiKey(endpoint, input).slice(0, n)` or
 * `pathKey('/api/pools/<id>/members')` covers everything below.
 */
export function apiKey<T extends Target>(endpoint: T, input?: EndpointInput<EndpointOf<T>>): readonly string[] {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const key = [...pathKey(fillPath(endpoint.path, params))];
  // The query string rides on the last segment, so the joined key is still the exact GET URL.
  key[key.length - 1] += queryString(query);
  return key;
}

/** The key prefix of a concrete path (`/api/pools/p1/members` -> `['/api', 'pools', 'p1', 'members']`). */
export function pathKey(path: string): readonly string[] {
  const [first, ...rest] = path.replace(/^\//, '').split('/');
  return [`/${first ?? ''}`, ...rest];
}
