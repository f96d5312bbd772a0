import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PICK_MESSAGES, type Game, type Pool } from '@powerpool/contracts';
import { integrationSkipReason } from '@powerpool/testing';
import {
  buildSeason,
  announceGames,
  announceMember,
  announcePool,
  batchOf,
  call,
  castOf,
  finalScore,
  person,
  pushSeason,
  moveWeekTo,
  overrideOf,
  poolWeek,
  publishWeek,
  startPicks,
  type Cast,
  type Person,
  type PicksHarness,
  type PublishedWeek,
  WEEK1,
} from './helpers.js';

const skip = await integrationSkipReason();

const { before: BEFORE, deadline: DEADLINE, spreads: SPREADS } = WEEK1;
const FULL: Array<[string, string, number]> = [
  ['w1-a', '21', 3],
  ['w1-c', '15', 2],
  ['w1-b', '12', 1],
  ['w1-d', '8', 0],
];

/** The weekly tiebreaker's prediction (docs/game.md#weekly-winners): saved with the picks, locked with them, hidden like them. */
describe.skipIf(skip)('tiebreaker prediction', () => {
  let h: PicksHarness;
  let cast: Cast;
  let games: Game[];
  let pool: Pool;
  let week: PublishedWeek;
  let player2: Person;

  beforeAll(async () => {
    h = await startPicks();
    cast = await castOf(h);
    games = await pushSeason(h, buildSeason());
    player2 = await person(h, { role: 'user', name: 'Quinn Second' });
  });
  afterAll(async () => h?.close());

  /** A pool with a weekly tiebreaker, the player and player2 as members, week 1 published on `weekGames` (no picks yet, the clock before the deadline). */
  const tiebreakerWeek = (weekGames: Game[], spreads: Record<string, number>) =>
    poolWeek(h, cast, {
      games: weekGames,
      weekNumber: 1,
      spreads,
      tiebreaker: 'last_game_total',
      members: [cast.player, player2],
      picks: [],
      now: BEFORE,
      started: false,
    });

  beforeEach(async () => {
    h.clock.now = BEFORE;
    ({ pool, week } = await tiebreakerWeek(games, SPREADS));
  });

  const save = (who: Person, body: unknown) => call(h, { method: 'POST', url: '/api/picks/batch', who, payload: body });
  const mine = (who: Person, poolId = pool.id) => call(h, { method: 'GET', url: `/api/weeks/2025:1/tiebreaker?poolId=${poolId}`, who });
  const storedPredictions = async () =>
    (
      await h.runtime.database.sql.query<{ user_id: string; prediction: number }>(
        'SELECT user_id, prediction FROM picks.week_tiebreakers WHERE pool_id = $1 ORDER BY prediction',
        [pool.id],
      )
    ).map((r) => [r.user_id, r.prediction]);

  it('should fix the last published game by kickoff as the week tiebreaker game when the week is published', async () => {
    const res = await mine(cast.player);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ poolId: pool.id, year: 2025, weekNumber: 1, tiebreakerGameId: 'w1-d', tiebreaker: null });
  });

  it('should save the prediction with the picks and read it back when the week has a tiebreaker game', async () => {
    const res = await save(cast.player, { ...batchOf(week, FULL), tiebreaker: 47 });
    expect(res.statusCode).toBe(200);
    expect(res.json().tiebreaker).toBe(47);
    expect((await mine(cast.player)).json().tiebreaker).toBe(47);
    // A second save replaces it.
    expect((await save(cast.player, { ...batchOf(week, FULL), tiebreaker: 0 })).json().tiebreaker).toBe(0);
    expect(await storedPredictions()).toEqual([[cast.player.id, 0]]);
  });

  it('should refuse the whole save, picks included, when the prediction is missing', async () => {
    const res = await save(cast.player, batchOf(week, FULL));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'incomplete_picks',
      message: PICK_MESSAGES.tiebreakerRequired(games.find((g) => g.espnId === 'w1-d')!.gameName),
      details: { title: 'Incomplete Picks', field: 'tiebreaker' },
    });
    const picks = await h.runtime.database.sql.query('SELECT 1 FROM picks.picks WHERE pool_id = $1', [pool.id]);
    expect(picks).toHaveLength(0);
  });

  it.each([[-1], [201], [45.5], ['45']])('should refuse a prediction that is not a whole number from 0 to 200 (%s)', async (tiebreaker) => {
    const res = await save(cast.player, { ...batchOf(week, FULL), tiebreaker });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', details: [{ field: 'tiebreaker' }] });
    expect(await storedPredictions()).toEqual([]);
  });

  it('should keep the saved prediction when a later save arrives after the deadline', async () => {
    expect((await save(cast.player, { ...batchOf(week, FULL), tiebreaker: 44 })).statusCode).toBe(200);
    h.clock.now = DEADLINE;
    const res = await save(cast.player, { ...batchOf(week, FULL), tiebreaker: 51 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('picks_locked');
    h.clock.now = BEFORE;
    await moveWeekTo(h, { pool, weekNumber: 1, to: 'GAMES_IN_PROGRESS' });
    expect((await save(cast.player, { ...batchOf(week, FULL), tiebreaker: 52 })).statusCode).toBe(409);
    expect(await storedPredictions()).toEqual([[cast.player.id, 44]]);
  });

  it("should show each player only their own prediction, never another's", async () => {
    await save(cast.player, { ...batchOf(week, FULL), tiebreaker: 38 });
    await save(player2, { ...batchOf(week, FULL), tiebreaker: 61 });
    expect((await mine(cast.player)).json().tiebreaker).toBe(38);
    expect((await mine(player2)).json().tiebreaker).toBe(61);
    // The commissioner (a member who saved nothing) reads only their own: none.
    expect((await mine(cast.commissioner)).json().tiebreaker).toBeNull();
    // Someone outside the pool reads nothing.
    expect((await mine(cast.outsider)).statusCode).toBe(403);
  });

  it('should keep no prediction when the week has no tiebreaker game', async () => {
    const plain = await announcePool(h, cast.commissioner);
    await announceMember(h, { pool: plain, who: cast.player });
    const plainWeek = await publishWeek(h, { pool: plain, weekNumber: 1, games, spreads: SPREADS });
    const res = await save(cast.player, { ...batchOf(plainWeek, FULL), tiebreaker: 40 });
    expect(res.statusCode).toBe(200);
    expect(res.json().tiebreaker).toBeNull();
    expect((await mine(cast.player, plain.id)).json()).toMatchObject({ tiebreakerGameId: null, tiebreaker: null });
    // And a save without one is taken.
    expect((await save(cast.player, batchOf(plainWeek, FULL))).statusCode).toBe(200);
  });

  it('should show every prediction and name the winner on the live leaderboard once the week is in SCORING', async () => {
    // This test plays week 1: on copies of its games of its own (fresh ids), as a game played takes
    // no new pick and the other tests save theirs on the suite's games.
    const copy = `-${randomUUID().slice(0, 8)}`;
    const own = await announceGames(
      h,
      games.filter((g) => g.espnId in SPREADS).map((g) => ({ ...g, espnId: g.espnId + copy, espnCompetitionId: g.espnId + copy })),
    );
    const { pool: played, week: playedWeek } = await tiebreakerWeek(
      own,
      Object.fromEntries(Object.entries(SPREADS).map(([id, spread]) => [id + copy, spread])),
    );
    const WON: Array<[string, string, number]> = [
      ['w1-a' + copy, '21', 3],
      ['w1-c' + copy, '15', 2],
      ['w1-b' + copy, '12', 1],
      ['w1-d' + copy, '3', 0],
    ];
    await save(cast.player, { ...batchOf(playedWeek, WON), tiebreaker: 44 });
    await save(player2, { ...batchOf(playedWeek, WON), tiebreaker: 49 });
    const board = async (who: Person) => (await call(h, { method: 'GET', url: `/api/pools/${played.id}/weeks/1/live-leaderboard`, who })).json();
    // Before the deadline the board is closed to players, and the commissioner sees the predictions (as the picks), no winner yet.
    const early = await board(cast.commissioner);
    expect(early.standings.find((s: any) => s.userId === player2.id)).toMatchObject({ tiebreaker: 49, isWeekWinner: false });

    const byId = (id: string) => own.find((g) => g.espnId === id + copy)!;
    await finalScore(h, { game: byId('w1-a'), homeScore: 24, awayScore: 17 });
    await finalScore(h, { game: byId('w1-b'), homeScore: 20, awayScore: 10 });
    await finalScore(h, { game: byId('w1-c'), homeScore: 10, awayScore: 20 });
    await finalScore(h, { game: byId('w1-d'), homeScore: 27, awayScore: 20 }); // the tiebreaker game: 47 points
    h.clock.now = new Date(DEADLINE.getTime() + 60_000);
    await moveWeekTo(h, { pool: played, weekNumber: 1, to: 'GAMES_IN_PROGRESS' });
    const live = await board(cast.player);
    expect(live.standings.map((s: any) => [s.userId, s.weekPoints, s.tiebreaker, s.isWeekWinner])).toEqual(
      expect.arrayContaining([
        [cast.player.id, 12, 44, false],
        [player2.id, 12, 49, false],
      ]),
    );
    await moveWeekTo(h, { pool: played, weekNumber: 1, to: 'SCORING' });
    const scoring = await board(cast.player);
    const row = (id: string) => scoring.standings.find((s: any) => s.userId === id);
    // Both scored 12: 49 is 2 from 47, 44 is 3 from it.
    expect(row(player2.id)).toMatchObject({ weekPoints: 12, tiebreaker: 49, isWeekWinner: true });
    expect(row(cast.player.id)).toMatchObject({ weekPoints: 12, tiebreaker: 44, isWeekWinner: false });
    // The scoring review and its CSV export name no winner before the week's first calculation (the
    // review's points are zeros then); once calculated they carry the same as the board, and so does
    // the live leaderboard's export.
    const reviewOf = async () => (await call(h, { method: 'GET', url: `/api/pools/${played.id}/weeks/1/scoring-review`, who: cast.commissioner })).json();
    expect((await reviewOf()).rows.map((r: any) => [r.userId, r.tiebreaker, r.isWeekWinner])).toEqual(
      expect.arrayContaining([
        [cast.player.id, 44, false],
        [player2.id, 49, false],
      ]),
    );
    const weekCsv = (await call(h, { method: 'GET', url: `/api/pools/${played.id}/weeks/1/export/csv`, who: cast.commissioner })).body.split('\r\n');
    expect(weekCsv.find((line) => line.includes('Quinn Second'))!.endsWith(',49,No')).toBe(true);
    expect(weekCsv.find((line) => line.includes(cast.player.name))!.endsWith(',44,No')).toBe(true);
    expect((await call(h, { method: 'POST', url: `/api/pools/${played.id}/weeks/1/scores/calculate`, who: cast.commissioner })).statusCode).toBe(200);
    const review = await reviewOf();
    expect(review.rows.map((r: any) => [r.userId, r.tiebreaker, r.isWeekWinner])).toEqual(
      expect.arrayContaining([
        [cast.player.id, 44, false],
        [player2.id, 49, true],
      ]),
    );
    for (const path of ['leaderboard/export/csv', 'export/csv']) {
      const csv = (await call(h, { method: 'GET', url: `/api/pools/${played.id}/weeks/1/${path}`, who: cast.commissioner })).body.split('\r\n');
      expect(csv[0]!.endsWith(',Tiebreaker,Week Winner'), path).toBe(true);
      expect(csv.find((line) => line.includes('Quinn Second'))!.endsWith(',49,Yes'), path).toBe(true);
      expect(csv.find((line) => line.includes(cast.player.name))!.endsWith(',44,No'), path).toBe(true);
    }
    // COMPLETE: the same, from the stored calculation.
    await moveWeekTo(h, { pool: played, weekNumber: 1, to: 'COMPLETE' });
    await expect
      .poll(async () => (await board(cast.player)).standings.map((s: any) => [s.userId, s.isWeekWinner]).sort())
      .toEqual(
        [
          [cast.player.id, false],
          [player2.id, true],
        ].sort(),
      );
    // The Season Leaderboard's weekly details: the week won, and the prediction.
    const weekly = async (who: Person) =>
      (await call(h, { method: 'GET', url: `/api/users/${who.id}/pools/${played.id}/weekly-scoring-review`, who: cast.player })).json();
    await expect.poll(async () => (await weekly(player2)).map((w: any) => [w.weekNumber, w.tiebreaker, w.isWeekWinner])).toEqual([[1, 49, true]]);
    expect((await weekly(cast.player)).map((w: any) => [w.weekNumber, w.tiebreaker, w.isWeekWinner])).toEqual([[1, 44, false]]);
  });

  it('should let the commissioner set the prediction with an override, recorded before and after, and keep it when the override gives none', async () => {
    h.clock.now = new Date(DEADLINE.getTime() + 60_000);
    // (Past the deadline: a player's save would be refused, the commissioner's entry is not.)
    const first = await call(h, {
      method: 'POST',
      url: '/api/picks/commissioner-override',
      who: cast.commissioner,
      payload: { ...overrideOf({ week, target: cast.player, picks: FULL }), tiebreaker: 30 },
    });
    expect(first.json().override).toMatchObject({ tiebreakerBefore: null, tiebreakerAfter: 30 });
    const overridden = await call(h, {
      method: 'POST',
      url: '/api/picks/commissioner-override',
      who: cast.commissioner,
      payload: { ...overrideOf({ week, target: cast.player, picks: FULL }), tiebreaker: 52 },
    });
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json().override).toMatchObject({ tiebreakerBefore: 30, tiebreakerAfter: 52 });
    expect((await mine(cast.player)).json().tiebreaker).toBe(52);
    const again = await call(h, {
      method: 'POST',
      url: '/api/picks/commissioner-override',
      who: cast.commissioner,
      payload: overrideOf({ week, target: cast.player, picks: FULL, overrideReason: 'Picks only' }),
    });
    expect(again.json().override).toMatchObject({ tiebreakerBefore: 52, tiebreakerAfter: 52 });
    expect(await storedPredictions()).toEqual([[cast.player.id, 52]]);
    // The record as the pool's members read it (after the deadline: with the predictions).
    const records = (await call(h, { method: 'GET', url: `/api/pools/${pool.id}/weeks/1/overrides`, who: player2 })).json();
    // (All three at the same instant of the test clock: compared without their order.)
    expect(records.map((r: any) => [r.tiebreakerBefore, r.tiebreakerAfter])).toHaveLength(3);
    expect(records.map((r: any) => [r.tiebreakerBefore, r.tiebreakerAfter])).toEqual(
      expect.arrayContaining([
        [null, 30],
        [30, 52],
        [52, 52],
      ]),
    );
  });
});
