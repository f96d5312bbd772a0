import { weekLabel, type Game, type GameData } from '@powerpool/contracts';
import { EspnError } from './espn.js';
import { fromWeekNumber } from './espn-weeks.js';
import type { SportsContext } from './context.js';
import { applyGameUpdates } from './game-updates.js';

/** The lease the replicas of sports-data-staging share: its holder alone polls on a tick. */
export const LIVE_FEED_LEASE = 'live-feed';
/** How long after kickoff a game not yet decided (complete or cancelled) is still followed. */
export const LIVE_FEED_FOLLOW_MS = 8 * 60 * 60 * 1000;

export interface LiveFeedSettings {
  /** The game-day cadence: while a game is on, starts within the window, or is past kickoff and undecided. */
  intervalMs: number;
  /** The cadence otherwise, and the longest back-off while the provider is down. */
  idleIntervalMs: number;
  /** How long before a kickoff the game-day cadence starts. */
  windowMinutes: number;
  /** Who this process is, for the lease (unique per replica). */
  holder: string;
}

export interface FeedWeek {
  year: number;
  weekNumber: number;
}

/** What one tick did, and when the next should run. */
export interface FeedTick {
  /** 'game-day' while a followed game is on or near; 'idle' otherwise. */
  mode: 'game-day' | 'idle';
  /** False when another replica holds the lease (this one polled nothing). */
  leader: boolean;
  /** The weeks whose scoreboard was read successfully. */
  polled: FeedWeek[];
  /** The weeks whose scoreboard could not be read (provider down, timeout, garbage). */
  failed: FeedWeek[];
  updated: number;
  rejected: number;
  /** Provider failures in a row (0 once it answers again). */
  failures: number;
  nextDelayMs: number;
}

export interface LiveFeed {
  /** Follow the provider once: decide the cadence, poll the weeks concerned (if this replica holds the lease), write the changes. */
  tick(): Promise<FeedTick>;
}

const weekKey = (w: FeedWeek) => `${w.year}:${w.weekNumber}`;

/**
 * The live feed: follows ESPN's scoreboard on the game-day cadence and writes real changes through
 * the guarded write path (game-updates.ts), which emits sports.game.updated once per change.
 * - Game-day cadence (`intervalMs`) while a production game kicks off within `windowMinutes`, is in
 *   progress, or kicked off less than 8 hours ago and is not decided; only those games' weeks are
 *   read.
 * - Otherwise idle (`idleIntervalMs`): the current week (of the next scheduled game) is read now and
 *   then, so a moved kickoff is seen; the next tick comes early enough to catch the next window.
 * - The provider down (HTTP error, timeout, unreadable reply): nothing is written, and the delay
 *   doubles per failure up to the idle interval; the first good answer restores the cadence.
 * - Several replicas: a tick polls only when it holds the lease (LIVE_FEED_LEASE).
 */
