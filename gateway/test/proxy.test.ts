import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, HEADERS } from '@powerpool/contracts';
import { createAssertionSigner, generateAssertionKeys } from '@powerpool/service-kit';
import { deadUrl, upload } from '@powerpool/testing';
import { concretePath, cookie, sessionUser, startGateway, startUpstreams, type TestGateway, type UpstreamCall, type Upstreams } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let upstreams: Upstreams;
let gw: TestGateway;

beforeAll(async () => {
  upstreams = await startUpstreams();
  gw = await startGateway(upstreams);
  gw.identity.sessions.set('alice-session', sessionUser('alice'));
  gw.identity.sessions.set('admin-session', sessionUser('root', 'super_admin'));
});

afterAll(async () => {
  for (const name of Object.keys(upstreams?.byService ?? {})) upstreams.byService[name as keyof Upstreams['byService']].releaseStream();
  await gw?.close();
  await upstreams?.close();
});

afterEach(() => upstreams.reset());

function onlyCall(): UpstreamCall {
  const calls = upstreams.calls();
  expect(calls).toHaveLength(1);
  return calls[0]!;
}

const REDIRECTING = new Set(['/api/login', '/api/callback', '/api/logout']);

describe('routing', () => {
  it('should forward every API route to its service with its path when the caller is signed in', async () => {
    for (const route of ENDPOINTS) {
      upstreams.reset();
      const path = concretePath(route.path);
      if (path.endsWith('/stream')) upstreams.byService[route.service].releaseStream();
      const res = await gw.fetch(`${path}?probe=1`, { method: route.method, headers: cookie('admin-session') });
      // Sign-in, its callback and logout are browser navigations: the fake identity redirects them.
      expect(res.status, `${route.method} ${route.path}`).toBe(REDIRECTING.has(route.path) ? 302 : 200);
      await res.arrayBuffer();
      const call = onlyCall();
      expect({ service: call.service, method: call.method, url: call.url }).toEqual({ service: route.service, method: route.method, url: `${path}?probe=1` });
    }
  });

  it('should tell apart routes sharing a parameter position when their names differ', async () => {
    await (await gw.fetch('/api/pools/p-7', { headers: cookie('alice-session') })).arrayBuffer();
    await (await gw.fetch('/api/pools/owned', { headers: cookie('alice-session') })).arrayBuffer();
    await (await gw.fetch('/api/invitations/tok-1', { headers: cookie('alice-session') })).arrayBuffer();
    await (await gw.fetch('/api/admin/unified-staging/teams/1', { headers: cookie('alice-session') })).arrayBuffer();
    expect(upstreams.calls().map((c) => `${c.service} ${c.url}`)).toEqual([
      'pools-invitations /api/pools/p-7',
      'pools-invitations /api/pools/owned',
      'pools-invitations /api/invitations/tok-1',
      'sports-data-staging /api/admin/unified-staging/teams/1',
    ]);
  });

  it('should answer a JSON 404 without calling a service when the API path is unknown', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await gw.fetch('/api/no/such/thing?x=1', { method, headers: cookie('alice-session') });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'not_found', message: `No API route ${method} /api/no/such/thing` });
    }
    // A known path with another method is unknown too.
    const res = await gw.fetch('/api/pools/owned', { method: 'DELETE' });
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No API route DELETE /api/pools/owned' });
    expect(upstreams.calls()).toHaveLength(0);
  });

  // Found by the contract fuzz (deploy/cluster/test/fuzz.ts): reply-from decodes the URL and threw a URIError (a 500).
  it('should answer 400 with the error reply without calling the service when the query has a malformed percent-encoding', async () => {
    for (const query of ['?poolId=%ff', '?returnTo=%', '?state=%E0%A4%A']) {
      const res = await gw.fetch(`/api/weeks${query}`, { headers: cookie('alice-session') });
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ error: 'bad_request', message: 'The request URL is malformed: it has an invalid percent-encoding.' });
    }
    expect(upstreams.calls()).toHaveLength(0);
  });

  // Found by the contract fuzz: Node's parser refuses headers over 16 KiB before Fastify routes, and Fastify's
  // default answer was a shape of its own ({"error":"Request Header Fields Too Large","statusCode":431}).
  it('should answer 431 with the one error reply shape when the URL is over the header size limit', async () => {
    const query = Array.from({ length: 5_000 }, (_, i) => `k${i}=v`).join('&');
    const res = await gw.fetch(`/api/weeks?${query}`, { headers: cookie('alice-session') });
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ error: 'bad_request', message: 'The request headers (or the URL) are too large.' });
    expect(upstreams.calls()).toHaveLength(0);
  });
});

