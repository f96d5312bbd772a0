import fastifyCookie from '@fastify/cookie';
import { createOutbox, createUnitOfWork, prepareService, type ServiceApp, type ServiceRuntime } from '@powerpool/service-kit';
import type { IdentityConfig } from './config.js';
import type { IdentityContext, OidcClient } from './domain/context.js';
import { purgeExpired } from './domain/sessions.js';
import { consumePoolMembers } from './events/pool-members.js';
import { answerSessionRequests } from './events/session.rpc.js';
import { createOidcClient } from './ports/oidc.js';
import { registerAdminUserRoutes } from './routes/admin-users.routes.js';
import { registerAuthRoutes } from './routes/auth.routes.js';
import { registerProfileRoutes } from './routes/profile.routes.js';
import { createStore } from './store/index.js';

export const SERVICE_NAME = 'identity';
export const SCHEMA = 'identity';
const PURGE_INTERVAL_MS = 10 * 60_000;

export interface IdentityDeps extends ServiceRuntime {
  config: IdentityConfig;
  /** Defaults to openid-client against config.oidc. */
  oidc?: OidcClient;
  now?: () => Date;
}

/** identity: users, roles, payments, sign-in and sessions. Never listens (server.ts does). */
export async function buildApp(deps: IdentityDeps): Promise<ServiceApp> {
  const { database, bus, logger, config } = deps;
  const app = await prepareService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: new URL('./store/migrations/', import.meta.url), runtime: deps });
  const outbox = createOutbox({ schema: SCHEMA, database, bus, logger });
  const ctx: IdentityContext = { uow: createUnitOfWork({ database, outbox, store: createStore }), config, logger, now: deps.now ?? (() => new Date()) };
  const oidc = deps.oidc ?? createOidcClient(config);

  await app.register(fastifyCookie);
  registerAuthRoutes(app, ctx, oidc);
  registerProfileRoutes(app, ctx);
  registerAdminUserRoutes(app, ctx);

  const rpc = await answerSessionRequests(bus, ctx);
  const poolMembers = await consumePoolMembers(bus, ctx);
  outbox.start();
  const purge = setInterval(() => {
    purgeExpired(ctx).catch((err: unknown) => logger.warn({ err }, 'session purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();

  app.addHook('onClose', async () => {
    clearInterval(purge);
    await rpc.unsubscribe();
    await poolMembers.unsubscribe();
    await outbox.stop();
  });
  return app;
}
