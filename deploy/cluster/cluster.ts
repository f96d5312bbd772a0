import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVICE_NAMES } from '@powerpool/contracts';
import { generateAssertionKeys, type AssertionKeyPair } from '@powerpool/service-kit';
import { loadSportsDataStagingConfig } from '@powerpool/sports-data-staging/config';
import { startConfiguredReplay, type ConfiguredReplay } from '@powerpool/sports-data-staging/replay';

/**
 * Cluster mode: every service in its own process, on a real PostgreSQL and a real NATS, with the
 * dev IdP standing in for the OIDC provider. `make cluster` runs it through `run.ts`; integration
 * tests call `startCluster()` directly.
 */

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/powerpool';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
export const DEFAULT_PORT = 3000;
/** Services listen on base+1..base+5, the dev IdP on base+10. */
export const DEFAULT_PORT_BASE = 4000;

/** The accounts the dev IdP knows; every one has the password {@link DEV_PASSWORD}. */
export const DEV_ACCOUNTS = [
  { email: 'player@powerpool.test', role: 'user' },
  { email: 'player2@powerpool.test', role: 'user' },
  { email: 'commissioner@powerpool.test', role: 'pool_commissioner' },
  { email: 'admin@powerpool.test', role: 'super_admin' },
] as const;
export const DEV_PASSWORD = 'powerpool';

const DEV_IDP_CLIENT_ID = 'powerpool';
/** Only the dev IdP and identity share it, both on this machine (the dev IdP's own default). */
const DEV_IDP_CLIENT_SECRET = 'powerpool-dev-secret';

const STOP_GRACE_MS = 10_000;

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
}

/** Why the cluster ended: `null` when stop() was called, else the child that exited first. */
export interface ClusterExit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Cluster {
  /** The public URL, e.g. http://localhost:3000 */
  url: string;
  /** Stops every child: SIGTERM, then SIGKILL after 10 s. Safe to call more than once. */
  stop(): Promise<void>;
  /** Resolves once every child has ended: `null` after stop(), else the unexpected exit. */
  closed: Promise<ClusterExit | null>;
}

interface ProcessSpec {
  name: string;
  entry: string;
  port: number;
  env: Record<string, string>;
  /** GET path answering 200 when the process is ready (named on a start timeout); absent: an open port is enough. */
  healthPath?: string;
}

interface Child {
  spec: ProcessSpec;
  proc: ChildProcess;
  exited: Promise<void>;
  done: boolean;
}

/** A message for people: a missing service is an expected situation, not a crash. */
export class ClusterStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClusterStartError';
  }
}

