import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointLabel, endpointsOf, HEADERS, SERVICE_NAMES, type ServiceName } from '@powerpool/contracts';
import { createAssertionSigner, createMemoryBus, generateAssertionKeys, servedEndpoints, type ServiceApp } from '@powerpool/service-kit';
import { createTestRuntime, integrationSkipReason, type TestRuntime } from './runtime.js';

/**
 * What every service must do from the first day, checked the same way for all five: health,
 * readiness on its real database and bus, its own schema migrated (also by two replicas starting
 * at once), metrics, and refusing any call that does not carry the gateway's assertion.
 */
export async function describeServiceBasics(name: string, schema: string, build: (runtime: TestRuntime) => Promise<ServiceApp>): Promise<void> {
  const skip = await integrationSkipReason();
  describe.skipIf(skip)(`${name} service basics`, () => {
    let runtime: TestRuntime;
    let app: ServiceApp;

    beforeAll(async () => {
      runtime = await createTestRuntime();
      app = await build(runtime);
    });
    afterAll(async () => {
      await app?.close();
      await runtime?.close();
    });

    it('should answer /healthz when asked without an assertion', async () => {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', service: name });
    });

    it('should report ready when its database and bus are up', async () => {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.json()).toEqual({ status: 'ready', service: name, checks: { database: true, bus: true } });
      expect(res.statusCode).toBe(200);
    });

    it('should report not ready when its bus is closed', async () => {
      const bus = createMemoryBus();
      const second = await build({ ...runtime, bus });
      try {
        await bus.close();
        const res = await second.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json().checks.bus).toBe(false);
      } finally {
        await second.close();
      }
    });

    it('should own its schema with the kit tables when started', async () => {
      const rows = await runtime.database.sql.query<{ name: string }>(`SELECT name FROM ${schema}.schema_migrations ORDER BY name`);
      expect(rows.map((r) => r.name)).toContain('0000_kit_outbox');
    });

    it('should apply migrations exactly once when two replicas start at once', async () => {
      const [a, b] = await Promise.all([build(runtime), build(runtime)]);
      await Promise.all([a.close(), b.close()]);
      const rows = await runtime.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.schema_migrations WHERE name = '0000_kit_outbox'`);
      expect(rows[0]?.n).toBe(1);
    });

    it('should refuse a call when it carries no gateway assertion', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/anything' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'missing_identity_assertion', message: 'Calls must come through the gateway' });
    });

    it('should refuse a call when its assertion is signed by another key', async () => {
      const forger = await createAssertionSigner((await generateAssertionKeys()).privateKeyPem);
      const token = await forger.sign({ user: { id: '00000000-0000-4000-8000-000000000000', email: 'x@powerpool.test', role: 'super_admin' } });
      const res = await app.inject({ method: 'GET', url: '/api/anything', headers: { [HEADERS.identity]: token } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('invalid_identity_assertion');
    });

    it('should answer a JSON 404 when a valid call names no route', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/anything', headers: await runtime.headersFor(null) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'No route GET /api/anything' });
    });

    it('should serve every endpoint declared for it in the contracts, and no other API route', async () => {
      await app.ready();
      expect(SERVICE_NAMES).toContain(name);
      const declared = endpointsOf(name as ServiceName)
        .map(endpointLabel)
        .sort();
      expect([...servedEndpoints(app)].sort()).toEqual(declared);
    });

    it('should refuse to start when an API route is added without a declaration', async () => {
      const second = await build(runtime);
      try {
        expect(() => second.get('/api/not-declared', async () => ({}))).toThrow(/is not a declared endpoint/);
      } finally {
        await second.close();
      }
    });

    it('should expose Prometheus metrics when scraped and no metrics token is configured', async () => {
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('http_request_duration_seconds');
    });

    it('should serve metrics only with the bearer token when METRICS_TOKEN is configured', async () => {
      const token = 'service-metrics-token-0123456789';
      const guarded = await build({ ...runtime, metricsToken: token });
      try {
        for (const authorization of [undefined, 'Bearer not-the-token-0123456789', token]) {
          const res = await guarded.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
          expect(res.statusCode, authorization).toBe(401);
          expect(res.json(), authorization).toEqual({ error: 'unauthorized', message: 'Unauthorized: metrics need a valid bearer token' });
        }
        const ok = await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
        expect(ok.statusCode).toBe(200);
        expect(ok.body).toContain('http_request_duration_seconds');
      } finally {
        await guarded.close();
      }
    });
  });
}
