import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { mustRunEverything } from './services.js';

/**
 * A private PostgreSQL server for fault tests: `initdb` into a temporary directory and a
 * postmaster on a free port of 127.0.0.1 (trust auth), that a test may restart (fast shutdown,
 * or SIGKILL of the postmaster and every backend, as a crash) on the same port and data dir.
 * PostgreSQL refuses to run as root, so every binary runs as the `postgres` OS user (runuser).
 */

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The bin directory of the newest PostgreSQL installed under /usr/lib/postgresql, or null. */
function binDir(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((v) => existsSync(path.join(POSTGRES_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(POSTGRES_ROOT, versions[0], 'bin') : null;
}

/**
 * Null when a private server can be started here (the binaries, runuser and the postgres user);
 * otherwise the reason to skip, printed once. Under CI=true it throws instead: CI never skips.
 */
export async function privatePostgresUnavailableReason(): Promise<string | null> {
  let reason: string | null = null;
  if (!binDir()) reason = `no PostgreSQL binaries under ${POSTGRES_ROOT}/<version>/bin`;
  else if (typeof process.getuid === 'function' && process.getuid() !== 0)
    reason = 'a private PostgreSQL runs as the postgres OS user via runuser, which needs root';
  else {
    try {
      await run('id', ['postgres']);
    } catch {
      reason = 'there is no postgres OS user';
    }
  }
  if (reason === null) return null;
  if (mustRunEverything) throw new Error(`CI=true and ${reason}`);
  console.warn(`[skip] ${reason}`);
  return reason;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free port of 127.0.0.1 in 10000-19999: below the cluster tests' 20000-32700 and below Linux's
 * ephemeral range, so no outgoing connection takes it while the server is down for a restart.
 */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = randomInt(10_000, 20_000);
    if (await canListen(port)) return port;
  }
  throw new Error('found no free port in 10000-19999 after 50 tries');
}

/** The pids whose parent is `ppid` (from /proc). */
async function childrenOf(ppid: number): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === ppid) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export type RestartMode = 'fast' | 'kill';

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust auth). */
  url: string;
  port: number;
  dataDir: string;
  /** The postmaster's pid now (changes on every start). */
  pid(): Promise<number>;
  /**
   * Stop and start again on the same port and data dir. `fast`: a fast shutdown (clients are
   * disconnected, open transactions roll back, a checkpoint is written). `kill`: SIGKILL of the
   * postmaster and every backend at once, as a crash; the start runs crash recovery from the WAL.
   * `downMs` keeps the server down at least that long between the two (clients see refused
   * connections), `whileDown` runs while it is down (the start waits for both).
   */
  restart(options?: { mode?: RestartMode; downMs?: number; whileDown?: () => Promise<void> }): Promise<void>;
  /** Stops the server (immediate) and removes its directory. */
  stop(): Promise<void>;
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = binDir();
  if (!bin) throw new Error(`no PostgreSQL binaries under ${POSTGRES_ROOT}`);
  const root = await mkdtemp(path.join(tmpdir(), 'powerpool-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  const { stdout: ids } = await run('id', ['-u', 'postgres']);
  const { stdout: gids } = await run('id', ['-g', 'postgres']);
  await chown(root, Number(ids.trim()), Number(gids.trim()));
  const port = await freePort();
  const asPostgres = (binary: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', path.join(bin, binary), ...args], { cwd: root });

  const pidOf = async () => Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const start = async () => {
    // fsync off: a SIGKILL loses no write the OS already has, and the machine is slow enough.
    // track_commit_timestamp: a test may ask when a row's transaction committed (pg_xact_commit_timestamp).
    const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c track_commit_timestamp=on`;
    await asPostgres('pg_ctl', ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile, '-o', options]);
  };
  const killAll = async () => {
    const postmaster = await pidOf();
    const backends = await childrenOf(postmaster);
    for (const pid of [postmaster, ...backends]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    for (const pid of [postmaster, ...backends]) {
      const until = Date.now() + 30_000;
      while (alive(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  try {
    await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    await start();
  } catch (err) {
    await rm(root, { recursive: true, force: true });
    throw err;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    dataDir,
    pid: pidOf,
    async restart(options = {}) {
      if ((options.mode ?? 'fast') === 'kill') await killAll();
      else await asPostgres('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'fast', '-D', dataDir]);
      await Promise.all([options.whileDown?.(), new Promise((resolve) => setTimeout(resolve, options.downMs ?? 0))]);
      await start();
    },
    async stop() {
      try {
        await asPostgres('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'immediate', '-D', dataDir]);
      } catch {
        if (existsSync(path.join(dataDir, 'postmaster.pid'))) await killAll().catch(() => {});
      }
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** True when the server answers a query (used to wait for it after a restart). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
