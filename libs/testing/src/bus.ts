import { randomBytes } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { EVENT_STREAM } from '@powerpool/contracts';
import { connectNatsBus, createMemoryBus, type Bus, type BusMessage, type ConsumeOptions, type HandleOptions, type RequestHandler } from '@powerpool/service-kit';
import { TEST_NATS_URL } from './services.js';

/**
 * A bus whose subjects all live under `<namespace>.` on the wire, so test files sharing one NATS
 * server never see each other's events or answer each other's requests. Handlers see the
 * subjects without the namespace, exactly as in production.
 */
export function namespacedBus(inner: Bus, namespace: string): Bus {
  const add = (s: string) => `${namespace}.${s}`;
  const strip = <T>(m: BusMessage<T>): BusMessage<T> => ({ ...m, subject: m.subject.startsWith(`${namespace}.`) ? m.subject.slice(namespace.length + 1) : m.subject });
  return {
    kind: inner.kind,
    publish: (subject, data, options) => inner.publish(add(subject), data, options),
    consume: <T>(options: ConsumeOptions<T>) => inner.consume<T>({ ...options, subjects: options.subjects.map(add), handler: (m) => options.handler(strip(m)) }),
    subscribe: <T>(subject: string, handler: (m: BusMessage<T>) => Promise<void> | void) => inner.subscribe<T>(add(subject), (m) => handler(strip(m))),
    request: (subject, data, options) => inner.request(add(subject), data, options),
    handle: <Req, Res>(subject: string, handler: RequestHandler<Req, Res>, options: HandleOptions) => inner.handle<Req, Res>(add(subject), (m) => handler(strip(m)), options),
    isReady: () => inner.isReady(),
    close: () => inner.close(),
  };
}

export interface TestBus {
  bus: Bus;
  /** Close the bus and delete the test's stream. */
  close(): Promise<void>;
}

/**
 * A real NATS bus isolated for one test file: its own stream (`T_<random>`) capturing the event
 * subjects under a random namespace.
 */
export async function createIsolatedNatsBus(name = 'test'): Promise<TestBus> {
  const ns = `t${randomBytes(5).toString('hex')}`;
  const streamName = `T_${ns}`;
  const inner = await connectNatsBus({
    servers: TEST_NATS_URL,
    name,
    stream: { name: streamName, subjects: EVENT_STREAM.subjects.map((s) => `${ns}.${s}`) },
  });
  return {
    bus: namespacedBus(inner, ns),
    async close() {
      await inner.close();
      const nc = await connect({ servers: TEST_NATS_URL });
      try {
        const jsm = await jetstreamManager(nc);
        await jsm.streams.delete(streamName).catch(() => false);
      } finally {
        await nc.close();
      }
    },
  };
}

export function createTestMemoryBus(): TestBus {
  const bus = createMemoryBus();
  return { bus, close: () => bus.close() };
}
