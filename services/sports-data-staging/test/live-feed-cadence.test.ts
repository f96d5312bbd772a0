import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSkipReason, stored, WILD_CARD_WEEK } from '@powerpool/testing';
import { startSports, wildCard, final, inProgress, type SportsHarness } from './helpers.js';

const skip = await integrationSkipReason();

// The live cadence and conditional reads of the live feed (docs/architecture.md#live-feed).
const ROUND = '2025-3-1';
const WEEK_FILTER = 'seasontype=3&week=1';
// Recorded: LAR at CAR kicks off 2026-01-10T21:30Z, LAC at NE 2026-01-12T01:15Z.
const LAR_CAR = '401772979';
const LAR_CAR_KICKOFF = Date.parse('2026-01-10T21:30:00Z');
const LAC_NE = '401772978';
const LAC_NE_KICKOFF = Date.parse('2026-01-12T01:15:00Z');
const MINUTE = 60_000;
const LIVE_MS = 250;
const INTERVAL_MS = 1_000;
const IDLE_MS = 60_000;

describe.skipIf(skip)('sports-data-staging live feed: live cadence and conditional reads', () => {
  let h: SportsHarness;
  let now = LAR_CAR_KICKOFF - 10 * MINUTE;
  const scoreboardReads = () => h.replay.requests.filter((r) => r.includes(WEEK_FILTER));
  const notModified = () => h.replay.notModified.filter((r) => r.includes(WEEK_FILTER));
  const game = async (espnId: string) =>
    (await h.runtime.database.sql.query<Record<string, any>>(`SELECT * FROM sports.games WHERE espn_id = $1`, [espnId]))[0]!;

  async function publish(espnIds: string[]): Promise<void> {
    await h.runtime.bus.publish('weeks.week.published', {
      poolId: '00000000-0000-4000-8000-00000000bbbb',
      year: 2025,
      weekNumber: WILD_CARD_WEEK,
      pickDeadline: new Date(LAR_CAR_KICKOFF - 10 * MINUTE).toISOString(),
      publishedAt: new Date(now).toISOString(),
      games: espnIds.map((gameId, i) => ({
        gameId,
        poolGameId: `pg-${i}`,
        lockedSpread: -3.5,
        gameTimeUtc: new Date(LAR_CAR_KICKOFF).toISOString(),
        homeTeamEspnId: '29',
        awayTeamEspnId: '14',
      })),
    });
  }

  beforeAll(async () => {
    h = await startSports({
      now: () => new Date(now),
      env: { LIVE_FEED_LIVE_INTERVAL_MS: String(LIVE_MS), LIVE_FEED_INTERVAL_MS: String(INTERVAL_MS), LIVE_FEED_IDLE_INTERVAL_MS: String(IDLE_MS) },
      timeoutMs: 300,
      retries: 1,
    });
    h.replay.setScoreboard(ROUND, wildCard());
    await h.importTeams(2025);
    await h.importGames(2025);
    expect((await h.pushTeams()).statusCode).toBe(200);
    expect((await h.pushGames()).at(-1)?.type).toBe('complete');
  });
  afterAll(async () => h?.close());

  // One game on the service's clock: each step starts from the clock, the published games and the
  // versions the step before left (they were separate tests run in this order), so one test.
  it('should follow a published game from the game-day cadence to the live one, conditional reads and back, in order', { timeout: 120_000 }, async () => {
    // Step 1: stay on the game-day cadence while the game being played is in no published week.
    {
      now = LAR_CAR_KICKOFF + 5 * MINUTE;
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: inProgress(1, '9:12', 0, 0) }));
      expect(await h.feed.tick()).toMatchObject({ mode: 'game-day', leader: true, updated: 1, nextDelayMs: INTERVAL_MS });
    }

    // Step 2: poll on the live cadence once a pool has published the game being played.
    {
      await publish([LAR_CAR]);
      await stored(h, `SELECT 1 FROM sports.published_games WHERE espn_id = $1`, [LAR_CAR]);
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: inProgress(1, '4:11', 7, 0) }));
      const tick = await h.feed.tick();
      expect(tick).toMatchObject({ mode: 'live', leader: true, polled: [{ year: 2025, weekNumber: WILD_CARD_WEEK }], updated: 1, nextDelayMs: LIVE_MS });
      expect(await game(LAR_CAR)).toMatchObject({ game_status: 'IN_PROGRESS', away_score: 7, home_score: 0 });
    }

    // Step 3: send the version it applied and write nothing when the provider answers 304.
    {
      h.replay.requests.length = 0;
      h.replay.notModified.length = 0;
      now += LIVE_MS;
      const before = await h.snapshot();
      const unchanged = await h.feed.tick();
      expect(unchanged).toMatchObject({ mode: 'live', polled: [{ year: 2025, weekNumber: WILD_CARD_WEEK }], unchanged: 1, updated: 0, nextDelayMs: LIVE_MS });
      expect(scoreboardReads()).toHaveLength(1);
      expect(notModified()).toHaveLength(1);
      expect(await h.snapshot()).toEqual(before);

      // The next change comes in full and is written.
      now += LIVE_MS;
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: inProgress(1, '1:02', 7, 3) }));
      expect(await h.feed.tick()).toMatchObject({ mode: 'live', unchanged: 0, updated: 1 });
      expect(notModified()).toHaveLength(1);
      expect(await game(LAR_CAR)).toMatchObject({ away_score: 7, home_score: 3, game_clock: '1:02' });
    }

    // Step 4: read in full after a failed read, and back off from the live interval.
    {
      now += LIVE_MS;
      h.replay.setFault(WEEK_FILTER, '500');
      const delays: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const tick = await h.feed.tick();
        expect(tick).toMatchObject({ mode: 'live', failures: i + 1, updated: 0 });
        delays.push(tick.nextDelayMs);
        now += tick.nextDelayMs;
      }
      expect(delays).toEqual([2, 4, 8].map((n) => n * LIVE_MS));
      h.replay.clearFaults();
      h.replay.notModified.length = 0;
      // The reply has not changed since the last version applied, but that version was dropped with
      // the failed read: the recovery reads in full (and writes nothing new).
      expect(await h.feed.tick()).toMatchObject({ mode: 'live', failures: 0, unchanged: 0, updated: 0, nextDelayMs: LIVE_MS });
      expect(notModified()).toHaveLength(0);
    }

    // Step 5: leave the live cadence when the game is decided.
    {
      now += LIVE_MS;
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: final(34, 31) }));
      expect(await h.feed.tick()).toMatchObject({ mode: 'live', updated: 1 });
      expect(await game(LAR_CAR)).toMatchObject({ game_status: 'COMPLETE' });
      now += LIVE_MS;
      expect((await h.feed.tick()).mode).not.toBe('live');
    }

    // Step 6: wake at the kickoff of a published game rather than a game-day interval later.
    {
      now = LAC_NE_KICKOFF - 20 * MINUTE;
      await publish([LAC_NE]);
      await stored(h, `SELECT 1 FROM sports.published_games WHERE espn_id = $1`, [LAC_NE]);
      now = LAC_NE_KICKOFF - 600;
      expect(await h.feed.tick()).toMatchObject({ mode: 'game-day', nextDelayMs: 600 });
      now = LAC_NE_KICKOFF;
      // Kicked off by the clock while the provider still says scheduled: followed on the live cadence.
      expect(await h.feed.tick()).toMatchObject({ mode: 'live', nextDelayMs: LIVE_MS });
    }
  });
});
