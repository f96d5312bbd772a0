import { runMigrations } from './db/migrate.js';
import type { ServiceRuntime } from './runtime.js';
import { standardReadiness } from './runtime.js';
import { createService, type ServiceApp } from './service.js';

export interface PrepareServiceOptions {
  /** Service name (logs, metrics, health). */
  name: string;
  /** The Postgres schema the service owns. */
  schema: string;
  /** The service's `store/migrations/` folder (file URL). */
  migrationsDir: URL;
  runtime: ServiceRuntime;
}

/**
 * The common start of every service's buildApp: apply its migrations to its own schema, then
 * create the Fastify app with the standard readiness checks. Routes are added by the caller.
 */
export async function prepareService(options: PrepareServiceOptions): Promise<ServiceApp> {
  const { runtime } = options;
  await runMigrations(runtime.database, { schema: options.schema, dir: options.migrationsDir });
  return createService({
    name: options.name,
    logger: runtime.logger,
    verifier: runtime.verifier,
    readiness: standardReadiness(runtime),
    metricsToken: runtime.metricsToken,
  });
}
