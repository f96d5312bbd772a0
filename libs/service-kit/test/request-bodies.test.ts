import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, text } from '@powerpool/contracts';
import { createAssertionSigner, createAssertionVerifier, generateAssertionKeys } from '../src/assertion.js';
import { route } from '../src/endpoint-route.js';
import { createLogger } from '../src/logger.js';
import { createService, type ServiceApp } from '../src/service.js';

/**
 * Request bodies as every service parses and refuses them (createService, errorReply). Both
 * found by the contract fuzz (deploy/cluster/test/fuzz.ts): a JSON body whose bytes are not UTF-8
 * was decoded with U+FFFD in their place, passed validation and was stored; a body of 50,000
 * unknown keys came back as a 600 KB validation message quoting every key.
 */
const save = endpoint({
  method: 'PUT',
  path: '/api/things/:id',
  service: 'identity',
  access: 'public',
  summary: 'test',
  params: z.object({ id: text() }),
  body: z.object({ name: text().max(20) }).strict(),
  reply: z.object({ name: z.string() }),
});

let app: ServiceApp;
let assertion: string;
const saved: string[] = [];

beforeAll(async () => {
  const keys = await generateAssertionKeys();
  const signer = await createAssertionSigner(keys.privateKeyPem);
  app = await createService({
    name: 'identity',
    logger: createLogger({ level: 'silent', name: 'test' }),
    verifier: await createAssertionVerifier(keys.publicKeyPem),
  });
  route(app, save, async (request) => {
    saved.push(request.body.name);
    return { name: request.body.name };
  });
  await app.ready();
  assertion = await signer.sign({ user: null, correlationId: 'c-1' });
});

afterAll(async () => {
  await app?.close();
});

const put = (payload: string | Buffer, contentType = 'application/json') =>
  app.inject({ method: 'PUT', url: '/api/things/1', headers: { 'x-powerpool-identity': assertion, 'content-type': contentType }, payload });

describe('JSON request bodies', () => {
  beforeEach(() => {
    saved.length = 0;
  });

  it('should refuse a body that is not valid UTF-8 with a 400 and the error reply, before the handler runs', async () => {
    for (const bytes of [Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]), Buffer.from([0x7b, 0xc0, 0x80, 0x7d])]) {
      const res = await put(bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message: 'The request body is not valid UTF-8.' });
    }
    expect(saved).toEqual([]);
  });

  it('should still parse valid UTF-8 JSON (multi-byte characters too) and refuse prototype keys and empty bodies as before', async () => {
    const ok = await put(Buffer.from('{"name":"Zoë 😀"}', 'utf8'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ name: 'Zoë 😀' });
    const poisoned = await put('{"__proto__":{"x":1},"name":"a"}');
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().error).toBe('bad_request');
    const empty = await put('');
    expect(empty.statusCode).toBe(400);
    expect(saved).toEqual(['Zoë 😀']);
  });

  it('should refuse a body of 50,000 unknown keys with a bounded validation reply (not one quoting every key)', async () => {
    const body = `{${Array.from({ length: 50_000 }, (_, i) => `"key${i}":${i}`).join(',')}}`;
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    const reply = res.json<{ error: string; message: string; details: Array<{ field: string; problem: string }> }>();
    expect(reply.error).toBe('validation_failed');
    expect(reply.message).toMatch(/^Invalid body: name .*; \(body\) Unrecognized keys: "key0", "key1", /);
    expect(res.body.length).toBeLessThan(2_000);
    expect(reply.details.every((d) => d.problem.length <= 200)).toBe(true);
    expect(saved).toEqual([]);
  });
});
