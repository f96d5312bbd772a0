import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@powerpool/contracts';
import { sendEventStream } from '../src/event-stream.js';

const ticks = endpoint({
  method: 'GET',
  path: '/ticks',
  service: 'sports-data-staging',
  access: 'public',
  summary: 'test stream',
  produces: 'text/event-stream',
  events: z.object({ n: z.number() }),
});
const json = endpoint({ method: 'GET', path: '/json', service: 'sports-data-staging', access: 'public', summary: 'test json', reply: z.object({ ok: z.boolean() }) });

/** A bare Fastify listening on a loopback port, with whatever routes the test adds. */
async function serve(setup: (app: FastifyInstance) => void): Promise<{ app: FastifyInstance; url: string; logs: string[] }> {
  const logs: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logs.push(line) } } });
  setup(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, logs };
}

describe('sendEventStream', () => {
  let open: FastifyInstance | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  it('should frame each event as a data line with the event-stream headers and end the stream when the producer is done', async () => {
    const s = await serve((app) =>
      app.get('/ticks', (_req, reply) =>
        sendEventStream(reply, ticks, async (send) => {
          send({ n: 1 });
          await new Promise((r) => setTimeout(r, 10));
          send({ n: 2 });
        }),
      ),
    );
    open = s.app;
    const res = await fetch(`${s.url}/ticks`);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(await res.text()).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n');
  });

  it('should end the stream and log the error when the producer throws', async () => {
    const s = await serve((app) =>
      app.get('/ticks', (_req, reply) =>
        sendEventStream(reply, ticks, async (send) => {
          send({ n: 1 });
          throw new Error('producer broke');
        }),
      ),
    );
    open = s.app;
    const res = await fetch(`${s.url}/ticks`);
    expect(await res.text()).toBe('data: {"n":1}\n\n');
    expect(s.logs.join('')).toContain('producer broke');
  });

  it('should refuse an endpoint that does not declare an event stream', async () => {
    const s = await serve((app) => app.get('/json', (_req, reply) => sendEventStream(reply, json, async () => undefined)));
    open = s.app;
    const res = await fetch(`${s.url}/json`);
    expect(res.status).toBe(500);
  });
});