describe('identity assertion', () => {
  it('should answer 401 without calling the service when a session route is called signed out', async () => {
    const res = await gw.fetch('/api/auth/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Unauthorized: you are not signed in' });
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should answer 401 when the session cookie names no session', async () => {
    const res = await gw.fetch('/api/user/pools', { headers: cookie('made-up') });
    expect(res.status).toBe(401);
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should forward an anonymous assertion that verifies when a public route is called signed out', async () => {
    const res = await gw.fetch('/api/invitations/tok-123');
    expect(res.status).toBe(200);
    const call = onlyCall();
    expect(call.identity).toEqual({ user: null, correlationId: res.headers.get(HEADERS.correlationId) });
  });

  it("should forward the user's assertion when the caller is signed in", async () => {
    const res = await gw.fetch('/api/pools/owned', { headers: cookie('admin-session') });
    expect(res.status).toBe(200);
    expect(onlyCall().identity).toEqual({
      user: { id: 'root', email: 'root@example.com', role: 'super_admin' },
      correlationId: res.headers.get(HEADERS.correlationId),
    });
  });

  it('should replace the assertion when the client sends its own', async () => {
    const otherKeys = await generateAssertionKeys();
    const forger = await createAssertionSigner(otherKeys.privateKeyPem);
    const forged = await forger.sign({ user: { id: 'mallory', email: 'm@example.com', role: 'super_admin' } });
    const res = await gw.fetch('/api/invitations/tok-1', { headers: { [HEADERS.identity]: forged } });
    expect(res.status).toBe(200);
    const call = onlyCall();
    expect(call.headers[HEADERS.identity]).not.toBe(forged);
    expect(call.identity).toMatchObject({ user: null });

    upstreams.reset();
    await (await gw.fetch('/api/auth/user', { headers: { ...cookie('alice-session'), [HEADERS.identity]: forged } })).arrayBuffer();
    expect(onlyCall().identity).toMatchObject({ user: { id: 'alice', role: 'user' } });
  });
});

describe('cookies and redirects', () => {
  it('should strip the Cookie header when the route is not a browser navigation', async () => {
    await (await gw.fetch('/api/auth/user', { headers: cookie('alice-session', '; theme=dark') })).arrayBuffer();
    await (await gw.fetch('/api/invitations/tok-2', { headers: cookie('alice-session') })).arrayBuffer();
    const calls = upstreams.calls();
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call.headers.cookie).toBeUndefined();
  });

  it('should forward the Cookie header when the route is a browser navigation', async () => {
    for (const path of ['/api/login', '/api/callback?code=c&state=s', '/api/logout']) {
      upstreams.reset();
      await (await gw.fetch(path, { headers: cookie('alice-session', '; pp_login_state=abc') })).arrayBuffer();
      expect(onlyCall().headers.cookie).toBe('pp_session=alice-session; pp_login_state=abc');
    }
  });

  it('should pass Set-Cookie and the 302 back untouched when /api/login redirects', async () => {
    const res = await gw.fetch('/api/login?returnTo=%2Fpools');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost:3000/dev-idp/auth?client_id=powerpool');
    expect(res.headers.getSetCookie()).toEqual(['pp_login_state=abc; Path=/; HttpOnly; SameSite=Lax', 'pp_other=1; Path=/']);
    expect(onlyCall().url).toBe('/api/login?returnTo=%2Fpools');
  });

  it('should drop X-Powered-By when a service sends it', async () => {
    const res = await gw.fetch('/api/invitations/tok-3');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.getSetCookie()).toEqual(['upstream_cookie=1; Path=/']);
  });
});

