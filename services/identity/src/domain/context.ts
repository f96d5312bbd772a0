import type { Db, KitLogger, Outbox } from '@powerpool/service-kit';
import type { IdentityConfig } from '../config.js';

/** What identity's domain functions work with. `now` is injectable so expiry rules are testable. */
export interface IdentityContext {
  db: Db;
  outbox: Outbox;
  config: IdentityConfig;
  logger: KitLogger;
  now: () => Date;
}
