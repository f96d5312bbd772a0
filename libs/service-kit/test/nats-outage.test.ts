/**
 * The NATS bus when its server dies (SIGKILL) and comes back on the same port and JetStream store:
 * a private nats-server (libs/testing `startNatsServer`), so killing it touches no other test.
 * Requests and event publishes while the connection is down answer a 503 (ServiceUnavailableError)
 * at once instead of waiting out their timeout; a request waiting for its answer when the
 * connection drops gets the same 503; durable consumers carry on after the restart, and after a
 * restart without the JetStream store the bus makes its stream and consumers again; each time the
 * connection comes back, the bus's reconnect listeners are called once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { unavailableReason } from '../../testing/src/services.js';
import { natsServerUnavailableReason, startNatsServer, type PrivateNatsServer } from '@powerpool/testing';
import { connectNatsBus, type Bus, type BusMessage } from '../src/bus/index.js';
import { BusTimeoutError, ServiceUnavailableError } from '../src/errors.js';

const skipReason = (await unavailableReason('nats')) ?? (await natsServerUnavailableReason());

const stream = { name: 'OUTAGE_TEST', subjects: ['outage.>'] };

describe.skipIf(skipReason !== null)('the NATS bus while its server is killed and restarted', () => {
  let nats: PrivateNatsServer;
  let bus: Bus;

  beforeAll(async () => {
    nats = await startNatsServer();
    bus = await connectNatsBus({ servers: nats.url, name: 'nats-outage-test', stream });
  });

  afterAll(async () => {
    if (nats && !nats.running) await nats.restart().catch(() => {});
    await bus?.close();
    await nats?.stop();
  });

  it(
    'should fail a request waiting for its answer with a 503 when the server dies, answer 503 to requests and publishes while it is down, and deliver events after a restart, even one without its store',
    { timeout: 60_000 },
    async () => {
      const seen: string[] = [];
      let reconnects = 0;
      const stopListening = bus.onReconnect(() => reconnects++);
      await bus.consume<{ n: number }>({
        durable: 'outage-consumer',
        subjects: ['outage.event.>'],
        handler: async (msg: BusMessage<{ n: number }>) => {
          seen.push(`${msg.subject}:${msg.data.n}`);
        },
      });
      // A responder that never answers in time: the request below is still waiting when the server dies.
      await bus.handle('rpc.outage.slow', () => new Promise((resolve) => setTimeout(() => resolve('late'), 25_000)), { queue: 'outage' });
      await bus.publish('outage.event.a', { n: 1 }, { msgId: 'a1' });
      await vi.waitFor(() => expect(seen).toEqual(['outage.event.a:1']), { timeout: 10_000 });

      // The timeout (20 s) is far longer than the test waits: a BusTimeoutError would mean the request waited it out.
      const waiting = bus.request('rpc.outage.slow', {}, { timeoutMs: 20_000 }).then(
        () => 'answered',
        (err: unknown) => err,
      );
      await nats.kill();
      const lost = await waiting;
      expect(lost).not.toBeInstanceOf(BusTimeoutError);
      expect(lost).toBeInstanceOf(ServiceUnavailableError);
      expect((lost as ServiceUnavailableError).status).toBe(503);

      // Down: no request or publish sits in the client's buffer until its timeout.
      expect(bus.isReady()).toBe(false);
      await expect(bus.request('rpc.outage.slow', {}, { timeoutMs: 20_000 })).rejects.toBeInstanceOf(ServiceUnavailableError);
      await expect(bus.publish('outage.event.b', { n: 2 }, { msgId: 'b2' })).rejects.toBeInstanceOf(ServiceUnavailableError);

      expect(reconnects).toBe(0);
      await nats.restart();
      await vi.waitFor(() => expect(bus.isReady()).toBe(true), { timeout: 20_000 });
      // Told once that the connection came back (a plain subscriber's cache may have missed events).
      expect(reconnects).toBe(1);
      await bus.publish('outage.event.b', { n: 2 }, { msgId: 'b2' });
      // The durable consumer resumes on the restarted server: the new event once, the old one not again.
      await vi.waitFor(() => expect(seen).toEqual(['outage.event.a:1', 'outage.event.b:2']), { timeout: 20_000 });

      // The server comes back without its store (streams, consumers gone): the bus makes the stream
      // again on its next publish and the consumer again, and the next event arrives (the old ones not again).
      await nats.kill();
      await nats.restart({ emptyStore: true });
      await vi.waitFor(() => expect(bus.isReady()).toBe(true), { timeout: 20_000 });
      await bus.publish('outage.event.c', { n: 3 }, { msgId: 'c3' });
      await vi.waitFor(() => expect(seen).toEqual(['outage.event.a:1', 'outage.event.b:2', 'outage.event.c:3']), { timeout: 20_000 });
      expect(reconnects).toBe(2);
      stopListening();
    },
  );
});
