import { pino } from 'pino';
import type { Role } from '@powerpool/contracts';
import { HEADERS } from '@powerpool/contracts';
import { createAssertionSigner, createAssertionVerifier, generateAssertionKeys, type AssertionSigner, type ServiceRuntime } from '@powerpool/service-kit';
import { createIsolatedNatsBus, createTestMemoryBus } from './bus.js';
import { createPgliteTestDatabase, createPostgresTestDatabase } from './database.js';
import { unavailableReason } from './services.js';

/** Which storage the integration suite runs on: `postgres` (with real NATS) or `pglite` (with the in-process bus). */
export const testDbKind = process.env.TEST_DB === 'pglite' ? 'pglite' : 'postgres';

/**
 * Null when this run's backing services are up; otherwise the printed reason to skip (throws
 * under CI=true). Use: `describe.skipIf(await integrationSkipReason())(...)`.
 */
export async function integrationSkipReason(): Promise<string | null> {
  if (testDbKind === 'pglite') return null;
  return (await unavailableReason('postgres')) ?? (await unavailableReason('nats'));
}

export interface TestUser {
  id: string;
  email: string;
  role: Role;
}

export interface TestRuntime extends ServiceRuntime {
  signer: AssertionSigner;
  /** Headers a gateway would add for this caller (null = signed out). */
  headersFor(user: TestUser | null): Promise<Record<string, string>>;
  /** The same, at once. */
  headersNow(user: TestUser | null): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Everything a service's buildApp needs, on real infrastructure: a fresh Postgres database and an
 * isolated NATS stream (TEST_DB=postgres), or in-memory PGlite and the in-process bus
 * (TEST_DB=pglite). Gateway keys are generated per runtime.
 */
export async function createTestRuntime(): Promise<TestRuntime> {
  const db = testDbKind === 'pglite' ? await createPgliteTestDatabase() : await createPostgresTestDatabase();
  const bus = testDbKind === 'pglite' ? createTestMemoryBus() : await createIsolatedNatsBus();
  const keys = await generateAssertionKeys();
  const signer = await createAssertionSigner(keys.privateKeyPem);
  const verifier = await createAssertionVerifier(keys.publicKeyPem);
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  return {
    database: db.database,
    bus: bus.bus,
    verifier,
    logger,
    signer,
    async headersFor(user) {
      return { [HEADERS.identity]: await signer.sign({ user }) };
    },
    headersNow(user) {
      return { [HEADERS.identity]: signer.signNow({ user: user && { id: user.id, email: user.email, role: user.role } }) };
    },
    async close() {
      await bus.close();
      await db.close();
    },
  };
}

/** A logger whose lines (`level` and above) are kept, parsed, for a test to check what was logged and why. */
export function capturingLogger(level = 'warn'): { logger: ServiceRuntime['logger']; logs: Array<Record<string, any>> } {
  const logs: Array<Record<string, any>> = [];
  const logger = pino({ level }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, any>) });
  return { logger, logs };
}
