import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameUpdatedEventSchema, RPC, type EventPayload } from '@powerpool/contracts';
import { integrationSkipReason, WILD_CARD_WEEK } from '@powerpool/testing';
import { buildApp, liveFeedOf } from '../src/app.js';
import { loadSportsDataStagingConfig } from '../src/config.js';
import { sportsEnv, startSports, wildCard, final, inProgress, type SportsHarness } from './helpers.js';

const skip = await integrationSkipReason();

const ROUND = '2025-3-1';
const WEEK_FILTER = 'seasontype=3&week=1';
// Recorded: LAR at CAR, kickoff 2026-01-10T21:30Z, final LAR 34 - CAR 31; NE-LAC kicks off 2026-01-12T01:15Z.
const LAR_CAR = '401772979';
const LAR_CAR_KICKOFF = Date.parse('2026-01-10T21:30:00Z');
const LAC_NE = '401772978';
const MINUTE = 60_000;
const INTERVAL_MS = 1_000;
const IDLE_MS = 60_000;

describe.skipIf(skip)('sports-data-staging live feed', () => {
  let h: SportsHarness;
  let now = LAR_CAR_KICKOFF - 2 * 60 * MINUTE;
  /** Every sports.game.updated the service emitted so far (its outbox, in order). */
  const emitted = async (): Promise<Array<EventPayload<'sports.game.updated'>>> =>
    (await h.runtime.database.sql.query<{ payload: unknown }>(`SELECT payload FROM sports.outbox WHERE subject = 'sports.game.updated' ORDER BY id`)).map((r) =>
      gameUpdatedEventSchema.parse(typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload),
    );
  /** The sports.game.updated events emitted while `fn` runs. */
  async function emittedBy(fn: () => Promise<unknown>): Promise<Array<EventPayload<'sports.game.updated'>>> {
    const before = (await emitted()).length;
    await fn();
    return (await emitted()).slice(before);
  }
  const game = async (espnId: string) =>
    (await h.runtime.database.sql.query<Record<string, any>>(`SELECT * FROM sports.games WHERE espn_id = $1`, [espnId]))[0]!;
  const warnings = (reason: string) => h.logs.filter((l) => l.reason === reason && l.source === 'live-feed');
  const at = (ms: number) => {
    now = ms;
  };

  beforeAll(async () => {
    h = await startSports({
      now: () => new Date(now),
      env: { LIVE_FEED_INTERVAL_MS: String(INTERVAL_MS), LIVE_FEED_IDLE_INTERVAL_MS: String(IDLE_MS) },
      timeoutMs: 300,
      retries: 1,
    });
    h.replay.setScoreboard(ROUND, wildCard());
    await h.importTeams(2025);
    await h.importGames(2025);
    expect((await h.pushTeams()).statusCode).toBe(200);
    expect((await h.pushGames()).at(-1)?.type).toBe('complete');
    expect((await game(LAR_CAR)).game_status).toBe('SCHEDULED');
  });
  afterAll(async () => h?.close());

  // One game day on the service's clock: each step starts from the clock, the scores and the
  // warnings the step before left (they were separate tests run in this order), so one test.
  it('should follow a wild card game day from idle reads to the final score and a moved kickoff, in order', { timeout: 120_000 }, async () => {
    // Step 1: read only the current week now and then when no game is near.
    {
      at(LAR_CAR_KICKOFF - 2 * 60 * MINUTE);
      h.replay.requests.length = 0;
      const first = await h.feed.tick();
      expect(first).toMatchObject({
        mode: 'idle',
        leader: true,
        polled: [{ year: 2025, weekNumber: WILD_CARD_WEEK }],
        failed: [],
        updated: 0,
        nextDelayMs: IDLE_MS,
      });
      expect(h.replay.requests).toEqual([expect.stringContaining(WEEK_FILTER)]);
      at(now + 1_000);
      expect(await h.feed.tick()).toMatchObject({ mode: 'idle', polled: [] });
      expect(h.replay.requests).toHaveLength(1);
    }

    // Step 2: wake when the next window opens and follow the game-day cadence within 15 minutes of kickoff.
    {
      at(LAR_CAR_KICKOFF - 15 * MINUTE - 20_000);
      expect(await h.feed.tick()).toMatchObject({ mode: 'idle', nextDelayMs: 20_000 });
      at(LAR_CAR_KICKOFF - 10 * MINUTE);
      expect(await h.feed.tick()).toMatchObject({
        mode: 'game-day',
        polled: [{ year: 2025, weekNumber: WILD_CARD_WEEK }],
        updated: 0,
        nextDelayMs: INTERVAL_MS,
      });
    }

    // Step 3: emit one sports.game.updated per real change and nothing when the reply says what we have.
    {
      at(LAR_CAR_KICKOFF + 10 * MINUTE);
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: inProgress(1, '4:11', 7, 0) }));
      const changed = await emittedBy(() => h.feed.tick());
      expect(changed).toHaveLength(1);
      expect(changed[0]!.game).toMatchObject({
        espnId: LAR_CAR,
        gameStatus: 'IN_PROGRESS',
        currentPeriod: 1,
        gameClock: '4:11',
        awayScore: 7,
        homeScore: 0,
        statusDetail: null,
      });
      expect(changed[0]!.changed).toEqual(['gameStatus', 'currentPeriod', 'gameClock', 'homeScore', 'awayScore']);
      expect(await emittedBy(() => h.feed.tick())).toEqual([]);

      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: { ...inProgress(2, '0:00', 17, 14), name: 'STATUS_HALFTIME' } }));
      const halftime = await emittedBy(() => h.feed.tick());
      expect(halftime.map((e) => [e.game.statusDetail, e.game.currentPeriod, e.game.awayScore, e.game.homeScore])).toEqual([['Halftime', 2, 17, 14]]);
    }

    // Step 4: emit a change once when two replicas and an admin refresh read the same reply.
    {
      const replica = await buildApp({
        ...h.runtime,
        config: loadSportsDataStagingConfig(
          sportsEnv(h.replay, { env: { LIVE_FEED_INTERVAL_MS: String(INTERVAL_MS), LIVE_FEED_IDLE_INTERVAL_MS: String(IDLE_MS) } }),
        ),
        now: () => new Date(now),
      });
      try {
        at(now + INTERVAL_MS);
        h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: inProgress(3, '9:30', 20, 14) }));
        let ticks: Awaited<ReturnType<typeof h.feed.tick>>[] = [];
        const changed = await emittedBy(async () => {
          const [a, b] = await Promise.all([
            h.feed.tick(),
            liveFeedOf(replica).tick(),
            h.runtime.bus.request(RPC.sportsRefreshScores, { weekNumber: WILD_CARD_WEEK, year: 2025 }, { timeoutMs: 10_000 }),
          ]);
          ticks = [a, b];
        });
        expect(ticks.map((t) => t.leader)).toEqual([true, false]);
        expect(changed.map((e) => [e.game.espnId, e.game.currentPeriod, e.game.awayScore])).toEqual([[LAR_CAR, 3, 20]]);
      } finally {
        await replica.close();
      }
    }

    // Step 5: keep the score and log when a reply says final without both scores.
    {
      at(now + INTERVAL_MS);
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: { ...final(34, 31), home: '' } }));
      let tick!: Awaited<ReturnType<typeof h.feed.tick>>;
      expect(await emittedBy(async () => (tick = await h.feed.tick()))).toEqual([]);
      expect(tick.rejected).toBe(1);
      expect(await game(LAR_CAR)).toMatchObject({ game_status: 'IN_PROGRESS', away_score: 20, home_score: 14 });
      expect(warnings('final_without_scores').at(-1)?.msg).toMatch(
        /LAR at CAR \(401772979\): the provider says final without both scores; kept 20-14 IN_PROGRESS/,
      );
    }

    // Step 6: keep the score and log when a score goes backwards before the game is final.
    {
      at(now + INTERVAL_MS);
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: inProgress(3, '8:00', 13, 14) }));
      expect(await emittedBy(() => h.feed.tick())).toEqual([]);
      expect(await game(LAR_CAR)).toMatchObject({ away_score: 20, game_clock: '9:30' });
      expect(warnings('score_backwards')).toHaveLength(1);
    }

    // Step 7: change nothing when a game is missing from the reply or the reply cannot be read.
    {
      at(now + INTERVAL_MS);
      const before = await h.snapshot();
      h.replay.setScoreboard(ROUND, wildCard({}, [LAR_CAR]));
      expect(await emittedBy(() => h.feed.tick())).toEqual([]);
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: inProgress(3, '9:30', 20, 14) }));
      for (const fault of ['garbage', 'missing-field'] as const) {
        h.replay.setFault(WEEK_FILTER, fault);
        expect(await h.feed.tick(), fault).toMatchObject({ failed: [{ year: 2025, weekNumber: WILD_CARD_WEEK }], failures: 1, updated: 0 });
        h.replay.clearFaults();
        expect(await h.feed.tick(), fault).toMatchObject({ failed: [], failures: 0, updated: 0 });
      }
      expect(await h.snapshot()).toEqual(before);
    }

    // Step 8: take a lower final score as a correction and never set a final game back in progress.
    {
      at(now + INTERVAL_MS);
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: final(34, 31) }));
      expect((await emittedBy(() => h.feed.tick())).map((e) => [e.game.gameStatus, e.game.awayScore, e.game.homeScore, e.game.winnerTeamEspnId])).toEqual([
        ['COMPLETE', 34, 31, '14'],
      ]);
      // Decided, the game is no longer followed on the game-day cadence: the idle read of its week takes corrections.
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: final(34, 28) }));
      at(now + IDLE_MS);
      expect((await emittedBy(() => h.feed.tick())).map((e) => [e.game.homeScore, e.changed])).toEqual([[28, ['homeScore']]]);
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: inProgress(4, '1:00', 30, 28) }));
      at(now + IDLE_MS);
      expect(await emittedBy(() => h.feed.tick())).toEqual([]);
      expect(await game(LAR_CAR)).toMatchObject({ game_status: 'COMPLETE', away_score: 34, home_score: 28 });
      expect(warnings('complete_reopened')).toHaveLength(1);
    }

    // Step 9: back off while the provider is down, change nothing, and recover when it answers.
    {
      at(now + INTERVAL_MS);
      h.replay.setScoreboard(ROUND, wildCard({ [LAR_CAR]: final(34, 28), [LAC_NE]: inProgress(1, '12:00', 0, 3) }));
      at(Date.parse('2026-01-12T01:30:00Z'));
      const before = await h.snapshot();
      h.replay.setFault(WEEK_FILTER, '500');
      const delays: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        const tick = await h.feed.tick();
        expect(tick).toMatchObject({ mode: 'game-day', updated: 0, failures: i + 1 });
        delays.push(tick.nextDelayMs);
        at(now + tick.nextDelayMs);
      }
      expect(delays).toEqual([2, 4, 8, 16, 32, 60, 60, 60].map((s) => s * 1_000));
      h.replay.setFault(WEEK_FILTER, 'slow', { slowMs: 1_000 });
      expect((await h.feed.tick()).failed).toHaveLength(1);
      expect(await h.snapshot()).toEqual(before);

      h.replay.clearFaults();
      const recovered = await h.feed.tick();
      expect(recovered).toMatchObject({ failures: 0, failed: [], updated: 1, nextDelayMs: INTERVAL_MS });
      expect(await game(LAC_NE)).toMatchObject({ game_status: 'IN_PROGRESS', home_score: 3, away_score: 0 });
    }

    // Step 10: take a moved kickoff from the current week when idle.
    {
      // Every other game is decided or more than 8 hours past kickoff; HOU at PIT kicks off in 13 hours.
      at(Date.parse('2026-01-12T12:00:00Z'));
      const moved = '2026-01-13T01:30Z';
      h.replay.setScoreboard(
        ROUND,
        wildCard({ '401772976': { name: 'STATUS_SCHEDULED', state: 'pre', date: moved }, [LAR_CAR]: final(34, 28), [LAC_NE]: inProgress(1, '12:00', 0, 3) }),
      );
      let tick!: Awaited<ReturnType<typeof h.feed.tick>>;
      const changed = await emittedBy(async () => (tick = await h.feed.tick()));
      expect(tick).toMatchObject({ mode: 'idle', nextDelayMs: IDLE_MS });
      expect(changed.map((e) => [e.game.espnId, e.game.gameTimeUtc, e.changed])).toEqual([['401772976', '2026-01-13T01:30:00.000Z', ['gameTimeUtc']]]);
    }
  });
});
