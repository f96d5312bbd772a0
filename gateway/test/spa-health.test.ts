import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '@powerpool/contracts';
import { deadUrl } from '@powerpool/testing';
import { BIG_SCRIPT, makeWebDist, startGateway, startUpstreams, type TestGateway, type Upstreams } from './helpers.js';

const METRICS_TOKEN = 'spa-health-metrics-token-0123';

let upstreams: Upstreams;
let dist: Awaited<ReturnType<typeof makeWebDist>>;
let gw: TestGateway;
const extra: TestGateway[] = [];

beforeAll(async () => {
  upstreams = await startUpstreams();
  dist = await makeWebDist();
  gw = await startGateway(upstreams, { webDistDir: dist.dir, env: { METRICS_TOKEN } });
});

afterEach(async () => {
  await Promise.all(extra.splice(0).map((g) => g.close()));
  upstreams.reset();
});

afterAll(async () => {
  await gw?.close();
  await upstreams?.close();
  await dist?.remove();
});

describe('SPA', () => {
  it('should serve index.html uncached when the path is a client-side route', async () => {
    for (const path of ['/', '/pools/p-1/picks?week=3', '/admin/users']) {
      const res = await gw.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toContain('<div id="root"></div>');
    }
  });

  it('should cache hashed assets for a year when they are under /assets', async () => {
    const res = await gw.fetch('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("powerpool");');
  });

  it("should send the build's brotli or gzip copy when the browser accepts it, and the plain file otherwise", async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: 'identity', encoding: null },
    ];
    for (const { accept, encoding } of cases) {
      const res = await gw.fetch('/assets/app-def456.js', { headers: { 'accept-encoding': accept } });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('content-type'), accept).toMatch(/javascript/);
      expect(res.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      expect(res.headers.get('cache-control'), accept).toBe('public, max-age=31536000, immutable');
      // fetch decodes the body: the same script whichever copy was sent.
      expect(await res.text(), accept).toBe(BIG_SCRIPT);
    }
    // The page itself too (sent for every client-side route).
    const page = await gw.fetch('/pools/p-1/picks', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root"></div>');
    // A file with no compressed copy (too small to be worth one) is sent as it is.
    const small = await gw.fetch('/assets/index-abc123.js', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('console.log("powerpool");');
  });

  it('should revalidate other files when they are outside /assets', async () => {
    const res = await gw.fetch('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('should answer 404 instead of the page when a hashed asset is missing', async () => {
    const res = await gw.fetch('/assets/index-old999.js');
    expect(res.status).toBe(404);
  });

  it('should answer a JSON 404 when a non-GET request matches no route', async () => {
    const res = await gw.fetch('/pools', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'Not found: POST /pools' });
  });

  it('should answer 503 with a hint when the web app is not built', async () => {
    const empty = await makeWebDist({ withIndex: false });
    try {
      const g = await startGateway(upstreams, { webDistDir: empty.dir });
      extra.push(g);
      const res = await g.fetch('/pools');
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('npm run build:web');
      // Built assets are still served.
      expect((await g.fetch('/assets/index-abc123.js')).status).toBe(200);
    } finally {
      await empty.remove();
    }
  });
});

describe('health', () => {
  it('should answer 200 listing every service when all are ready', async () => {
    const res = await gw.fetch('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', services: SERVICE_NAMES.map((name) => ({ name, ready: true })) });
  });

  it('should answer 503 naming the failing services when one is not ready and one is down', async () => {
    const g = await startGateway(upstreams, { env: { WEEKS_WORKFLOW_URL: await deadUrl() } });
    extra.push(g);
    upstreams.byService['picks-scoring'].ready = false;
    const res = await g.fetch('/api/health');
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; services: Array<{ name: string; ready: boolean; reason?: string }> };
    expect(body.status).toBe('unavailable');
    expect(body.services.map((s) => [s.name, s.ready])).toEqual(SERVICE_NAMES.map((name) => [name, name !== 'picks-scoring' && name !== 'weeks-workflow']));
    expect(body.services.find((s) => s.name === 'picks-scoring')?.reason).toBe('readyz answered 503');
    expect(body.services.find((s) => s.name === 'weeks-workflow')?.reason).toMatch(/^unreachable/);
  });

  it('should answer the liveness and readiness probes of the gateway itself', async () => {
    const live = await gw.fetch('/healthz');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok', service: 'gateway' });
    const ready = await gw.fetch('/readyz');
    expect(ready.status).toBe(200);
  });

  it('should count requests by route and status when /metrics is scraped with the metrics token', async () => {
    await (await gw.fetch('/api/invitations/tok-1')).arrayBuffer();
    await (await gw.fetch('/api/auth/user')).arrayBuffer();
    const res = await gw.fetch('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/invitations\/:token",status="200",service="gateway"\} [1-9]/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/auth\/user",status="401",service="gateway"\} [1-9]/);
    expect(text).toContain('http_request_duration_seconds_bucket');
  });
});
