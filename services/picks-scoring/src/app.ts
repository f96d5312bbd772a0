import { prepareService, type ServiceApp, type ServiceRuntime } from '@powerpool/service-kit';
import type { PicksScoringConfig } from './config.js';

export const SERVICE_NAME = 'picks-scoring';
export const SCHEMA = 'picks';

export interface PicksScoringDeps extends ServiceRuntime {
  config: PicksScoringConfig;
}

/**
 * picks-scoring: picks, scoring and leaderboards (features come with the picks issue).
 * Owns the Postgres schema `picks`. Never listens (server.ts does).
 */
export async function buildApp(deps: PicksScoringDeps): Promise<ServiceApp> {
  return prepareService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: new URL('./store/migrations/', import.meta.url), runtime: deps });
}
