/**
 * The message bus every service uses. Two implementations share this interface and one contract
 * test suite: NATS (core for request/reply and fan-out, JetStream for durable events) and an
 * in-process bus for embedded mode.
 */

export type Headers = Record<string, string>;

export interface BusMessage<T = unknown> {
  subject: string;
  data: T;
  headers: Headers;
  /** Delivery count for durable events (1 on first delivery). Always 1 elsewhere. */
  deliveryCount: number;
}

export interface Subscription {
  /** Stop receiving; in-flight handlers are allowed to finish. */
  unsubscribe(): Promise<void>;
}

export interface PublishOptions {
  headers?: Headers;
  /** Idempotency key: a second publish with the same id within the dedup window is dropped. */
  msgId?: string;
}

export interface ConsumeOptions<T = unknown> {
  /**
   * Consumer group name. Every durable name gets each event once (shared by all replicas that
   * use the same name); different names each get every event. Survives restarts: events published
   * while no replica runs are delivered when one starts.
   */
  durable: string;
  /** Event subjects (exact or with NATS wildcards `*` and `>`), within the event stream. */
  subjects: string[];
  /** Throwing (or rejecting) makes the event be delivered again later (at-least-once). */
  handler: (msg: BusMessage<T>) => Promise<void>;
  /** Redeliveries before an event is given up on (logged). Default 5. */
  maxDeliveries?: number;
  /** Delay before a failed event is delivered again. Default 1000 ms. */
  retryDelayMs?: number;
}

export interface RequestOptions {
  headers?: Headers;
  /** Default 5000 ms. */
  timeoutMs?: number;
}

export interface HandleOptions {
  /** Queue group: each request goes to one member (one replica of the service). */
  queue: string;
}

/**
 * A request handler's reply. Throwing a `DomainError` (from ../errors.ts) sends the error to the
 * requester, which rethrows it as a `DomainError` with the same code, status, message and details.
 */
export type RequestHandler<Req = unknown, Res = unknown> = (msg: BusMessage<Req>) => Promise<Res>;

export interface Bus {
  /** Which implementation: 'nats' or 'memory'. */
  readonly kind: 'nats' | 'memory';
  /**
   * Publish a durable event (JetStream stream on NATS). Resolves once the event is stored.
   * Also delivered to plain `subscribe` subscribers of a matching subject.
   */
  publish(subject: string, data: unknown, options?: PublishOptions): Promise<void>;
  /**
   * Fire-and-forget fan-out on a subject OUTSIDE the event stream (core NATS): every plain
   * `subscribe` subscriber connected now gets it once; nothing is stored, so a message nobody hears
   * (or one lost on a reconnect) is gone. For hints whose loss costs a few seconds, never data
   * (the live boards' "changed" signal). Rejects an event-stream subject (use `publish`).
   */
  broadcast(subject: string, data: unknown, options?: { headers?: Headers }): Promise<void>;
  /** Durable, at-least-once, load-balanced consumption of events (see ConsumeOptions). */
  consume<T = unknown>(options: ConsumeOptions<T>): Promise<Subscription>;
  /** Ephemeral fan-out: every subscriber gets every matching message published from now on. */
  subscribe<T = unknown>(subject: string, handler: (msg: BusMessage<T>) => Promise<void> | void): Promise<Subscription>;
  /** Request/reply. Rejects with `BusNoRespondersError` (503) or `BusTimeoutError` (504). */
  request<Res = unknown>(subject: string, data: unknown, options?: RequestOptions): Promise<Res>;
  /** Answer requests on a subject, in a queue group. */
  handle<Req = unknown, Res = unknown>(subject: string, handler: RequestHandler<Req, Res>, options: HandleOptions): Promise<Subscription>;
  /**
   * Call `listener` each time the connection comes back after it was lost: plain `subscribe`
   * subscribers (and `broadcast` hearers) may have missed messages meanwhile, so a cache they
   * keep fresh should be dropped. Returns the way to stop listening. The in-process bus never
   * loses its connection (it never calls it).
   */
  onReconnect(listener: () => void): () => void;
  /** True while connected and able to publish (readiness). */
  isReady(): boolean;
  /** Stop subscriptions, let in-flight handlers finish, flush and disconnect. */
  close(): Promise<void>;
}
