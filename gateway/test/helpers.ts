import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { HEADERS, RPC, SERVICE_NAMES, type Role, type ServiceName, type SessionUser, type User } from '@powerpool/contracts';
import {
  createAssertionSigner,
  createAssertionVerifier,
  createMemoryBus,
  generateAssertionKeys,
  gracefulClose,
  type AssertionKeyPair,
  type AssertionVerifier,
  type Bus,
  type Identity,
} from '@powerpool/service-kit';
import { buildGateway } from '../src/app.js';
import { loadGatewayConfig, UPSTREAM_ENV } from '../src/config.js';

let callSeq = 0;

/** What a fake upstream saw of one forwarded request. */
export interface UpstreamCall {
  /** Arrival order across every upstream. */
  seq: number;
  service: ServiceName;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The verified identity assertion, or the reason it did not verify. */
  identity: Identity | { invalid: string };
  body: string;
}

/**
 * A real HTTP server standing in for one service: verifies the gateway's assertion with the
 * public key and echoes what it got as JSON. Special paths: `GET /api/login` (302 + Set-Cookie),
 * `GET /api/callback` and `GET /api/logout` (302, setting and clearing the session cookie),
 * `GET /api/admin/unified-staging/migrate-games/:id/stream` (SSE held open until `releaseStream`),
 * `GET /readyz` (200 or 503 per `ready`).
 */
export interface FakeUpstream {
  service: ServiceName;
  url: string;
  calls: UpstreamCall[];
  ready: boolean;
  /** Let the held SSE reply finish (now, or as soon as it starts if none is held yet). */
  releaseStream: () => void;
  close(): Promise<void>;
}

