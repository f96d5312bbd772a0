import { randomBytes, randomInt } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { SESSION_COOKIE } from '@powerpool/contracts';
import { signInThroughGateway, TEST_DATABASE_URL } from '@powerpool/testing';

/** True when nothing listens on 127.0.0.1:port and we may bind it. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port base for `startCluster` in 20000-32700 whose ports are all free right now: the gateway
 * on `base`, the services on base+1..+5, the dev IdP on base+10. Far from the 3000/4001-4010 a
 * `make cluster` on this machine uses, and below Linux's ephemeral range (32768-60999), where any
 * outgoing connection could take a port between this check and the cluster listening on it (seen:
 * EADDRINUSE on 33306).
 */
export async function freePortBase(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = randomInt(20_000, 32_700);
    const ports = [base, base + 1, base + 2, base + 3, base + 4, base + 5, base + 10];
    const free = await Promise.all(ports.map(canListen));
    if (free.every(Boolean)) return base;
  }
  throw new Error('found no free port range in 20000-32700 after 50 tries');
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the test PostgreSQL (TEST_DATABASE_URL's server), dropped by `drop()`. */
export async function createScratchDatabase(prefix = 'pp_cluster'): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${quoteIdent(name)}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`) };
}

/** The last `max` lines of the cluster's output, shown when a test fails. */
export class LogTail {
  private readonly lines: string[] = [];
  constructor(private readonly max = 200) {}

  readonly push = (line: string): void => {
    this.lines.push(line);
    if (this.lines.length > this.max) this.lines.shift();
  };

  toString(): string {
    return this.lines.join('\n');
  }
}

/** A signed-in caller: the session cookie identity set, and JSON calls through the gateway with it. */
export interface SignedIn {
  sessionId: string;
  get(path: string): Promise<Response>;
  put(path: string, body: unknown): Promise<Response>;
  post(path: string, body?: unknown): Promise<Response>;
}

/**
 * Signs in the way a browser does, over real HTTP (libs/testing `signInThroughGateway`), and
 * returns small fetch helpers carrying the session cookie.
 */
export async function signIn(appUrl: string, email: string, password: string): Promise<SignedIn> {
  const sessionId = await signInThroughGateway(appUrl, email, password);
  const cookie = `${SESSION_COOKIE}=${sessionId}`;
  return {
    sessionId,
    get: (path) => fetch(`${appUrl}${path}`, { headers: { cookie }, redirect: 'manual' }),
    put: (path, body) =>
      fetch(`${appUrl}${path}`, { method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body), redirect: 'manual' }),
    post: (path, body) =>
      fetch(`${appUrl}${path}`, {
        method: 'POST',
        headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'manual',
      }),
  };
}

/** Calls `probe` until it returns something other than `undefined`, or gives up after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
