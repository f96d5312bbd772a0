/**
 * One contract for both bus implementations: the same tests run against the in-process bus and a
 * real NATS server (JetStream). Each run uses its own stream and subject prefix, and every test its
 * own subjects and durable names, so nothing leaks between tests or runs.
 */
import { randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { HEADERS } from '@powerpool/contracts';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_NATS_URL, unavailableReason } from '../../testing/src/services.js';
import {
  connectNatsBus,
  createMemoryBus,
  delaySequence,
  replyBudgetMs,
  REQUEST_TIMEOUT_HEADER,
  withDeliveryDelays,
  type Bus,
  type BusMessage,
  type ConsumeOptions,
  type Subscription,
} from '../src/bus/index.js';
import { BusNoRespondersError, BusTimeoutError, ConflictError, DomainError } from '../src/errors.js';

const run = randomUUID().replaceAll('-', '').slice(0, 10);
const prefix = `bustest${run}`;
const stream = { name: `BUS_TEST_${run}`, subjects: [`${prefix}.>`] };

const natsSkipReason = await unavailableReason('nats');

interface Implementation {
  kind: Bus['kind'];
  skip: boolean;
  open(): Promise<Bus>;
}

const implementations: Implementation[] = [
  { kind: 'memory', skip: false, open: async () => createMemoryBus({ stream }) },
  {
    kind: 'nats',
    skip: natsSkipReason !== null,
    open: () => connectNatsBus({ servers: TEST_NATS_URL, name: `bus-contract-${run}`, stream }),
  },
];

afterAll(async () => {
  if (natsSkipReason !== null) return;
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream.name).catch(() => false);
  } finally {
    await nc.close();
  }
});

/** Poll until the assertion passes (async delivery), failing after a few seconds. */
function eventually<T>(assertion: () => T): Promise<T> {
  return vi.waitFor(assertion, { timeout: 5000, interval: 20 });
}

/** A handler's simulated slow work (the bus must wait for it). */
const work = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The marker that shows nothing is left for a durable: stop its replicas, start a fresh one on the
 * same durable and publish `marker`. A durable resumes after the last acknowledged event, so
 * when the marker arrives first and alone, no earlier event was pending or due again.
 */
async function expectNothingPending(bus: Bus, durable: string, subject: string, replicas: Subscription[]): Promise<void> {
  await Promise.all(replicas.map((r) => r.unsubscribe()));
  const after: unknown[] = [];
  await bus.consume({ durable, subjects: [subject], handler: async (msg) => void after.push(msg.data) });
  await bus.publish(subject, { marker: durable });
  await eventually(() => expect(after).toContainEqual({ marker: durable }));
  expect(after).toEqual([{ marker: durable }]);
}

let counter = 0;
/** A fresh event subject namespace per test, inside the run's stream: `<run prefix>.t<n>`. */
function scope(): string {
  counter += 1;
  return `${prefix}.t${counter}`;
}

