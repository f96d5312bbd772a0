import { createOutbox, createUnitOfWork, prepareService, type ServiceApp, type ServiceRuntime } from '@powerpool/service-kit';
import type { PoolsInvitationsConfig } from './config.js';
import type { PoolsContext } from './domain/context.js';
import { consumeIdentityUsers } from './events/identity-users.js';
import { answerPoolAccessRequests } from './events/pool-access.rpc.js';
import { consumeSportsGames } from './events/sports-games.js';
import { createWeeksPort } from './ports/weeks.js';
import { registerAdminPoolRoutes } from './routes/admin-pools.routes.js';
import { registerInvitationRoutes } from './routes/invitations.routes.js';
import { registerMemberRoutes } from './routes/members.routes.js';
import { registerPoolRoutes } from './routes/pools.routes.js';
import { createPoolsStore } from './store/pools.store.js';

export const SERVICE_NAME = 'pools-invitations';
export const SCHEMA = 'pools';

export interface PoolsInvitationsDeps extends ServiceRuntime {
  config: PoolsInvitationsConfig;
  /** Defaults to the wall clock; tests move it to check expiry and the current season. */
  now?: () => Date;
}

/**
 * pools-invitations: pools, invitations and members; users (names, e-mails, roles) as identity's
 * events describe them, and the seasons in production as sports-data-staging's events describe
 * them; asks weeks-workflow for each pool's current week state and published games. Owns the
 * Postgres schema `pools`. Never listens (server.ts does).
 */
export async function buildApp(deps: PoolsInvitationsDeps): Promise<ServiceApp> {
  const { database, bus, logger, config } = deps;
  const app = await prepareService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: new URL('./store/migrations/', import.meta.url), runtime: deps });
  const outbox = createOutbox({ schema: SCHEMA, database, bus, logger });
  const ctx: PoolsContext = {
    uow: createUnitOfWork({ database, outbox, store: createPoolsStore }),
    weeks: createWeeksPort({ bus, logger, timeoutMs: config.weeksSummaryTimeoutMs }),
    logger,
    now: deps.now ?? (() => new Date()),
  };

  registerPoolRoutes(app, ctx);
  registerInvitationRoutes(app, ctx);
  registerMemberRoutes(app, ctx);
  registerAdminPoolRoutes(app, ctx);

  const users = await consumeIdentityUsers(bus, ctx, logger);
  const games = await consumeSportsGames(bus, ctx, logger);
  const access = await answerPoolAccessRequests(bus, ctx);
  outbox.start();
  app.addHook('onClose', async () => {
    await users.unsubscribe();
    await games.unsubscribe();
    await access.unsubscribe();
    await outbox.stop();
  });
  return app;
}
