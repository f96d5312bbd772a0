import type { ErrorBody } from '@powerpool/contracts';
import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/**
 * A non-OK reply. `message` follows the spec (player spec section 8): the status code, a colon and
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
 * checked without zod: this file is part of every first load, which has no room for zod
 * (bench/README.md, "SPA first load"). api-client.test.ts holds it to the schema.
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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal | undefined;
}

/**
 * Sends a request with the session cookie and returns the OK response; throws ApiError otherwise.
 * A JSON content-type is set only when there is a body (player spec section 7).
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
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

/** Anything that parses a reply into T; in practice a contract's zod schema. */
export interface ReplySchema<T> {
  parse(data: unknown): T;
}

/** `apiRequest`, then parses the JSON reply with a contract schema. */
export async function apiJson<T>(
  method: HttpMethod,
  url: string,
  schema: ReplySchema<T>,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const res = await apiRequest(method, url, body, options);
  return schema.parse(await res.json());
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
 * The default query function (player spec section 7): GET the query key joined with `/`.
 * Replies are not parsed here: feature queries that need typed data pass their own `queryFn`
 * that parses with the contract schema.
 */
export function getQueryFn<T = unknown>(options: { on401: On401; baseUrl?: string }): QueryFunction<T> {
  return async ({ queryKey, signal }) => (await fetchQueryKey(queryKey, { ...options, signal })) as T;
}
