import type { z } from 'zod';
import { createLimiter, OutboundRefusedError, type Dispatcher } from '@powerpool/service-kit';
import { EspnError, LOGO_CONTENT_TYPES, type DocumentVersion, type EspnCallOptions, type EspnImage, type LogoContentType } from '../../domain/espn.js';

export interface EspnHttpOptions {
  timeoutMs: number;
  /** Extra attempts after the first, on network errors, timeouts and 5xx. */
  retries: number;
  /** First backoff delay; doubles each retry. */
  backoffMs: number;
  /** Requests in flight at once. */
  concurrency: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Summarise a zod error as "path: problem; path: problem" (first few). */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}

export type EspnHttp = <S extends z.ZodTypeAny>(url: string, read: { schema: S; what: string; call?: EspnCallOptions }) => Promise<z.infer<S>>;

/** A conditional GET: the parsed document and its version, or 'unchanged' (304) since `since`. */
export type EspnConditionalHttp = <S extends z.ZodTypeAny>(
  url: string,
  read: { schema: S; what: string; since: DocumentVersion | null },
) => Promise<{ body: z.infer<S>; version: DocumentVersion | null } | 'unchanged'>;

/**
 * GET a JSON document and parse it with `schema`. Retries with exponential backoff on network
 * errors, timeouts and 5xx; a 4xx, non-JSON body or a shape mismatch fails at once with an EspnError.
 * With a `deadline`, no attempt (nor its wait in the queue, nor a backoff) runs past it: the call
 * fails with a timeout EspnError by then, so its caller can still be told that ESPN is the problem.
 * `getSince` sends the version of the last read (If-None-Match, If-Modified-Since) and takes a 304
 * as 'unchanged'; the caller keeps the version, and passes it only once it has used that read.
 * Every request goes through `dispatcher`, the kit's outbound guard trusting the configured ESPN
 * origins (docs/architecture.md#outbound-requests): a redirect never reaches an inside address.
 */
export function createEspnHttp(options: EspnHttpOptions, dispatcher: Dispatcher): { get: EspnHttp; getSince: EspnConditionalHttp } {
  const limit = createLimiter(options.concurrency);

  async function request(url: string, { what, call, since }: { what: string; call: EspnCallOptions; since: DocumentVersion | null }): Promise<Answer> {
    const deadline = call.deadline ?? Infinity;
    const outOfTime = (spentMs: number) => new EspnError(`ESPN ${what}: no answer within ${spentMs} ms`, 'timeout');
    const started = Date.now();
    let lastError: EspnError | undefined;
    let attempts = 0;
    for (let attempt = 0; attempt <= options.retries; attempt += 1) {
      if (attempt > 0) {
        const backoff = options.backoffMs * 2 ** (attempt - 1);
        if (Date.now() + backoff >= deadline) break;
        await sleep(backoff);
      }
      const outcome = await limit(() => {
        const left = deadline - Date.now();
        if (left <= 0) return Promise.resolve<Outcome>({ ok: false, retry: false, error: outOfTime(Date.now() - started) });
        attempts += 1;
        return fetchOnce(url, { timeoutMs: Math.min(options.timeoutMs, left), what, since, dispatcher });
      });
      if (outcome.ok) return outcome.answer;
      lastError = outcome.error;
      if (!outcome.retry) break;
    }
    const error = lastError ?? new EspnError(`ESPN ${what}: request failed`, 'network');
    if ((error.kind === 'http' && error.status !== undefined && error.status < 500) || attempts === 0) throw error;
    throw new EspnError(`${error.message} (after ${attempts} attempt${attempts === 1 ? '' : 's'})`, error.kind, error.status);
  }

  function parse<S extends z.ZodTypeAny>(schema: S, body: unknown, what: string): z.infer<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new EspnError(`ESPN ${what}: unexpected response (${describeZodError(parsed.error)})`, 'parse');
    return parsed.data;
  }

  return {
    async get(url, { schema, what, call = {} }) {
      const answer = await request(url, { what, call, since: null });
      if (answer === 'unchanged') throw new EspnError(`ESPN ${what}: HTTP 304 to an unconditional request`, 'http', 304);
      return parse(schema, answer.body, what);
    },
    async getSince(url, { schema, what, since }) {
      const answer = await request(url, { what, call: {}, since });
      if (answer === 'unchanged') return 'unchanged';
      return { body: parse(schema, answer.body, what), version: answer.version };
    },
  };
}

type Answer = { body: unknown; version: DocumentVersion | null } | 'unchanged';
type Outcome = { ok: true; answer: Answer } | { ok: false; retry: boolean; error: EspnError };

