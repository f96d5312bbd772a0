import { prepareService, type ServiceApp, type ServiceRuntime } from '@powerpool/service-kit';
import type { WeeksWorkflowConfig } from './config.js';

export const SERVICE_NAME = 'weeks-workflow';
export const SCHEMA = 'weeks';

export interface WeeksWorkflowDeps extends ServiceRuntime {
  config: WeeksWorkflowConfig;
}

/**
 * weeks-workflow: seasons, weeks and the week state machine (features come with the weeks issue).
 * Owns the Postgres schema `weeks`. Never listens (server.ts does).
 */
export async function buildApp(deps: WeeksWorkflowDeps): Promise<ServiceApp> {
  return prepareService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: new URL('./store/migrations/', import.meta.url), runtime: deps });
}
