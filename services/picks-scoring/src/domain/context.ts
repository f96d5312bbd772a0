import type { KitLogger, UnitOfWork } from '@powerpool/service-kit';
import type { PicksStore } from '../store/picks-scoring.store.js';

export type { Emit } from '@powerpool/service-kit';

/** What the domain functions work with. `now` is the server's clock (tests move it). */
export interface PicksContext {
  uow: UnitOfWork<PicksStore>;
  logger: KitLogger;
  now: () => Date;
}

/** The signed-in caller, as the gateway's assertion describes them. */
export interface Caller {
  id: string;
  email: string;
  role: string;
}
