import { randomUUID } from 'node:crypto';
import type { HttpMethod, MemberEventSnapshot, Pool, Role } from '@powerpool/contracts';
import type { ServiceApp } from '@powerpool/service-kit';
import type { TestRuntime, TestUser } from './runtime.js';

/**
 * What services' integration suites share: people with gateway headers, a call through inject as
 * the gateway would forward it, waiting for an event to be consumed, and pools and members as
 * pools-invitations announces them.
 */

export interface Person extends TestUser {
  name: string;
  headers: Record<string, string>;
}

/** A user with the identity headers a gateway would forward for them. */
export async function personOf(runtime: TestRuntime, role: Role, name: string): Promise<Person> {
  const id = randomUUID();
  const user: TestUser = { id, email: `${name.toLowerCase().replace(/\s+/g, '.')}.${id.slice(0, 6)}@powerpool.test`, role };
  return { ...user, name, headers: await runtime.headersFor(user) };
}

/** The roles every authorization test needs: the same named people in every suite. */
export interface Cast {
  commissioner: Person;
  otherCommissioner: Person;
  admin: Person;
  player: Person;
  outsider: Person;
}

export async function castFor(runtime: TestRuntime): Promise<Cast> {
  return {
    commissioner: await personOf(runtime, 'pool_commissioner', 'Casey Commish'),
    otherCommissioner: await personOf(runtime, 'pool_commissioner', 'Other Commish'),
    admin: await personOf(runtime, 'super_admin', 'Ada Admin'),
    player: await personOf(runtime, 'user', 'Pat Player'),
    outsider: await personOf(runtime, 'user', 'Olive Outsider'),
  };
}

/** The HTTP methods an endpoint is declared with (contracts' HttpMethod). */
export type Method = HttpMethod;

/** One call through inject, as the gateway would forward it (`who` null: signed out). */
export async function callAs(runtime: TestRuntime, app: ServiceApp, method: Method, url: string, who: Person | null, payload?: unknown) {
  const headers = who ? who.headers : await runtime.headersFor(null);
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Wait (up to `timeoutMs`) until `sql` returns a row (the service has consumed an event). */
export async function waitForRow(runtime: TestRuntime, sql: string, params: unknown[], timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if ((await runtime.database.sql.query(sql, params)).length > 0) return;
    if (Date.now() > until) throw new Error(`not stored within ${timeoutMs} ms: ${sql} ${JSON.stringify(params)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Factory: a pool as pools-invitations announces it. */
export function buildPoolSnapshot(commissionerId: string, overrides: Partial<Pool> = {}): Pool {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    name: `Pool ${randomUUID().slice(0, 6)}`,
    description: null,
    year: 2025,
    allowsPreseason: false,
    allowsRegularSeason: true,
    allowsPostseason: true,
    maxMembers: 50,
    isPublic: false,
    slug: `pool-${randomUUID().slice(0, 6)}`,
    isActive: true,
    poolType: 'standard',
    createdAt: now,
    updatedAt: now,
    poolCommissionerId: commissionerId,
    weeklyTiebreaker: 'none',
    ...overrides,
  };
}

export type MemberSubject = 'pools.member.joined' | 'pools.member.removed';

/** The payload of pools.member.joined (or .removed) for `userId` in `pool`, as pools-invitations sends it. */
export function memberEventOf(pool: Pool, userId: string, subject: MemberSubject = 'pools.member.joined') {
  const at = new Date().toISOString();
  const member: MemberEventSnapshot = {
    poolId: pool.id,
    poolName: pool.name,
    userId,
    role: 'member',
    isActive: subject === 'pools.member.joined',
    hasPaid: false,
    paymentNotes: null,
    notes: null,
    joinedAt: at,
    updatedAt: at,
  };
  return subject === 'pools.member.joined' ? { member, via: 'invitation' as const } : { member };
}