describe('correlation ids', () => {
  it('should mint a correlation id, forward it and echo it when the client sends its own', async () => {
    const res = await gw.fetch('/api/invitations/tok-4', { headers: { [HEADERS.correlationId]: 'client-chosen-id' } });
    const id = res.headers.get(HEADERS.correlationId);
    expect(id).toMatch(UUID);
    const call = onlyCall();
    expect(call.headers[HEADERS.correlationId]).toBe(id);
    expect(call.identity).toMatchObject({ correlationId: id });
  });

  it('should give each request its own correlation id when answering from the gateway', async () => {
    const a = await gw.fetch('/api/auth/user');
    const b = await gw.fetch('/api/nope');
    expect(a.headers.get(HEADERS.correlationId)).toMatch(UUID);
    expect(b.headers.get(HEADERS.correlationId)).toMatch(UUID);
    expect(a.headers.get(HEADERS.correlationId)).not.toBe(b.headers.get(HEADERS.correlationId));
  });
});

describe('bodies', () => {
  it('should deliver a streamed reply in chunks when the service has not finished it', async () => {
    const res = await gw.fetch('/api/admin/unified-staging/migrate-games/sched-1/stream', { headers: cookie('admin-session') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const first = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the first event was held back by the gateway')), 5000)),
    ]);
    expect(new TextDecoder().decode(first.value)).toBe('data: {"step":1}\n\n');
    upstreams.byService['sports-data-staging'].releaseStream();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('data: {"step":2}\n\n');
  });

  it('should pass a request body through byte for byte when it is not JSON', async () => {
    const csv = 'week,home,away\n1,KC,BAL\n'.repeat(20_000);
    const res = await gw.fetch('/api/unified-staging/venues/import', {
      method: 'POST',
      headers: { ...cookie('admin-session'), 'content-type': 'text/csv' },
      body: csv,
    });
    expect(res.status).toBe(200);
    const call = onlyCall();
    expect(call.headers['content-type']).toBe('text/csv');
    expect(call.body).toBe(csv);
  });

  it('should pass a JSON body through unchanged when it is malformed', async () => {
    const res = await gw.fetch('/api/pools', {
      method: 'POST',
      headers: { ...cookie('alice-session'), 'content-type': 'application/json' },
      body: '{"picks": [',
    });
    expect(res.status).toBe(200);
    expect(onlyCall().body).toBe('{"picks": [');
  });
});

