/**
 * The in-process bus (embedded mode): the same semantics as the NATS bus, without a server.
 *
 * - Durable events live in an in-memory log (pruned after the stream's max age). A consumer is
 *   keyed by (durable, subject filter), like the NATS bus's one JetStream consumer per pair; a new
 *   one starts from the whole history. Each consumer hands an event to one of its replicas (the
 *   `consume` calls sharing the name), one event at a time per replica; a failed event comes back
 *   after `retryDelayMs`, up to `maxDeliveries` deliveries.
 * - Request/reply: one member of each queue group answers; nobody listening -> 503; slow -> 504.
 * - Every payload goes through JSON, and every handler runs asynchronously, as over the wire.
 */
import { EVENT_STREAM } from '@powerpool/contracts';
import { BusNoRespondersError, BusTimeoutError } from '../errors.js';
import { silentLogger, type BusLogger } from './logger.js';
import { isValidSubject, matchSubject, subjectIsSubsetOf } from './subjects.js';
import type { Bus, BusMessage, ConsumeOptions, HandleOptions, Headers, PublishOptions, RequestHandler, RequestOptions, Subscription } from './types.js';
import {
  assertNotEventSubject,
  copyHeaders,
  requestHeaders,
  DEDUP_WINDOW_MS,
  DEFAULT_MAX_DELIVERIES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_RETRY_DELAY_MS,
  decode,
  encode,
  errorReply,
  EVENT_MAX_AGE_MS,
  InFlight,
  okReply,
  readReply,
} from './wire.js';

export interface MemoryBusOptions {
  logger?: BusLogger;
  /** Subjects the event log captures (like the JetStream stream); defaults to EVENT_STREAM. */
  stream?: { subjects: readonly string[] };
}

interface StoredEvent {
  seq: number;
  subject: string;
  payload: string;
  headers: Headers;
  storedAt: number;
}

interface Replica {
  handler: (msg: BusMessage<never>) => Promise<void>;
  active: boolean;
  /** The delivery it is handling, if any (one at a time, like a sequential NATS consumer loop). */
  current?: Promise<void>;
}

/** One durable consumer: a (durable name, subject filter) pair. */
interface DurableConsumer {
  durable: string;
  filter: string;
  maxDeliveries: number;
  retryDelayMs: number;
  /** Events waiting for a replica, oldest first. */
  ready: StoredEvent[];
  /** Deliveries so far of events not yet acknowledged or given up on, by seq. */
  deliveries: Map<number, number>;
  replicas: Replica[];
  next: number;
  pumpScheduled: boolean;
}

interface Listener {
  pattern: string;
  handler: (msg: BusMessage<never>) => unknown; // sync or async: its result is awaited
  /** Set for request handlers (queue group members); absent for plain subscribers. */
  queue?: string;
  active: boolean;
  inFlight: InFlight;
}

