import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { checkMetricsToken } from '@powerpool/service-kit';

export interface ObservabilityOptions {
  /**
   * The bearer token `GET /metrics` requires. Unset: the gateway serves no metrics (it is the public
   * port, and metrics name every route, status and process figure).
   */
  metricsToken?: string | undefined;
}

/**
 * Call on the root instance (not `register`: the hook must see every route). Prometheus metrics of the gateway (its own registry: embedded mode runs the services in the
 * same process) and one log line per request, object first. `GET /metrics` serves the registry to
 * callers with the metrics token.
 */
export async function observability(app: FastifyInstance, options: ObservabilityOptions = {}): Promise<void> {
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

  app.get('/metrics', async (request, reply) => {
    if (!options.metricsToken) return reply.code(404).send({ error: 'not_found', message: 'Not found: GET /metrics' });
    checkMetricsToken(request, reply, options.metricsToken);
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
