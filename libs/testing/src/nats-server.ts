import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { access, constants, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the nats-server binary is: NATS_SERVER_BIN, else /usr/sbin/nats-server (this machine and CI). */
export const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/**
 * Null when the nats-server binary can be run, otherwise the reason to skip (printed). Under
 * CI=true it throws instead, as libs/testing `unavailableReason` does: CI never skips.
 */
export async function natsServerUnavailableReason(): Promise<string | null> {
  const missing = await access(NATS_SERVER_BIN, constants.X_OK).then(
    () => null,
    () => `no nats-server at ${NATS_SERVER_BIN} (set NATS_SERVER_BIN; .ci/run installs it)`,
  );
  if (missing === null) return null;
  if (process.env.CI === 'true') throw new Error(`CI=true and ${missing}`);
  console.warn(`[skip] ${missing}`);
  return missing;
}

/**
 * A private nats-server for fault tests: its own free port and its own JetStream store directory
 * (`-js -sd <dir>`), so streams and consumers survive a kill and restart as on a real server.
 * `kill()` SIGKILLs it (no clean shutdown), `restart()` starts it again on the same port and store,
 * `stop()` ends it and removes the store.
 */
export interface PrivateNatsServer {
  /** nats://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** The JetStream store directory (kept across restarts). */
  readonly storeDir: string;
  readonly running: boolean;
  /** SIGKILL; resolves once the process has exited. */
  kill(): Promise<void>;
  /**
   * Starts it again on the same port and store dir; resolves once it accepts connections.
   * `emptyStore`: without its JetStream state (streams, consumers and events gone), as a server
   * whose disk was lost.
   */
  restart(options?: { emptyStore?: boolean }): Promise<void>;
  /** Ends it (if running) and removes the store dir. Safe to call more than once. */
  stop(): Promise<void>;
  /** Its last lines of output (for a failing test's message). */
  output(): string;
}

/**
 * A free port in 10000-19999: below Linux's ephemeral range (32768-60999), so no outgoing
 * connection takes it while the server is down between kill() and restart(), and apart from the
 * 20000-32700 that test clusters use (helpers.ts freePortBase).
 */
async function freePort(): Promise<number> {
  const canListen = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = randomInt(10_000, 20_000);
    if (await canListen(port)) return port;
  }
  throw new Error('found no free port in 10000-19999 after 50 tries');
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts a private nats-server with JetStream; throws with its output when it does not come up within `readyTimeoutMs`. */
export async function startNatsServer(options: { readyTimeoutMs?: number } = {}): Promise<PrivateNatsServer> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  const storeDir = await mkdtemp(path.join(tmpdir(), 'powerpool-nats-'));
  const port = await freePort();
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(line);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  let proc: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let done = true;
  let stopped = false;

  async function launch(): Promise<void> {
    if (!done) throw new Error(`nats-server on ${port} is still running: kill it first`);
    const child = spawn(NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    proc = child;
    done = false;
    exited = new Promise<void>((resolve) => {
      child.once('exit', () => {
        done = true;
        resolve();
      });
      child.once('error', (err) => {
        lines.push(`spawn failed: ${err.message}`);
        done = true;
        resolve();
      });
    });
    // Accepting connections is not enough: JetStream must be up too ("Server is ready" comes after it).
    let ready = false;
    const watch = (chunk: Buffer) => {
      keep(chunk);
      if (chunk.toString().includes('Server is ready')) ready = true;
    };
    child.stdout?.on('data', watch);
    child.stderr?.on('data', watch);
    const deadline = Date.now() + readyTimeoutMs;
    while (!(ready && (await canConnect(port)))) {
      if (done) throw new Error(`nats-server exited while starting on ${port}:\n${lines.join('\n')}`);
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`nats-server was not ready on ${port} within ${readyTimeoutMs} ms:\n${lines.join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function kill(): Promise<void> {
    if (!done) proc?.kill('SIGKILL');
    await exited;
  }

  // A test runner that dies leaves no nats-server behind.
  const onExit = () => {
    if (!done) proc?.kill('SIGKILL');
  };
  process.once('exit', onExit);

  try {
    await launch();
  } catch (err) {
    process.removeListener('exit', onExit);
    await rm(storeDir, { recursive: true, force: true });
    throw err;
  }

  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    get running() {
      return !done;
    },
    kill,
    async restart(restartOptions: { emptyStore?: boolean } = {}) {
      if (stopped) throw new Error('the nats-server was stopped');
      if (!done) throw new Error(`nats-server on ${port} is still running: kill it first`);
      if (restartOptions.emptyStore) await rm(path.join(storeDir, 'jetstream'), { recursive: true, force: true });
      lines.push(`--- restart on ${port}${restartOptions.emptyStore ? ' with an empty store' : ''} ---`);
      await launch();
    },
    async stop() {
      stopped = true;
      await kill();
      process.removeListener('exit', onExit);
      await rm(storeDir, { recursive: true, force: true });
    },
    output: () => lines.join('\n'),
  };
}