/** Create the in-process bus (kind 'memory'). */
export function createMemoryBus(options: MemoryBusOptions = {}): Bus {
  const logger = options.logger ?? silentLogger;
  const streamSubjects = [...(options.stream?.subjects ?? EVENT_STREAM.subjects)];

  const log: StoredEvent[] = [];
  let seq = 0;
  const seenMsgIds = new Map<string, number>();
  const consumers = new Map<string, DurableConsumer>();
  const listeners = new Set<Listener>();
  const queueTurns = new Map<string, number>();
  const inFlight = new InFlight();
  const retryTimers = new Set<NodeJS.Timeout>();
  let closed = false;

  function assertOpen(): void {
    if (closed) throw new Error('The bus is closed');
  }

  function assertSubject(subject: string, options: { wildcards: boolean }): void {
    if (!isValidSubject(subject, options)) throw new Error(`Invalid subject '${subject}'`);
  }

  function message(event: { subject: string; payload: string; headers: Headers }, deliveryCount: number): BusMessage<never> {
    return { subject: event.subject, data: decode(event.payload) as never, headers: { ...event.headers }, deliveryCount };
  }

  function prune(now: number): void {
    while (log.length > 0 && now - log[0]!.storedAt > EVENT_MAX_AGE_MS) log.shift();
    for (const [id, at] of seenMsgIds) {
      if (now - at <= DEDUP_WINDOW_MS) break; // insertion order is time order
      seenMsgIds.delete(id);
    }
  }

  // ---- durable consumers -------------------------------------------------------------------

  function schedulePump(consumer: DurableConsumer): void {
    if (consumer.pumpScheduled || closed) return;
    consumer.pumpScheduled = true;
    setImmediate(() => {
      consumer.pumpScheduled = false;
      pump(consumer);
    });
  }

  /** Hand ready events to idle replicas, round-robin. */
  function pump(consumer: DurableConsumer): void {
    while (!closed && consumer.ready.length > 0) {
      const replica = nextIdleReplica(consumer);
      if (!replica) return;
      deliver(consumer, replica, consumer.ready.shift()!);
    }
  }

  function nextIdleReplica(consumer: DurableConsumer): Replica | undefined {
    const { replicas } = consumer;
    for (let i = 0; i < replicas.length; i++) {
      const replica = replicas[(consumer.next + i) % replicas.length]!;
      if (replica.active && !replica.current) {
        consumer.next = (consumer.next + i + 1) % replicas.length;
        return replica;
      }
    }
    return undefined;
  }

  function deliver(consumer: DurableConsumer, replica: Replica, event: StoredEvent): void {
    const deliveryCount = (consumer.deliveries.get(event.seq) ?? 0) + 1;
    consumer.deliveries.set(event.seq, deliveryCount);
    const context = { durable: consumer.durable, subject: event.subject, seq: event.seq, deliveryCount };
    const run = inFlight.run(async () => {
      try {
        await replica.handler(message(event, deliveryCount));
        consumer.deliveries.delete(event.seq);
      } catch (err) {
        if (deliveryCount >= consumer.maxDeliveries) {
          consumer.deliveries.delete(event.seq);
          logger.error({ ...context, err }, 'event handler failed on its last delivery; event dropped');
        } else {
          logger.warn({ ...context, err }, 'event handler failed; will redeliver');
          redeliverLater(consumer, event);
        }
      }
    });
    replica.current = run;
    void run.then(() => {
      replica.current = undefined;
      schedulePump(consumer);
    });
  }

  function redeliverLater(consumer: DurableConsumer, event: StoredEvent): void {
    if (closed) return;
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      consumer.ready.push(event);
      schedulePump(consumer);
    }, consumer.retryDelayMs);
    retryTimers.add(timer);
  }

  // ---- listeners (subscribe and handle) ----------------------------------------------------

  function addListener(listener: Listener): Subscription {
    listeners.add(listener);
    return {
      async unsubscribe() {
        listener.active = false;
        listeners.delete(listener);
        await listener.inFlight.idle();
      },
    };
  }

  /** Plain subscribers see every matching message, as core NATS subscribers do. */
  function fanOut(subject: string, payload: string, headers: Headers): boolean {
    let any = false;
    for (const listener of listeners) {
      if (listener.queue !== undefined || !matchSubject(listener.pattern, subject)) continue;
      any = true;
      setImmediate(() => {
        if (!listener.active) return;
        void inFlight.run(() =>
          listener.inFlight.run(async () => {
            try {
              await listener.handler(message({ subject, payload, headers }, 1));
            } catch (err) {
              logger.error({ err, subject }, 'bus subscriber failed');
            }
          }),
        );
      });
    }
    return any;
  }

  /** One member of each queue group listening on the subject, taking turns. */
  function pickResponders(subject: string): Listener[] {
    const groups = new Map<string, Listener[]>();
    for (const listener of listeners) {
      if (listener.queue === undefined || !matchSubject(listener.pattern, subject)) continue;
      const members = groups.get(listener.queue) ?? [];
      members.push(listener);
      groups.set(listener.queue, members);
    }
    return [...groups].map(([queue, members]) => {
      const turn = queueTurns.get(queue) ?? 0;
      queueTurns.set(queue, turn + 1);
      return members[turn % members.length]!;
    });
  }

  // ---- the bus -----------------------------------------------------------------------------

  return {
    kind: 'memory',

    async publish(subject: string, data: unknown, opts: PublishOptions = {}): Promise<void> {
      assertOpen();
      assertSubject(subject, { wildcards: false });
      if (!streamSubjects.some((pattern) => matchSubject(pattern, subject))) {
        throw new Error(`No event stream captures subject '${subject}'`);
      }
      const payload = encode(data);
      const headers = copyHeaders(opts.headers);
      const now = Date.now();
      prune(now);
      if (opts.msgId !== undefined) {
        if (seenMsgIds.has(opts.msgId)) return;
        seenMsgIds.set(opts.msgId, now);
      }
      const event: StoredEvent = { seq: ++seq, subject, payload, headers, storedAt: now };
      log.push(event);
      for (const consumer of consumers.values()) {
        if (!matchSubject(consumer.filter, subject)) continue;
        consumer.ready.push(event);
        schedulePump(consumer);
      }
      fanOut(subject, payload, headers);
    },

    async broadcast(subject: string, data: unknown, opts: { headers?: Headers } = {}): Promise<void> {
      assertOpen();
      assertSubject(subject, { wildcards: false });
      assertNotEventSubject(subject, streamSubjects);
      fanOut(subject, encode(data), copyHeaders(opts.headers));
    },

    async consume<T>(opts: ConsumeOptions<T>): Promise<Subscription> {
      assertOpen();
      if (opts.durable.trim().length === 0) throw new Error('consume needs a durable name');
      if (opts.subjects.length === 0) throw new Error('consume needs at least one subject');
      for (const filter of opts.subjects) {
        assertSubject(filter, { wildcards: true });
        if (!streamSubjects.some((pattern) => subjectIsSubsetOf(filter, pattern))) {
          throw new Error(`Subject '${filter}' is not within the event stream`);
        }
      }
      const joined: Array<{ consumer: DurableConsumer; replica: Replica }> = [];
      for (const filter of new Set(opts.subjects)) {
        const key = `${opts.durable}\u0000${filter}`;
        let consumer = consumers.get(key);
        if (!consumer) {
          consumer = {
            durable: opts.durable,
            filter,
            maxDeliveries: DEFAULT_MAX_DELIVERIES,
            retryDelayMs: DEFAULT_RETRY_DELAY_MS,
            ready: log.filter((event) => matchSubject(filter, event.subject)),
            deliveries: new Map(),
            replicas: [],
            next: 0,
            pumpScheduled: false,
          };
          consumers.set(key, consumer);
        }
        // Like a JetStream consumer update: the latest settings win.
        consumer.maxDeliveries = Math.max(1, opts.maxDeliveries ?? DEFAULT_MAX_DELIVERIES);
        consumer.retryDelayMs = opts.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
        const replica: Replica = { handler: opts.handler, active: true };
        consumer.replicas.push(replica);
        joined.push({ consumer, replica });
        schedulePump(consumer);
      }
      return {
        async unsubscribe() {
          for (const { consumer, replica } of joined) {
            replica.active = false;
            consumer.replicas = consumer.replicas.filter((r) => r !== replica);
          }
          await Promise.all(joined.flatMap(({ replica }) => replica.current ?? []));
        },
      };
    },

    async subscribe<T>(subject: string, handler: (msg: BusMessage<T>) => Promise<void> | void): Promise<Subscription> {
      assertOpen();
      assertSubject(subject, { wildcards: true });
      return addListener({ pattern: subject, handler: handler, active: true, inFlight: new InFlight() });
    },

    async request<Res>(subject: string, data: unknown, opts: RequestOptions = {}): Promise<Res> {
      assertOpen();
      assertSubject(subject, { wildcards: false });
      assertNotEventSubject(subject, streamSubjects);
      const timeoutMs = opts.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
      const payload = encode(data);
      const headers = requestHeaders(opts.headers, timeoutMs);
      const responders = pickResponders(subject);
      const heard = fanOut(subject, payload, headers);
      if (responders.length === 0 && !heard) throw new BusNoRespondersError(subject);

      const reply = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new BusTimeoutError(subject, timeoutMs)), timeoutMs);
        for (const responder of responders) {
          setImmediate(() => {
            if (!responder.active) return; // unsubscribed meanwhile: the request goes unanswered
            void inFlight.run(() =>
              responder.inFlight.run(async () => {
                let text: string;
                try {
                  text = okReply(await responder.handler(message({ subject, payload, headers }, 1)));
                } catch (err) {
                  text = errorReply(err, subject, logger);
                }
                clearTimeout(timer);
                resolve(text);
              }),
            );
          });
        }
      });
      return readReply<Res>(reply, subject);
    },

    async handle<Req, Res>(subject: string, handler: RequestHandler<Req, Res>, opts: HandleOptions): Promise<Subscription> {
      assertOpen();
      assertSubject(subject, { wildcards: true });
      assertNotEventSubject(subject, streamSubjects);
      if (!opts.queue) throw new Error('handle needs a queue group');
      return addListener({ pattern: subject, queue: opts.queue, handler: handler, active: true, inFlight: new InFlight() });
    },

    // One process: the connection is never lost, so there is nothing to call back.
    onReconnect() {
      return () => {};
    },

    isReady(): boolean {
      return !closed;
    },

    async close(): Promise<void> {
      if (closed) return inFlight.idle();
      closed = true;
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      for (const listener of listeners) listener.active = false;
      listeners.clear();
      for (const consumer of consumers.values()) {
        for (const replica of consumer.replicas) replica.active = false;
      }
      await inFlight.idle();
    },
  };
}
