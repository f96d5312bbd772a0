/**
 * The NATS bus: core NATS for request/reply and fan-out, JetStream for durable events.
 *
 * Durable consumption uses one pull consumer per (durable name, subject filter) pair, because the
 * server we target (2.9) allows only one filter subject per consumer. Replicas sharing a durable
 * name pull from the same consumers, so each event goes to one of them.
 */
import { createHash } from 'node:crypto';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { connect, errors, headers as natsHeaders, nanos, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { EVENT_STREAM } from '@powerpool/contracts';
import { databaseUnavailable } from '../db/unavailable.js';
import { BusNoRespondersError, BusTimeoutError, ServiceUnavailableError } from '../errors.js';
import { silentLogger, type BusLogger } from './logger.js';
import type { Bus, BusMessage, ConsumeOptions, HandleOptions, Headers, PublishOptions, RequestHandler, RequestOptions, Subscription } from './types.js';
import {
  assertNotEventSubject,
  DEDUP_WINDOW_MS,
  DEFAULT_MAX_DELIVERIES,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_RETRY_DELAY_MS,
  decode,
  encode,
  errorReply,
  EVENT_MAX_AGE_MS,
  InFlight,
  isTransportHeader,
  okReply,
  readReply,
  requestHeaders,
} from './wire.js';

export interface NatsBusOptions {
  /** Comma-separated server URLs (`nats://host:4222`). */
  servers: string;
  /** Connection name shown by the server (the service name). */
  name: string;
  /** The JetStream stream holding durable events; defaults to EVENT_STREAM. */
  stream?: { name: string; subjects: readonly string[] };
  logger?: BusLogger;
}

/** Redelivery of an unacknowledged event; a running handler keeps its event with "working" acks. */
const ACK_WAIT_MS = 30_000;
/** Events a replica buffers ahead of its handler. Small, so buffered events don't age past ACK_WAIT. */
const PULL_BATCH = 10;
const RESTART_DELAY_MS = 1000;
/**
 * The longest delay the slow bus test mode (slow.ts) may hold each delivery. The running handler's
 * event is kept alive by "working" acks, but up to PULL_BATCH - 1 events wait in the replica's
 * buffer behind it with their ack wait running: all of them delayed must still fit in ACK_WAIT_MS,
 * with 5 s left for the handlers' own work, or the server would deliver them a second time.
 */
export const MAX_DELIVERY_DELAY_MS = Math.floor((ACK_WAIT_MS - 5_000) / PULL_BATCH);

/**
 * JetStream consumer name for a (durable, subject) pair: readable, restricted to safe characters,
 * and made unique by a hash of the exact pair (so `a.b` and `a_b` never collide).
 */
export function consumerName(durable: string, subject: string): string {
  const safe = (s: string) =>
    s
      .replaceAll('>', 'all')
      .replaceAll('*', 'any')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .slice(0, 60);
  const hash = createHash('sha256').update(`${durable}\u0000${subject}`).digest('hex').slice(0, 12);
  return `${safe(durable)}__${safe(subject)}__${hash}`;
}

function toNatsHeaders(headers: Headers | undefined): MsgHdrs | undefined {
  const entries = Object.entries(headers ?? {}).filter(([name]) => !isTransportHeader(name));
  if (entries.length === 0) return undefined;
  const h = natsHeaders();
  for (const [name, value] of entries) h.set(name, String(value));
  return h;
}

function fromNatsHeaders(h: MsgHdrs | undefined): Headers {
  const out: Headers = {};
  if (!h) return out;
  for (const [name, values] of h) {
    if (!isTransportHeader(name) && values.length > 0) out[name] = values[0]!;
  }
  return out;
}

function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

/** No stream takes a JetStream publish (the client reports it as "jetstream is not enabled"). */
function isNoStream(err: unknown): boolean {
  const cause = err instanceof Error ? err.cause : undefined;
  return [err, cause].some((e) => e instanceof errors.RequestError && e.isNoResponders());
}

/** The stream or a consumer is gone from the server (e.g. it came back without its JetStream store). */
function isMissingResource(err: unknown): boolean {
  if (isApiError(err, JetStreamApiCodes.StreamNotFound) || isApiError(err, JetStreamApiCodes.ConsumerNotFound)) return true;
  const text = err instanceof Error ? err.message : '';
  return /consumer not found|stream not found/i.test(text);
}

async function ensureStream(jsm: JetStreamManager, stream: { name: string; subjects: readonly string[] }, logger: BusLogger): Promise<void> {
  const subjects = [...stream.subjects];
  // Several services start at once: when another one wins the race to create, look again.
  for (let attempt = 1; ; attempt++) {
    try {
      const info = await jsm.streams.info(stream.name).catch((err: unknown) => {
        if (isApiError(err, JetStreamApiCodes.StreamNotFound)) return null;
        throw err;
      });
      if (!info) {
        await jsm.streams.add({
          name: stream.name,
          subjects,
          storage: StorageType.File,
          retention: RetentionPolicy.Limits,
          max_age: nanos(EVENT_MAX_AGE_MS),
          duplicate_window: nanos(DEDUP_WINDOW_MS),
        });
        logger.info({ stream: stream.name, subjects }, 'created event stream');
        return;
      }
      const current = info.config.subjects ?? [];
      const same = current.length === subjects.length && subjects.every((s) => current.includes(s));
      if (!same) {
        await jsm.streams.update(stream.name, { ...info.config, subjects });
        logger.info({ stream: stream.name, from: current, to: subjects }, 'updated event stream subjects');
      }
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

type ConsumerConfigOf = Partial<ConsumerConfig> & { durable_name: string };

async function ensureConsumer(jsm: JetStreamManager, stream: string, config: ConsumerConfigOf): Promise<void> {
  const name = config.durable_name;
  try {
    const info = await jsm.consumers.info(stream, name);
    if (info.config.max_deliver !== config.max_deliver || info.config.ack_wait !== config.ack_wait) {
      await jsm.consumers.update(stream, name, { max_deliver: config.max_deliver, ack_wait: config.ack_wait });
    }
  } catch (err) {
    if (!isApiError(err, JetStreamApiCodes.ConsumerNotFound)) throw err;
    try {
      await jsm.consumers.add(stream, config);
    } catch (addErr) {
      // Another replica created it meanwhile: fine if it now exists.
      await jsm.consumers.info(stream, name).catch(() => {
        throw addErr;
      });
    }
  }
}

interface Worker {
  stop(): Promise<void>;
}

/** Connect to NATS, make sure the event stream exists, and return the bus (kind 'nats'). */
export async function connectNatsBus(options: NatsBusOptions): Promise<Bus> {
  const logger = options.logger ?? silentLogger;
  const stream = options.stream ?? EVENT_STREAM;
  const nc: NatsConnection = await connect({
    servers: options.servers
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
  });
  let connected = true;
  let closing: Promise<void> | undefined;
  /** Requests waiting for a reply: a disconnect fails them (the request or its reply died with the connection). */
  const waitingRequests = new Set<(err: Error) => void>();
  const reconnectListeners = new Set<() => void>();
  const statusLoop = (async () => {
    for await (const status of nc.status()) {
      switch (status.type) {
        case 'disconnect':
          connected = false;
          logger.warn({ server: status.server }, 'nats disconnected');
          for (const fail of waitingRequests) fail(new ServiceUnavailableError('The message bus went down before the answer came. Please try again shortly.'));
          waitingRequests.clear();
          break;
        case 'reconnect':
          connected = true;
          logger.info({ server: status.server }, 'nats reconnected');
          for (const listener of reconnectListeners) {
            try {
              listener();
            } catch (err) {
              logger.error({ err }, 'a reconnect listener failed');
            }
          }
          break;
        case 'reconnecting':
          logger.debug({}, 'nats reconnecting');
          break;
        case 'ldm':
          logger.warn({ server: status.server }, 'nats server entering lame duck mode');
          break;
        case 'error':
          logger.error({ err: status.error }, 'nats error');
          break;
        case 'slowConsumer':
          logger.warn({ subject: status.sub.getSubject(), pending: status.pending }, 'nats slow consumer');
          break;
        default:
          break;
      }
    }
  })().catch((err: unknown) => logger.error({ err }, 'nats status monitor failed'));

  let js: JetStreamClient;
  let jsm: JetStreamManager;
  try {
    jsm = await jetstreamManager(nc);
    js = jetstream(nc);
    await ensureStream(jsm, stream, logger);
  } catch (err) {
    await nc.close();
    throw err;
  }
  logger.info({ server: nc.getServer(), name: options.name, stream: stream.name }, 'nats bus connected');

  const workers = new Set<Worker>();
  const subscriptions = new Set<Subscription>();

  function assertOpen(): void {
    if (closing !== undefined || nc.isClosed()) throw new Error('The bus is closed');
  }

  /**
   * While the connection is down (the client reconnects on its own), a request or a JetStream
   * publish would sit in the client's buffer until its timeout (a request: up to 30 s) and the
   * caller's HTTP request with it: fail at once with a 503 instead.
   */
  function assertConnected(what: string): void {
    if (!connected) throw new ServiceUnavailableError(`The message bus is unavailable (${what}). Please try again shortly.`);
  }

  /** Pull one consumer's events and hand them, one at a time, to the handler. */
  function startWorker(config: ConsumerConfigOf, opts: ConsumeOptions<unknown> & { maxDeliveries: number; retryDelayMs: number }): Worker {
    const consumerName = config.durable_name;
    let stopping = false;
    let messages: ConsumerMessages | undefined;
    let wake: (() => void) | undefined;
    let missing = false;

    async function handleOne(m: JsMsg): Promise<void> {
      const deliveryCount = m.info.deliveryCount;
      const context = { durable: opts.durable, consumer: consumerName, subject: m.subject, seq: m.seq, deliveryCount };
      let msg: BusMessage<unknown>;
      try {
        msg = { subject: m.subject, data: decode(m.string()), headers: fromNatsHeaders(m.headers), deliveryCount };
      } catch (err) {
        logger.error({ ...context, err }, 'undecodable event dropped');
        m.term();
        return;
      }
      const keepAlive = setInterval(() => m.working(), ACK_WAIT_MS / 3);
      try {
        for (;;) {
          try {
            await opts.handler(msg);
            m.ack();
            return;
          } catch (err) {
            // The database out of reach (restarting, say) is not the event's fault: the delivery
            // stays in progress (kept alive) and is tried again here until the database is back,
            // instead of spending the event's deliveries and dropping it after the last one.
            if (databaseUnavailable(err) && !stopping) {
              logger.warn({ ...context, err }, 'event handler could not reach the database; retrying in place');
              await new Promise((resolve) => setTimeout(resolve, opts.retryDelayMs));
              continue;
            }
            if (deliveryCount >= opts.maxDeliveries) {
              logger.error({ ...context, err }, 'event handler failed on its last delivery; event dropped');
              m.term();
            } else {
              logger.warn({ ...context, err }, 'event handler failed; will redeliver');
              m.nak(opts.retryDelayMs);
            }
            return;
          }
        }
      } finally {
        clearInterval(keepAlive);
      }
    }

    const loop = (async () => {
      while (!stopping && !nc.isClosed()) {
        try {
          if (missing) {
            // The server lost it (a restart without its store): make the stream and consumer again.
            await ensureStream(jsm, stream, logger);
            await ensureConsumer(jsm, stream.name, config);
            logger.warn({ consumer: consumerName }, 'event consumer was missing on the server; created it again');
            missing = false;
          }
          const consumer = await js.consumers.get(stream.name, consumerName);
          // Missing stream or consumer: end the iteration (below) instead of waiting for someone to restore them.
          messages = await consumer.consume({ max_messages: PULL_BATCH, abort_on_missing_resource: true });
          // close() ends the iteration below once buffered events are handed back (its promise
          // settles only when someone iterates, so it is never awaited on its own).
          if (stopping) void messages.close().catch(() => {});
          for await (const m of messages) {
            // Stopping: give buffered events back at once so another replica takes them, unless
            // this is their last allowed delivery (the server would then drop them unhandled).
            if (stopping && m.info.deliveryCount < opts.maxDeliveries) m.nak();
            else await handleOne(m);
          }
        } catch (err) {
          missing = isMissingResource(err);
          if (!stopping) logger.error({ err, consumer: consumerName }, 'event consumer failed; restarting');
        }
        if (!stopping && !nc.isClosed()) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, RESTART_DELAY_MS);
          });
        }
      }
    })();

    return {
      async stop() {
        stopping = true;
        wake?.();
        void messages?.close().catch(() => {});
        await loop;
      },
    };
  }

  function decodeRequest(m: Msg): BusMessage<unknown> {
    return { subject: m.subject, data: decode(m.string()), headers: fromNatsHeaders(m.headers), deliveryCount: 1 };
  }

  function trackSubscription(sub: ReturnType<NatsConnection['subscribe']>, inFlight: InFlight): Subscription {
    const subscription: Subscription = {
      async unsubscribe() {
        subscriptions.delete(subscription);
        if (!nc.isClosed() && !sub.isClosed()) await sub.drain().catch(() => {});
        await inFlight.idle();
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  return {
    kind: 'nats',

    async publish(subject: string, data: unknown, opts: PublishOptions = {}): Promise<void> {
      assertOpen();
      assertConnected(`publishing ${subject}`);
      const headers = toNatsHeaders(opts.headers);
      const send = () =>
        js.publish(subject, encode(data), {
          ...(opts.msgId !== undefined ? { msgID: opts.msgId } : {}),
          ...(headers ? { headers } : {}),
        });
      try {
        await send();
      } catch (err) {
        if (!isNoStream(err)) throw err;
        // The server may have come back without its store: make the stream again, then try once more.
        try {
          await ensureStream(jsm, stream, logger);
          await send();
        } catch (again) {
          if (isNoStream(again)) throw new Error(`No event stream captures subject '${subject}'`, { cause: again });
          throw again;
        }
      }
    },

    async broadcast(subject: string, data: unknown, opts: { headers?: Record<string, string> } = {}): Promise<void> {
      assertOpen();
      assertNotEventSubject(subject, stream.subjects);
      const headers = toNatsHeaders(opts.headers);
      nc.publish(subject, encode(data), headers ? { headers } : undefined);
    },

    async consume<T>(opts: ConsumeOptions<T>): Promise<Subscription> {
      assertOpen();
      if (opts.durable.trim().length === 0) throw new Error('consume needs a durable name');
      if (opts.subjects.length === 0) throw new Error('consume needs at least one subject');
      const maxDeliveries = Math.max(1, opts.maxDeliveries ?? DEFAULT_MAX_DELIVERIES);
      const retryDelayMs = opts.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
      const mine: Worker[] = [];
      try {
        for (const filter of new Set(opts.subjects)) {
          const config: ConsumerConfigOf = {
            durable_name: consumerName(opts.durable, filter),
            description: `${opts.durable} ${filter}`,
            ack_policy: AckPolicy.Explicit,
            deliver_policy: DeliverPolicy.All,
            ack_wait: nanos(ACK_WAIT_MS),
            max_deliver: maxDeliveries,
            filter_subject: filter,
          };
          await ensureConsumer(jsm, stream.name, config);
          const worker = startWorker(config, { ...(opts as ConsumeOptions<unknown>), maxDeliveries, retryDelayMs });
          mine.push(worker);
          workers.add(worker);
        }
      } catch (err) {
        await Promise.all(mine.map((w) => w.stop()));
        mine.forEach((w) => workers.delete(w));
        throw err;
      }
      return {
        async unsubscribe() {
          await Promise.all(mine.map((w) => w.stop()));
          mine.forEach((w) => workers.delete(w));
        },
      };
    },

    async subscribe<T>(subject: string, handler: (msg: BusMessage<T>) => Promise<void> | void): Promise<Subscription> {
      assertOpen();
      const inFlight = new InFlight();
      const sub = nc.subscribe(subject, {
        callback: (err, m) => {
          if (err) {
            logger.error({ err, subject }, 'nats subscription failed');
            return;
          }
          void inFlight.run(async () => {
            try {
              await handler(decodeRequest(m) as BusMessage<T>);
            } catch (handlerErr) {
              logger.error({ err: handlerErr, subject: m.subject }, 'bus subscriber failed');
            }
          });
        },
      });
      // Resolve once the server knows the subscription, so nothing sent after this is missed.
      await nc.flush();
      return trackSubscription(sub, inFlight);
    },

    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => void reconnectListeners.delete(listener);
    },

    async request<Res>(subject: string, data: unknown, opts: RequestOptions = {}): Promise<Res> {
      assertOpen();
      assertNotEventSubject(subject, stream.subjects);
      assertConnected(`no answer to ${subject}`);
      const timeoutMs = opts.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
      const headers = toNatsHeaders(requestHeaders(opts.headers, timeoutMs));
      let reply: Msg;
      let fail: (err: Error) => void = () => {};
      const lost = new Promise<never>((_, reject) => {
        fail = reject;
      });
      waitingRequests.add(fail);
      const pending = nc.request(subject, encode(data), { timeout: timeoutMs, ...(headers ? { headers } : {}) });
      // When the disconnect wins the race, the request still ends later (its timeout): not unhandled.
      pending.catch(() => {});
      try {
        reply = await Promise.race([pending, lost]);
      } catch (err) {
        if (err instanceof errors.RequestError && err.isNoResponders()) throw new BusNoRespondersError(subject);
        if (err instanceof errors.TimeoutError) throw new BusTimeoutError(subject, timeoutMs);
        throw err;
      } finally {
        waitingRequests.delete(fail);
      }
      return readReply<Res>(reply.string(), subject);
    },

    async handle<Req, Res>(subject: string, handler: RequestHandler<Req, Res>, opts: HandleOptions): Promise<Subscription> {
      assertOpen();
      assertNotEventSubject(subject, stream.subjects);
      if (!opts.queue) throw new Error('handle needs a queue group');
      const inFlight = new InFlight();
      const sub = nc.subscribe(subject, {
        queue: opts.queue,
        callback: (err, m) => {
          if (err) {
            logger.error({ err, subject }, 'nats subscription failed');
            return;
          }
          void inFlight.run(async () => {
            let text: string;
            try {
              text = okReply(await handler(decodeRequest(m) as BusMessage<Req>));
            } catch (handlerErr) {
              text = errorReply(handlerErr, m.subject, logger);
            }
            if (!m.reply) return;
            try {
              m.respond(text);
            } catch (respondErr) {
              logger.warn({ err: respondErr, subject: m.subject }, 'could not send bus reply');
            }
          });
        },
      });
      // Resolve once the server knows the subscription, so nothing sent after this is missed.
      await nc.flush();
      return trackSubscription(sub, inFlight);
    },

    isReady(): boolean {
      return connected && closing === undefined && !nc.isClosed() && !nc.isDraining();
    },

    close(): Promise<void> {
      closing ??= (async () => {
        // Stop taking work, let running handlers finish (their acks and replies still go out),
        // then flush and disconnect.
        await Promise.all([...workers].map((w) => w.stop()));
        workers.clear();
        await Promise.all([...subscriptions].map((s) => s.unsubscribe()));
        if (!nc.isClosed()) await nc.drain().catch((err: unknown) => logger.warn({ err }, 'nats drain failed'));
        await statusLoop;
        logger.info({ name: options.name }, 'nats bus closed');
      })();
      return closing;
    },
  };
}
