import { weekLabel, type Game, type GameData } from '@powerpool/contracts';
import { EspnError, type DocumentVersion } from './espn.js';
import { fromWeekNumber } from './espn-weeks.js';
import type { SportsContext } from './context.js';
import { applyGameUpdates } from './game-updates.js';

/** The lease the replicas of sports-data-staging share: its holder alone polls on a tick. */
export const LIVE_FEED_LEASE = 'live-feed';
/** How long after kickoff a game not yet decided (complete or cancelled) is still followed. */
export const LIVE_FEED_FOLLOW_MS = 8 * 60 * 60 * 1000;

export interface LiveFeedSettings {
  /** The live cadence: while a game some pool has published is being played (kicked off, not yet decided). */
  liveIntervalMs: number;
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
  /** 'live' while a published game is being played; 'game-day' while a followed game is on or near; 'idle' otherwise. */
  mode: FeedMode;
  /** False when another replica holds the lease (this one polled nothing). */
  leader: boolean;
  /** The weeks whose scoreboard was read successfully. */
  polled: FeedWeek[];
  /** The weeks whose scoreboard could not be read (provider down, timeout, garbage). */
  failed: FeedWeek[];
  /** How many of the weeks polled the provider answered unchanged (304 to a conditional request). */
  unchanged: number;
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

export type FeedMode = 'live' | 'game-day' | 'idle';

const weekKey = (w: FeedWeek) => `${w.year}:${w.weekNumber}`;

/** Kicked off (or reported in progress) and not yet decided: a followed game is never complete or cancelled. */
export const isBeingPlayed = (game: Pick<Game, 'gameStatus' | 'gameTimeUtc'>, now: number): boolean =>
  game.gameStatus === 'IN_PROGRESS' || (game.gameStatus === 'SCHEDULED' && Date.parse(game.gameTimeUtc) <= now);

/**
 * Keep the games a pool has published (weeks.week.published): the live cadence is for them alone,
 * so a deployment whose pools skipped a game never polls fast for it (docs/architecture.md#live-feed).
 */
export async function recordPublishedGames(ctx: Pick<SportsContext, 'uow'>, week: { publishedAt: string; games: Array<{ gameId: string }> }): Promise<void> {
  await ctx.uow.write((store) =>
    store.recordPublishedGames(
      week.games.map((g) => g.gameId),
      new Date(week.publishedAt),
    ),
  );
}

/**
 * The live feed: follows ESPN's scoreboard and writes real changes through the guarded write path
 * (game-updates.ts), which emits sports.game.updated once per change (docs/architecture.md#live-feed).
 * - Live cadence (`liveIntervalMs`) while a game some pool has published is being played (kicked
 *   off or in progress, not decided): that game's week is read every interval; any other followed
 *   week at most every `intervalMs`.
 * - Game-day cadence (`intervalMs`) while a production game kicks off within `windowMinutes`, is in
 *   progress, or kicked off less than 8 hours ago and is not decided; only those games' weeks are
 *   read. The tick before a published game's kickoff is moved to the kickoff.
 * - Otherwise idle (`idleIntervalMs`): the current week (of the next scheduled game) is read now and
 *   then, so a moved kickoff is seen; the next tick comes early enough to catch the next window. A
 *   read that changed games plans again on them: after `intervalMs` when one is now followed (a
 *   kickoff moved into the window, a game already under way).
 * - Reads are conditional: the version of the last read applied goes with the next one, and a
 *   provider that honours it answers 304 without a body (nothing to parse, nothing written).
 * - The provider down (HTTP error, timeout, unreadable reply): nothing is written, and the delay
 *   doubles per failure (from the cadence's interval) up to the idle interval; the first good
 *   answer restores the cadence.
 * - Several replicas: a tick polls only when it holds the lease (LIVE_FEED_LEASE), so the
 *   deployment makes one request per week per interval whatever the number of replicas.
 */
export function createLiveFeed(ctx: SportsContext, settings: LiveFeedSettings): LiveFeed {
  const windowMs = settings.windowMinutes * 60_000;
  let failures = 0;
  let lastIdlePoll: number | null = null;
  /** When each week was last read (live mode reads the other followed weeks at the game-day cadence). */
  const lastPolled = new Map<string, number>();
  /** The version of each week's scoreboard as last applied: set only once its changes are written. */
  const versions = new Map<string, DocumentVersion>();

  async function poll(week: FeedWeek): Promise<{ ok: boolean; unchanged: boolean; updated: number; rejected: number }> {
    const espnWeek = fromWeekNumber(week.weekNumber);
    if (!espnWeek) return { ok: true, unchanged: false, updated: 0, rejected: 0 };
    const key = weekKey(week);
    const since = versions.get(key) ?? null;
    versions.delete(key);
    let fresh: GameData[];
    let version: DocumentVersion | null;
    try {
      const read = await ctx.espn.scoreboardSince({ year: week.year, seasonType: espnWeek.seasonType, espnWeek: espnWeek.espnWeek, since });
      if (read === 'unchanged') {
        if (since) versions.set(key, since);
        return { ok: true, unchanged: true, updated: 0, rejected: 0 };
      }
      fresh = read.games;
      version = read.version;
    } catch (err) {
      if (!(err instanceof EspnError)) throw err;
      ctx.logger.warn(
        { year: week.year, weekNumber: week.weekNumber, kind: err.kind },
        `live feed: ${weekLabel(week.weekNumber)} ${week.year} not read, nothing changed (${err.message})`,
      );
      return { ok: false, unchanged: false, updated: 0, rejected: 0 };
    }
    const byId = new Map(fresh.map((g) => [g.espnId, g]));
    const applied = await ctx.uow.write(async (store, emit) => {
      const ids = (await store.productionGames({ week })).map((g) => g.espnId);
      return applyGameUpdates(store, emit, { espnIds: ids, fresh: byId, kind: 'scores', now: ctx.now(), logger: ctx.logger, source: 'live-feed' });
    });
    if (version) versions.set(key, version);
    return { ok: true, unchanged: false, updated: applied.updated, rejected: applied.rejected.length };
  }

  return {
    async tick() {
      const now = ctx.now().getTime();
      const { followed, next, published } = await ctx.uow.read(async (store) => {
        const followed = await store.liveCandidates(new Date(now - LIVE_FEED_FOLLOW_MS), new Date(now + windowMs));
        const published = await store.publishedAmong(followed.map((g) => g.espnId));
        return { followed, next: await store.nextScheduledGame(new Date(now)), published };
      });
      const playedNow = new Set(followed.filter((g) => published.has(g.espnId) && isBeingPlayed(g, now)).map((g) => g.espnId));
      const live = playedNow.size > 0;
      const hot = followed.length > 0;
      const mode: FeedMode = live ? 'live' : hot ? 'game-day' : 'idle';
      const cadenceMs = live ? settings.liveIntervalMs : settings.intervalMs;

      const weeks = new Map<string, FeedWeek>();
      for (const g of followed) {
        const key = weekKey(g);
        const due = !live || playedNow.has(g.espnId) || now - (lastPolled.get(key) ?? -Infinity) >= settings.intervalMs;
        if (due) weeks.set(key, { year: g.year, weekNumber: g.weekNumber });
      }
      const idleDue = lastIdlePoll === null || now - lastIdlePoll >= settings.idleIntervalMs;
      const current = next ? { year: next.year, weekNumber: next.weekNumber } : null;
      if (idleDue && current) weeks.set(weekKey(current), current);

      const baseDelay = live ? cadenceMs : hot ? gameDayDelay(now, followed, published) : idleDelay(now, next);
      const tick: FeedTick = {
        mode,
        leader: false,
        polled: [],
        failed: [],
        unchanged: 0,
        updated: 0,
        rejected: 0,
        failures,
        nextDelayMs: baseDelay,
      };
      if (weeks.size === 0) return tick;

      const leaseMs = 2 * Math.max(baseDelay, cadenceMs) + cadenceMs;
      tick.leader = await ctx.uow.write((store) =>
        store.takeLease({ name: LIVE_FEED_LEASE, holder: settings.holder, now: new Date(now), until: new Date(now + leaseMs) }),
      );
      if (!tick.leader) return tick;

      for (const week of weeks.values()) {
        const result = await poll(week);
        (result.ok ? tick.polled : tick.failed).push(week);
        if (result.ok) lastPolled.set(weekKey(week), now);
        if (result.unchanged) tick.unchanged += 1;
        tick.updated += result.updated;
        tick.rejected += result.rejected;
      }
      if (tick.failed.length) failures += 1;
      else failures = 0;
      if (current && tick.polled.some((w) => weekKey(w) === weekKey(current))) lastIdlePoll = now;
      tick.failures = failures;
      // The delay was planned on the games as read before the pass: an idle read that changed them plans
      // again on what it wrote (a kickoff moved into the window, a game already under way: game day).
      const plannedMs = mode === 'idle' && tick.updated > 0 ? await replannedIdleDelay(now) : baseDelay;
      tick.nextDelayMs = failures ? Math.max(plannedMs, Math.min(settings.idleIntervalMs, cadenceMs * 2 ** failures)) : plannedMs;
      return tick;
    },
  };

  /** After an idle pass that changed games: the game-day interval if one is now followed, else the idle delay anew. */
  async function replannedIdleDelay(now: number): Promise<number> {
    const { followed, next } = await ctx.uow.read(async (store) => ({
      followed: await store.liveCandidates(new Date(now - LIVE_FEED_FOLLOW_MS), new Date(now + windowMs)),
      next: await store.nextScheduledGame(new Date(now)),
    }));
    return followed.length > 0 ? settings.intervalMs : idleDelay(now, next);
  }

  /** Game day: wait the game-day interval, but wake at the next published game's kickoff (the live cadence starts there). */
  function gameDayDelay(now: number, followed: Game[], published: Set<string>): number {
    const kickoffs = followed.filter((g) => published.has(g.espnId)).map((g) => Date.parse(g.gameTimeUtc) - now);
    const untilKickoff = Math.min(...kickoffs.filter((ms) => ms > 0));
    return Math.max(settings.liveIntervalMs, Math.min(settings.intervalMs, untilKickoff));
  }

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
    const started = Date.now();
    try {
      const t = await feed.tick();
      errors = 0;
      if (t.updated || t.rejected || t.failed.length)
        ctx.logger.info(
          { mode: t.mode, polled: t.polled.length, failed: t.failed.length, updated: t.updated, rejected: t.rejected, nextDelayMs: t.nextDelayMs },
          'live feed tick',
        );
      // The delay counts from the tick's start (its clock read), so a slow pass does not stretch the
      // cadence; after a failure the whole back-off is waited, and never less than half the delay.
      if (t.failed.length) return t.nextDelayMs;
      return Math.max(t.nextDelayMs / 2, t.nextDelayMs - (Date.now() - started));
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
