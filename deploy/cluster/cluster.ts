import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { ServiceName } from '@powerpool/contracts';
import { devVapidKeys, startMailCatcher } from '@powerpool/dev-idp';
import { generateAssertionKeys, isReachable, type AssertionKeyPair } from '@powerpool/service-kit';
import { loadSportsDataStagingConfig } from '@powerpool/sports-data-staging/config';
import { startConfiguredReplay, type ConfiguredReplay } from '@powerpool/sports-data-staging/replay';
import {
  ClusterStartError,
  DEFAULT_PORT,
  DEFAULT_PORT_BASE,
  MAX_REPLICAS,
  processSpecs,
  REPO_ROOT,
  type ProcessSpec,
  type ReplicaCounts,
} from './processes.js';
import { checkCanSpawn, superviseProcesses, type ClusterExit, type ClusterProcess } from './supervisor.js';

export type { ClusterExit, ClusterProcess } from './supervisor.js';

/**
 * Cluster mode: every service in its own process, on a real PostgreSQL and a real NATS, with the
 * dev IdP standing in for the OIDC provider. `make cluster` runs it through `run.ts`; integration
 * tests call `startCluster()` directly. This file composes the cluster: it checks the
 * prerequisites (PostgreSQL and NATS reachable, the database there, the assertion and web push
 * keys kept in the data directory), starts what the children lean on (a local mail catcher, the
 * offline ESPN replay), takes what runs from processes.ts (each process's port and env) and hands
 * it to supervisor.ts, which starts, watches, restarts and stops the processes.
 */

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/powerpool';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

export interface ClusterOptions {
  /** Gateway port (the public one). Default 3000. */
  port?: number;
  /** Default postgres://postgres@127.0.0.1:5432/powerpool; the database is created when missing. */
  databaseUrl?: string;
  /** Default nats://127.0.0.1:4222. */
  natsUrl?: string;
  /** Keys and dev IdP state. Default <repo>/.data/cluster. */
  dataDir?: string;
  /** Extra env for every child; wins over the defaults. */
  env?: Record<string, string>;
  /** Internal ports: services on portBase+1..+5, dev IdP on portBase+10. Default 4000. */
  portBase?: number;
  /** How long to wait for GET /api/health to answer 200. Default 90 s. */
  readyTimeoutMs?: number;
  /** Where the children's prefixed output lines go. Default: stdout. */
  log?: (line: string) => void;
  /**
   * Processes per service, e.g. `{ 'picks-scoring': 2 }` (default 1 each). Each replica is its own
   * process on its own port ({@link servicePort}) with the same schema, database and NATS; the
   * gateway gets the comma-separated list of their base URLs in the service's `*_URL`.
   */
  replicas?: ReplicaCounts;
}

export interface Cluster {
  /** The public URL, e.g. http://localhost:3000 */
  url: string;
  /** Every process, in start order: dev IdP, the services' replicas, gateway. */
  processes: readonly ClusterProcess[];
  /** The process named `name` (e.g. `picks-scoring-2`); throws naming the known ones when there is none. */
  process(name: string): ClusterProcess;
  /** The replicas of `service`, replica 1 first. */
  replicasOf(service: ServiceName): ClusterProcess[];
  /**
   * Every process that is not ready now, with the reason (not listening, or its health path not
   * 200; a service's and the gateway's `/readyz` include the bus connection). Empty when all are.
   */
  notReady(): Promise<string[]>;
  /**
   * The offline ESPN replay this launcher serves to sports-data-staging (null when ESPN_REPLAY is
   * off): a test drives the recorded game day through it, as with embedded mode's `replay`.
   */
  replay: ConfiguredReplay | null;
  /** Stops every child: SIGTERM, then SIGKILL after 10 s. Safe to call more than once. */
  stop(): Promise<void>;
  /** Resolves once every child has ended: `null` after stop(), else the unexpected exit. */
  closed: Promise<ClusterExit | null>;
}

