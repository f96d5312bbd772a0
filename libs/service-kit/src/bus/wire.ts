/**
 * What both bus implementations put "on the wire": JSON payloads, the request/reply envelope and
 * the shared defaults. The in-process bus goes through the same encoding so that nothing is shared
 * by reference and both behave alike.
 */
import { databaseUnavailable } from '../db/unavailable.js';
import { DomainError, domainErrorFromBody } from '../errors.js';
import type { BusLogger } from './logger.js';
import { subjectIsSubsetOf } from './subjects.js';
import type { Headers } from './types.js';

export const DEFAULT_MAX_DELIVERIES = 5;
export const DEFAULT_RETRY_DELAY_MS = 1000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;
/** JetStream duplicate window: a msgId seen within it is dropped. */
export const DEDUP_WINDOW_MS = 2 * 60 * 1000;
/** JetStream max age of stored events. */
export const EVENT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** JSON text of a payload; `undefined` travels as `null` (JSON has no undefined). */
export function encode(data: unknown): string {
  return JSON.stringify(data ?? null);
}

export function decode(text: string): unknown {
  return text.length === 0 ? null : JSON.parse(text);
}

/** A request reply as it travels back to the requester. */
export type ReplyEnvelope = { ok: true; data?: unknown } | { ok: false; status: number; error: { error: string; message: string; details?: unknown } };

/** Encode a handler's result. */
export function okReply(data: unknown): string {
  return JSON.stringify({ ok: true, data } satisfies ReplyEnvelope);
}

/**
 * Encode a handler's failure. A DomainError crosses as is, the database out of reach as a 503;
 * anything else is logged here and crosses as a bare 500 so internals never reach the requester.
 */
export function errorReply(err: unknown, subject: string, logger: BusLogger): string {
  if (err instanceof DomainError) {
    return JSON.stringify({ ok: false, status: err.status, error: err.toBody() } satisfies ReplyEnvelope);
  }
  const unavailable = databaseUnavailable(err);
  if (unavailable) {
    logger.warn({ err, subject }, unavailable.message);
    return JSON.stringify({ ok: false, status: unavailable.status, error: unavailable.toBody() } satisfies ReplyEnvelope);
  }
  logger.error({ err, subject }, 'bus request handler failed');
  const internal = new DomainError('internal_error', 'Internal error');
  return JSON.stringify({ ok: false, status: internal.status, error: internal.toBody() } satisfies ReplyEnvelope);
}

/** Decode a reply: the handler's data, or the DomainError it threw. */
export function readReply<T>(text: string, subject: string): T {
  const envelope = decode(text) as ReplyEnvelope | null;
  if (envelope === null || typeof envelope !== 'object' || typeof envelope.ok !== 'boolean') {
    throw new Error(`Malformed bus reply on ${subject}`);
  }
  if (envelope.ok) return envelope.data as T;
  throw domainErrorFromBody(envelope.status, envelope.error);
}

/**
 * Requests must not use event subjects: the stream would capture (and answer) them. Throws when
 * `subject` (a request subject, or a handler's pattern) lies within the stream's subjects.
 */
export function assertNotEventSubject(subject: string, streamSubjects: readonly string[]): void {
  if (streamSubjects.some((pattern) => subjectIsSubsetOf(subject, pattern))) {
    throw new Error(`Subject '${subject}' belongs to the event stream; request/reply subjects live under rpc.<service>.`);
  }
}

/** Header names owned by NATS itself (`Nats-Msg-Id`, ...): not part of the message's headers. */
export function isTransportHeader(name: string): boolean {
  return name.toLowerCase().startsWith('nats-');
}

/**
 * The requester's timeout (ms), sent with every request (`Bus.request`), so that a handler doing
 * slow work (an outside provider) can give up and answer while the requester still listens.
 */
export const REQUEST_TIMEOUT_HEADER = 'pp-request-timeout-ms';

/** A request's headers: the requester's, plus its timeout (REQUEST_TIMEOUT_HEADER). */
export function requestHeaders(headers: Headers | undefined, timeoutMs: number): Headers {
  return { ...copyHeaders(headers), [REQUEST_TIMEOUT_HEADER]: String(timeoutMs) };
}

/**
 * How long a request handler may work and still be heard: four fifths of the requester's timeout
 * (the rest is for the trip there and back), counted from when the handler is called. Null when
 * the request did not say (not sent through `Bus.request`).
 */
export function replyBudgetMs(msg: { headers: Headers }): number | null {
  const timeoutMs = Number(msg.headers[REQUEST_TIMEOUT_HEADER]);
  return Number.isFinite(timeoutMs) && timeoutMs > 0 ? Math.floor(timeoutMs * 0.8) : null;
}

export function copyHeaders(headers: Headers | undefined): Headers {
  const out: Headers = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!isTransportHeader(name)) out[name] = String(value);
  }
  return out;
}

/** Promises of handlers still running, so `close()`/`unsubscribe()` can wait for them. */
export class InFlight {
  readonly #running = new Set<Promise<unknown>>();

  /** Run `fn` and track it until it settles; never rejects (the caller handles errors inside). */
  run(fn: () => Promise<void>): Promise<void> {
    const p = fn().finally(() => this.#running.delete(p));
    this.#running.add(p);
    return p;
  }

  get size(): number {
    return this.#running.size;
  }

  /** Resolves once everything running now (and started meanwhile) has settled. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }
}
