import type { KitLogger, UnitOfWork } from '@powerpool/service-kit';
import type { IdentityConfig } from '../config.js';
import type { Store } from '../store/index.js';

/** What identity's domain functions work with. `now` is injectable so expiry rules are testable. */
export interface IdentityContext {
  /** Reads and writes (one transaction per write, events through the outbox). */
  uow: UnitOfWork<Store>;
  config: IdentityConfig;
  logger: KitLogger;
  now: () => Date;
}
