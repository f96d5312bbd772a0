import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpointLabel, ENDPOINTS, errorBodySchema, poolsEndpoints } from '@powerpool/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiKey, apiPrefix, apiRequest, callApi, isErrorBody, fetchQueryKey, getQueryFn, queryKeyPath } from './api-client';
import * as routes from './api-routes.gen';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];

const user = {
  id: 'u1',
  email: 'pat@example.com',
  displayName: null,
  firstName: 'Pat',
  lastName: null,
  role: 'user',
  hasPaid: false,
  paymentNotes: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  name: 'Pat',
};

const pool = {
  id: 'p1',
  name: 'Pool',
  description: null,
  year: 2025,
  allowsPreseason: false,
  allowsRegularSeason: true,
  allowsPostseason: false,
  maxMembers: 100,
  isPublic: false,
  slug: 'pool',
  isActive: true,
  poolType: 'standard',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  poolCommissionerId: 'u1',
  weeklyTiebreaker: 'none',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url?.startsWith('/api/admin/users/') && req.url.endsWith('/role')) return json(200, user);
      switch (req.url) {
        case '/api/admin/users/global':
          return json(200, user);
        case '/api/auth/user':
          return json(200, user);
        case '/api/weeks/2025%3A3/picks?poolId=p1':
          return json(200, [{ gameId: 'g1', unexpected: true }]);
        case '/api/weeks/3/games':
          return json(200, { games: [] });
        case '/api/echo':
          return json(200, { ok: true });
        case '/api/validation':
          return json(400, {
            error: 'validation_failed',
            message: 'The request is invalid',
            details: [{ field: 'displayName', problem: 'is required' }],
          });
        case '/api/signed-out':
          return json(401, { error: 'unauthorized', message: 'Unauthorized' });
        case '/api/plain-text':
          res.writeHead(500, { 'content-type': 'text/plain' });
          return res.end('boom');
        case '/api/empty':
          res.writeHead(503);
          return res.end();
        default:
          return json(404, { error: 'not_found', message: 'Not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
});

afterEach(() => {
  seen.length = 0;
  vi.restoreAllMocks();
});

const lastSeen = (): Seen => {
  const last = seen.at(-1);
  if (!last) throw new Error('the server saw no request');
  return last;
};

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('isErrorBody', () => {
  it("should accept exactly what the contract's errorBodySchema accepts when given error-like values", () => {
    const samples: unknown[] = [
      { error: 'forbidden', message: 'No' },
      { error: 'validation_failed', message: 'Bad', details: [{ field: 'x', problem: 'y' }] },
      { error: 'x', message: 'y', details: null, extra: 1 },
      { error: 'x' },
      { message: 'y' },
      { error: 1, message: 'y' },
      { error: 'x', message: null },
      ['x', 'y'],
      'x',
      null,
      42,
    ];
    for (const sample of samples) expect([sample, isErrorBody(sample)]).toEqual([sample, errorBodySchema.safeParse(sample).success]);
  });
});

describe('apiRequest', () => {
  it('should return the response when the reply is OK', async () => {
    const res = await apiRequest('GET', `${base}/api/auth/user`);
    expect(await res.json()).toEqual(user);
  });

  it('should throw "status: body text" with code and server message when the reply is our error JSON', async () => {
    const error = await caught(apiRequest('PUT', `${base}/api/validation`, { displayName: '' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      '400: {"error":"validation_failed","message":"The request is invalid","details":[{"field":"displayName","problem":"is required"}]}',
    );
    expect(error.code).toBe('validation_failed');
    expect(error.serverMessage).toBe('The request is invalid');
    expect(error.details).toEqual([{ field: 'displayName', problem: 'is required' }]);
  });

  it('should throw "status: body text" without a server message when the body is plain text', async () => {
    const error = await caught(apiRequest('GET', `${base}/api/plain-text`));
    expect(error.message).toBe('500: boom');
    expect(error.code).toBeUndefined();
    expect(error.serverMessage).toBeUndefined();
  });

  it('should throw "status: status text" when the body is empty', async () => {
    const error = await caught(apiRequest('GET', `${base}/api/empty`));
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.bodyText).toBe('');
  });

  it('should send a JSON content-type and the JSON body when a body is present', async () => {
    await apiRequest('PUT', `${base}/api/echo`, { displayName: 'Pat' });
    expect(lastSeen().headers['content-type']).toBe('application/json');
    expect(JSON.parse(lastSeen().body)).toEqual({ displayName: 'Pat' });
  });

  it('should send no content-type when there is no body', async () => {
    await apiRequest('POST', `${base}/api/echo`);
    expect(lastSeen().method).toBe('POST');
    expect(lastSeen().headers['content-type']).toBeUndefined();
    expect(lastSeen().body).toBe('');

    await apiRequest('GET', `${base}/api/echo`);
    expect(lastSeen().headers['content-type']).toBeUndefined();
  });

  it('should include credentials when it calls fetch', async () => {
    // A pass-through spy on the platform fetch: the request still reaches the real server.
    const spy = vi.spyOn(globalThis, 'fetch');
    await apiRequest('PUT', `${base}/api/echo`, { a: 1 });
    await fetchQueryKey([`${base}/api/echo`], { on401: 'throw' });
    expect(seen).toHaveLength(2);
    expect(spy.mock.calls.map(([, init]) => init?.credentials)).toEqual(['include', 'include']);
  });
});

describe('default query function', () => {
  it('should join the query key segments with slashes when it builds the GET path', () => {
    expect(queryKeyPath(['/api/weeks', 3, 'games'])).toBe('/api/weeks/3/games');
  });

  it('should GET the joined path when a query uses the default query function', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw', baseUrl: base }) } },
    });
    const data = await client.fetchQuery({ queryKey: ['/api/weeks', 3, 'games'] });
    expect(data).toEqual({ games: [] });
    expect(lastSeen()).toMatchObject({ method: 'GET', url: '/api/weeks/3/games' });
  });

  it('should return null when the reply is 401 and on401 is returnNull', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'returnNull', baseUrl: base }) } },
    });
    await expect(client.fetchQuery({ queryKey: ['/api/signed-out'] })).resolves.toBeNull();
  });

  it('should throw a 401 ApiError when the reply is 401 and on401 is throw', async () => {
    const error = await caught(fetchQueryKey(['/api/signed-out'], { on401: 'throw', baseUrl: base }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('401: {"error":"unauthorized","message":"Unauthorized"}');
    expect(error.serverMessage).toBe('Unauthorized');
  });

  it('should still throw other errors when on401 is returnNull', async () => {
    const error = await caught(fetchQueryKey(['/api/plain-text'], { on401: 'returnNull', baseUrl: base }));
    expect(error.status).toBe(500);
  });
});

