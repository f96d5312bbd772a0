import type { Emit, KitLogger, UnitOfWork } from '@powerpool/service-kit';
import type { WeekGetReply } from '@powerpool/contracts';
import type { PicksStore } from '../store/picks-scoring.store.js';

export type { Emit } from '@powerpool/service-kit';

/** A pool week. */
export interface PoolWeekRef {
  poolId: string;
  year: number;
  weekNumber: number;
}

/** Why a week's scores were (re)calculated. */
export type CalculationReason = 'calculate' | 'correction' | 'void' | 'override';

/**
 * Recalculate a pool week's stored scores inside the caller's unit of work, if it was already
 * scored (SCORING or COMPLETE with a calculation); returns true when it recalculated. The scoring
 * module provides it (domain/calculate.ts).
 */
export type Recalculate = (store: PicksStore, emit: Emit, calculation: Calculation) => Promise<boolean>;

/** Which pool week is (re)calculated, why, and at what time. */
export interface Calculation {
  ref: PoolWeekRef;
  reason: CalculationReason;
  now: Date;
}

/** weeks-workflow, asked for a pool week our copy lacks (request/reply on the bus). */
export interface WeeksPort {
  get(ref: PoolWeekRef): Promise<WeekGetReply>;
}

/** What the domain functions work with. `now` is the server's clock (tests move it). */
export interface PicksContext {
  uow: UnitOfWork<PicksStore>;
  logger: KitLogger;
  now: () => Date;
  /** See Recalculate. */
  recalculateIfScored: Recalculate;
  /**
   * Tell every process serving live streams that boards may have changed (LIVE_SUBJECTS.boardChanged):
   * they read which from the live change log (docs/architecture.md#live-change-log). Call after the
   * change committed, never inside a unit of work.
   */
  announce: () => Promise<void>;
  /** See WeeksPort. */
  weeks: WeeksPort;
}

/** The signed-in caller, as the gateway's assertion describes them. */
export interface Caller {
  id: string;
  email: string;
  role: string;
}

/** A caller's request about one week of one pool: the options of `(ctx, { caller, poolId, weekNumber })`. */
export interface PoolWeekRequest {
  caller: Caller;
  poolId: string;
  weekNumber: number;
}