/** A fresh request subject namespace per test, outside the stream (like `rpc.<service>.`). */
function rpcScope(): string {
  counter += 1;
  return `rpc.${prefix}.t${counter}`;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe.each(implementations)('bus contract ($kind)', (impl) => {
  const opened: Bus[] = [];

  async function openBus(): Promise<Bus> {
    const bus = await impl.open();
    opened.push(bus);
    return bus;
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });

  describe.skipIf(impl.skip)('durable events', () => {
    it('should deliver an event to a consumer when it is published after the consumer started', async () => {
      const bus = await openBus();
      const s = scope();
      const received: BusMessage[] = [];
      await bus.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler: async (msg) => void received.push(msg) });

      await bus.publish(`${s}.created`, { id: 1, name: 'Week 1' });

      await eventually(() => expect(received).toHaveLength(1));
      expect(received[0]).toEqual({ subject: `${s}.created`, data: { id: 1, name: 'Week 1' }, headers: {}, deliveryCount: 1 });
    });

    it('should deliver events in order when they were published before the consumer started', async () => {
      const bus = await openBus();
      const s = scope();
      await bus.publish(`${s}.created`, { n: 1 });
      await bus.publish(`${s}.created`, { n: 2 });
      await bus.publish(`${s}.created`, { n: 3 });
      const received: unknown[] = [];

      await bus.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler: async (msg) => void received.push(msg.data) });

      await eventually(() => expect(received).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]));
    });

    it('should resume after the last handled event when a durable consumer comes back', async () => {
      const bus = await openBus();
      const s = scope();
      const first: unknown[] = [];
      const sub = await bus.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler: async (msg) => void first.push(msg.data) });
      await bus.publish(`${s}.created`, { n: 1 });
      await eventually(() => expect(first).toEqual([{ n: 1 }]));
      await sub.unsubscribe();

      await bus.publish(`${s}.created`, { n: 2 });
      const second: unknown[] = [];
      await bus.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler: async (msg) => void second.push(msg.data) });

      await eventually(() => expect(second).toEqual([{ n: 2 }]));
      expect(first).toEqual([{ n: 1 }]);
    });

    it('should stop at once when a consumer unsubscribes before any event arrived', async () => {
      const bus = await openBus();
      const s = scope();
      const sub = await bus.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler: async () => {} });

      await sub.unsubscribe();
      await bus.close();

      expect(bus.isReady()).toBe(false);
    });

    it('should handle each event exactly once in total when two replicas share a durable name', async () => {
      const bus = await openBus();
      const s = scope();
      const handled: number[] = [];
      const handler = async (msg: BusMessage<{ n: number }>) => void handled.push(msg.data.n);
      const replicas = [
        await bus.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler }),
        await bus.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler }),
      ];

      for (let n = 0; n < 20; n++) await bus.publish(`${s}.created`, { n });

      await eventually(() => expect(handled).toHaveLength(20));
      await expectNothingPending(bus, `d-${s}`, `${s}.created`, replicas);
      expect([...handled].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    });

    it('should deliver every event to each durable when two durables consume the same subject', async () => {
      const bus = await openBus();
      const s = scope();
      const a: unknown[] = [];
      const b: unknown[] = [];
      await bus.consume({ durable: `a-${s}`, subjects: [`${s}.created`], handler: async (msg) => void a.push(msg.data) });
      await bus.consume({ durable: `b-${s}`, subjects: [`${s}.created`], handler: async (msg) => void b.push(msg.data) });

      await bus.publish(`${s}.created`, { n: 1 });
      await bus.publish(`${s}.created`, { n: 2 });

      await eventually(() => {
        expect(a).toEqual([{ n: 1 }, { n: 2 }]);
        expect(b).toEqual([{ n: 1 }, { n: 2 }]);
      });
    });

    it('should consume several subjects and wildcard filters when a consumer lists them', async () => {
      const bus = await openBus();
      const s = scope();
      const received: string[] = [];
      await bus.consume({ durable: `d-${s}`, subjects: [`${s}.*.created`, `${s}.audit.>`], handler: async (msg) => void received.push(msg.subject) });

      await bus.publish(`${s}.week.created`, {});
      await bus.publish(`${s}.week.deleted`, {});
      await bus.publish(`${s}.week.pick.created`, {});
      await bus.publish(`${s}.audit.a.b`, {});
      // Markers, one per filter, published last: each filter's events arrive in order, so once both
      // markers are in, a wrongly matched event above would be in too.
      await bus.publish(`${s}.marker.created`, {});
      await bus.publish(`${s}.audit.marker`, {});

      await eventually(() => expect(received).toEqual(expect.arrayContaining([`${s}.marker.created`, `${s}.audit.marker`])));
      expect([...received].sort()).toEqual([`${s}.audit.a.b`, `${s}.audit.marker`, `${s}.marker.created`, `${s}.week.created`]);
    });

    it('should redeliver with deliveryCount 2 when the handler throws', async () => {
      const bus = await openBus();
      const s = scope();
      const deliveries: Array<{ data: unknown; deliveryCount: number }> = [];
      await bus.consume({
        durable: `d-${s}`,
        subjects: [`${s}.created`],
        retryDelayMs: 50,
        handler: async (msg) => {
          deliveries.push({ data: msg.data, deliveryCount: msg.deliveryCount });
          if (msg.deliveryCount === 1) throw new Error('transient failure');
        },
      });

      await bus.publish(`${s}.created`, { n: 1 });

      await eventually(() =>
        expect(deliveries).toEqual([
          { data: { n: 1 }, deliveryCount: 1 },
          { data: { n: 1 }, deliveryCount: 2 },
        ]),
      );
    });

    it('should stop delivering an event and move on when it failed maxDeliveries times', async () => {
      const bus = await openBus();
      const s = scope();
      const attempts: number[] = [];
      const handled: unknown[] = [];
      await bus.consume({
        durable: `d-${s}`,
        subjects: [`${s}.created`],
        maxDeliveries: 3,
        retryDelayMs: 30,
        handler: async (msg) => {
          const data = msg.data as { poison: boolean };
          if (data.poison) {
            attempts.push(msg.deliveryCount);
            throw new Error('always fails');
          }
          // The marker fails once too: its retry waits the same delay as a 4th poison delivery
          // would, and starts later, so once the retried marker is handled a 4th attempt would show.
          if (msg.deliveryCount === 1) throw new Error('marker fails once');
          handled.push(data);
        },
      });

      await bus.publish(`${s}.created`, { poison: true });
      await eventually(() => expect(attempts).toEqual([1, 2, 3]));
      await bus.publish(`${s}.created`, { poison: false });

      await eventually(() => expect(handled).toEqual([{ poison: false }]));
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('should drop the second event when two publishes carry the same msgId', async () => {
      const bus = await openBus();
      const s = scope();
      await bus.publish(`${s}.created`, { n: 1 }, { msgId: `${s}-a` });
      await bus.publish(`${s}.created`, { n: 1, again: true }, { msgId: `${s}-a` });
      await bus.publish(`${s}.created`, { n: 2 }, { msgId: `${s}-b` });
      const received: unknown[] = [];

      await bus.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler: async (msg) => void received.push(msg.data) });

      // One consumer sees the stream in order: once {n: 2} is in, a duplicate would be too.
      await eventually(() => expect(received).toContainEqual({ n: 2 }));
      expect(received).toEqual([{ n: 1 }, { n: 2 }]);
    });

    it('should carry headers to the consumer when the event is published with a correlation id', async () => {
      const bus = await openBus();
      const s = scope();
      const received: BusMessage[] = [];
      await bus.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler: async (msg) => void received.push(msg) });

      await bus.publish(`${s}.created`, {}, { headers: { [HEADERS.correlationId]: 'corr-123' }, msgId: `${s}-1` });

      await eventually(() => expect(received).toHaveLength(1));
      expect(received[0]!.headers).toEqual({ [HEADERS.correlationId]: 'corr-123' });
    });

    it('should hand the handler a copy when the publisher mutates its object afterwards', async () => {
      const bus = await openBus();
      const s = scope();
      const received: Array<{ list: number[]; at: string }> = [];
      await bus.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler: async (msg) => void received.push(msg.data as never) });
      const payload = { list: [1], at: new Date('2025-09-07T17:00:00Z') };

      await bus.publish(`${s}.created`, payload);
      payload.list.push(2);

      await eventually(() => expect(received).toHaveLength(1));
      expect(received[0]).toEqual({ list: [1], at: '2025-09-07T17:00:00.000Z' });
    });

    it('should reject when publishing to a subject outside the event stream', async () => {
      const bus = await openBus();
      await expect(bus.publish(`not${prefix}.created`, {})).rejects.toThrow();
    });

    it('should reject when consuming a subject outside the event stream', async () => {
      const bus = await openBus();
      await expect(bus.consume({ durable: 'outside', subjects: [`not${prefix}.created`], handler: async () => {} })).rejects.toThrow();
    });
  });

  describe.skipIf(impl.skip)('fan-out', () => {
    it('should deliver to every subscriber when two subscribe to the subject', async () => {
      const bus = await openBus();
      const s = scope();
      const a: BusMessage[] = [];
      const b: BusMessage[] = [];
      await bus.subscribe(`${s}.changed`, (msg) => void a.push(msg));
      await bus.subscribe(`${s}.changed`, async (msg) => void b.push(msg));

      await bus.publish(`${s}.changed`, { n: 1 }, { headers: { [HEADERS.correlationId]: 'c-1' } });

      await eventually(() => {
        expect(a).toHaveLength(1);
        expect(b).toHaveLength(1);
      });
      expect(a[0]).toEqual({ subject: `${s}.changed`, data: { n: 1 }, headers: { [HEADERS.correlationId]: 'c-1' }, deliveryCount: 1 });
    });

    it('should match one token with * and the tail with > when subscribing with wildcards', async () => {
      const bus = await openBus();
      const s = scope();
      const star: string[] = [];
      const tail: string[] = [];
      await bus.subscribe(`${s}.*.created`, (msg) => void star.push(msg.subject));
      await bus.subscribe(`${s}.>`, (msg) => void tail.push(msg.subject));

      await bus.publish(`${s}.week.created`, {});
      await bus.publish(`${s}.week.pick.created`, {});
      await bus.publish(`${s}.week`, {});

      await eventually(() => expect(tail.sort()).toEqual([`${s}.week`, `${s}.week.created`, `${s}.week.pick.created`]));
      expect(star).toEqual([`${s}.week.created`]);
    });

    it('should stop delivering when the subscriber unsubscribes', async () => {
      const bus = await openBus();
      const s = scope();
      const received: unknown[] = [];
      const sub = await bus.subscribe(`${s}.changed`, (msg) => void received.push(msg.data));
      const witness: unknown[] = [];
      await bus.subscribe(`${s}.changed`, (msg) => void witness.push(msg.data));

      await bus.publish(`${s}.changed`, { n: 1 });
      await eventually(() => expect(received).toEqual([{ n: 1 }]));
      await sub.unsubscribe();
      await bus.publish(`${s}.changed`, { n: 2 });

      await eventually(() => expect(witness).toEqual([{ n: 1 }, { n: 2 }]));
      expect(received).toEqual([{ n: 1 }]);
    });
  });

  describe.skipIf(impl.skip)('broadcast', () => {
    it('should deliver a broadcast to every subscriber when the subject is outside the stream', async () => {
      const bus = await openBus();
      const other = bus;
      const s = rpcScope();
      const a: BusMessage[] = [];
      const b: unknown[] = [];
      await bus.subscribe(`${s}.changed`, (msg) => void a.push(msg));
      await other.subscribe(`${s}.>`, (msg) => void b.push(msg.data));

      await bus.broadcast(`${s}.changed`, { n: 1 }, { headers: { [HEADERS.correlationId]: 'c-1' } });

      await eventually(() => {
        expect(a).toHaveLength(1);
        expect(b).toEqual([{ n: 1 }]);
      });
      expect(a[0]).toEqual({ subject: `${s}.changed`, data: { n: 1 }, headers: { [HEADERS.correlationId]: 'c-1' }, deliveryCount: 1 });
    });

    it('should resolve when nobody listens to a broadcast', async () => {
      const bus = await openBus();
      await expect(bus.broadcast(`${rpcScope()}.changed`, { n: 1 })).resolves.toBeUndefined();
    });

    it('should reject a broadcast on a subject the event stream captures', async () => {
      const bus = await openBus();
      await expect(bus.broadcast(`${scope()}.changed`, {})).rejects.toThrow(/event stream/);
    });
  });

  describe.skipIf(impl.skip)('request/reply', () => {
    it('should return the handler reply when a request is answered', async () => {
      const bus = await openBus();
      const s = rpcScope();
      const seen: BusMessage[] = [];
      await bus.handle<{ a: number; b: number }, { sum: number }>(
        `${s}.sum`,
        async (msg) => {
          seen.push(msg);
          return { sum: msg.data.a + msg.data.b };
        },
        { queue: 'calc' },
      );

      const reply = await bus.request<{ sum: number }>(`${s}.sum`, { a: 2, b: 3 }, { headers: { [HEADERS.correlationId]: 'corr-9' } });

      expect(reply).toEqual({ sum: 5 });
      // The requester's timeout travels with the request (the 5000 ms default here).
      expect(seen[0]).toEqual({
        subject: `${s}.sum`,
        data: { a: 2, b: 3 },
        headers: { [HEADERS.correlationId]: 'corr-9', [REQUEST_TIMEOUT_HEADER]: '5000' },
        deliveryCount: 1,
      });
    });

    it("should tell the handler how long it may work and still be heard: four fifths of the requester's timeout", async () => {
      const bus = await openBus();
      const s = rpcScope();
      const budgets: Array<number | null> = [];
      await bus.handle(`${s}.budget`, async (msg) => budgets.push(replyBudgetMs(msg)), { queue: 'budget' });

      await bus.request(`${s}.budget`, {}, { timeoutMs: 2500 });
      await bus.request(`${s}.budget`, {});

      expect(budgets).toEqual([2000, 4000]);
    });

    it('should answer with undefined when the handler returns nothing', async () => {
      const bus = await openBus();
      const s = rpcScope();
      await bus.handle(`${s}.noop`, async () => undefined, { queue: 'noop' });

      await expect(bus.request(`${s}.noop`, null)).resolves.toBeUndefined();
    });

    it('should answer each request once when two handlers share a queue group', async () => {
      const bus = await openBus();
      const s = rpcScope();
      const calls = { a: 0, b: 0 };
      await bus.handle(`${s}.who`, async () => (calls.a++, 'a'), { queue: 'who' });
      await bus.handle(`${s}.who`, async () => (calls.b++, 'b'), { queue: 'who' });

      const replies = await Promise.all(Array.from({ length: 20 }, () => bus.request<string>(`${s}.who`, {})));

      expect(calls.a + calls.b).toBe(20);
      expect(replies.filter((r) => r === 'a')).toHaveLength(calls.a);
      expect(calls.a).toBeGreaterThan(0);
      expect(calls.b).toBeGreaterThan(0);
    });

    it('should rethrow a DomainError with its code, status, message and details when the handler throws one', async () => {
      const bus = await openBus();
      const s = rpcScope();
      await bus.handle(
        `${s}.lock`,
        async () => {
          throw new ConflictError('pool_full', 'The pool is full', { weekId: 'w1', lockedAt: '2025-09-07T16:50:00Z' });
        },
        { queue: 'picks' },
      );

      const error = await bus.request(`${s}.lock`, {}).catch((err: unknown) => err);

      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({
        code: 'pool_full',
        status: 409,
        message: 'The pool is full',
        details: { weekId: 'w1', lockedAt: '2025-09-07T16:50:00Z' },
      });
    });

    it('should reply internal_error 500 without internals when the handler throws another error', async () => {
      const bus = await openBus();
      const s = rpcScope();
      await bus.handle(
        `${s}.boom`,
        async () => {
          throw new Error('password=hunter2 at db.ts:42');
        },
        { queue: 'boom' },
      );

      const error = await bus.request(`${s}.boom`, {}).catch((err: unknown) => err);

      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'internal_error', status: 500, message: 'Internal error' });
      expect((error as DomainError).details).toBeUndefined();
    });

    it('should reject with BusNoRespondersError (503) when nobody handles the subject', async () => {
      const bus = await openBus();
      const s = rpcScope();

      const error = await bus.request(`${s}.nobody`, {}, { timeoutMs: 2000 }).catch((err: unknown) => err);

      expect(error).toBeInstanceOf(BusNoRespondersError);
      expect(error).toMatchObject({ code: 'service_unavailable', status: 503 });
    });

    it('should reject with BusTimeoutError (504) when the handler answers too late', async () => {
      const bus = await openBus();
      const s = rpcScope();
      const release = deferred();
      await bus.handle(`${s}.slow`, () => release.promise, { queue: 'slow' });

      const error = await bus.request(`${s}.slow`, {}, { timeoutMs: 100 }).catch((err: unknown) => err);
      release.resolve();

      expect(error).toBeInstanceOf(BusTimeoutError);
      expect(error).toMatchObject({ code: 'service_timeout', status: 504 });
    });

    it('should reject a request or a handler when its subject is captured by the event stream', async () => {
      const bus = await openBus();
      const s = scope();

      await expect(bus.request(`${s}.get`, {})).rejects.toThrow(/event stream/);
      await expect(bus.handle(`${s}.get`, async () => 'x', { queue: 'q' })).rejects.toThrow(/event stream/);
    });

    it('should reject with BusNoRespondersError when the only handler unsubscribed', async () => {
      const bus = await openBus();
      const s = rpcScope();
      const sub = await bus.handle(`${s}.gone`, async () => 'here', { queue: 'gone' });
      await expect(bus.request(`${s}.gone`, {})).resolves.toBe('here');

      await sub.unsubscribe();

      await expect(bus.request(`${s}.gone`, {}, { timeoutMs: 2000 })).rejects.toBeInstanceOf(BusNoRespondersError);
    });
  });

  describe.skipIf(impl.skip)('lifecycle', () => {
    it('should be ready when open and not ready after close', async () => {
      const bus = await openBus();
      expect(bus.kind).toBe(impl.kind);
      expect(bus.isReady()).toBe(true);

      await bus.close();

      expect(bus.isReady()).toBe(false);
    });

    it('should wait for an in-flight event handler when the bus closes', async () => {
      const bus = await openBus();
      const s = scope();
      const started = deferred();
      let finished = false;
      await bus.consume({
        durable: `d-${s}`,
        subjects: [`${s}.created`],
        handler: async () => {
          started.resolve();
          await work(200);
          finished = true;
        },
      });
      await bus.publish(`${s}.created`, {});
      await started.promise;

      await bus.close();

      expect(finished).toBe(true);
    });

    it('should wait for an in-flight request handler when the bus closes', async () => {
      const bus = await openBus();
      const r = rpcScope();
      const started = deferred();
      let finished = false;
      await bus.handle(
        `${r}.work`,
        async () => {
          started.resolve();
          await work(200);
          finished = true;
          return 'done';
        },
        { queue: 'work' },
      );
      const pending = bus.request(`${r}.work`, {}).catch(() => 'requester gone');
      await started.promise;

      await bus.close();

      expect(finished).toBe(true);
      await pending;
    });

    it('should reject new work when the bus is closed', async () => {
      const bus = await openBus();
      const s = scope();
      await bus.close();

      await expect(bus.publish(`${s}.created`, {})).rejects.toThrow();
      await expect(bus.request(`${rpcScope()}.x`, {})).rejects.toThrow();
    });
  });

  /**
   * The slow bus test mode (bus/slow.ts) over this implementation. Each wrapped bus sits on a
   * `stamped` one that records when the real bus handed over each event, so the delay the mode
   * added is measured alone (a consumer handles one event at a time: the time since publish also
   * counts the earlier events' delays). Small delays keep the tests fast.
   */
  describe.skipIf(impl.skip)('slow bus test mode', () => {
    const MAX_DELAY_MS = 60;
    /** setTimeout never fires early by more than a millisecond; late by a busy machine's scheduling. */
    const EARLY_MS = 1;
    const LATE_MS = 120;

    /** `bus` whose consumers and subscribers note, per event (by its `n`), when the real bus handed it over. */
    function stamped(bus: Bus, handedAt: Map<number, number[]>): Bus {
      const note = <T>(msg: BusMessage<T>) => {
        const n = (msg.data as { n: number }).n;
        handedAt.set(n, [...(handedAt.get(n) ?? []), performance.now()]);
      };
      return {
        ...bus,
        kind: bus.kind,
        publish: (subject, data, opts) => bus.publish(subject, data, opts),
        close: () => bus.close(),
        isReady: () => bus.isReady(),
        consume: <T>(opts: ConsumeOptions<T>) => bus.consume<T>({ ...opts, handler: (msg) => (note(msg), opts.handler(msg)) }),
        subscribe: <T>(subject: string, handler: (msg: BusMessage<T>) => Promise<void> | void) => bus.subscribe<T>(subject, (msg) => (note(msg), handler(msg))),
      };
    }

    /** A slow bus over a fresh one, with the hand-over times of its deliveries. */
    async function slowBus(seed: number, maxDelayMs = MAX_DELAY_MS): Promise<{ bus: Bus; handedAt: Map<number, number[]> }> {
      const handedAt = new Map<number, number[]>();
      return { bus: withDeliveryDelays(stamped(await openBus(), handedAt), { maxDelayMs, seed }), handedAt };
    }

    /** Consume `count` events `{ n }` in order on one consumer; returns each one's delay (handled - handed over), by n. */
    async function measuredDelays(seed: number, count: number): Promise<number[]> {
      const { bus, handedAt } = await slowBus(seed);
      const s = scope();
      const handledAt = new Map<number, number>();
      await bus.consume({
        durable: `d-${s}`,
        subjects: [`${s}.created`],
        handler: async (msg) => void handledAt.set((msg.data as { n: number }).n, performance.now()),
      });
      for (let n = 0; n < count; n++) await bus.publish(`${s}.created`, { n });
      await eventually(() => expect(handledAt.size).toBe(count));
      return Array.from({ length: count }, (_, n) => handledAt.get(n)! - handedAt.get(n)![0]!);
    }

    it('should still deliver every event at least once, and redeliver when the handler throws', async () => {
      const { bus } = await slowBus(11);
      const s = scope();
      const seen: Array<{ n: number; deliveryCount: number }> = [];
      await bus.consume({
        durable: `d-${s}`,
        subjects: [`${s}.created`],
        retryDelayMs: 20,
        handler: async (msg) => {
          const { n } = msg.data as { n: number };
          seen.push({ n, deliveryCount: msg.deliveryCount });
          if (n === 3 && msg.deliveryCount === 1) throw new Error('transient failure');
        },
      });

      for (let n = 0; n < 8; n++) await bus.publish(`${s}.created`, { n });

      await eventually(() => expect(new Set(seen.map((d) => d.n)).size).toBe(8));
      await eventually(() => expect(seen).toContainEqual({ n: 3, deliveryCount: 2 }));
    });

    it('should hold each delivery for a delay within [0, maxDelayMs], the seed deciding which', async () => {
      const seed = 20_250_111;
      const expected = Array.from({ length: 8 }, delaySequence(seed, MAX_DELAY_MS));
      expect(expected.every((d) => d >= 0 && d <= MAX_DELAY_MS)).toBe(true);

      const delays = await measuredDelays(seed, expected.length);

      delays.forEach((delay, i) => {
        expect(delay, `event ${i}`).toBeGreaterThanOrEqual(expected[i]! - EARLY_MS);
        expect(delay, `event ${i}`).toBeLessThanOrEqual(expected[i]! + LATE_MS);
      });
    });

    it('should give the same delays for the same seed and others for another seed', async () => {
      const a = Array.from({ length: 16 }, delaySequence(7, 2000));
      expect(Array.from({ length: 16 }, delaySequence(7, 2000))).toEqual(a);
      expect(Array.from({ length: 16 }, delaySequence(8, 2000))).not.toEqual(a);
      expect(Math.max(...a)).toBeLessThanOrEqual(2000);

      // Two buses with one seed: each delivery waits its draw of the one sequence.
      const expected = Array.from({ length: 6 }, delaySequence(7, MAX_DELAY_MS));
      for (const delays of [await measuredDelays(7, 6), await measuredDelays(7, 6)]) {
        delays.forEach((delay, i) => expect(delay, `event ${i}`).toBeGreaterThanOrEqual(expected[i]! - EARLY_MS));
      }
    });

    it('should let an event of subject B published after one of subject A be handled first', async () => {
      // The two consumers draw in the order the real bus hands over: over a few seeds, B's draw is
      // the shorter at least once (each time about even odds).
      const orders: string[] = [];
      for (let seed = 1; seed <= 20 && !orders.includes('B,A'); seed++) {
        const { bus } = await slowBus(seed);
        const s = scope();
        const handled: string[] = [];
        await bus.consume({
          durable: `d-${s}`,
          subjects: [`${s}.a`, `${s}.b`],
          handler: async (msg) => void handled.push(msg.subject.endsWith('.a') ? 'A' : 'B'),
        });
        await bus.publish(`${s}.a`, { n: 1 });
        await bus.publish(`${s}.b`, { n: 2 });
        await eventually(() => expect(handled).toHaveLength(2));
        orders.push(handled.join(','));
      }
      expect(orders).toContain('B,A');
    });

    it('should hold plain subscribe messages too, and never requests or their replies', async () => {
      const { bus, handedAt } = await slowBus(3, 100);
      const s = scope();
      const handledAt = new Map<number, number>();
      await bus.subscribe(`${s}.>`, (msg) => void handledAt.set((msg.data as { n: number }).n, performance.now()));
      for (let n = 0; n < 4; n++) await bus.publish(`${s}.created`, { n });
      await eventually(() => expect(handledAt.size).toBe(4));
      const expected = Array.from({ length: 4 }, delaySequence(3, 100));
      // Subscribers run messages concurrently: each waits its own draw, in the order handed over.
      const drawn = [...handedAt.entries()].sort((x, y) => x[1][0]! - y[1][0]!).map(([n]) => handledAt.get(n)! - handedAt.get(n)![0]!);
      drawn.forEach((delay, i) => expect(delay).toBeGreaterThanOrEqual(expected[i]! - EARLY_MS));

      const r = rpcScope();
      await bus.handle(`${r}.echo`, async (msg) => msg.data, { queue: 'echo' });
      const started = performance.now();
      for (let i = 0; i < 5; i++) expect(await bus.request(`${r}.echo`, { i })).toEqual({ i });
      // Five round trips, each far below the 100 ms a delayed one would often take.
      expect(performance.now() - started).toBeLessThan(250);
    });
  });
});

