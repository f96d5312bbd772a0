import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { IncomingHttpHeaders as Http2IncomingHttpHeaders } from 'node:http2';
import type { FastifyInstance } from 'fastify';
import { HEADERS } from '@powerpool/contracts';
import { ServiceUnavailableError } from '@powerpool/service-kit';

type Headers = IncomingHttpHeaders | Http2IncomingHttpHeaders;

/**
 * Request headers for an upstream: the client's, minus any identity assertion it sent and any
 * `Forwarded` it made up, plus the correlation id and X-Forwarded-* describing the public URL
 * (so an upstream building absolute URLs builds the browser's).
 */
export function forwardedHeaders(publicUrl: string): (request: { id: string; ip: string }, headers: Headers) => Headers {
  const url = new URL(publicUrl);
  const proto = url.protocol.replace(/:$/, '');
  return (request, headers) => {
    const out: Headers = { ...headers };
    delete out[HEADERS.identity];
    delete out.forwarded;
    out[HEADERS.correlationId] = request.id;
    out['x-forwarded-for'] = request.ip;
    out['x-forwarded-proto'] = proto;
    out['x-forwarded-host'] = url.host;
    return out;
  };
}

/**
 * Leave request bodies unread: every content type parses to the raw request stream, which
 * reply-from pipes to the upstream as it arrives (uploads are the services' to limit and parse).
 * Call inside the encapsulated proxy scope only.
 */
export function passthroughBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
}

/** An upstream could not be reached (refused, reset, timed out): 503 `service_unavailable`, as everywhere. */
export function serviceUnavailable(reply: { code(statusCode: number): { send(payload?: unknown): unknown } }, service: string): void {
  const err = new ServiceUnavailableError(`The ${service} service is unavailable. Please try again shortly.`);
  reply.code(err.status).send(err.toBody());
}

/**
 * A request body that reads nothing of `source` until the upstream asks for it (undici pulls the
 * body only once connected). When the connection fails, undici destroys this wrapper, not
 * `source`, which is still whole: the request can go to another replica with a fresh wrapper.
 */
export function lazyBody(source: Readable): Readable {
  let started = false;
  let sourceFailed = false;
  const body: Readable = new Readable({
    read() {
      if (started) {
        source.resume();
        return;
      }
      started = true;
      source.on('data', (chunk: Buffer) => {
        if (!body.push(chunk)) source.pause();
      });
      source.once('end', () => body.push(null));
      source.once('error', (err) => {
        sourceFailed = true;
        body.destroy(err);
      });
    },
    destroy(err, callback) {
      if (started && !sourceFailed) source.destroy(err ?? undefined);
      callback(err);
    },
  });
  return body;
}
