import { PassThrough } from 'node:stream';

/** A `data: {json}` event stream (text/event-stream) that a route sends as the reply body. */
export interface EventStream<E> {
  readonly stream: PassThrough;
  send(event: E): void;
  end(): void;
}

export function createEventStream<E>(): EventStream<E> {
  const stream = new PassThrough();
  let ended = false;
  return {
    stream,
    send(event) {
      if (!ended) stream.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      if (!ended) {
        ended = true;
        stream.end();
      }
    },
  };
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
