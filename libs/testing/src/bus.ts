import { randomBytes } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { connectServiceBus, createMemoryBus, eventStreamName, type Bus } from '@powerpool/service-kit';

import { TEST_NATS_URL } from './services.js';

export interface TestBus {
  bus: Bus;
  /** Close the bus and delete the test's stream. */
  close(): Promise<void>;
}

/**
 * A real NATS bus isolated for one test file: a random namespace, so its own subjects and its own
 * event stream (deleted at close).
 */
export async function createIsolatedNatsBus(name = 'test'): Promise<TestBus> {
  const ns = `t${randomBytes(5).toString('hex')}`;
  const streamName = eventStreamName(ns);
  const bus = await connectServiceBus({ servers: TEST_NATS_URL, name, namespace: ns });
  return {
    bus,
    async close() {
      await bus.close();
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
