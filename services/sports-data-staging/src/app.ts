import { prepareService, type ServiceApp, type ServiceRuntime } from '@powerpool/service-kit';
import type { SportsDataStagingConfig } from './config.js';

export const SERVICE_NAME = 'sports-data-staging';
export const SCHEMA = 'sports';

export interface SportsDataStagingDeps extends ServiceRuntime {
  config: SportsDataStagingConfig;
}

/**
 * sports-data-staging: ESPN import, staging, migration and venues (features come with the sports data issue).
 * Owns the Postgres schema `sports`. Never listens (server.ts does).
 */
export async function buildApp(deps: SportsDataStagingDeps): Promise<ServiceApp> {
  return prepareService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: new URL('./store/migrations/', import.meta.url), runtime: deps });
}