/** Starts the dev IdP, the six services and the gateway (and a local mail catcher unless SMTP_URL is set); resolves once the gateway is healthy. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const port = options.port ?? DEFAULT_PORT;
  const portBase = options.portBase ?? DEFAULT_PORT_BASE;
  const databaseUrl = options.databaseUrl ?? DEFAULT_DATABASE_URL;
  const natsUrl = options.natsUrl ?? DEFAULT_NATS_URL;
  const dataDir = path.resolve(options.dataDir ?? path.join(REPO_ROOT, '.data', 'cluster'));
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));

  await checkReachable('PostgreSQL', databaseUrl, 5432, 'DATABASE_URL');
  await checkReachable('NATS', natsUrl, 4222, 'NATS_URL');
  await ensureDatabase(databaseUrl);
  await mkdir(dataDir, { recursive: true });
  const keys = await loadOrCreateKeys(path.join(dataDir, 'assertion-keys.json'));

  checkCanSpawn();

  const replicas = options.replicas ?? {};
  for (const [service, n] of Object.entries(replicas)) {
    if (!Number.isInteger(n) || n < 1 || n > MAX_REPLICAS)
      throw new ClusterStartError(`replicas of ${service} must be a whole number from 1 to ${MAX_REPLICAS}, got ${n}`);
  }
  const vapid = await devVapidKeys(path.join(dataDir, 'vapid.json'));
  // E-mails stay on this machine, as in embedded mode, unless SMTP_URL names a server (deploy/README.md#e-mail).
  const mail = process.env.SMTP_URL || options.env?.SMTP_URL ? null : await startMailCatcher();
  const specs = processSpecs({
    port,
    portBase,
    databaseUrl,
    natsUrl,
    dataDir,
    keys,
    vapid,
    ...(mail ? { mail: { smtpUrl: mail.smtpUrl, pageUrl: mail.pageUrl } } : {}),
    replicas,
    extraEnv: options.env ?? {},
  });
  const replay = await serveEspnReplay(specs, log);
  const supervisor = superviseProcesses({
    specs,
    log,
    onStopped: async () => {
      await replay?.close();
      await mail?.close();
    },
  });
  await supervisor.waitUntilReady({ entry: { name: 'the gateway', url: `http://127.0.0.1:${port}/api/health` }, timeoutMs: options.readyTimeoutMs ?? 90_000 });
  return {
    url: `http://localhost:${port}`,
    processes: supervisor.processes,
    process: supervisor.process,
    replicasOf: supervisor.replicasOf,
    notReady: supervisor.notReady,
    replay,
    stop: supervisor.stop,
    closed: supervisor.closed,
  };
}

/**
 * sports-data-staging's ESPN: its own config (parsed from the env its process gets) decides, as in
 * embedded mode. When it asks for the offline replay (the default outside production), this
 * launcher serves the recordings and points the service at them.
 */
async function serveEspnReplay(specs: ProcessSpec[], log: (line: string) => void): Promise<ConfiguredReplay | null> {
  const sports = specs.filter((s) => s.service === 'sports-data-staging');
  if (!sports[0]) return null;
  const replay = await startConfiguredReplay(loadSportsDataStagingConfig({ ...process.env, ...sports[0].env }));
  if (!replay) return null;
  for (const spec of sports) Object.assign(spec.env, replay.serviceEnv);
  log(`[cluster] ESPN replay (recorded responses, dates shifted ${replay.dateShiftDays} days) at ${replay.siteUrl} serving sports-data-staging`);
  return replay;
}

function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: u.port ? Number(u.port) : defaultPort };
}

async function checkReachable(what: string, url: string, defaultPort: number, envName: string): Promise<void> {
  let target: { host: string; port: number };
  try {
    target = hostPort(url, defaultPort);
  } catch {
    throw new ClusterStartError(`${envName} is not a valid URL: ${url}`);
  }
  if (!(await isReachable(target.host, target.port, 2000))) {
    throw new ClusterStartError(
      `${what} is not reachable at ${target.host}:${target.port}. Start it, or point ${envName} at one ` +
        `(cluster mode needs a real ${what}; \`make start\` runs everything in one process without it).`,
    );
  }
}

/** Creates the cluster's database when it does not exist yet (each service then makes its schema). */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  const target = new pg.Client({ connectionString: databaseUrl });
  try {
    await target.connect();
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') {
      throw new ClusterStartError(`cannot connect to PostgreSQL with DATABASE_URL=${redact(databaseUrl)}: ${(err as Error).message}`);
    }
  } finally {
    await target.end().catch(() => {});
  }
  const u = new URL(databaseUrl);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  u.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: u.toString() });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } catch (err) {
    // Another process may have created it at the same moment.
    if ((err as { code?: string }).code !== '42P04') {
      throw new ClusterStartError(`cannot create the database "${name}": ${(err as Error).message}`);
    }
  } finally {
    await admin.end().catch(() => {});
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** The gateway signs with the private key, the services verify with the public one; kept across runs. */
async function loadOrCreateKeys(file: string): Promise<AssertionKeyPair> {
  if (existsSync(file)) {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<AssertionKeyPair>;
    if (typeof parsed.privateKeyPem === 'string' && typeof parsed.publicKeyPem === 'string') {
      return { privateKeyPem: parsed.privateKeyPem, publicKeyPem: parsed.publicKeyPem };
    }
    throw new ClusterStartError(`${file} is not a key pair; delete it to make a new one`);
  }
  const keys = await generateAssertionKeys();
  await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
