import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { endpointLabel, type Endpoint, type EndpointBody, type EndpointParams, type EndpointQuery, type EndpointReply } from '@powerpool/contracts';
import { poolAccessOf } from './errors.js';
import { poolAccessCatchUpOf } from './pool-access.js';
import type { RouteAccess, ServiceApp } from './service.js';

/** The request of an endpoint's handler: params, query and body already parsed by its schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{ Params: EndpointParams<E>; Querystring: EndpointQuery<E>; Body: EndpointBody<E> }>;

/** A handler returns the endpoint's reply (validated against its schema), or sends one itself (streams, redirects). */
export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointReply<E> | FastifyReply>;

/** The service-side access rule of a declaration: public, any signed-in user, or its roles. */
export function accessOf(endpoint: Endpoint): RouteAccess {
  if (endpoint.access === 'public') return 'public';
  return endpoint.roles && endpoint.roles.length > 0 ? endpoint.roles : 'user';
}

/**
 * Serve a declared endpoint: Fastify gets its method, path and schemas from the declaration, the
 * kit enforces its access on the gateway's assertion, and the success status is the declared one.
 * This is the only way a service adds an /api route (createService refuses any other).
 */
export function route<E extends Endpoint>(app: ServiceApp, endpoint: E, handler: EndpointHandler<E>): void {
  const schema: NonNullable<RouteOptions['schema']> = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.reply) schema.response = { [endpoint.status ?? 200]: endpoint.reply };
  const status = endpoint.status ?? 200;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    config: { access: accessOf(endpoint), endpoint },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (status !== 200 && endpoint.produces !== 'redirect') reply.code(status);
      try {
        return await handler(request as EndpointRequest<E>, reply);
      } catch (err) {
        // A pool refusal decided on our lagging copy: check it with pools-invitations once (pool-access.ts).
        const access = poolAccessOf(err);
        const userId = access?.userId ?? request.identity?.user?.id;
        const catchUp = poolAccessCatchUpOf(app);
        if (!access || !userId || !catchUp || reply.sent || !(await catchUp({ poolId: access.poolId, userId }, request.id))) throw err;
        return handler(request as EndpointRequest<E>, reply);
      }
    },
  });
}

const served = new WeakMap<object, Set<string>>();

/** Labels (`GET /api/pools/:poolId`) of the endpoints an app serves. */
export function servedEndpoints(app: ServiceApp): ReadonlySet<string> {
  return served.get(app) ?? new Set();
}

/**
 * Installed by createService: every /api route must come from `route()` with an endpoint of this
 * service; anything else fails at start (so an undeclared route can never ship).
 */
export function guardDeclaredRoutes(app: ServiceApp, service: string): void {
  const labels = new Set<string>();
  served.set(app, labels);
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    if (methods.every((m) => m === 'HEAD')) return;
    const url = options.url;
    if (!url.startsWith('/api')) return;
    const endpoint = options.config?.endpoint;
    if (!endpoint)
      throw new Error(`${service}: ${methods.join(',')} ${url} is not a declared endpoint (declare it in libs/contracts and register it with route())`);
    if (endpoint.service !== service) throw new Error(`${service}: ${endpointLabel(endpoint)} belongs to ${endpoint.service}`);
    labels.add(endpointLabel(endpoint));
  });
}