export function createLiveFeed(ctx: SportsContext, settings: LiveFeedSettings): LiveFeed {
  const windowMs = settings.windowMinutes * 60_000;
  let failures = 0;
  let lastIdlePoll: number | null = null;

  async function poll(week: FeedWeek): Promise<{ ok: boolean; updated: number; rejected: number }> {
    const espnWeek = fromWeekNumber(week.weekNumber);
    if (!espnWeek) return { ok: true, updated: 0, rejected: 0 };
    let fresh: GameData[];
    try {
      fresh = await ctx.espn.scoreboard(week.year, espnWeek.seasonType, espnWeek.espnWeek);
    } catch (err) {
      if (!(err instanceof EspnError)) throw err;
      ctx.logger.warn(
        { year: week.year, weekNumber: week.weekNumber, kind: err.kind },
        `live feed: ${weekLabel(week.weekNumber)} ${week.year} not read, nothing changed (${err.message})`,
      );
      return { ok: false, updated: 0, rejected: 0 };
    }
    const byId = new Map(fresh.map((g) => [g.espnId, g]));
    const applied = await ctx.uow.write(async (store, emit) => {
      const ids = (await store.productionGames({ week })).map((g) => g.espnId);
      return applyGameUpdates(store, emit, { espnIds: ids, fresh: byId, kind: 'scores', now: ctx.now(), logger: ctx.logger, source: 'live-feed' });
    });
    return { ok: true, updated: applied.updated, rejected: applied.rejected.length };
  }

  return {
    async tick() {
      const now = ctx.now().getTime();
      const { followed, next } = await ctx.uow.read(async (store) => ({
        followed: await store.liveCandidates(new Date(now - LIVE_FEED_FOLLOW_MS), new Date(now + windowMs)),
        next: await store.nextScheduledGame(new Date(now)),
      }));
      const hot = followed.length > 0;
      const weeks = new Map<string, FeedWeek>();
      for (const g of followed) weeks.set(weekKey(g), { year: g.year, weekNumber: g.weekNumber });
      const idleDue = lastIdlePoll === null || now - lastIdlePoll >= settings.idleIntervalMs;
      const current = next ? { year: next.year, weekNumber: next.weekNumber } : null;
      if (idleDue && current) weeks.set(weekKey(current), current);

      const baseDelay = hot ? settings.intervalMs : idleDelay(now, next);
      const tick: FeedTick = {
        mode: hot ? 'game-day' : 'idle',
        leader: false,
        polled: [],
        failed: [],
        updated: 0,
        rejected: 0,
        failures,
        nextDelayMs: baseDelay,
      };
      if (weeks.size === 0) return tick;

      const leaseMs = 2 * Math.max(baseDelay, settings.intervalMs) + settings.intervalMs;
      tick.leader = await ctx.uow.write((store) => store.takeLease(LIVE_FEED_LEASE, settings.holder, new Date(now), new Date(now + leaseMs)));
      if (!tick.leader) return tick;

      for (const week of weeks.values()) {
        const result = await poll(week);
        (result.ok ? tick.polled : tick.failed).push(week);
        tick.updated += result.updated;
        tick.rejected += result.rejected;
      }
      if (tick.failed.length) failures += 1;
      else failures = 0;
      if (current && tick.polled.some((w) => weekKey(w) === weekKey(current))) lastIdlePoll = now;
      tick.failures = failures;
      tick.nextDelayMs = failures ? Math.max(baseDelay, Math.min(settings.idleIntervalMs, settings.intervalMs * 2 ** failures)) : baseDelay;
      return tick;
    },
  };

  /** Idle: wait the idle interval, but wake when the next game's window opens. */
  function idleDelay(now: number, next: Game | null): number {
    if (!next) return settings.idleIntervalMs;
    const opens = Date.parse(next.gameTimeUtc) - windowMs - now;
    return Math.max(settings.intervalMs, Math.min(settings.idleIntervalMs, opens));
  }
}

/** The live feed running on its cadence (startLiveFeed). */
export interface LiveFeedRunner {
  /**
   * Re-plan now: cancel the sleep and run a pass at once (production games were pushed, a week was
   * published). During a pass, one more pass runs as soon as it ends (the running one may have read
   * before the change); wakes coalesce, so a burst of them costs at most one extra pass. Does
   * nothing once stopped. Several replicas may all be woken: only the lease holder polls.
   */
  wake(reason: string): void;
  stop(): Promise<void>;
}

/**
 * Run `feed.tick()` after each tick's `nextDelayMs`, one tick at a time, until stopped; `wake()`
 * runs one now (or right after the running one).
 */
export function startLiveFeed(
  feed: LiveFeed,
  ctx: Pick<SportsContext, 'logger'>,
  settings: Pick<LiveFeedSettings, 'intervalMs' | 'idleIntervalMs'>,
): LiveFeedRunner {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  /** A wake arrived during the running pass: run another as soon as it ends. */
  let wokenWhileRunning = false;
  let errors = 0;

  /** One tick; resolves with the delay before the next (never rejects). */
  async function pass(): Promise<number> {
    try {
      const t = await feed.tick();
      errors = 0;
      if (t.updated || t.rejected || t.failed.length)
        ctx.logger.info(
          { mode: t.mode, polled: t.polled.length, failed: t.failed.length, updated: t.updated, rejected: t.rejected, nextDelayMs: t.nextDelayMs },
          'live feed tick',
        );
      return t.nextDelayMs;
    } catch (err) {
      errors += 1;
      ctx.logger.warn({ err }, 'live feed tick failed; retrying later');
      return Math.min(settings.idleIntervalMs, settings.intervalMs * 2 ** errors);
    }
  }

  const run = () => {
    timer = null;
    running = (async () => {
      let delay = await pass();
      while (wokenWhileRunning && !stopped) {
        wokenWhileRunning = false;
        delay = await pass();
      }
      // No await from the last check of wokenWhileRunning to here: a wake sees either a running
      // pass (and is picked up above) or a sleep (and cancels it).
      running = null;
      schedule(delay);
    })();
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  schedule(0);
  return {
    wake(reason) {
      if (stopped) return;
      ctx.logger.info({ reason, running: running !== null }, 'live feed woken');
      if (running) {
        wokenWhileRunning = true;
        return;
      }
      if (timer) clearTimeout(timer);
      run();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
