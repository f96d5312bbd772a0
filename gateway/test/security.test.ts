import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '@powerpool/contracts';
import { cookie, FAKE_LOGO_SVG, PUBLIC_URL, sessionUser, startGateway, startUpstreams, type TestGateway, type Upstreams } from './helpers.js';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;connect-src 'self';font-src 'self' data:;object-src 'none';base-uri 'self';frame-ancestors 'none';form-action 'self'";
const CROSS_SITE = { error: 'cross_site_request', message: 'Cross-site requests are not allowed' };
const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), xr-spatial-tracking=()';
const RATE_LIMITED = { error: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' };

let upstreams: Upstreams;
let gw: TestGateway;
const extra: TestGateway[] = [];

beforeAll(async () => {
  upstreams = await startUpstreams();
  gw = await startGateway(upstreams);
  gw.identity.sessions.set('alice', sessionUser('alice'));
});

afterEach(async () => {
  await Promise.all(extra.splice(0).map((g) => g.close()));
  upstreams.reset();
});

afterAll(async () => {
  await gw?.close();
  await upstreams?.close();
});

async function gateway(env: Record<string, string>): Promise<TestGateway> {
  const g = await startGateway(upstreams, { env });
  extra.push(g);
  return g;
}

const post = (headers: Record<string, string>) => ({
  method: 'POST',
  headers: { ...cookie('alice'), 'content-type': 'application/json', ...headers },
  body: '{"picks":[]}',
});

describe('cross-site requests', () => {
  it('should refuse a POST without calling the service when Sec-Fetch-Site is cross-site', async () => {
    const res = await gw.fetch('/api/pools', post({ 'sec-fetch-site': 'cross-site' }));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(CROSS_SITE);
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should refuse a write when Sec-Fetch-Site is same-site', async () => {
    const res = await gw.fetch('/api/pools/p-1/activate', { ...post({ 'sec-fetch-site': 'same-site' }), method: 'PUT' });
    expect(res.status).toBe(403);
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should refuse a POST when Origin is another origin', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
      const res = await gw.fetch('/api/pools', post({ origin }));
      expect(res.status, origin).toBe(403);
      expect(await res.json()).toEqual(CROSS_SITE);
    }
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should refuse GET /api/logout when it comes from another site', async () => {
    const res = await gw.fetch('/api/logout', { headers: { ...cookie('alice'), 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should refuse a HEAD of a state-changing GET when it comes from another site', async () => {
    for (const path of ['/api/logout', '/api/admin/unified-staging/migrate-games/1/stream']) {
      const res = await gw.fetch(path, { method: 'HEAD', headers: { ...cookie('alice'), 'sec-fetch-site': 'cross-site' } });
      expect(res.status, path).toBe(403);
    }
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should refuse the GET that pushes staged games to production when it comes from another site', async () => {
    const res = await gw.fetch('/api/admin/unified-staging/migrate-games/1/stream', { headers: { ...cookie('alice'), 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(CROSS_SITE);
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should forward a POST when it comes from the same origin', async () => {
    const res = await gw.fetch('/api/pools', post({ 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL }));
    expect(res.status).toBe(200);
    expect(upstreams.calls()).toHaveLength(1);
  });

  it('should forward a POST when it carries neither Origin nor Sec-Fetch-Site', async () => {
    const res = await gw.fetch('/api/pools', post({}));
    expect(res.status).toBe(200);
  });

  it('should refuse a write without Origin when the Referer is another site', async () => {
    for (const referer of ['https://evil.example/picks', 'http://localhost:3001/picks', 'https://localhost:3000/picks', 'http://localhost.evil.example/']) {
      const res = await gw.fetch('/api/pools', post({ referer }));
      expect(res.status, referer).toBe(403);
      expect(await res.json()).toEqual(CROSS_SITE);
    }
    const put = await gw.fetch('/api/pools/p-1/activate', { ...post({ referer: 'https://evil.example/' }), method: 'PUT' });
    expect(put.status).toBe(403);
    const logout = await gw.fetch('/api/logout', { headers: { ...cookie('alice'), referer: 'https://evil.example/' } });
    expect(logout.status).toBe(403);
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should refuse a write without Origin when the Referer is not a URL', async () => {
    for (const referer of ['not a url', '/picks', 'localhost:3000', 'about:client', 'null']) {
      const res = await gw.fetch('/api/pools', post({ referer }));
      expect(res.status, referer).toBe(403);
      expect(await res.json()).toEqual(CROSS_SITE);
    }
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should forward a write without Origin when the Referer is a page of the app', async () => {
    for (const referer of [`${PUBLIC_URL}/picks`, `${PUBLIC_URL}/`, `${PUBLIC_URL}/weeks/3?tab=testing#top`]) {
      const res = await gw.fetch('/api/pools', post({ referer }));
      expect(res.status, referer).toBe(200);
    }
    expect(upstreams.calls()).toHaveLength(3);
  });

  it('should judge by Origin when both Origin and Referer are sent', async () => {
    const foreign = await gw.fetch('/api/pools', post({ origin: 'https://evil.example', referer: `${PUBLIC_URL}/picks` }));
    expect(foreign.status).toBe(403);
    const own = await gw.fetch('/api/pools', post({ origin: PUBLIC_URL, referer: `${PUBLIC_URL}/picks` }));
    expect(own.status).toBe(200);
    expect(upstreams.calls()).toHaveLength(1);
  });

  it('should let Sec-Fetch-Site decide when there is neither Origin nor Referer', async () => {
    for (const site of ['same-origin', 'none']) {
      const res = await gw.fetch('/api/pools', post({ 'sec-fetch-site': site }));
      expect(res.status, site).toBe(200);
    }
    for (const site of ['same-site', 'cross-site']) {
      const res = await gw.fetch('/api/pools', post({ 'sec-fetch-site': site }));
      expect(res.status, site).toBe(403);
      expect(await res.json()).toEqual(CROSS_SITE);
    }
    expect(upstreams.calls()).toHaveLength(2);
  });

  it('should refuse a foreign Referer even when Sec-Fetch-Site says same-origin', async () => {
    const res = await gw.fetch('/api/pools', post({ 'sec-fetch-site': 'same-origin', referer: 'https://evil.example/' }));
    expect(res.status).toBe(403);
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should forward a cross-site GET when the route changes nothing', async () => {
    const res = await gw.fetch('/api/invitations/tok-1', { headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

describe('security headers', () => {
  it('should send the CSP and the other security headers when proxying an API reply', async () => {
    const res = await gw.fetch('/api/invitations/tok-2');
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('should allow images from our own origin and data: only: no provider image host (team logos are served by us)', async () => {
    const res = await gw.fetch('/some/page');
    const imgSrc = (res.headers.get('content-security-policy') ?? '').split(';').find((d) => d.startsWith('img-src'));
    expect(imgSrc).toBe("img-src 'self' data:");
    expect(res.headers.get('content-security-policy')).not.toMatch(/espn|https:/);
  });

  it('should route a team logo to sports-data-staging for a signed-out browser, keeping its image type, year-long cache and sandboxing CSP', async () => {
    const res = await gw.fetch('/api/teams/12/logo?v=0123456789abcdef0123');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe('"0123456789abcdef0123"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(await res.text()).toBe(FAKE_LOGO_SVG);
    const [call] = upstreams.calls();
    expect(call).toMatchObject({ service: 'sports-data-staging', method: 'GET', url: '/api/teams/12/logo?v=0123456789abcdef0123' });
    expect(call!.identity).toMatchObject({ user: null });
  });

  it('should send the security headers when the gateway answers itself', async () => {
    for (const path of ['/api/auth/user', '/api/unknown', '/healthz', '/some/page']) {
      const res = await gw.fetch(path);
      expect(res.headers.get('content-security-policy'), path).toBe(CSP);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('should send a Permissions-Policy turning off device and payment features on everything the gateway serves', async () => {
    for (const path of ['/api/invitations/tok-2', '/api/auth/user', '/api/unknown', '/healthz', '/metrics', '/some/page']) {
      const res = await gw.fetch(path);
      expect(res.headers.get('permissions-policy'), path).toBe(PERMISSIONS_POLICY);
    }
  });

  it('should mark a proxied API reply no-store when the service set no cache policy', async () => {
    for (const path of ['/api/user/pools', '/api/invitations/tok-2']) {
      const res = await gw.fetch(path, { headers: cookie('alice') });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    // The gateway's own API answers too.
    for (const path of ['/api/unknown', '/api/health']) expect((await gw.fetch(path)).headers.get('cache-control'), path).toBe('no-store');
    expect((await gw.fetch('/api/auth/user')).headers.get('cache-control')).toBe('no-store');
  });

  it("should keep the service's own cache policy when it sets one", async () => {
    upstreams.byService['sports-data-staging'].releaseStream();
    const res = await gw.fetch('/api/admin/unified-staging/migrate-games/1/stream', { headers: cookie('alice') });
    expect(res.headers.get('cache-control')).toBe('no-cache');
    await res.arrayBuffer();
  });

  it('should send HSTS when the public URL is https', async () => {
    const secure = await gateway({ PUBLIC_URL: 'https://pool.example.com' });
    const res = await secure.fetch('/healthz');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('rate limits', () => {
  it('should answer a page with a way back, 429 and Retry-After when one IP starts more sign-ins than the limit', async () => {
    const limited = await gateway({ RATE_LIMIT_SIGNIN_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) expect((await limited.fetch('/api/login')).status).not.toBe(429);
    const res = await limited.fetch('/api/login?returnTo=/picks', { headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    const html = await res.text();
    expect(html).toContain('Too many requests. Please wait a moment and try again.');
    expect(html).toContain('<a href="/api/login">Sign in again</a>');
    expect(html).toContain('<a class="secondary" href="/">Go to Home</a>');
    expect(upstreams.calls()).toHaveLength(3);
  });

  it('should not count callbacks when the sign-in starts of an IP are used up', async () => {
    const limited = await gateway({ RATE_LIMIT_SIGNIN_PER_MINUTE: '2' });
    expect((await limited.fetch('/api/login')).status).not.toBe(429);
    for (let i = 0; i < 5; i++) expect((await limited.fetch(`/api/callback?code=c${i}&state=s${i}`)).status).not.toBe(429);
    expect((await limited.fetch('/api/login')).status).not.toBe(429);
    expect((await limited.fetch('/api/login')).status).toBe(429);
    // Signing out is not limited either.
    expect((await limited.fetch('/api/logout')).status).not.toBe(429);
  });

  it('should limit writes per session when one session exceeds the write limit', async () => {
    const limited = await gateway({ RATE_LIMIT_WRITES_PER_MINUTE: '2' });
    limited.identity.sessions.set('s-a', sessionUser('a'));
    limited.identity.sessions.set('s-b', sessionUser('b'));
    const write = (s: string) => limited.fetch('/api/pools', { method: 'POST', headers: { ...cookie(s), 'content-type': 'application/json' }, body: '{}' });
    expect((await write('s-a')).status).toBe(200);
    expect((await write('s-a')).status).toBe(200);
    const third = await write('s-a');
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual(RATE_LIMITED);
    expect(third.headers.get('retry-after')).not.toBeNull();
    // Another session from the same IP has its own budget; reads are not counted.
    expect((await write('s-b')).status).toBe(200);
    expect((await limited.fetch('/api/user/pools', { headers: cookie('s-a') })).status).toBe(200);
  });
});

describe('metrics', () => {
  const TOKEN = 'metrics-token-0123456789abcdef';

  it('should not serve metrics on the public port when no metrics token is configured', async () => {
    const res = await gw.fetch('/metrics');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Not found: GET /metrics' });
  });

  it('should answer 401 without metrics when the caller has no bearer token or a wrong one', async () => {
    const g = await gateway({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await g.fetch('/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate'), authorization).toBe('Bearer realm="metrics"');
      const text = await res.text();
      expect(JSON.parse(text), authorization).toEqual({ error: 'unauthorized', message: 'Unauthorized: metrics need a valid bearer token' });
      expect(text).not.toContain('http_requests_total');
    }
  });

  it('should serve metrics when the caller sends the configured bearer token', async () => {
    const g = await gateway({ METRICS_TOKEN: TOKEN });
    const res = await g.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('http_request_duration_seconds');
  });
});

describe('development IdP', () => {
  let idp: FastifyInstance;
  let idpUrl: string;
  const seen: Array<{ method: string; url: string; headers: Record<string, unknown> }> = [];

  beforeAll(async () => {
    idp = Fastify();
    idp.removeAllContentTypeParsers();
    idp.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    idp.all('/dev-idp/*', async (request, reply) => {
      seen.push({ method: request.method, url: request.url, headers: { ...request.headers } });
      return reply
        .header('content-security-policy', "default-src 'none'")
        .header('set-cookie', '_interaction=x; Path=/dev-idp')
        .type('text/html')
        .send('<form>login</form>');
    });
    await idp.listen({ host: '127.0.0.1', port: 0 });
    idpUrl = `http://127.0.0.1:${(idp.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await idp?.close();
  });

  it('should proxy /dev-idp with the path kept and the public URL forwarded', async () => {
    const g = await gateway({ DEV_IDP_URL: idpUrl });
    seen.length = 0;
    const res = await g.fetch('/dev-idp/auth?client_id=powerpool', { headers: { 'x-forwarded-host': 'evil.example' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<form>login</form>');
    expect(res.headers.getSetCookie()).toEqual(['_interaction=x; Path=/dev-idp']);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('/dev-idp/auth?client_id=powerpool');
    expect(seen[0]!.headers).toMatchObject({ 'x-forwarded-proto': 'http', 'x-forwarded-host': 'localhost:3000', 'x-forwarded-for': '127.0.0.1' });
    expect(res.headers.get(HEADERS.correlationId)).toBe(seen[0]!.headers[HEADERS.correlationId]);
  });

  it("should leave the IdP's own headers when proxying /dev-idp", async () => {
    const g = await gateway({ DEV_IDP_URL: idpUrl });
    const res = await g.fetch('/dev-idp/interaction/abc');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it('should forward a cross-site form post when it goes to /dev-idp', async () => {
    const g = await gateway({ DEV_IDP_URL: idpUrl });
    seen.length = 0;
    const res = await g.fetch('/dev-idp/interaction/abc/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'cross-site' },
      body: 'login=alice&password=x',
    });
    expect(res.status).toBe(200);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/dev-idp/interaction/abc/login' });
  });

  it('should count sign-in form posts to /dev-idp apart from sign-in starts and answer a page when they exceed the limit', async () => {
    const g = await gateway({ DEV_IDP_URL: idpUrl, RATE_LIMIT_SIGNIN_PER_MINUTE: '2' });
    const login = () =>
      g.fetch('/dev-idp/interaction/abc/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' });
    expect((await g.fetch('/api/login')).status).not.toBe(429);
    expect((await g.fetch('/api/login')).status).not.toBe(429);
    expect((await login()).status).toBe(200);
    expect((await login()).status).toBe(200);
    const res = await login();
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(await res.text()).toContain('<a href="/api/login">Sign in again</a>');
    // Page loads, protocol endpoints and the logout confirmation are not counted.
    expect((await g.fetch('/dev-idp/interaction/abc')).status).toBe(200);
    expect((await g.fetch('/dev-idp/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' })).status).toBe(
      200,
    );
    expect(
      (await g.fetch('/dev-idp/session/end/confirm', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' })).status,
    ).toBe(200);
  });

  it('should answer 404 when /dev-idp is requested and no IdP is configured', async () => {
    const res = await gw.fetch('/dev-idp/auth');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Not found: GET /dev-idp/auth' });
  });
});