/** Starts the dev IdP, the five services and the gateway; resolves once the gateway is healthy. */
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

  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  if (!existsSync(tsx)) throw new ClusterStartError(`${tsx} is missing: run \`make install\` first`);

  const specs = processSpecs({ port, portBase, databaseUrl, natsUrl, dataDir, keys, extraEnv: options.env ?? {} });
  const replay = await serveEspnReplay(specs, log);
  const width = Math.max(...specs.map((s) => s.name.length));
  const children: Child[] = [];
  let stopping = false;
  let resolveClosed!: (exit: ClusterExit | null) => void;
  const closed = new Promise<ClusterExit | null>((resolve) => (resolveClosed = resolve));
  let firstExit: ClusterExit | null = null;

  const killAll = (signal: NodeJS.Signals) => {
    for (const child of children) if (!child.done) signalGroup(child.proc, signal);
  };
  // Last resort when this process dies without stop(): leave no orphans behind.
  const onExit = () => killAll('SIGKILL');
  process.once('exit', onExit);

  const stop = async () => {
    if (!stopping) {
      stopping = true;
      killAll('SIGTERM');
      const timer = setTimeout(() => killAll('SIGKILL'), STOP_GRACE_MS);
      await Promise.all(children.map((c) => c.exited));
      clearTimeout(timer);
      await replay?.close();
      process.removeListener('exit', onExit);
      resolveClosed(firstExit);
    }
    await closed;
  };

  for (const spec of specs) {
    const proc = spawn(tsx, [spec.entry], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Own process group: tsx runs node as a grandchild, and stop() signals both.
      detached: true,
    });
    const prefix = `[${spec.name.padEnd(width)}]`;
    for (const stream of [proc.stdout, proc.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', (line) => log(`${prefix} ${line}`));
    }
    const child: Child = { spec, proc, done: false, exited: Promise.resolve() };
    child.exited = new Promise<void>((resolve) => {
      proc.once('exit', (code, signal) => {
        child.done = true;
        if (!stopping) {
          firstExit ??= { name: spec.name, code, signal };
          log(`[cluster] ${spec.name} exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`}); stopping the rest`);
          void stop();
        }
        resolve();
      });
      proc.once('error', (err) => {
        log(`[cluster] could not start ${spec.name}: ${err.message}`);
        if (proc.pid === undefined) {
          child.done = true;
          if (!stopping) {
            firstExit ??= { name: spec.name, code: null, signal: null };
            void stop();
          }
          resolve();
        }
      });
    });
    children.push(child);
  }

  const url = `http://localhost:${port}`;
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  const deadline = Date.now() + readyTimeoutMs;
  while (!(await isHealthy(`http://127.0.0.1:${port}/api/health`))) {
    if (stopping) {
      await stop();
      const exit = firstExit as ClusterExit | null;
      throw new ClusterStartError(
        exit ? `${exit.name} exited while the cluster was starting (${exit.signal ?? `code ${exit.code}`})` : 'the cluster was stopped while starting',
      );
    }
    if (Date.now() > deadline) {
      const notReady = await notReadyProcesses(specs);
      await stop();
      throw new ClusterStartError(
        `the gateway did not answer 200 on /api/health within ${Math.round(readyTimeoutMs / 1000)} s; ` +
          `not ready: ${notReady.length ? notReady.join(', ') : 'none of the processes reports a problem'}`,
      );
    }
    await sleep(500);
  }
  return { url, stop, closed };
}

function processSpecs(o: {
  port: number;
  portBase: number;
  databaseUrl: string;
  natsUrl: string;
  dataDir: string;
  keys: AssertionKeyPair;
  extraEnv: Record<string, string>;
}): ProcessSpec[] {
  const publicUrl = `http://localhost:${o.port}`;
  const issuer = `${publicUrl}/dev-idp`;
  const idpPort = o.portBase + 10;
  const common = {
    HOST: '127.0.0.1',
    POWERPOOL_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
  const serviceEnv = {
    ...common,
    DATABASE_URL: o.databaseUrl,
    NATS_URL: o.natsUrl,
    IDENTITY_ASSERTION_PUBLIC_KEY: o.keys.publicKeyPem,
  };
  const services = SERVICE_NAMES;
  const servicePort = (name: (typeof services)[number]) => o.portBase + 1 + services.indexOf(name);
  const serviceUrl = (name: (typeof services)[number]) => `http://127.0.0.1:${servicePort(name)}`;

  const specs: ProcessSpec[] = [
    {
      name: 'dev-idp',
      entry: 'libs/dev-idp/src/server.ts',
      port: idpPort,
      env: {
        ...common,
        PORT: String(idpPort),
        DEV_IDP_ISSUER: issuer,
        DEV_IDP_CLIENT_ID,
        DEV_IDP_CLIENT_SECRET,
        DEV_IDP_REDIRECT_URIS: `${publicUrl}/api/callback`,
        DEV_IDP_POST_LOGOUT_REDIRECT_URIS: `${publicUrl}/`,
        DEV_IDP_DATA_DIR: path.join(o.dataDir, 'dev-idp'),
      },
    },
    ...services.map(
      (name): ProcessSpec => ({
        name,
        entry: `services/${name}/src/server.ts`,
        port: servicePort(name),
        healthPath: '/readyz',
        env: {
          ...serviceEnv,
          PORT: String(servicePort(name)),
          ...(name === 'identity'
            ? {
                PUBLIC_URL: publicUrl,
                OIDC_ISSUER_URL: issuer,
                // identity's own calls go to the dev IdP directly, never through the gateway's limits.
                OIDC_BACKCHANNEL_URL: `http://127.0.0.1:${idpPort}/dev-idp`,
                OIDC_CLIENT_ID: DEV_IDP_CLIENT_ID,
                OIDC_CLIENT_SECRET: DEV_IDP_CLIENT_SECRET,
                SUPER_ADMIN_EMAILS: 'admin@powerpool.test',
              }
            : {}),
        },
      }),
    ),
    {
      name: 'gateway',
      entry: 'gateway/src/server.ts',
      port: o.port,
      healthPath: '/readyz',
      env: {
        ...common,
        PORT: String(o.port),
        PUBLIC_URL: publicUrl,
        NATS_URL: o.natsUrl,
        IDENTITY_ASSERTION_PRIVATE_KEY: o.keys.privateKeyPem,
        IDENTITY_URL: serviceUrl('identity'),
        POOLS_INVITATIONS_URL: serviceUrl('pools-invitations'),
        PICKS_SCORING_URL: serviceUrl('picks-scoring'),
        WEEKS_WORKFLOW_URL: serviceUrl('weeks-workflow'),
        SPORTS_DATA_STAGING_URL: serviceUrl('sports-data-staging'),
        WEB_DIST_DIR: path.join(REPO_ROOT, 'web', 'dist'),
        DEV_IDP_URL: `http://127.0.0.1:${idpPort}`,
      },
    },
  ];
  for (const spec of specs) Object.assign(spec.env, o.extraEnv);
  return specs;
}

/**
 * sports-data-staging's ESPN: its own config (parsed from the env its process gets) decides, as in
 * embedded mode. When it asks for the offline replay (the default outside production), this
 * launcher serves the recordings and points the service at them.
 */
async function serveEspnReplay(specs: ProcessSpec[], log: (line: string) => void): Promise<ConfiguredReplay | null> {
  const sports = specs.find((s) => s.name === 'sports-data-staging');
  if (!sports) return null;
  const replay = await startConfiguredReplay(loadSportsDataStagingConfig({ ...process.env, ...sports.env }));
  if (!replay) return null;
  Object.assign(sports.env, replay.serviceEnv);
  log(`[cluster] ESPN replay (recorded responses, dates shifted ${replay.dateShiftDays} days) at ${replay.siteUrl} serving sports-data-staging`);
  return replay;
}

function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: u.port ? Number(u.port) : defaultPort };
}

function isReachable(host: string, port: number, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function checkReachable(what: string, url: string, defaultPort: number, envName: string): Promise<void> {
  let target: { host: string; port: number };
  try {
    target = hostPort(url, defaultPort);
  } catch {
    throw new ClusterStartError(`${envName} is not a valid URL: ${url}`);
  }
  if (!(await isReachable(target.host, target.port))) {
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

async function isHealthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Names with the reason, e.g. `identity (not listening on 4001)`. */
async function notReadyProcesses(specs: ProcessSpec[]): Promise<string[]> {
  const result: string[] = [];
  for (const spec of specs) {
    if (!(await isReachable('127.0.0.1', spec.port, 1000))) {
      result.push(`${spec.name} (not listening on ${spec.port})`);
    } else if (spec.healthPath && !(await isHealthy(`http://127.0.0.1:${spec.port}${spec.healthPath}`))) {
      result.push(`${spec.name} (GET ${spec.healthPath} on ${spec.port} is not 200)`);
    }
  }
  return result;
}

function signalGroup(proc: ChildProcess, signal: NodeJS.Signals): void {
  if (proc.pid === undefined) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    try {
      proc.kill(signal);
    } catch {
      // already gone
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