export async function startUpstream(service: ServiceName, verifier: AssertionVerifier): Promise<FakeUpstream> {
  const app = Fastify({ logger: false });
  let release: (() => void) | undefined;
  let releasedEarly = false;
  const upstream: FakeUpstream = {
    service,
    url: '',
    calls: [],
    ready: true,
    releaseStream: () => {
      if (release) release();
      else releasedEarly = true;
    },
    close: () => app.close(),
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  async function record(request: FastifyRequest): Promise<UpstreamCall> {
    const token = request.headers[HEADERS.identity];
    let identity: UpstreamCall['identity'];
    try {
      identity = await verifier.verify(typeof token === 'string' ? token : '');
    } catch (err) {
      identity = { invalid: (err as Error).message };
    }
    const call: UpstreamCall = {
      seq: ++callSeq,
      service,
      method: request.method,
      url: request.url,
      headers: { ...request.headers },
      identity,
      body: typeof request.body === 'string' ? request.body : '',
    };
    upstream.calls.push(call);
    return call;
  }

  app.get('/readyz', async (_request, reply) => reply.code(upstream.ready ? 200 : 503).send({ status: upstream.ready ? 'ready' : 'not_ready' }));
  app.get('/api/login', async (request, reply) => {
    await record(request);
    return reply
      .header('set-cookie', ['pp_login_state=abc; Path=/; HttpOnly; SameSite=Lax', 'pp_other=1; Path=/'])
      .redirect('http://localhost:3000/dev-idp/auth?client_id=powerpool', 302);
  });
  // Identity's sign-in callback and logout, as they set and clear the session cookie (auth.routes.ts).
  app.get('/api/callback', async (request, reply) => {
    await record(request);
    return reply
      .header('set-cookie', `pp_session=new-session; Path=/; Expires=${FAKE_SESSION_EXPIRES}; HttpOnly; SameSite=Lax`)
      .redirect('http://localhost:3000/', 302);
  });
  app.get('/api/logout', async (request, reply) => {
    await record(request);
    return reply
      .header('set-cookie', 'pp_session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax')
      .redirect('http://localhost:3000/', 302);
  });
  app.get('/api/admin/unified-staging/migrate-games/:scheduleId/stream', async (request, reply) => {
    await record(request);
    // Once released, the stream's release is spent: a later releaseStream is for the next stream.
    const released = new Promise<void>((resolve) => {
      if (releasedEarly) return resolve();
      release = () => {
        release = undefined;
        resolve();
      };
    });
    releasedEarly = false;
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    reply.raw.write('data: {"step":1}\n\n');
    await released;
    reply.raw.end('data: {"step":2}\n\n');
  });
  // A team logo as sports-data-staging serves it (routes/logos.routes.ts): bytes and its own headers.
  app.get('/api/teams/:teamEspnId/logo', async (request, reply) => {
    await record(request);
    return reply
      .headers({
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=31536000, immutable',
        etag: '"0123456789abcdef0123"',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      })
      .send(Buffer.from(FAKE_LOGO_SVG));
  });
  app.all('/*', async (request, reply) => {
    const call = await record(request);
    return reply
      .header('x-powered-by', 'Express')
      .header('set-cookie', 'upstream_cookie=1; Path=/')
      .send({ ...call, headers: undefined });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  upstream.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return upstream;
}

/** When the fake sign-in callback's session cookie expires. */
export const FAKE_SESSION_EXPIRES = 'Sat, 05 Dec 2026 17:00:00 GMT';

/** What the fake sports-data-staging answers for a team logo. */
export const FAKE_LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e31837"/></svg>';

/** A script big enough to be worth compressing, as the SPA's chunks are. */
export const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const line${i} = "PowerPool picks ${i}";`).join('\n');

/** A temporary SPA build: index.html, one hashed asset, a favicon. `withIndex: false` leaves index.html out. */
export async function makeWebDist(options: { withIndex?: boolean } = {}): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'powerpool-web-'));
  await mkdir(path.join(dir, 'assets'));
  if (options.withIndex !== false) {
    const index = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
    await writeFile(path.join(dir, 'index.html'), index);
    await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(index));
  }
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("powerpool");');
  // As the build writes them (web/build/precompress.ts): a large script with its compressed copies.
  await writeFile(path.join(dir, 'assets', 'app-def456.js'), BIG_SCRIPT);
  await writeFile(path.join(dir, 'assets', 'app-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  await writeFile(path.join(dir, 'assets', 'app-def456.js.gz'), gzipSync(BIG_SCRIPT));
  await writeFile(path.join(dir, 'favicon.ico'), 'icon');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export function sessionUser(id: string, role: Role = 'user'): SessionUser {
  return { id, email: `${id}@example.com`, role };
}

/** A full user snapshot as carried by `identity.user.*` events. */
export function userSnapshot(user: SessionUser): User {
  const now = new Date().toISOString();
  return {
    id: user.id,
    email: user.email,
    displayName: null,
    firstName: null,
    lastName: null,
    role: user.role,
    hasPaid: false,
    paymentNotes: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Stands in for identity on the bus: answers `rpc.identity.session.resolve` from `sessions`
 * (session id -> user) and counts the requests.
 */
export interface FakeIdentity {
  sessions: Map<string, SessionUser>;
  requests: number;
}

export async function answerSessions(bus: Bus): Promise<FakeIdentity> {
  const identity: FakeIdentity = { sessions: new Map(), requests: 0 };
  await bus.handle<{ sessionId: string }, { user: SessionUser | null }>(
    RPC.resolveSession,
    async (msg) => {
      identity.requests++;
      return { user: identity.sessions.get(msg.data.sessionId) ?? null };
    },
    { queue: 'identity' },
  );
  return identity;
}

/** One key pair and one set of fake upstreams per test file. */
export interface Upstreams {
  keys: AssertionKeyPair;
  verifier: AssertionVerifier;
  byService: Record<ServiceName, FakeUpstream>;
  /** Every call any upstream got, in order. */
  calls(): UpstreamCall[];
  reset(): void;
  close(): Promise<void>;
}

export async function startUpstreams(): Promise<Upstreams> {
  const keys = await generateAssertionKeys();
  const verifier = await createAssertionVerifier(keys.publicKeyPem);
  const started = await Promise.all(SERVICE_NAMES.map((name) => startUpstream(name, verifier)));
  const byService = Object.fromEntries(started.map((u) => [u.service, u])) as Record<ServiceName, FakeUpstream>;
  return {
    keys,
    verifier,
    byService,
    calls: () => started.flatMap((u) => u.calls).sort((a, b) => a.seq - b.seq),
    reset: () => {
      for (const u of started) {
        u.calls.length = 0;
        u.ready = true;
      }
    },
    close: async () => {
      for (const u of started) u.releaseStream();
      await Promise.all(started.map((u) => u.close()));
    },
  };
}

export const PUBLIC_URL = 'http://localhost:3000';

export interface TestGateway {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  bus: Bus;
  identity: FakeIdentity;
  fetch(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * A gateway listening on 127.0.0.1:0 in front of `upstreams`, with an in-process bus whose
 * identity answers from `identity.sessions`. `env` overrides the gateway's environment. With
 * `bus`, the gateway uses that bus, which the caller owns (and nobody answers sessions on it
 * unless `answerSessions` is true).
 */
export async function startGateway(
  upstreams: Upstreams,
  options: { env?: Record<string, string>; answerSessions?: boolean; webDistDir?: string; bus?: Bus; now?: () => number } = {},
): Promise<TestGateway> {
  const env: Record<string, string> = {
    PUBLIC_URL,
    IDENTITY_ASSERTION_PRIVATE_KEY: upstreams.keys.privateKeyPem.replace(/\n/g, '\\n'),
    SESSION_CACHE_TTL_MS: '60000',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    WEB_DIST_DIR: options.webDistDir ?? path.join(tmpdir(), 'powerpool-no-such-dist'),
    LOG_LEVEL: 'silent',
    POWERPOOL_ENV: 'test',
  };
  for (const name of SERVICE_NAMES) env[UPSTREAM_ENV[name]] = upstreams.byService[name].url;
  Object.assign(env, options.env);
  const config = loadGatewayConfig(env);
  const bus = options.bus ?? createMemoryBus();
  const answer = options.answerSessions ?? !options.bus;
  const identity: FakeIdentity = answer ? await answerSessions(bus) : { sessions: new Map(), requests: 0 };
  const signer = await createAssertionSigner(config.assertionPrivateKeyPem);
  const app = await buildGateway({ config, bus, signer, logger: { level: 'silent' }, ...(options.now ? { now: options.now } : {}) });
  const close = gracefulClose(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    url,
    bus,
    identity,
    fetch: (pathAndQuery, init) => fetch(`${url}${pathAndQuery}`, { redirect: 'manual', ...init }),
    close: async () => {
      // As the gateway closes on a signal: a socket undici opened beside a cancelled reply and
      // never used would otherwise hold close() until the 60 s headers timeout.
      await close();
      if (!options.bus) await bus.close();
    },
  };
}

/** A concrete URL for a route path: every `:param` becomes `<param>-1`. */
export function concretePath(routePath: string): string {
  return routePath.replace(/:([A-Za-z]+)/g, (_m, name: string) => `${name}-1`);
}

export const cookie = (sessionId: string, extra = ''): Record<string, string> => ({ cookie: `pp_session=${sessionId}${extra}` });