describe('compression', () => {
  // The fake service echoes the call, body included: a 4 KB body makes a reply over COMPRESS_MIN_BYTES.
  const bigPost = (acceptEncoding?: string) =>
    gw.fetch('/api/pools', {
      method: 'POST',
      headers: { ...cookie('alice-session'), 'content-type': 'application/json', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      body: JSON.stringify({ name: 'x'.repeat(4096) }),
    });

  it('should compress a JSON reply of 1 KB or more with the encoding the browser prefers, and say so in Vary', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await bigPost(accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      // fetch decodes what it accepted: the body is the service's reply, whole.
      expect(JSON.parse(((await res.json()) as { body: string }).body)).toEqual({ name: 'x'.repeat(4096) });
    }
  });

  it('should send the reply as it is when the browser accepts no compression or the reply is small', async () => {
    const plain = await bigPost('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { body: string }).body).toHaveLength(4096 + '{"name":""}'.length);

    const small = await gw.fetch('/api/pools/p-1', { headers: { ...cookie('alice-session'), 'accept-encoding': 'gzip, br' } });
    expect(small.status).toBe(200);
    expect(Number(small.headers.get('content-length'))).toBeLessThan(1024);
    expect(small.headers.get('content-encoding')).toBeNull();
    // The opt-out that marks a small reply is the gateway's own: it never reaches the service.
    expect(upstreams.calls().at(-1)!.headers['x-no-compression']).toBeUndefined();
  });
});

describe('body size limit', () => {
  const MIB = 1024 * 1024;
  const TOO_LARGE_1_MIB = { error: 'payload_too_large', message: 'The request body is too large: the limit is 1 MiB.' };
  let small: TestGateway;

  beforeAll(async () => {
    small = await startGateway(upstreams, { env: { BODY_LIMIT_BYTES: '4000' } });
    small.identity.sessions.set('s', sessionUser('bob'));
  });
  afterAll(async () => small?.close());

  it('should answer 413 at once and close the connection without calling the service when Content-Length is over the default 1 MiB', async () => {
    // 32 MiB: far more than socket buffers hold, so a gateway that stopped reading without answering and closing would hang the upload.
    const res = await upload(`${gw.url}/api/pools`, { bytes: 32 * MIB, chunked: false, headers: cookie('alice-session') });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual(TOO_LARGE_1_MIB);
    expect(res.headers.connection).toBe('close');
    expect(res.closed).toBe(true);
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should answer 413 and close the connection when a chunked body grows over the limit while streaming', async () => {
    const res = await upload(`${small.url}/api/pools`, { bytes: 32 * MIB, chunked: true, headers: cookie('s') });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: 'payload_too_large', message: 'The request body is too large: the limit is 4000 bytes.' });
    expect(res.headers.connection).toBe('close');
    expect(res.closed).toBe(true);
    expect(res.sent).toBeLessThan(32 * MIB);
    // The service never got a whole body to act on.
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should deliver the 413 without resetting the connection when the client goes on sending after it', async () => {
    for (const [g, headers] of [
      [gw, cookie('alice-session')],
      [small, cookie('s')],
    ] as const) {
      for (const chunked of [false, true]) {
        const res = await upload(`${g.url}/api/picks/batch`, { bytes: 8 * MIB, chunked, keepSending: true, headers });
        expect(res.status, `chunked ${chunked}`).toBe(413);
        expect(JSON.parse(res.body).error, `chunked ${chunked}`).toBe('payload_too_large');
        expect(res.closed, `chunked ${chunked}`).toBe(true);
        // Closing with unread bytes makes the kernel reset the connection (EPIPE/ECONNRESET at the client).
        expect(res.errorsAfterAnswer, `chunked ${chunked}`).toEqual([]);
      }
    }
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should answer 413 when a signed-out caller sends a body over the limit to a public route', async () => {
    const res = await upload(`${small.url}/api/invitations/tok-1/use`, { bytes: 4001, chunked: false });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error).toBe('payload_too_large');
  });

  it('should forward a body of exactly the limit whole when it is sent with a length or chunked', async () => {
    for (const chunked of [false, true]) {
      upstreams.reset();
      const res = await upload(`${small.url}/api/pools`, { bytes: 4000, chunked, headers: cookie('s') });
      expect(res.status, `chunked ${chunked}`).toBe(200);
      expect(onlyCall().body).toHaveLength(4000);
    }
  });
});

describe('unreachable services', () => {
  it('should answer 503 JSON naming the service when it cannot be reached', async () => {
    const down = await startGateway(upstreams, { env: { POOLS_INVITATIONS_URL: await deadUrl() } });
    down.identity.sessions.set('s', sessionUser('bob'));
    try {
      const res = await down.fetch('/api/pools', { method: 'POST', headers: { ...cookie('s'), 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        error: 'service_unavailable',
        message: 'The pools-invitations service is unavailable. Please try again shortly.',
      });
      expect(res.headers.get(HEADERS.correlationId)).toMatch(UUID);
    } finally {
      await down.close();
    }
  });
});
