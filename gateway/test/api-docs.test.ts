import { get } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, openApiPath } from '@powerpool/contracts';
import { startGateway, startUpstreams, type TestGateway, type Upstreams } from './helpers.js';

let upstreams: Upstreams;
let gw: TestGateway;

beforeAll(async () => {
  upstreams = await startUpstreams();
  gw = await startGateway(upstreams);
});

afterAll(async () => {
  await gw?.close();
  await upstreams?.close();
});

interface OpenApiDoc {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { summary: string; parameters: Array<{ name: string; in: string }>; requestBody?: unknown; responses: Record<string, unknown>; security: unknown[] }
    >
  >;
}

describe('API reference', () => {
  it('should describe every declared endpoint with its parameters, body and replies when the OpenAPI document is fetched', async () => {
    const res = await gw.fetch('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as OpenApiDoc;
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    expect(operations).toBe(ENDPOINTS.length);
    for (const e of ENDPOINTS) {
      const op = doc.paths[openApiPath(e.path)]?.[e.method.toLowerCase()];
      expect(op, `${e.method} ${e.path}`).toBeDefined();
      expect(op!.summary).toBe(e.summary);
      const pathParams = op!.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      expect(pathParams).toEqual([...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]));
      expect(Boolean(op!.requestBody), `${e.method} ${e.path} body`).toBe(Boolean(e.body));
      if (e.access === 'session') expect(op!.responses['401']).toBeDefined();
      if (e.roles) expect(op!.responses['403']).toBeDefined();
    }
    // A body's JSON schema comes from the same zod schema the service validates with.
    const createPool = doc.paths['/api/pools']?.post as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown>; required: string[] } } } };
    };
    expect(createPool.requestBody.content['application/json'].schema.required).toContain('name');
    expect(upstreams.calls()).toHaveLength(0);
  });

  it('should serve a reference page without scripts listing every endpoint when /api/docs is opened', async () => {
    const res = await gw.fetch('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toContain('<script');
    for (const e of ENDPOINTS) expect(html).toContain(`<code>${openApiPath(e.path)}</code>`);
    expect(html).toContain('pool_not_found');
  });

  it('should put the reference in <main> with a meta description and scrollable tables when /api/docs is opened', async () => {
    const html = await (await gw.fetch('/api/docs')).text();
    expect(html).toMatch(/<body><main>[\s\S]*<\/main><\/body>/);
    expect(html.match(/<main>/g)).toHaveLength(1);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,160}">/);
    // Every table sits in its own horizontally scrolling box, so a phone's page never scrolls sideways.
    expect(html.match(/<table>/g)?.length).toBeGreaterThan(1);
    expect(html.match(/<div class="tw"><table>/g)).toHaveLength(html.match(/<table>/g)!.length);
  });

  it('should send the reference page brotli-compressed when the browser accepts it', async () => {
    // Raw bytes off the wire (fetch would decode them): the page is some 400 KB of HTML.
    const raw = await new Promise<{ encoding: string | undefined; vary: string | undefined; bytes: Buffer }>((resolve, reject) => {
      get(`${gw.url}/api/docs`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, bytes: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(raw.encoding).toBe('br');
    expect(raw.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(raw.bytes).toString('utf8');
    expect(html).toBe(await (await gw.fetch('/api/docs', { headers: { 'accept-encoding': 'identity' } })).text());
    expect(raw.bytes.length).toBeLessThan(html.length / 5);
  });

  it('should not serve the reference in production unless it is enabled', async () => {
    const prod = await startGateway(upstreams, { env: { POWERPOOL_ENV: 'production' } });
    const enabled = await startGateway(upstreams, { env: { POWERPOOL_ENV: 'production', API_DOCS: 'on' } });
    try {
      const off = await prod.fetch('/api/docs/openapi.json');
      expect(off.status).toBe(404);
      expect(await off.json()).toMatchObject({ error: 'not_found' });
      const page = await prod.fetch('/api/docs');
      expect(page.status).toBe(404);
      await page.body?.cancel();
      // Every body is read or cancelled, so no reply is left half-sent when the gateways close.
      const on = await enabled.fetch('/api/docs/openapi.json');
      expect(on.status).toBe(200);
      await on.body?.cancel();
    } finally {
      await prod.close();
      await enabled.close();
    }
  });
});
