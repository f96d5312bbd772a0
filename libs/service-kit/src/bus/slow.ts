/**
 * The slow bus test mode (BUS_DELAY_MAX_MS): a decorator over either bus that holds every delivery
 * for a random delay before its handler runs, so events reach each consumer late and in any order
 * between subjects, as they do on a busy consumer and a real network. Tests run the stories through
 * it to find code that acts on a copy the events have not reached yet (docs/development.md#the-slow-bus). Never in
 * production: the config refuses it there (config.ts `slowBusSettingOf`).
 *
 * - Durable events (`consume`): the delay runs inside the handler, so the bus treats it as the
 *   handler's work: a consumer (one per durable and subject filter) handles one event at a time,
 *   so every later event of that consumer waits too, while consumers of other subjects go on. At
 *   least once is kept: a throwing handler is delivered again (and delayed again). On NATS the
 *   running handler's "working" keep-alive covers the delay; what it does not cover is the events
 *   a replica has pulled and buffered behind the running one, whose ack wait runs meanwhile, hence
 *   the bound MAX_DELIVERY_DELAY_MS (see nats.ts).
 * - Plain `subscribe` messages: each one held on its own (subscribers run messages concurrently).
 * - publish, broadcast, request/reply: not delayed (the caller waits for those; the lag under test
 *   is between a service's answer and the other services' copies).
 */
import { MAX_DELIVERY_DELAY_MS } from './nats.js';
import { silentLogger, type BusLogger } from './logger.js';
import type { Bus, BusMessage, ConsumeOptions, Subscription } from './types.js';

export { MAX_DELIVERY_DELAY_MS };

export interface DeliveryDelayOptions {
  /** Each delivery waits a delay drawn uniformly from [0, maxDelayMs]. 0 returns the bus unchanged. */
  maxDelayMs: number;
  /** Seeds the delays (mulberry32): the same seed gives the same sequence of delays. */
  seed: number;
  /** Gets the one warn line naming the seed, so a run can be replayed. */
  logger?: BusLogger;
  /** Which process (in the warn line). */
  name?: string;
}

/**
 * mulberry32: a small, fast 32-bit PRNG, good enough to spread test delays; returns numbers in
 * [0, 1). Deterministic per seed (Math.random cannot be seeded).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh seed for a run that did not name one (printed, so it can be named next time). */
export function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 32);
}

/** The delays `withDeliveryDelays` draws for a seed, in order (whole milliseconds in [0, maxDelayMs]). */
export function delaySequence(seed: number, maxDelayMs: number): () => number {
  const next = mulberry32(seed);
  return () => Math.floor(next() * (maxDelayMs + 1));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `bus` with every consumed event and subscribed message held for a seeded random delay in
 * [0, maxDelayMs] before its handler runs. Everything else passes through unchanged.
 */
export function withDeliveryDelays(bus: Bus, options: DeliveryDelayOptions): Bus {
  const { maxDelayMs, seed } = options;
  if (!Number.isInteger(maxDelayMs) || maxDelayMs < 0 || maxDelayMs > MAX_DELIVERY_DELAY_MS) {
    throw new Error(`maxDelayMs must be a whole number from 0 to ${MAX_DELIVERY_DELAY_MS}, got ${maxDelayMs}`);
  }
  if (maxDelayMs === 0) return bus;
  const logger = options.logger ?? silentLogger;
  logger.warn({ seed, maxDelayMs, ...(options.name ? { name: options.name } : {}) }, `slow bus test mode: seed=${seed} maxDelayMs=${maxDelayMs}`);
  const nextDelay = delaySequence(seed, maxDelayMs);
  const held = async <T>(msg: BusMessage<T>, handler: (msg: BusMessage<T>) => Promise<void> | void): Promise<void> => {
    await sleep(nextDelay());
    await handler(msg);
  };

  return {
    kind: bus.kind,
    publish: (subject, data, opts) => bus.publish(subject, data, opts),
    broadcast: (subject, data, opts) => bus.broadcast(subject, data, opts),
    consume: <T>(opts: ConsumeOptions<T>): Promise<Subscription> => bus.consume<T>({ ...opts, handler: (msg) => held(msg, opts.handler) }),
    subscribe: <T>(subject: string, handler: (msg: BusMessage<T>) => Promise<void> | void): Promise<Subscription> =>
      bus.subscribe<T>(subject, (msg) => held(msg, handler)),
    request: (subject, data, opts) => bus.request(subject, data, opts),
    handle: (subject, handler, opts) => bus.handle(subject, handler, opts),
    onReconnect: (listener) => bus.onReconnect(listener),
    isReady: () => bus.isReady(),
    close: () => bus.close(),
  };
}
