import { prepareService, type ServiceApp, type ServiceRuntime } from '@powerpool/service-kit';
import type { PoolsInvitationsConfig } from './config.js';

export const SERVICE_NAME = 'pools-invitations';
export const SCHEMA = 'pools';

export interface PoolsInvitationsDeps extends ServiceRuntime {
  config: PoolsInvitationsConfig;
}

/**
 * pools-invitations: pools, invitations and members (features come with the pools issue).
 * Owns the Postgres schema `pools`. Never listens (server.ts does).
 */
export async function buildApp(deps: PoolsInvitationsDeps): Promise<ServiceApp> {
  return prepareService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: new URL('./store/migrations/', import.meta.url), runtime: deps });
}
