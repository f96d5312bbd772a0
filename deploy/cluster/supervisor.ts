import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { ServiceName } from '@powerpool/contracts';
import { isReachable } from '@powerpool/service-kit';
import { ClusterStartError, REPO_ROOT, type ProcessSpec } from './processes.js';

/**
 * The supervisor of cluster mode: runs the processes it is given (processes.ts says which) as
 * children, each in its own process group, prefixes their output, reports who is not ready, lets a
 * test kill and restart one, and stops them all (SIGTERM, then SIGKILL) when asked or when one
 * exits unexpectedly. It knows nothing of what the processes are; cluster.ts composes the cluster
 * and hands it the specifications.
 */

const STOP_GRACE_MS = 10_000;
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

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

/** The running processes, and how to wait for them, look at them and stop them. */
export interface Supervisor {
  /** Every process, in the order of the specifications. */
  processes: readonly ClusterProcess[];
  /** The process named `name`; throws naming the known ones when there is none. */
  process: (name: string) => ClusterProcess;
  /** The replicas of `service`, replica 1 first. */
  replicasOf: (service: ServiceName) => ClusterProcess[];
  /** Every process that is not ready now, with the reason; empty when all are. */
  notReady: () => Promise<string[]>;
  /**
   * Resolves once `entry.url` answers 200 and then every process is ready. On a timeout, or when a
   * child exits meanwhile, stops everything and throws a ClusterStartError saying why.
   */
  waitUntilReady: (o: { entry: { name: string; url: string }; timeoutMs: number }) => Promise<void>;
  /** Stops every child: SIGTERM, then SIGKILL after 10 s, then `onStopped`. Safe to call more than once. */
  stop: () => Promise<void>;
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

/** Throws a ClusterStartError when the children cannot be spawned (tsx is not installed). */
export function checkCanSpawn(): void {
  if (!existsSync(TSX)) throw new ClusterStartError(`${TSX} is missing: run \`make install\` first`);
}

/**
 * Spawns one child per specification, with tsx from the repository root, and watches them.
 * `log` gets every output line, prefixed with the process's name, and the supervisor's own notes;
 * `onStopped` runs after every child has ended on stop() (to close what the composer started).
 */
export function superviseProcesses(o: { specs: ProcessSpec[]; log: (line: string) => void; onStopped?: () => Promise<void> }): Supervisor {
  const { specs, log } = o;
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
      await o.onStopped?.();
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
    const proc = spawn(TSX, [...nodeArgs, spec.entry], {
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

  const waitUntilReady = async ({ entry, timeoutMs }: { entry: { name: string; url: string }; timeoutMs: number }) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await isHealthy(entry.url))) {
      if (stopping) {
        await stop();
        const exit = firstExit;
        throw new ClusterStartError(
          exit ? `${exit.name} exited while the cluster was starting (${exit.signal ?? `code ${exit.code}`})` : 'the cluster was stopped while starting',
        );
      }
      if (Date.now() > deadline) {
        const notReady = await notReadyProcesses(specs);
        await stop();
        throw new ClusterStartError(
          `${entry.name} did not answer 200 on ${new URL(entry.url).pathname} within ${Math.round(timeoutMs / 1000)} s; ` +
            `not ready: ${notReady.length ? notReady.join(', ') : 'none of the processes reports a problem'}`,
        );
      }
      await sleep(500);
    }
    // The entry's health asks one replica of each service: wait for every other one too.
    while ((await notReadyProcesses(specs)).length > 0) {
      if (stopping || Date.now() > deadline) {
        const notReady = await notReadyProcesses(specs);
        await stop();
        throw new ClusterStartError(`not every replica was ready within ${Math.round(timeoutMs / 1000)} s: ${notReady.join(', ')}`);
      }
      await sleep(200);
    }
  };

  for (const spec of specs) spawnChild(spec);
  const processes = specs.map(handle);
  return {
    processes,
    process: (name: string) => {
      const found = processes.find((p) => p.name === name);
      if (!found) throw new Error(`no cluster process named ${name}; there are ${processes.map((p) => p.name).join(', ')}`);
      return found;
    },
    replicasOf: (service: ServiceName) => processes.filter((p) => p.service === service),
    notReady: () => notReadyProcesses(specs),
    waitUntilReady,
    stop,
    closed,
  };
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
