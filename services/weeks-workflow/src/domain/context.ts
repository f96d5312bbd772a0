import type { Game, RefreshWeekRequest, UnscoredPicksReply, UnscoredPicksRequest } from '@powerpool/contracts';
import type { KitLogger, UnitOfWork } from '@powerpool/service-kit';
import type { WeeksStore } from '../store/weeks.store.js';

export type { Emit } from '@powerpool/service-kit';

/** The provider's fresh data of one week, through sports-data-staging (request/reply on the bus). */
export interface SportsPort {
  refreshOdds(request: RefreshWeekRequest): Promise<Game[]>;
  refreshScores(request: RefreshWeekRequest): Promise<Game[]>;
}

/** picks-scoring, asked before a week is completed (request/reply on the bus). */
export interface ScoringPort {
  unscoredPicks(request: UnscoredPicksRequest): Promise<UnscoredPicksReply>;
}

/** What the domain functions work with. `now` is the server's clock (tests move it). */
export interface WeeksContext {
  uow: UnitOfWork<WeeksStore>;
  logger: KitLogger;
  now: () => Date;
  sports: SportsPort;
  scoring: ScoringPort;
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
