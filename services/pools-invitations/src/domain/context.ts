import type { PoolsSummaryReply, Role } from '@powerpool/contracts';
import type { KitLogger, UnitOfWork } from '@powerpool/service-kit';
import type { PoolsStore } from '../store/pools.store.js';

export type { Emit } from '@powerpool/service-kit';

/** What the domain functions work with. `now` is injectable so expiry rules are testable. */
export interface PoolsContext {
  /** Reads and writes (one transaction per write, events through the outbox). */
  uow: UnitOfWork<PoolsStore>;
  /** What weeks-workflow knows of the pools (their weeks and games are its own). */
  weeks: WeeksPort;
  logger: KitLogger;
  now: () => Date;
}

/** One pool as weeks-workflow sums it up: its current week, that week's state, its published games in all. */
export type PoolWeekSummary = PoolsSummaryReply['pools'][number];

/** weeks-workflow as the domain sees it (built in app.ts; the domain never sees the bus). */
export interface WeeksPort {
  /**
   * Each pool's summary by pool id; a pool weeks-workflow does not know is absent. Null when
   * weeks-workflow could not tell (not running, too slow, an invalid answer; the port logs why):
   * callers go on without it. Never rejects.
   */
  summary(poolIds: readonly string[], options?: { correlationId?: string }): Promise<ReadonlyMap<string, PoolWeekSummary> | null>;
}

/** The signed-in caller, as the gateway's assertion describes them. */
export interface Caller {
  id: string;
  email: string;
  role: Role;
}
