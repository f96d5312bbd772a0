import type { KitLogger, UnitOfWork } from '@powerpool/service-kit';
import type { EspnClient, EspnImage } from './espn.js';
import type { SportsStore } from '../store/sports.store.js';

export type { Emit } from '@powerpool/service-kit';

/** What the domain functions work with. `now` is injectable so timestamps are testable. */
export interface SportsContext {
  /** Reads and writes (one transaction per write, events through the outbox). */
  uow: UnitOfWork<SportsStore>;
  espn: EspnClient;
  /** A fetched team logo at the size we serve it (ports/logo-image.ts `sizeTeamLogo`); throws when it is not an image. */
  sizeLogo: (image: EspnImage) => Promise<EspnImage>;
  logger: KitLogger;
  now: () => Date;
}

/**
 * Where a long-running domain operation reports its progress, one typed event at a time (an
 * import's log/progress/complete/error). The domain knows nothing of how they travel: the route
 * frames them as an event stream.
 */
export type Report<E> = (event: E) => void;
