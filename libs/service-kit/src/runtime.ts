import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { EVENT_STREAM } from '@powerpool/contracts';
import { createAssertionVerifier, type AssertionVerifier } from './assertion.js';
import { namespacedBus } from './bus/namespace.js';
import { connectNatsBus } from './bus/nats.js';
import type { Bus } from './bus/types.js';
import { slowBusSettingOf, type ServiceEnv, type SlowBusSetting } from './config.js';
import { withDeliveryDelays } from './bus/slow.js';
import { connectPostgres, openPglite, usePglite, type Database } from './db/database.js';
import { createLogger, type Logger } from './logger.js';

/**
 * What every service's buildApp receives besides its own config: storage, bus, the verifier of
 * the gateway's assertions and a logger. Embedded mode builds these once for all services (shared
 * PGlite, in-process bus); cluster mode builds them per process from env (`createRuntime`).
 */
export interface ServiceRuntime {
  database: Database;
  bus: Bus;
  verifier: AssertionVerifier;
  logger: Logger;
  /** METRICS_TOKEN: when set, /metrics needs it as a bearer token. */
  metricsToken?: string | undefined;
}

/** Build a service's runtime from its parsed env (cluster mode: one process per service). */
export async function createRuntime(name: string, config: ServiceEnv): Promise<ServiceRuntime & { close(): Promise<void> }> {
  const logger = createLogger({ level: config.LOG_LEVEL });
  // Before anything connects: in production the slow bus is a config error.
  const slowBus = slowBusSettingOf(name, config);
  let database: Database;
  if (config.DATABASE_DRIVER === 'pglite') {
    const client = await openPglite(config.PGLITE_DATA_DIR);
    const view = usePglite(client);
    database = { ...view, close: () => client.close() };
  } else {
    if (!config.DATABASE_URL) throw new Error(`${name}: DATABASE_URL is required when DATABASE_DRIVER=postgres`);
    database = connectPostgres({ url: config.DATABASE_URL, applicationName: name });
  }
  const bus = await connectServiceBus({ servers: config.NATS_URL, name, namespace: config.NATS_NAMESPACE, logger, slowBus });
  const verifier = await createAssertionVerifier(config.IDENTITY_ASSERTION_PUBLIC_KEY);
  return {
    database,
    bus,
    verifier,
    logger,
    metricsToken: config.METRICS_TOKEN,
    async close() {
      await bus.close();
      await database.close();
    },
  };
}

export interface ServiceBusOptions {
  servers: string;
  /** Connection name (the process). */
  name: string;
  /**
   * Optional deployment namespace: every subject goes under `<namespace>.` and events live in the
   * stream `POWERPOOL_EVENTS_<namespace>`, so deployments sharing one NATS server stay apart.
   */
  namespace?: string | undefined;
  logger?: Logger;
  /** The slow bus test mode (BUS_DELAY_MAX_MS, BUS_DELAY_SEED: `slowBusSettingOf`); null or absent: off. */
  slowBus?: SlowBusSetting | null;
}

/** The NATS bus of a PowerPool process (service or gateway), in its deployment's namespace. */
export async function connectServiceBus(options: ServiceBusOptions): Promise<Bus> {
  const { namespace } = options;
  const stream = namespace
    ? { name: eventStreamName(namespace), subjects: EVENT_STREAM.subjects.map((s) => `${namespace}.${s}`) }
    : { name: EVENT_STREAM.name, subjects: [...EVENT_STREAM.subjects] };
  const inner = await connectNatsBus({ servers: options.servers, name: options.name, stream, ...(options.logger ? { logger: options.logger } : {}) });
  const bus = namespace ? namespacedBus(inner, namespace) : inner;
  return options.slowBus ? withDeliveryDelays(bus, { ...options.slowBus, name: options.name, ...(options.logger ? { logger: options.logger } : {}) }) : bus;
}

/** The JetStream stream holding a namespace's events. */
export function eventStreamName(namespace?: string): string {
  return namespace ? `${EVENT_STREAM.name}_${namespace}` : EVENT_STREAM.name;
}

export interface ServeOptions {
  port: number;
  host: string;
  logger: Logger;
  /** Runs after the HTTP server closed (drain the bus, close the database). */
  onClose?: () => Promise<void>;
  /** Force exit if a graceful stop takes longer. Default 15 s. */
  shutdownTimeoutMs?: number;
}

/**
 * Listen, then stop gracefully on SIGTERM/SIGINT: stop accepting, finish in-flight requests
 * (app.close), then onClose. A second signal or the timeout exits at once.
 */
export async function serve(app: FastifyInstance, options: ServeOptions): Promise<void> {
  const { logger } = options;
  const close = gracefulClose(app);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({}, 'graceful shutdown timed out; exiting');
      process.exit(1);
    }, options.shutdownTimeoutMs ?? 15_000);
    timer.unref();
    try {
      await close();
      await options.onClose?.();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: options.port, host: options.host });
}

/**
 * How `app` is closed on a signal (serve), set up before it listens: stop accepting, finish the
 * requests under way (app.close), then let go of every connection. Fastify's close leaves two
 * kinds open, each holding the close past the shutdown timeout: a connection that never carried a
 * request (a browser's preconnected socket: Node's closeIdleConnections skips it until the 60 s
 * headers timeout), dropped at once; and a keep-alive connection whose request was under way,
 * ended when its reply is done.
 */
export function gracefulClose(app: FastifyInstance): () => Promise<void> {
  const unused = new Set<Socket>();
  const underway = new Map<ServerResponse, Socket>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    // One that connects while closing would only be answered 503: it is dropped instead.
    if (closing) return void socket.destroy();
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    unused.delete(socket);
    underway.set(response, socket);
    response.once('close', () => {
      underway.delete(response);
      if (closing) socket.end();
    });
  });
  return async () => {
    closing = true;
    const closed = app.close();
    for (const socket of unused) socket.destroy();
    for (const response of underway.keys()) if (!response.headersSent) response.setHeader('connection', 'close');
    await closed;
  };
}

/** Readiness every service reports: its database answers and its bus is connected. */
export function standardReadiness(runtime: Pick<ServiceRuntime, 'database' | 'bus'>): Record<string, () => Promise<boolean> | boolean> {
  return { database: () => runtime.database.ping(), bus: () => runtime.bus.isReady() };
}
