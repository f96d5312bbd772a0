import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import type { ServiceName } from '@powerpool/contracts';
import { devVapidKeys, startMailCatcher } from '@powerpool/dev-idp';
import { generateAssertionKeys, type AssertionKeyPair } from '@powerpool/service-kit';
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

/**
 * Cluster mode: every service in its own process, on a real PostgreSQL and a real NATS, with the
 * dev IdP standing in for the OIDC provider. `make cluster` runs it through `run.ts`; integration
 * tests call `startCluster()` directly. This file is the supervisor (prerequisites, spawn, watch,
 * restart, stop); what runs, on which port and with which env, is in processes.ts.
 */

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/powerpool';
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

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
  /**
   * Processes per service, e.g. `{ 'picks-scoring': 2 }` (default 1 each). Each replica is its own
   * process on its own port ({@link servicePort}) with the same schema, database and NATS; the
   * gateway gets the comma-separated list of their base URLs in the service's `*_URL`.
   */
  replicas?: ReplicaCounts;
}

/** Why the cluster ended: `null` when stop() was called, else the child that exited first. */
export interface ClusterExit {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * One process of the cluster, for tests that take a replica down (and bring it back) while the
 * rest keeps running. A process stopped through {@link ClusterProcess.kill}, or one that exits
 * while another replica of its service still runs, does not stop the cluster; any other exit does.
 */
export interface ClusterProcess {
  /** `dev-idp`, `gateway`, a service's name, or `<service>-<replica>` when the service runs several (`picks-scoring-2`). */
  readonly name: string;
  /** The service it is a replica of; the gateway and the dev IdP are their own. */
  readonly service: ServiceName | 'gateway' | 'dev-idp';
  /** 1-based. */
  readonly replica: number;
  readonly port: number;
  /** Its own base URL (not through the gateway), e.g. http://127.0.0.1:4103 for its /metrics. */
  readonly url: string;
  /** The pid of the current run (tsx; node runs as its child in the same process group). */
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Sends `signal` (default SIGKILL) to its process group; resolves once it has exited. The cluster keeps running. */
  kill(signal?: NodeJS.Signals): Promise<ClusterExit>;
  /** Starts it again with the same port and env; resolves once it answers its health path (or listens). */
  restart(options?: { readyTimeoutMs?: number }): Promise<void>;
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

interface Child {
  spec: ProcessSpec;
  proc: ChildProcess;
  exited: Promise<ClusterExit>;
  done: boolean;
  /** Stopped through ClusterProcess.kill: its exit does not stop the cluster. */
  expected: boolean;
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

  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  if (!existsSync(tsx)) throw new ClusterStartError(`${tsx} is missing: run \`make install\` first`);

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
  const width = Math.max(...specs.map((s) => s.name.length));
  /** The current run of each process, by name (a restart replaces it). */
  const current = new Map<string, Child>();
  let stopping = false;
  let resolveClosed!: (exit: ClusterExit | null) => void;
  const closed = new Promise<ClusterExit | null>((resolve) => (resolveClosed = resolve));
  let firstExit: ClusterExit | null = null;

  const killAll = (signal: NodeJS.Signals) => {
    for (const child of current.values()) if (!child.done) signalGroup(child.proc, signal);
  };
  // Last resort when this process dies without stop(): leave no orphans behind.
  const onExit = () => killAll('SIGKILL');
  process.once('exit', onExit);

  const stop = async () => {
    if (!stopping) {
      stopping = true;
      killAll('SIGTERM');
      const timer = setTimeout(() => killAll('SIGKILL'), STOP_GRACE_MS);
      await Promise.all([...current.values()].map((c) => c.exited));
      clearTimeout(timer);
      await replay?.close();
      await mail?.close();
      process.removeListener('exit', onExit);
      resolveClosed(firstExit);
    }
    await closed;
  };