describe('callApi', () => {
  it('should fill and encode the path, send the body as JSON with the route method and return the JSON reply', async () => {
    const reply = await callApi(routes.changeRole, { params: { userId: 'a/b c' }, body: { role: 'user' } }, { baseUrl: base });
    expect(reply).toEqual(user);
    expect(lastSeen()).toMatchObject({ method: 'PUT', url: '/api/admin/users/a%2Fb%20c/role' });
    expect(lastSeen().headers['content-type']).toBe('application/json');
    expect(JSON.parse(lastSeen().body)).toEqual({ role: 'user' });
  });

  it('should send the query and return the JSON reply unparsed', async () => {
    // The reply is not what the contract declares: callApi leaves checking to the service.
    const reply = await callApi(routes.myPicks, { params: { weekId: '2025:3' }, query: { poolId: 'p1' } }, { baseUrl: base });
    expect(reply).toEqual([{ gameId: 'g1', unexpected: true }]);
    expect(lastSeen()).toMatchObject({ method: 'GET', url: '/api/weeks/2025%3A3/picks?poolId=p1' });
  });

  it('should throw an ApiError with the server message when the reply is not OK', async () => {
    const error = await caught(callApi(routes.getPool, { params: { poolId: 'p1' } }, { baseUrl: base }));
    expect(error.status).toBe(404);
    expect(error.code).toBe('not_found');
  });

  it('should read replies as sent, since no reply schema transforms what the service sends', () => {
    // callApi does not parse: a reply schema that changed the data it reads (a transform, a pipe,
    // a coercion) would need its caller to do the same. Defaults are the only such parts, and they
    // never apply to a reply: the service encodes it with the schema, which refuses a missing field.
    const changing: string[] = [];
    const walk = (schema: unknown, where: string, seenSchemas: Set<unknown>) => {
      const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
      if (!def || seenSchemas.has(schema)) return;
      seenSchemas.add(schema);
      if (['pipe', 'transform', 'prefault', 'catch'].includes(def.type as string) || def.coerce) changing.push(`${where}: ${String(def.type)}`);
      for (const [key, value] of Object.entries(def)) {
        if (key === 'shape') for (const [field, fieldSchema] of Object.entries(value as object)) walk(fieldSchema, `${where}.${field}`, seenSchemas);
        else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${where}[${i}]`, seenSchemas));
        else walk(value, where, seenSchemas);
      }
    };
    for (const endpoint of ENDPOINTS) if (endpoint.reply) walk(endpoint.reply, endpointLabel(endpoint), new Set());
    expect(changing).toEqual([]);
    const { weeklyTiebreaker: _dropped, ...withoutDefaulted } = pool;
    expect(poolsEndpoints.getPool.reply.safeEncode(withoutDefaulted as never).success).toBe(false);
    expect(poolsEndpoints.getPool.reply.safeEncode(pool as never).success).toBe(true);
  });
});

describe('apiKey', () => {
  it('should give the GET path when its segments are joined with slashes', () => {
    const key = apiKey(routes.memberDetails, { params: { poolId: 'p1' } });
    expect(key).toEqual(['/api', 'pools', 'p1', 'members', 'details']);
    expect(queryKeyPath(key)).toBe('/api/pools/p1/members/details');
  });

  it('should carry the query string on the last segment so the joined key is the GET URL', () => {
    const key = apiKey(routes.weeks, { query: { poolId: 'p 1' } });
    expect(queryKeyPath(key)).toBe('/api/weeks?poolId=p+1');
    expect(queryKeyPath(apiKey(routes.weeks, { query: {} }))).toBe('/api/weeks');
  });
});

describe('apiPrefix', () => {
  it('should share its prefix with the keys of paths below it, so one invalidation covers them', () => {
    const prefix = apiPrefix(routes.members, 'members', { poolId: 'p1' });
    expect(prefix).toEqual(['/api', 'pools', 'p1', 'members']);
    for (const route of [routes.memberDetails, routes.memberStats, routes.members]) {
      expect(apiKey(route, { params: { poolId: 'p1' } }).slice(0, prefix.length)).toEqual(prefix);
    }
  });

  it('should cut the path at the named segment and fill only the params before it', () => {
    expect(apiPrefix(routes.adminPoolDetails, 'pools')).toEqual(['/api', 'admin', 'pools']);
    expect(apiPrefix(routes.ownedPools, 'pools')).toEqual(['/api', 'pools']);
    expect(apiPrefix(routes.weekState, ':weekNumber', { poolId: 'p1', weekNumber: 3 })).toEqual(['/api', 'pools', 'p1', 'weeks', '3']);
  });
});
