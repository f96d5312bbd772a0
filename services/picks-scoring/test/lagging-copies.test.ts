/**
 * picks-scoring acting on what weeks-workflow decided before (or without) the events that say so:
 * a week is scored on exactly the results its move to SCORING or COMPLETE was decided on, or newer
 * ones, whatever order the events arrive in (docs/cross-service-decisions.md#how-a-result-travels; docs/game.md#corrections).
 *
 * The week (buildSeason's week 1, WEEK1.spreads; home score + spread against away score):
 *   w1-a PHI(21) 24 - DAL(6) 20,  -3.5 -> 20.5 > 20: PHI covers
 *   w1-b KC(12) 20 - LAC(24) 17,  +2.5 -> 22.5 > 17: KC covers
 *   w1-c BUF(2) 10 - MIA(15) 13,   0   -> 10 < 13:   MIA covers
 *   w1-d CHI(3) 27 - DET(8) 20,   -1   -> 26 > 20:   CHI covers
 * Pat: 3 PHI W 3, 2 KC W 2, 1 BUF L 0, power CHI W -> (3 + 2 + 0) x2 = 10.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PICK_MESSAGES,
  RPC,
  scoringReviewReplySchema,
  seasonLeaderboardReplySchema,
  unscoredPicksReplySchema,
  type DecidedGame,
  type Game,
  type Pool,
  type WeekState,
} from '@powerpool/contracts';
import { integrationSkipReason, memberEventOf } from '@powerpool/testing';
import {
  buildSeason,
  announceMember,
  announcePool,
  batchOf,
  beforeDeadline,
  call,
  castOf,
  insertUnscorablePicksForTest,
  pushSeason,
  moveWeekTo,
  newerTimestamp,
  person,
  poolWithPublishedWeek,
  updateGame,
  savePicks,
  startPicks,
  stored,
  weekKey,
  WEEK1,
  YEAR,
  type Cast,
  type PicksHarness,
  type PublishedWeek,
} from './helpers.js';

const skip = await integrationSkipReason();
const WAIT = { timeout: 10_000, interval: 50 };

type Slot = 'a' | 'b' | 'c' | 'd';
const SLOTS: Slot[] = ['a', 'b', 'c', 'd'];
const FINALS: Record<Slot, [home: number, away: number]> = { a: [24, 20], b: [20, 17], c: [10, 13], d: [27, 20] };
/** Pat's picks as [slot, team, rank]. */
const PAT: Array<[Slot, string, number]> = [
  ['a', '21', 3],
  ['b', '12', 2],
  ['c', '2', 1],
  ['d', '3', 0],
];
const PAT_POINTS = 10;
let scenario = 0;