  // CLUSTER_CPU_PROF_DIR: every process writes a V8 CPU profile there when it exits (bench/README:
  // where a change's time goes). Node refuses --cpu-prof in NODE_OPTIONS, so it goes on tsx's command line.
  const profileDir = process.env.CLUSTER_CPU_PROF_DIR;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const spawnChild = (spec: ProcessSpec): Child => {
    const proc = spawn(tsx, [...nodeArgs, spec.entry], {
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
    const child: Child = { spec, proc, done: false, expected: false, exited: Promise.resolve({ name: spec.name, code: null, signal: null }) };
    child.exited = new Promise<ClusterExit>((resolve) => {
      proc.once('exit', (code, signal) => {
        child.done = true;
        const how = signal ? `signal ${signal}` : `code ${code}`;
        // A replica going down while another of its service still runs is what scaling out is for.
        const others = [...current.values()].filter((c) => c !== child && c.spec.service === spec.service && !c.done);
        if (!stopping && !child.expected && others.length > 0) {
          log(`[cluster] ${spec.name} exited (${how}); ${others.map((c) => c.spec.name).join(', ')} still serving`);
        } else if (!stopping && !child.expected) {
          firstExit ??= { name: spec.name, code, signal };
          log(`[cluster] ${spec.name} exited unexpectedly (${how}); stopping the rest`);
          void stop();
        }
        resolve({ name: spec.name, code, signal });
      });
      proc.once('error', (err) => {
        log(`[cluster] could not start ${spec.name}: ${err.message}`);
        if (proc.pid === undefined) {
          child.done = true;
          if (!stopping && !child.expected) {
            firstExit ??= { name: spec.name, code: null, signal: null };
            void stop();
          }
          resolve({ name: spec.name, code: null, signal: null });
        }
      });
    });
    current.set(spec.name, child);
    return child;
  };

  const handle = (spec: ProcessSpec): ClusterProcess => {
    const run = () => current.get(spec.name)!;
    return {
      name: spec.name,
      service: spec.service,
      replica: spec.replica,
      port: spec.port,
      url: `http://127.0.0.1:${spec.port}`,
      get pid() {
        return run().proc.pid;
      },
      get running() {
        return !run().done;
      },
      async kill(signal: NodeJS.Signals = 'SIGKILL') {
        const child = run();
        child.expected = true;
        if (!child.done) {
          log(`[cluster] ${signal} to ${spec.name} (pid ${child.proc.pid}); the rest keeps running`);
          signalGroup(child.proc, signal);
        }
        return child.exited;
      },
      async restart(restartOptions: { readyTimeoutMs?: number } = {}) {
        if (stopping) throw new ClusterStartError(`the cluster is stopping: ${spec.name} is not restarted`);
        if (!run().done) throw new ClusterStartError(`${spec.name} is still running (pid ${run().proc.pid}): kill it first`);
        log(`[cluster] restarting ${spec.name} on ${spec.port}`);
        const child = spawnChild(spec);
        const timeoutMs = restartOptions.readyTimeoutMs ?? 60_000;
        const deadline = Date.now() + timeoutMs;
        while (!(await isProcessReady(spec))) {
          if (child.done) throw new ClusterStartError(`${spec.name} exited while restarting`);
          if (Date.now() > deadline) throw new ClusterStartError(`${spec.name} was not ready within ${Math.round(timeoutMs / 1000)} s of its restart`);
          await sleep(200);
        }
      },
    };
  };

  for (const spec of specs) spawnChild(spec);
  const processes = specs.map(handle);

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
  // /api/health asks one replica of each service: wait for every other one too.
  while ((await notReadyProcesses(specs)).length > 0) {
    if (stopping || Date.now() > deadline) {
      const notReady = await notReadyProcesses(specs);
      await stop();
      throw new ClusterStartError(`not every replica was ready within ${Math.round(readyTimeoutMs / 1000)} s: ${notReady.join(', ')}`);
    }
    await sleep(200);
  }
  return {
    url,
    processes,
    process(name: string) {
      const found = processes.find((p) => p.name === name);
      if (!found) throw new Error(`no cluster process named ${name}; there are ${processes.map((p) => p.name).join(', ')}`);
      return found;
    },
    replicasOf: (service: ServiceName) => processes.filter((p) => p.service === service),
    notReady: () => notReadyProcesses(specs),
    replay,
    stop,
    closed,
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

/** Listening, and answering 200 on its health path when it has one. */
async function isProcessReady(spec: ProcessSpec): Promise<boolean> {
  if (!(await isReachable('127.0.0.1', spec.port, 1000))) return false;
  return spec.healthPath ? isHealthy(`http://127.0.0.1:${spec.port}${spec.healthPath}`) : true;
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
