import { constants } from 'node:zlib';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Replies smaller than this go as they are: compressing them saves too little to pay for the CPU. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Compress the replies of the routes registered after this in `app`'s scope (the API proxy's
 * plain routes, /api/docs): brotli (quality 4, quick enough for replies made per request) or gzip,
 * as the browser accepts, with `Vary: Accept-Encoding`. JSON, CSV and HTML are compressed; a reply
 * already encoded by its service (the live leaderboard's gzip) and event streams are not touched,
 * and event streams never reach this scope (api-proxy.ts forwards them from a scope of their own).
 *
 * A proxied reply arrives as a stream, whose size @fastify/compress cannot see: its Content-Length
 * is read here instead, and a reply under COMPRESS_MIN_BYTES is marked with the plugin's own
 * opt-out (the `x-no-compression` request header, never forwarded: the reply is already chosen).
 */
export async function compressReplies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  app.addHook('onSend', skipSmallReplies);
}

// eslint-disable-next-line max-params -- Fastify's onSend callback hook: (request, reply, payload, done)
const skipSmallReplies: onSendHookHandler = (request, reply, payload, done) => {
  const length = Number(reply.getHeader('content-length'));
  if (Number.isFinite(length) && length < COMPRESS_MIN_BYTES) request.headers['x-no-compression'] = '1';
  done(null, payload);
};
