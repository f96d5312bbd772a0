import { afterEach, describe, expect, it } from 'vitest';
import { integrationSkipReason, stored, WILD_CARD_WEEK } from '@powerpool/testing';
import type { ServiceApp } from '@powerpool/service-kit';
import { buildApp } from '../src/app.js';
import { loadSportsDataStagingConfig } from '../src/config.js';
import { inProgress, sportsEnv, startSports, wildCard, type SportsHarness } from './helpers.js';

const skip = await integrationSkipReason();

const ROUND = '2025-3-1';
const WEEK_FILTER = 'seasontype=3&week=1';
// Recorded: LAR at CAR kicks off 2026-01-10T21:30Z, the round's first game.
const LAR_CAR = '401772979';
const LAR_CAR_KICKOFF = Date.parse('2026-01-10T21:30:00Z');
const MINUTE = 60_000;
const INTERVAL_MS = 1_000;
/** An hour: no pass in these tests can come from the feed's own idle timer. */
const IDLE_MS = 60 * MINUTE;
const WAKE_WITHIN_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, check: () => boolean, timeoutMs = WAKE_WITHIN_MS): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(25);
  }
}

/**
 * The live feed woken (docs/architecture.md#live-feed): on a fresh database the feed sleeps its idle interval; pushing
 * games to production and publishing a week make it re-plan at once. The harness's app (feed off)
 * does the work, as one replica; a second replica runs the feed, so the wake is also shown to
 * reach a replica other than the one that pushed to production.
 */
describe.skipIf(skip)('sports-data-staging live feed wake', () => {
  let h: SportsHarness | undefined;
  let feedApp: ServiceApp | undefined;
  let now = 0;
  const scoreboardReads = () => h!.replay.requests.filter((r) => r.includes(WEEK_FILTER));

  async function start(at: number): Promise<SportsHarness> {
    now = at;
    h = await startSports({ now: () => new Date(now), env: { LIVE_FEED_INTERVAL_MS: String(INTERVAL_MS), LIVE_FEED_IDLE_INTERVAL_MS: String(IDLE_MS) } });
    return h;
  }
  /** A replica running the live feed on its cadence (LIVE_FEED=on, idle interval of an hour). */
  async function feedReplica(): Promise<ServiceApp> {
    const env = sportsEnv(h!.replay, { env: { LIVE_FEED: 'on', LIVE_FEED_INTERVAL_MS: String(INTERVAL_MS), LIVE_FEED_IDLE_INTERVAL_MS: String(IDLE_MS) } });
    feedApp = await buildApp({ ...h!.runtime, config: loadSportsDataStagingConfig(env), now: () => new Date(now) });
    return feedApp;
  }
  /** The 2025 season staged and its teams in production; the Wild Card round before kickoff. */
  async function importSeason(): Promise<void> {
    h!.replay.setScoreboard(ROUND, wildCard());
    await h!.importTeams(2025);
    await h!.importGames(2025);
    expect((await h!.pushTeams()).statusCode).toBe(200);
  }

  /** weeks-workflow's announcement that pool `poolId` published the Wild Card's LAR @ CAR, at `now`. */
  async function publishWildCardWeek(poolId: string): Promise<void> {
    await h!.runtime.bus.publish('weeks.week.published', {
      poolId,
      year: 2025,
      weekNumber: WILD_CARD_WEEK,
      pickDeadline: new Date(LAR_CAR_KICKOFF - 10 * MINUTE).toISOString(),
      publishedAt: new Date(now).toISOString(),
      games: [
        {
          gameId: LAR_CAR,
          poolGameId: 'pg-1',
          lockedSpread: -10.5,
          gameTimeUtc: new Date(LAR_CAR_KICKOFF).toISOString(),
          homeTeamEspnId: '29',
          awayTeamEspnId: '14',
        },
      ],
    });
  }

  afterEach(async () => {
    await feedApp?.close();
    feedApp = undefined;
    await h?.close();
    h = undefined;
  });

  it('should read the scoreboard at once when games are pushed to production with a kickoff inside the window', async () => {
    await start(LAR_CAR_KICKOFF - 10 * MINUTE);
    await feedReplica();
    // Its first pass finds no production game and goes to sleep for the idle interval.
    await sleep(300);
    await importSeason();
    h!.replay.requests.length = 0;

    expect((await h!.pushGames()).at(-1)?.type).toBe('complete');
    await until('the feed reads the Wild Card scoreboard after the games are pushed', () => scoreboardReads().length > 0);
    // Woken into the game-day cadence: it keeps reading every interval, not every hour.
    const first = scoreboardReads().length;
    await until('a second read on the game-day cadence', () => scoreboardReads().length > first, 3 * INTERVAL_MS + WAKE_WITHIN_MS);
  });

  it('should re-plan at once when a week is published, after sleeping idle far from any kickoff', async () => {
    await start(LAR_CAR_KICKOFF - 3 * 60 * MINUTE);
    await importSeason();
    expect((await h!.pushGames()).at(-1)?.type).toBe('complete');
    h!.replay.requests.length = 0;
    // Started three hours before the first kickoff: one idle read of the current week, then asleep for the hour.
    await feedReplica();
    await until('the first idle read', () => scoreboardReads().length === 1);
    await sleep(500);
    expect(scoreboardReads()).toHaveLength(1);

    // Ten minutes before kickoff (the feed asleep, its next pass an hour away), the commissioner publishes the week.
    now = LAR_CAR_KICKOFF - 10 * MINUTE;
    h!.replay.requests.length = 0;
    await publishWildCardWeek('00000000-0000-4000-8000-00000000aaaa');
    await until('the feed reads the Wild Card scoreboard after the week is published', () => scoreboardReads().length > 0);
  });

  it('should take up the live cadence right after an idle read finds a kickoff moved earlier and the game under way', async () => {
    await start(LAR_CAR_KICKOFF - 3 * 60 * MINUTE);
    await importSeason();
    expect((await h!.pushGames()).at(-1)?.type).toBe('complete');
    await publishWildCardWeek('00000000-0000-4000-8000-00000000cccc');
    await stored(h!, `SELECT 1 FROM sports.published_games WHERE espn_id = $1`, [LAR_CAR]);

    // The provider moved the kickoff three hours earlier: the game kicked off two minutes ago. The
    // feed, planned on the old schedule (every game hours away), is idle and reads the current week.
    h!.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: { ...inProgress(1, '9:12', 7, 0), date: new Date(now - 2 * MINUTE).toISOString() } }));
    const idle = await h!.feed.tick();
    expect(idle).toMatchObject({ mode: 'idle', leader: true, updated: 1 });
    // It plans again after the game-day interval, not the idle hour planned before the read...
    expect(idle.nextDelayMs).toBe(INTERVAL_MS);
    // ...and that pass follows the game on the live cadence.
    expect(await h!.feed.tick()).toMatchObject({ mode: 'live', polled: [{ year: 2025, weekNumber: WILD_CARD_WEEK }] });
  });
});
