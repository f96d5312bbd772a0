import { HEADERS, poolAccessReplySchema, RPC, type PoolAccessReply } from '@powerpool/contracts';
import type { Bus } from './bus/types.js';
import type { KitLogger } from './logger.js';
import type { ServiceApp } from './service.js';

/**
 * Checking a pool refusal against pools-invitations before answering it. A service decides who
 * may see or change a pool on its own copy of pools-invitations' pools and memberships, and that
 * copy lags the events by a moment: a player who has just joined, a pool just created, a
 * commissioner just handed over would be refused. When a handler refuses on that copy (an error
 * with `poolAccess`, errors.ts), `route()` asks pools-invitations once (`rpc.pools.pool.access`),
 * the service applies the answer through the handlers its events go through, and the handler runs
 * again. A refusal that holds is answered as before (docs/cross-service-decisions.md).
 */
export type PoolAccessCatchUp = (access: { poolId: string; userId: string }, correlationId: string) => Promise<boolean>;

const catchUps = new WeakMap<object, PoolAccessCatchUp>();

/** The catch-up `route()` uses for this app's pool refusals (see PoolAccessCatchUp). */
export function setPoolAccessCatchUp(app: ServiceApp, catchUp: PoolAccessCatchUp): void {
  catchUps.set(app, catchUp);
}

export function poolAccessCatchUpOf(app: ServiceApp): PoolAccessCatchUp | undefined {
  return catchUps.get(app);
}

export interface PoolAccessPortOptions {
  bus: Bus;
  logger: KitLogger;
  /** Apply the answer to the service's copy (its pools.pool.* and pools.member.* handlers). */
  apply: (reply: PoolAccessReply) => Promise<void>;
  /** How long to wait for pools-invitations. Default 2000 ms: a refusal should not hang. */
  timeoutMs?: number;
}

/**
 * The catch-up over the bus: asks pools-invitations, applies what it knows, and says whether it
 * knew anything (a pool it does not have, or an unreachable pools-invitations, keeps the refusal).
 */
export function createPoolAccessCatchUp(options: PoolAccessPortOptions): PoolAccessCatchUp {
  return async (access, correlationId) => {
    let reply: PoolAccessReply;
    try {
      reply = poolAccessReplySchema.parse(
        await options.bus.request(RPC.poolsPoolAccess, access, { timeoutMs: options.timeoutMs ?? 2000, headers: { [HEADERS.correlationId]: correlationId } }),
      );
    } catch (err) {
      options.logger.warn({ err, ...access }, 'could not check a pool refusal with pools-invitations; answering on our copy');
      return false;
    }
    if (!reply.pool && !reply.member) return false;
    await options.apply(reply);
    return true;
  };
}