/** The validators a reply carries (null when it has neither). */
function versionOf(headers: Headers): DocumentVersion | null {
  const etag = headers.get('etag');
  const lastModified = headers.get('last-modified');
  return etag || lastModified ? { etag, lastModified } : null;
}

async function fetchOnce(url: string, request: { timeoutMs: number; what: string; since: DocumentVersion | null; dispatcher: Dispatcher }): Promise<Outcome> {
  const { timeoutMs, what, since, dispatcher } = request;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (since?.etag) headers['if-none-match'] = since.etag;
  if (since?.lastModified) headers['if-modified-since'] = since.lastModified;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers, dispatcher });
    text = await response.text();
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    if (timedOut) return { ok: false, retry: true, error: new EspnError(`ESPN ${what}: no answer within ${timeoutMs} ms`, 'timeout') };
    const refused = refusalOf(err);
    if (refused) return { ok: false, retry: false, error: new EspnError(`ESPN ${what}: ${refused}`, 'network') };
    return { ok: false, retry: true, error: new EspnError(`ESPN ${what}: could not connect (${connectCause(err)})`, 'network') };
  }
  if (response.status === 304 && since) return { ok: true, answer: 'unchanged' };
  if (!response.ok) {
    return { ok: false, retry: response.status >= 500, error: new EspnError(`ESPN ${what}: HTTP ${response.status}`, 'http', response.status) };
  }
  try {
    return { ok: true, answer: { body: JSON.parse(text) as unknown, version: versionOf(response.headers) } };
  } catch {
    return { ok: false, retry: false, error: new EspnError(`ESPN ${what}: the response is not valid JSON`, 'parse') };
  }
}

/** The guard's refusal behind a failed fetch (fetch wraps it as the cause), or null. */
function refusalOf(err: unknown): string | null {
  const cause = err instanceof Error ? err.cause : undefined;
  return cause instanceof OutboundRefusedError ? cause.message : null;
}

const connectCause = (err: unknown): string => (err instanceof Error ? ((err.cause as { code?: string } | undefined)?.code ?? err.message) : String(err));

/** The largest logo kept (ESPN's 500 px team logos are 10-60 KB). */
export const LOGO_MAX_BYTES = 512 * 1024;

/** Do the bytes look like the declared type (so a mislabelled answer is refused, not stored)? */
export function looksLike(contentType: LogoContentType, bytes: Buffer): boolean {
  switch (contentType) {
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/gif':
      return bytes.subarray(0, 4).toString('latin1') === 'GIF8';
    case 'image/webp':
      return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'image/svg+xml':
      return /<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8'));
  }
}

/**
 * GET one image: ONE attempt (no retry) within `timeoutMs`, at most LOGO_MAX_BYTES, of a type in
 * LOGO_CONTENT_TYPES whose bytes match it. Fails with an EspnError naming what was wrong.
 */
export async function fetchImage(url: string, request: { timeoutMs: number; what: string; dispatcher: Dispatcher }): Promise<EspnImage> {
  const { timeoutMs, what, dispatcher } = request;
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: LOGO_CONTENT_TYPES.join(', ') },
      redirect: 'error',
      dispatcher,
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    if (timedOut) throw new EspnError(`ESPN ${what}: no answer within ${timeoutMs} ms`, 'timeout');
    throw new EspnError(`ESPN ${what}: ${refusalOf(err) ?? `could not connect (${connectCause(err)})`}`, 'network');
  }
  const drop = () => response.body?.cancel().catch(() => undefined);
  if (!response.ok) {
    await drop();
    throw new EspnError(`ESPN ${what}: HTTP ${response.status}`, 'http', response.status);
  }
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() as LogoContentType;
  if (!LOGO_CONTENT_TYPES.includes(contentType)) {
    await drop();
    throw new EspnError(`ESPN ${what}: not an allowed image type (${contentType || 'no content type'})`, 'parse');
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > LOGO_MAX_BYTES) {
    await drop();
    throw new EspnError(`ESPN ${what}: ${declared} bytes, more than ${LOGO_MAX_BYTES}`, 'parse');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > LOGO_MAX_BYTES) {
        await drop();
        throw new EspnError(`ESPN ${what}: more than ${LOGO_MAX_BYTES} bytes`, 'parse');
      }
      chunks.push(Buffer.from(chunk));
    }
  } catch (err) {
    if (err instanceof EspnError) throw err;
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new EspnError(`ESPN ${what}: ${timedOut ? `no answer within ${timeoutMs} ms` : 'the download broke off'}`, timedOut ? 'timeout' : 'network');
  }
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0 || !looksLike(contentType, bytes)) throw new EspnError(`ESPN ${what}: the body is not a ${contentType} image`, 'parse');
  return { bytes, contentType };
}
