/**
 * What the benches share: their settings from the environment, PowerPool started in this process
 * the way they load it, the app's own cost of a measured run, and the failure line.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { eventStreamName } from '@powerpool/service-kit';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbedded, type EmbeddedOptions } from '../deploy/embedded/src/index.js';
import { startProfile } from './profile.js';

/** A positive integer setting (`fallback` when unset); anything else stops the bench before it starts. */
export function envInt(name: string, fallback: number): number {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
}

/** A positive number setting (`fallback` when unset). */
export function envNumber(name: string, fallback: number): number {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
}

/**
 * Until every service has handled every event published so far in `namespace` (each durable
 * consumer of its event stream has nothing pending and nothing unacknowledged): a figure taken
 * before then measures the seed still being consumed, not the state it left.
 */
export async function untilEventsHandled(servers: string, namespace: string, timeoutMs = 1_800_000): Promise<void> {
  const nc = await connect({ servers });
  try {
    const jsm = await jetstreamManager(nc);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let waiting = 0;
      for await (const c of jsm.consumers.list(eventStreamName(namespace))) waiting += c.num_pending + c.num_ack_pending;
      if (waiting === 0) return;
      if (Date.now() > deadline) throw new Error(`events still waiting after ${timeoutMs / 1000} s: ${waiting}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await nc.close();
  }
}

/** BENCH_PROFILE: the directory a bench writes its CPU profiles to, if any. */
export const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : undefined;

/**
 * PowerPool in this process (embedded, PGlite, silent) for a load bench: the rate limits are
 * raised out of the way, since one client signs in and writes far more than a person would.
 */
export function startBenchApp(options: EmbeddedOptions = {}) {
  return startEmbedded({
    port: 0,
    inMemory: true,
    environment: 'test',
    logLevel: 'silent',
    rateLimits: { signInPerMinute: 10_000, writesPerMinute: 1_000_000 },
    ...options,
  });
}

/**
 * Runs `load` (a load generator in a child process) and measures what it cost this process, the
 * whole app: CPU time and the share of the run its event loop was busy. With `profileAs` and
 * BENCH_PROFILE set, the app's CPU profile of the run goes to `<BENCH_PROFILE>/<profileAs>.cpuprofile`.
 */
export async function measureApp<T>(load: () => Promise<T>, profileAs?: string): Promise<{ result: T; cpuMs: number; loopBusy: number }> {
  const profiler = profileAs && profileDir ? await startProfile() : undefined;
  const cpu0 = process.cpuUsage();
  const elu0 = performance.eventLoopUtilization();
  const result = await load();
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.cpuUsage(cpu0);
  if (profiler && profileDir) await profiler.stopInto(path.join(profileDir, `${profileAs}.cpuprofile`));
  return { result, cpuMs: (cpu.user + cpu.system) / 1000, loopBusy: elu.utilization };
}

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** One measured run of a load target. */
export interface Run {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** CPU time of this process (the whole app, every thread; not the load generator). */
  cpuMs: number;
  /** Share of the run the app's event loop was busy (1 = saturated). */
  loopBusy: number;
}

/** Means over a target's rounds; CPU per request over all requests of all rounds. */
export function summarizeRuns(runs: Run[]) {
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  return {
    rps: mean(runs.map((r) => r.rps)),
    p50: mean(runs.map((r) => r.p50)),
    p99: mean(runs.map((r) => r.p99)),
    requests,
    cpuMsPerRequest: runs.reduce((n, r) => n + r.cpuMs, 0) / Math.max(1, requests),
    loopBusy: mean(runs.map((r) => r.loopBusy)),
  };
}

/** Says why a bench failed; its exit code. */
export function benchFailed(err: unknown): number {
  console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return 1;
}

/** What bench/live-stream-clients.ts reports: all snapshots in (`ready`), then each round's patch arrivals. */
export interface StreamClientsReport {
  ready?: number;
  failures?: number;
  round?: number;
  arrivals?: number[];
  bytes?: number;
  /** On request ({ status: true }): why a round has not finished (bench/live-stream-clients.ts). */
  status?: Record<string, unknown>;
  /** At a Sunday's end ({ sundayEnd: true }): how far behind the provider the streams fell, in ms. */
  sunday?: Record<string, number>;
}

/**
 * The live-stream browsers (bench/live-stream-clients.ts) in a child process, so they share
 * neither the app's event loop nor its CPU: `count` streams on `url`, or spread over `urls`.
 * `next` waits for the child's next report (failing after `timeoutMs`); `child.send({ stop: true })` ends it.
 */
export function forkStreamClients(options: { url?: string; urls?: string[]; headers: Record<string, string>; count: number }): {
  child: ChildProcess;
  next: (timeoutMs: number) => Promise<StreamClientsReport>;
} {
  const script = fileURLToPath(new URL('./live-stream-clients.ts', import.meta.url));
  const child = fork(script, [JSON.stringify(options)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const reports: StreamClientsReport[] = [];
  const waiters: Array<() => void> = [];
  child.on('message', (m) => {
    reports.push(m as StreamClientsReport);
    waiters.splice(0).forEach((w) => w());
  });
  return {
    child,
    next: async (timeoutMs) => {
      const end = Date.now() + timeoutMs;
      while (reports.length === 0) {
        if (Date.now() > end) throw new Error('the clients did not report in time');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 1000);
        });
      }
      return reports.shift()!;
    },
  };
}
