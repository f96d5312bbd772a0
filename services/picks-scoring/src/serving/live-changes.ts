import type { KitLogger } from '@powerpool/service-kit';
import type { PicksContext } from '../domain/context.js';

/**
 * Reading the live change log (docs/architecture.md#live-change-log): what committed since the
 * last read, as the pools, the production games and "everything" it names. One query per read,
 * whatever the number of pools; reads take turns (one running, one queued that every `poke` while
 * it waits shares), at least `gapMs` apart from start to start, and each row is handed on once.
 *
 * A read asks for the rows of transactions with an id of at least the previous read's horizon (the
 * oldest transaction then running): those it could not see then, and some it already saw (their
 * ids are remembered until the horizon passes them). A failed read changes nothing: the next one
 * asks again from the same place.
 */

/** What changed since the last read. */
export interface LiveChanges {
  pools: ReadonlySet<string>;
  games: ReadonlySet<string>;
  /** Every board (teams, venues). */
  everything: boolean;
}

export interface LiveChangeLog {
  /** Set the starting point (what committed before it is not handed on). Before any board is built. */
  start(): Promise<void>;
  /** Read the log soon (now, or after the read under way). */
  poke(): void;
  /** Until the reads under way or queued are done. */
  settled(): Promise<void>;
  /** Reads done so far. */
  readonly reads: number;
}

/** How old a row gets before a process deletes it (every process has long read it; the wall clock, as the database's `now()`). */
const KEEP_MS = 60 * 60_000;
/** How often a process deletes the old rows. */
const PRUNE_EVERY_MS = 10 * 60_000;

export function createLiveChangeLog(
  ctx: PicksContext,
  { logger, onChanges, gapMs = 0 }: { logger: KitLogger; onChanges: (changes: LiveChanges) => void; gapMs?: number },
): LiveChangeLog {
  let floor: bigint | null = null;
  /** Rows already handed on whose transaction is not yet below the horizon (they are read again). */
  let seen = new Map<string, bigint>();
  let running: Promise<void> | null = null;
  let queued = false;
  let reads = 0;
  let prunedAt = Date.now();
  /** When the last read started (Date.now()). */
  let lastReadAt = 0;

  async function readOnce(): Promise<void> {
    const { horizon, rows } = await ctx.uow.read((store) => store.liveChangesSince(floor));
    reads += 1;
    const pools = new Set<string>();
    const games = new Set<string>();
    let everything = false;
    const kept = new Map<string, bigint>();
    for (const row of rows) {
      if (row.xid >= horizon) kept.set(row.id, row.xid);
      if (seen.has(row.id)) continue;
      if (row.everything) everything = true;
      if (row.poolId) pools.add(row.poolId);
      if (row.gameId) games.add(row.gameId);
    }
    floor = floor === null || horizon > floor ? horizon : floor;
    seen = kept;
    if (everything || pools.size > 0 || games.size > 0) onChanges({ pools, games, everything });
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await ctx.uow.write((store) => store.pruneLiveChanges(new Date(Date.now() - KEEP_MS)));
    }
  }

  function poke(): void {
    if (running) {
      queued = true;
      return;
    }
    running = (async () => {
      try {
        do {
          // Within the gap since the last read started, wait it out: the pokes meanwhile share this read.
          const wait = lastReadAt + gapMs - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          queued = false;
          lastReadAt = Date.now();
          try {
            await readOnce();
          } catch (err) {
            logger.error({ err }, 'live streams: could not read the change log (the next read asks again)');
          }
        } while (queued);
      } finally {
        running = null;
      }
    })();
  }

  return {
    async start() {
      await readOnce();
    },
    poke,
    async settled() {
      while (running) await running;
    },
    get reads() {
      return reads;
    },
  };
}
