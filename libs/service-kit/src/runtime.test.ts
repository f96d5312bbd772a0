import { connect, type Socket } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulClose } from './runtime.js';

/** gracefulClose (serve's close on a signal) with real sockets on a real listening Fastify. */
describe('gracefulClose', () => {
  const sockets: Socket[] = [];
  afterEach(() => sockets.splice(0).forEach((s) => s.destroy()));

  async function started(slowMs = 0) {
    const app = Fastify();
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, slowMs));
      return { done: true };
    });
    const close = gracefulClose(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    return { app, close, port };
  }

  const open = async (port: number) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    await new Promise((resolve) => socket.once('connect', resolve));
    return socket;
  };
  const ended = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

  it('should close at once when a client holds a connection it never sent a request on (a preconnected socket)', async () => {
    const { app, close, port } = await started();
    const spare = await open(port);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Fastify's own close waits for that socket (Node's closeIdleConnections leaves it): the reason for gracefulClose.
    const plain = await Promise.race([app.close().then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))]);
    expect(plain).toBe('waiting');
    await close();
    await ended(spare);
    expect(spare.destroyed).toBe(true);
  });

  it('should finish a request under way before closing', async () => {
    const { close, port } = await started(300);
    const res = fetch(`http://127.0.0.1:${port}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await close();
    const reply = await res;
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ done: true });
  });
});
