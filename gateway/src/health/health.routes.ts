import type { FastifyInstance } from 'fastify';
import { HEADERS, SERVICE_NAMES, type ServiceName } from '@powerpool/contracts';
import type { Bus } from '@powerpool/service-kit';
import { upstreamList, type UpstreamUrls } from '../config.js';

/** How long `/api/health` waits for each service's `/readyz`. */
export const READINESS_TIMEOUT_MS = 2000;

export interface ServiceHealth {
  name: ServiceName;
  ready: boolean;
  /** Why a service is not ready. */
  reason?: string;
}

export interface HealthRoutesOptions {
  upstreams: Readonly<Record<ServiceName, UpstreamUrls>>;
  bus: Bus;
}

async function checkService(name: ServiceName, upstream: string, correlationId: string): Promise<ServiceHealth> {
  try {
    const res = await fetch(`${upstream}/readyz`, {
      headers: { [HEADERS.correlationId]: correlationId },
      signal: AbortSignal.timeout(READINESS_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return res.ok ? { name, ready: true } : { name, ready: false, reason: `readyz answered ${res.status}` };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    if (e.name === 'TimeoutError') return { name, ready: false, reason: `no answer within ${READINESS_TIMEOUT_MS} ms` };
    return { name, ready: false, reason: `unreachable (${e.cause?.code ?? e.message})` };
  }
}

/** A service with several replicas is ready when one is (the proxy fails over to it); the reasons name the others. */
async function checkReplicas(name: ServiceName, urls: readonly string[], correlationId: string): Promise<ServiceHealth> {
  if (urls.length === 1) return checkService(name, urls[0]!, correlationId);
  const checks = await Promise.all(urls.map((url) => checkService(name, url, correlationId)));
  if (checks.some((c) => c.ready)) return { name, ready: true };
  return { name, ready: false, reason: checks.map((c, i) => `${urls[i]}: ${c.reason}`).join('; ') };
}

/**
 * The gateway's own health: `/healthz` (alive), `/readyz` (bus connected), and `/api/health`,
 * which asks every service's `/readyz` in parallel: 200 only when all are ready.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok', service: 'gateway' }));

  app.get('/readyz', async (_request, reply) => {
    const ready = options.bus.isReady();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', service: 'gateway', checks: { bus: ready } });
  });

  app.get('/api/health', async (request, reply) => {
    const services = await Promise.all(SERVICE_NAMES.map((name) => checkReplicas(name, upstreamList(options.upstreams[name]), request.id)));
    const ok = services.every((s) => s.ready);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', services });
  });
}