describe.skipIf(natsSkipReason !== null)('nats bus across connections', () => {
  const opened: Bus[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });
  const open = async () => {
    const bus = await connectNatsBus({ servers: TEST_NATS_URL, name: `bus-contract-${run}`, stream });
    opened.push(bus);
    return bus;
  };

  it('should handle each event once in total when replicas on two connections share a durable name', async () => {
    const [a, b] = [await open(), await open()];
    const s = scope();
    const handled: number[] = [];
    const handler = async (msg: BusMessage<{ n: number }>) => void handled.push(msg.data.n);
    const replicas = [
      await a.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler }),
      await b.consume({ durable: `d-${s}`, subjects: [`${s}.created`], handler }),
    ];

    for (let n = 0; n < 30; n++) await a.publish(`${s}.created`, { n });

    await eventually(() => expect(handled).toHaveLength(30));
    await expectNothingPending(a, `d-${s}`, `${s}.created`, replicas);
    expect([...handled].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('should answer requests from another connection when the handler lives there', async () => {
    const [server, client] = [await open(), await open()];
    const s = rpcScope();
    await server.handle(`${s}.echo`, async (msg) => msg.data, { queue: 'echo' });

    await expect(client.request(`${s}.echo`, { hello: 'world' })).resolves.toEqual({ hello: 'world' });
  });

  it('should update the stream subjects when a bus connects with different ones', async () => {
    const name = `BUS_TEST_SUBJECTS_${run}`;
    const first = await connectNatsBus({ servers: TEST_NATS_URL, name: 'subjects-a', stream: { name, subjects: [`${prefix}x.a.>`] } });
    const second = await connectNatsBus({ servers: TEST_NATS_URL, name: 'subjects-b', stream: { name, subjects: [`${prefix}x.a.>`, `${prefix}x.b.>`] } });
    opened.push(first, second);
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const jsm = await jetstreamManager(nc);
      const info = await jsm.streams.info(name);
      expect(info.config.subjects.sort()).toEqual([`${prefix}x.a.>`, `${prefix}x.b.>`]);
      expect(info.config.duplicate_window).toBe(2 * 60 * 1e9);
      await jsm.streams.delete(name);
    } finally {
      await nc.close();
    }
  });
});