describe.skipIf(skip)('scoring on the results a move was decided on, however late the events', () => {
  let h: PicksHarness;
  let cast: Cast;
  let season: Game[];

  beforeAll(async () => {
    h = await startPicks();
    cast = await castOf(h);
    season = await pushSeason(h, buildSeason());
  });
  afterAll(async () => h?.close());

  /**
   * A fresh pool with Pat's picks saved on a week of four games of its own (copies of week 1's
   * w1-a..w1-d under new ids, so no other scenario's results touch them), moved to
   * GAMES_IN_PROGRESS, no game final yet.
   */
  async function weekInProgress(): Promise<{ pool: Pool; week: PublishedWeek; games: Game[] }> {
    return weekInProgressFor('GAMES_IN_PROGRESS');
  }

  async function weekInProgressFor(state: 'PUBLISHED' | 'GAMES_IN_PROGRESS'): Promise<{ pool: Pool; week: PublishedWeek; games: Game[] }> {
    scenario += 1;
    const games: Game[] = [];
    for (const slot of SLOTS) {
      const original = season.find((g) => g.espnId === `w1-${slot}`)!;
      games.push(await updateGame(h, { ...original, espnId: `lag${scenario}-${slot}`, espnCompetitionId: `lag${scenario}-${slot}` }));
    }
    const spreads = Object.fromEntries(SLOTS.map((slot, i) => [games[i]!.espnId, WEEK1.spreads[`w1-${slot}`]]));
    const { pool, week } = await poolWithPublishedWeek(h, {
      commissioner: cast.commissioner,
      members: [cast.player],
      games,
      spreads,
      picks: [[cast.player, patPicks(games)]],
    });
    await moveWeekTo(h, { pool, weekNumber: 1, to: state });
    return { pool, week, games };
  }

  const patPicks = (games: Game[]): Array<[string, string, number]> => PAT.map(([slot, team, rank]) => [games[SLOTS.indexOf(slot)]!.espnId, team, rank]);

  /** Each game as final, under one snapshot time (what sports-data-staging announces). */
  function finalGames(games: Game[]): Game[] {
    const at = newerTimestamp();
    return games.map((g, i) => ({ ...g, gameStatus: 'COMPLETE', homeScore: FINALS[SLOTS[i]!][0], awayScore: FINALS[SLOTS[i]!][1], updatedAt: at }));
  }

  const decidedOf = (week: PublishedWeek, games: Game[]): DecidedGame[] =>
    games.map((g) => {
      const { venueEspnId: _v, spread: _s, seasonType: _t, gameTimeCdt: _c, winnerTeamEspnId: _w, oddsProvider: _p, oddsDetails: _d, ...snapshot } = g;
      return { poolGameId: week.poolGameIds[g.espnId]!, game: snapshot, voided: null };
    });

  const stateEvent = (pool: Pool, fromState: WeekState, toState: WeekState, results?: DecidedGame[]) => ({
    poolId: pool.id,
    year: YEAR,
    weekNumber: 1,
    fromState,
    toState,
    testing: false,
    automatic: false,
    byUserId: cast.commissioner.id,
    at: h.clock.now.toISOString(),
    ...(results ? { results } : {}),
  });

  async function review(pool: Pool) {
    return scoringReviewReplySchema.parse(
      (await call(h, { method: 'GET', url: `/api/pools/${pool.id}/weeks/1/scoring-review`, who: cast.commissioner })).json(),
    );
  }

  /** Pat's week in the scoring review, and how many of his stored picks have no result (or PENDING). */
  async function patOf(pool: Pool) {
    const row = (await review(pool)).rows.find((r) => r.userId === cast.player.id)!;
    const [pending] = await h.runtime.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM picks.picks WHERE pool_id = $1 AND user_id = $2 AND (result IS NULL OR result = 'PENDING')",
      [pool.id, cast.player.id],
    );
    return { total: row.totalPoints, pending: pending!.n };
  }

  async function seasonOf(pool: Pool) {
    const standings = seasonLeaderboardReplySchema.parse(
      (await call(h, { method: 'GET', url: `/api/pools/${pool.id}/seasons/${YEAR}/leaderboard`, who: cast.player })).json(),
    );
    return standings.find((r) => r.user.id === cast.player.id);
  }

  it('should calculate on the results the move to SCORING carried when the game events have not arrived', async () => {
    const { pool, week, games } = await weekInProgress();
    // weeks-workflow saw the finals (its own copy) and moved to SCORING; picks-scoring hears only the move.
    await h.runtime.bus.publish('weeks.week.state-changed', stateEvent(pool, 'GAMES_IN_PROGRESS', 'SCORING', decidedOf(week, finalGames(games))));
    await stored(h, "SELECT 1 FROM picks.pool_weeks WHERE pool_id = $1 AND week_number = 1 AND state = 'SCORING'", [pool.id]);
    const res = await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/1/scores/calculate`, who: cast.commissioner });
    expect(res.statusCode).toBe(200);
    expect(await patOf(pool)).toEqual({ total: PAT_POINTS, pending: 0 });
  });

  it('should catch up from weeks-workflow when Calculate arrives before the move to SCORING', async () => {
    const { pool, week, games } = await weekInProgress();
    // weeks-workflow has moved (it answers rpc.weeks.week.get with the move); no event was delivered.
    const known = h.weeksWorkflow.get(weekKey({ poolId: pool.id, year: YEAR, weekNumber: 1 }))!;
    h.weeksWorkflow.set(weekKey({ poolId: pool.id, year: YEAR, weekNumber: 1 }), {
      ...known,
      latest: stateEvent(pool, 'GAMES_IN_PROGRESS', 'SCORING', decidedOf(week, finalGames(games))),
    });
    const res = await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/1/scores/calculate`, who: cast.commissioner });
    expect(res.statusCode).toBe(200);
    expect(await patOf(pool)).toEqual({ total: PAT_POINTS, pending: 0 });
  });

  it('should answer still_syncing (retryable) when the move has not arrived and weeks-workflow cannot be asked', async () => {
    const { pool } = await weekInProgress();
    const key = weekKey({ poolId: pool.id, year: YEAR, weekNumber: 1 });
    h.weeksWorkflowDown.add(key);
    try {
      const res = await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/1/scores/calculate`, who: cast.commissioner });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'still_syncing', message: PICK_MESSAGES.scoringNotYetSynced(1) });
    } finally {
      h.weeksWorkflowDown.delete(key);
    }
    // weeks-workflow reachable again, and it says the week is still in progress: the usual refusal.
    const res = await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/1/scores/calculate`, who: cast.commissioner });
    expect(res.json()).toMatchObject({ error: 'week_not_in_scoring' });
  });

  it('should score a completed week on the results COMPLETE carried, even after a calculation on older ones', async () => {
    const { pool, week, games } = await weekInProgress();
    // SCORING decided without results known to picks-scoring (an old event without `results`): the calculation leaves them pending.
    await moveWeekTo(h, { pool, weekNumber: 1, to: 'SCORING' });
    expect((await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/1/scores/calculate`, who: cast.commissioner })).statusCode).toBe(200);
    expect((await patOf(pool)).pending).toBe(4);
    await h.runtime.bus.publish('weeks.week.state-changed', stateEvent(pool, 'SCORING', 'COMPLETE', decidedOf(week, finalGames(games))));
    await vi.waitFor(async () => expect(await patOf(pool)).toEqual({ total: PAT_POINTS, pending: 0 }), WAIT);
    expect(await seasonOf(pool)).toMatchObject({ totalPoints: PAT_POINTS, weeksPlayed: 1 });
  });

  it('should apply a void ruling the move carried', async () => {
    const { pool, week, games } = await weekInProgress();
    // b postponed and ruled void: Pat's 2-point pick on it is a push (0): (3 + 0 + 0) x2 = 6.
    const b = games[1]!.espnId;
    const decided = finalGames(games).map((g) => (g.espnId === b ? { ...g, gameStatus: 'POSTPONED' as const, homeScore: null, awayScore: null } : g));
    const results = decidedOf(week, decided).map((d) =>
      d.game.espnId === b ? { ...d, voided: { reason: 'Postponed out of the week', voidedAt: new Date().toISOString() } } : d,
    );
    await h.runtime.bus.publish('weeks.week.state-changed', stateEvent(pool, 'GAMES_IN_PROGRESS', 'SCORING', results));
    await stored(h, "SELECT 1 FROM picks.pool_weeks WHERE pool_id = $1 AND week_number = 1 AND state = 'SCORING'", [pool.id]);
    expect((await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/1/scores/calculate`, who: cast.commissioner })).statusCode).toBe(200);
    expect(await patOf(pool)).toEqual({ total: 6, pending: 0 });
  });

  /**
   * Week 1 of `pool` as weeks-workflow published it, with the player a member; the publication
   * event is not delivered here (only the peer knows it, through rpc.weeks.week.get).
   */
  async function publishedElsewhere(tiebreakerGameId: string | null): Promise<{ pool: Pool; week: PublishedWeek; games: Game[] }> {
    const pool = await announcePool(h, cast.commissioner);
    await announceMember(h, { pool, who: cast.player });
    const games = SLOTS.map((slot) => season.find((g) => g.espnId === `w1-${slot}`)!);
    const poolGameIds = Object.fromEntries(games.map((g) => [g.espnId, crypto.randomUUID()]));
    const published = {
      poolId: pool.id,
      year: YEAR,
      weekNumber: 1,
      pickDeadline: WEEK1.deadline.toISOString(),
      publishedAt: new Date().toISOString(),
      games: games.map((g) => ({
        gameId: g.espnId,
        poolGameId: poolGameIds[g.espnId]!,
        lockedSpread: WEEK1.spreads[g.espnId as keyof typeof WEEK1.spreads],
        gameTimeUtc: g.gameTimeUtc,
        homeTeamEspnId: g.homeTeamEspnId,
        awayTeamEspnId: g.awayTeamEspnId,
      })),
      tiebreakerGameId,
    };
    h.weeksWorkflow.set(weekKey(published), { published, latest: null });
    return { pool, week: { poolId: pool.id, weekNumber: 1, pickDeadline: published.pickDeadline, poolGameIds }, games };
  }

  it('should save picks made right after publishing, before the publication reached picks-scoring', async () => {
    const { pool, week, games } = await publishedElsewhere(null);
    await beforeDeadline(h, week, () => savePicks(h, { week, who: cast.player, picks: patPicks(games) }));
    const [row] = await h.runtime.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM picks.picks WHERE pool_id = $1 AND user_id = $2', [
      pool.id,
      cast.player.id,
    ]);
    expect(row!.n).toBe(4);
  });

  it('should require the tiebreaker the publication fixed, and keep it, when picks are saved before the publication reached picks-scoring', async () => {
    const last = SLOTS.map((slot) => `w1-${slot}`).at(-1)!;
    const { pool, week, games } = await publishedElsewhere(last);
    // Decided on the week weeks-workflow published (with its tiebreaker game), not on a copy without it.
    const missing = await beforeDeadline(h, week, () =>
      call(h, { method: 'POST', url: '/api/picks/batch', who: cast.player, payload: batchOf(week, patPicks(games)) }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'incomplete_picks', details: { field: 'tiebreaker' } });
    const saved = await beforeDeadline(h, week, () =>
      call(h, { method: 'POST', url: '/api/picks/batch', who: cast.player, payload: { ...batchOf(week, patPicks(games)), tiebreaker: 44 } }),
    );
    expect(saved.statusCode).toBe(200);
    const rows = await h.runtime.database.sql.query<{ prediction: number }>(
      'SELECT prediction FROM picks.week_tiebreakers WHERE pool_id = $1 AND user_id = $2',
      [pool.id, cast.player.id],
    );
    expect(rows.map((r) => r.prediction)).toEqual([44]);
  });

  it('should take the picks of a player who has just joined, before the join reached picks-scoring', async () => {
    const { week, games, pool } = await weekInProgressFor('PUBLISHED');
    const newcomer = await person(h, { role: 'user', name: 'Nina Newcomer' });
    // pools-invitations has her membership; its event has not been delivered here.
    const { member } = memberEventOf(pool, newcomer.id);
    h.poolsInvitations.members.set(`${pool.id}:${newcomer.id}`, member);
    await beforeDeadline(h, week, () => savePicks(h, { week, who: newcomer, picks: patPicks(games) }));
    const [row] = await h.runtime.database.sql.query<{ active: boolean }>(
      'SELECT is_active AS active FROM picks.pool_members WHERE pool_id = $1 AND user_id = $2',
      [pool.id, newcomer.id],
    );
    expect(row?.active).toBe(true);
    // Someone pools-invitations does not know as a member is still refused.
    const stranger = await person(h, { role: 'user', name: 'Sam Stranger' });
    const res = await beforeDeadline(h, week, () =>
      call(h, { method: 'POST', url: '/api/picks/batch', who: stranger, payload: batchOf(week, patPicks(games)) }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('not_a_member');
  });

  it('should let a commissioner who has just been handed the pool manage it before the handover reached picks-scoring', async () => {
    const { pool } = await weekInProgressFor('GAMES_IN_PROGRESS');
    const next = cast.otherCommissioner;
    expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}/weeks/1/scoring-review`, who: next })).statusCode).toBe(403);
    h.poolsInvitations.pools.set(pool.id, { ...pool, poolCommissionerId: next.id, updatedAt: new Date(Date.now() + 1000).toISOString() });
    expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}/weeks/1/scoring-review`, who: next })).statusCode).toBe(200);
  });

  it('should tell weeks-workflow how many picks on decided games completing would leave unscored', async () => {
    const { pool, week, games } = await weekInProgress();
    const ask = async () =>
      unscoredPicksReplySchema.parse(
        await h.runtime.bus.request(RPC.scoringUnscoredPicks, { poolId: pool.id, year: YEAR, weekNumber: 1, results: decidedOf(week, finalGames(games)) }),
      );
    expect(await ask()).toEqual({ unscoredPicks: 0, reasons: [] });
    // A player whose picks cannot be scored (a rank missing): their picks on final games would stay pending.
    const other = cast.outsider;
    await announceMember(h, { pool, who: other });
    await insertUnscorablePicksForTest(h, week, other, [
      [games[0]!.espnId, '21', 3],
      [games[1]!.espnId, '12', 2],
    ]);
    const reply = await ask();
    expect(reply.unscoredPicks).toBe(2);
    expect(reply.reasons).toHaveLength(1);
  });

  /**
   * Every order of arrival of a small week's events at picks-scoring: the two game results
   * (sports.game.updated), the move to SCORING and the move to COMPLETE (each carrying the
   * results), SCORING before COMPLETE as weeks-workflow sends them, and the commissioner's
   * Calculate as soon as the move to SCORING is known. The completed week is always scored on the
   * finals, with no pending pick.
   */
  describe('every order of arrival', () => {
    type Arrival = 'a' | 'b' | 'S' | 'C';
    const orders: Arrival[][] = [];
    const permute = (rest: Arrival[], done: Arrival[]) => {
      if (rest.length === 0) {
        if (done.indexOf('S') < done.indexOf('C')) orders.push(done);
        return;
      }
      for (const x of rest)
        permute(
          rest.filter((y) => y !== x),
          [...done, x],
        );
    };
    permute(['a', 'b', 'S', 'C'], []);

    it.each(orders.map((o) => [o.join(' '), o] as const))('%s', async (_name, order) => {
      const { pool, week, games: scheduled } = await weekInProgress();
      // c and d were final long before; a and b go final now.
      const games = finalGames(scheduled);
      const results = decidedOf(week, games);
      for (const g of games.slice(2)) {
        await h.runtime.bus.publish('sports.game.updated', { game: g, changed: ['gameStatus'] });
        await stored(h, "SELECT 1 FROM picks.games WHERE espn_id = $1 AND status = 'COMPLETE'", [g.espnId]);
      }
      for (const arrival of order) {
        if (arrival === 'a' || arrival === 'b') {
          const game = games[SLOTS.indexOf(arrival)]!;
          await h.runtime.bus.publish('sports.game.updated', { game, changed: ['gameStatus', 'homeScore', 'awayScore'] });
          await stored(h, "SELECT 1 FROM picks.games WHERE espn_id = $1 AND status = 'COMPLETE'", [game.espnId]);
        } else if (arrival === 'S') {
          await h.runtime.bus.publish('weeks.week.state-changed', stateEvent(pool, 'GAMES_IN_PROGRESS', 'SCORING', results));
          await stored(h, "SELECT 1 FROM picks.pool_weeks WHERE pool_id = $1 AND week_number = 1 AND state IN ('SCORING', 'COMPLETE')", [pool.id]);
          const res = await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/1/scores/calculate`, who: cast.commissioner });
          expect(res.statusCode).toBe(200);
          expect(await patOf(pool)).toEqual({ total: PAT_POINTS, pending: 0 });
        } else {
          await h.runtime.bus.publish('weeks.week.state-changed', stateEvent(pool, 'SCORING', 'COMPLETE', results));
          await stored(h, "SELECT 1 FROM picks.pool_weeks WHERE pool_id = $1 AND week_number = 1 AND state = 'COMPLETE'", [pool.id]);
        }
      }
      await vi.waitFor(async () => {
        expect(await patOf(pool)).toEqual({ total: PAT_POINTS, pending: 0 });
        expect(await seasonOf(pool)).toMatchObject({ totalPoints: PAT_POINTS, weeksPlayed: 1 });
      }, WAIT);
    });
  });
});
