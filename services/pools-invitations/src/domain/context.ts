import type { Role } from '@powerpool/contracts';
import type { KitLogger, UnitOfWork } from '@powerpool/service-kit';
import type { PoolsStore } from '../store/pools.store.js';

export type { Emit } from '@powerpool/service-kit';

/** What the domain functions work with. `now` is injectable so expiry rules are testable. */
export interface PoolsContext {
  /** Reads and writes (one transaction per write, events through the outbox). */
  uow: UnitOfWork<PoolsStore>;
  logger: KitLogger;
  now: () => Date;
}

/** The signed-in caller, as the gateway's assertion describes them. */
export interface Caller {
  id: string;
  email: string;
  role: Role;
}
