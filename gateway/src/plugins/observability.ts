import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Call on the root instance (not `register`: the hook must see every route). Prometheus metrics of the gateway (its own registry: embedded mode runs the services in the
 * same process) and one log line per request, object first. `GET /metrics` serves the registry.
 */
export async function observability(app: FastifyInstance): Promise<void> {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'gateway' });
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered by the gateway, by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration at the gateway (until the reply is sent), by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route template, never the raw URL: labels must stay few, and invitation tokens live in URLs.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    request.log[level]({ method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  app.get('/metrics', async (_request, reply) => {
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
