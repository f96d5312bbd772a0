import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { endpointLabel, type Endpoint } from '@powerpool/contracts';

/** One event of a `text/event-stream` endpoint, as its `events` schema describes it. */
export type EndpointEvent<E extends Endpoint> = E['events'] extends z.ZodType ? z.input<E['events']> : never;

/** The headers of every event stream: no caching, no proxy buffering (each event goes out as it happens). */
export const EVENT_STREAM_HEADERS = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
});

/** One event as it goes on the wire: a `data:` line with its JSON, then a blank line. */
export function eventFrame(event: unknown): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/**
 * Answer a declared `text/event-stream` endpoint: `produce` runs after the headers are sent and
 * reports typed events through `send`; each goes out as one {@link eventFrame}. The stream ends
 * when `produce` settles; events sent after that are dropped. `produce` should report its own
 * failures as events: if it throws anyway, the error is logged and the stream just ends.
 */
export function sendEventStream<E extends Endpoint>(
  reply: FastifyReply,
  endpoint: E,
  produce: (send: (event: EndpointEvent<E>) => void) => Promise<void>,
): FastifyReply {
  if (endpoint.produces !== 'text/event-stream') throw new Error(`${endpointLabel(endpoint)} does not produce text/event-stream`);
  const stream = new PassThrough();
  let ended = false;
  const send = (event: EndpointEvent<E>) => {
    if (!ended) stream.write(eventFrame(event));
  };
  const end = () => {
    ended = true;
    stream.end();
  };
  produce(send).then(end, (err: unknown) => {
    reply.log.error({ err }, `${endpointLabel(endpoint)}: the event stream failed`);
    end();
  });
  return reply.headers(EVENT_STREAM_HEADERS).send(stream);
}
