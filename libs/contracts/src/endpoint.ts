import type { z } from 'zod';
import type { ServiceName } from './common.js';
import type { Role } from './identity.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may reach an endpoint through the gateway. `public`: anyone (the gateway still signs an
 * assertion, anonymous when signed out). `session`: a signed-in user, else the gateway answers 401.
 */
export type EndpointAccess = 'public' | 'session';

/** What a reply carries when it is not JSON. */
export type ReplyMedia = 'application/json' | 'text/event-stream' | 'text/csv' | 'text/html' | 'redirect' | 'image';

/**
 * One HTTP endpoint, declared once: the gateway routes it, the owning service registers its
 * handler against it (Fastify validates with these schemas), the SPA calls it through one typed
 * client, and the OpenAPI document is generated from it.
 */
export interface Endpoint {
  method: HttpMethod;
  /** Spec path in Fastify syntax (`/api/pools/:poolId`). */
  path: string;
  service: ServiceName;
  access: EndpointAccess;
  /**
   * Roles the owning service admits (session endpoints only); absent: any signed-in user. The
   * service enforces it (and any finer rule, such as "commissioner of this pool") on every call.
   */
  roles?: readonly Role[];
  /** One line for the API reference. */
  summary: string;
  /** Longer notes for the API reference (rules, error cases). */
  description?: string;
  /** Reference grouping (defaults to the service). */
  tag?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON reply's schema (status `status`). Absent for streams, CSV and redirects. */
  reply?: z.ZodType;
  /** Success status. Default 200 (302 for redirects). */
  status?: 200 | 201 | 302;
  /** Default `application/json`. */
  produces?: ReplyMedia;
  /** For `text/event-stream`: the schema of each `data:` line's JSON. */
  events?: z.ZodType;
  /**
   * A GET that changes state (signing out; pushing games to production, a GET because the admin screen
   * follows it with an EventSource): the gateway's cross-site guard covers it (and its HEAD) like
   * every POST, PUT, PATCH and DELETE.
   */
  changesState?: true;
  /** Browser navigations (sign-in flow): the gateway forwards cookies and redirects untouched. */
  browserNavigation?: boolean;
  /** A sign-in start: counted against the per-IP sign-in limit (successful callbacks are not). */
  signIn?: boolean;
}

/** Declare an endpoint, keeping its literal type (schemas and all) for both sides. */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return Object.freeze(declaration);
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a handler receives, parsed. */
export type EndpointParams<E extends Endpoint> = Out<E['params']>;
export type EndpointQuery<E extends Endpoint> = Out<E['query']>;
export type EndpointBody<E extends Endpoint> = Out<E['body']>;
/** What a handler returns (JSON endpoints), before serialisation. */
export type EndpointReply<E extends Endpoint> = E['reply'] extends z.ZodType ? z.input<E['reply']> : unknown;
/** What a client gets back from a JSON endpoint, parsed. */
export type EndpointResult<E extends Endpoint> = E['reply'] extends z.ZodType ? z.output<E['reply']> : never;

/** What a client sends: path params, query and body, each only when the endpoint has one. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: In<E['params']> } : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: In<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: In<E['body']> } : { body?: never });

const PARAM = /:([A-Za-z0-9_]+)/g;

/** The names of a path's parameters, in order (`/api/pools/:poolId` -> `['poolId']`). */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1]!);
}

/** A path or query value as text; anything else is a caller's mistake, never "[object Object]". */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return value.toISOString();
  throw new Error(`Not a path or query value: ${JSON.stringify(value)}`);
}

/** The path with its parameters filled in, each URI-encoded. Throws when one is missing. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(PARAM, (_all, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(textOf(value));
  });
}

/** `?a=1&b=2` from a query object (undefined values left out); '' when there is nothing. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, textOf(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A stable label for logs, tests and the reference: `GET /api/pools/:poolId`. */
export const endpointLabel = (e: Pick<Endpoint, 'method' | 'path'>): string => `${e.method} ${e.path}`;
