import type { IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from '@powerpool/service-kit';

/** The services' own bodyLimit (libs/service-kit createService): nothing larger could be accepted anyway. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** `1 MiB`, `64 KiB`, else `4096 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

export class PayloadTooLargeError extends DomainError {
  constructor(limit: number) {
    super('payload_too_large', `The request body is too large: the limit is ${formatBytes(limit)}.`);
  }
}

/** How long a refused client may go on sending (discarded) before the connection is cut. */
export const LINGER_MS = 3_000;
/** How much of a refused body is read and discarded at most before the connection is cut. */
export const LINGER_BYTES = 32 * 1024 * 1024;

/**
 * Close the connection once the 413 is out, without losing it. Node closes a `Connection: close`
 * socket with `destroySoon()` as soon as the answer is written; with request bytes still unread
 * the kernel then resets the connection, and a client that is still uploading gets a reset (EPIPE,
 * ECONNRESET) instead of the answer. So, like nginx's lingering close: end our side, keep reading
 * and discarding what the client still sends, and close when it stops (its FIN), or after
 * LINGER_MS or LINGER_BYTES at the latest.
 */
function lingeringClose(raw: IncomingMessage): void {
  const socket = raw.socket;
  let discarded = 0;
  // A streamed body is piped to the proxy: take it back, and from now on read it only to drop it.
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) socket.destroy();
  });
  raw.resume();
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/** Refuse the request: 413 through the error handler, then close the connection (lingering). */
function refuse(reply: FastifyReply, limit: number): PayloadTooLargeError {
  reply.header('connection', 'close');
  lingeringClose(reply.request.raw);
  return new PayloadTooLargeError(limit);
}

/**
 * Counts a streamed body on its way to the service and cuts it at `limit`: past it, the client is
 * answered 413 at once and the stream fails, which aborts the upstream request (reply-from leaves
 * an already-sent reply alone).
 */
class BodyCounter extends Transform {
  private seen = 0;

  constructor(
    private readonly limit: number,
    private readonly reply: FastifyReply,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen <= this.limit) return callback(null, chunk);
    const err = refuse(this.reply, this.limit);
    this.reply.request.log.info({ limit: this.limit }, 'refused a streamed request body over the limit');
    if (!this.reply.sent) this.reply.send(err);
    callback(err);
  }
}

/**
 * Call on the root instance, before the proxies are registered. Request bodies pass through the
 * gateway unread (forwarding.ts), so the size limit is enforced here, before anything is forwarded:
 * a Content-Length over `limit` is answered 413 at once; a body without one (chunked) is counted
 * while it streams and cut at `limit`. Either way the connection is closed after the answer, so
 * a client still sending is not left hanging.
 */
export function limitRequestBodies(app: FastifyInstance, limit: number): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    const length = request.headers['content-length'];
    if (length !== undefined) {
      // Node's parser holds the body to its Content-Length: checking the header is enough.
      if (Number(length) > limit) {
        request.log.info({ contentLength: Number(length), limit }, 'refused a request body over the limit');
        throw refuse(reply, limit);
      }
      return payload;
    }
    if (request.headers['transfer-encoding'] === undefined) return payload;
    return payload.pipe(new BodyCounter(limit, reply));
  });
}
