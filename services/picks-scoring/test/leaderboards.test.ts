import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completedWeeksReplySchema,
  RPC,
  scoringReviewReplySchema,
  weekResultsReplySchema,
  seasonLeaderboardReplySchema,
  weeklyScoringReviewReplySchema,
  type Game,
  type Pool,
  type SeasonLeaderboardEntry,
} from '@powerpool/contracts';
import { integrationSkipReason } from '@powerpool/testing';
import { createPicksStore } from '../src/store/picks-scoring.store.js';
import { seasonStandingsOf } from '../src/domain/leaderboards.js';
import { seasonTotalsOf, sharedRanks } from '@powerpool/contracts';
import {
  announceMember,
  announcePool,
  asScheduled,
  call,
  castOf,
  savePicks,
  pushSeason,
  moveWeekTo,
  person,
  publishWeek,
  recordedWeeks,
  resultsArrive,
  startPicks,
  stored,
  type Cast,
  type Person,
  type PicksHarness,
} from './helpers.js';

const skip = await integrationSkipReason();

/**
 * Three recorded weeks of the 2025 season (services/sports-data-staging/fixtures/espn), with the
 * real final scores:
 *
 * Week 17 (regular season), spreads chosen for the pool:
 *   G1 WSH 23 - DAL 30 +7 push | G2 MIN 23 - DET 10 +3.5 MIN | G3 KC 13 - DEN 20 -1.5 DEN
 *   G4 LAC 16 - HOU 20 +4.5 LAC | G5 GB 24 - BAL 41 -2.5 BAL | G6 BUF 12 - PHI 13 -1.5 PHI
 * Wild Card (week 19):
 *   W1 CAR 31 - LAR 34 +10.5 -> 31 + 10.5 - 34 = +7.5 CAR | W2 CHI 31 - GB 27 -1.5 -> +2.5 CHI
 *   W3 JAX 24 - BUF 27 +3 -> 0 push | W4 PHI 19 - SF 23 -3.5 -> -7.5 SF
 *   W5 NE 16 - LAC 3 -3 -> +10 NE | W6 PIT 6 - HOU 30 +3 -> -21 HOU
 * Week 1, with ESPN BET's real lines from the scheduled recording; only DAL @ PHI was final
 * (PHI 24 - DAL 20, PHI -7.5 -> 24 - 7.5 - 20 = -3.5: DAL covers). The pool leaves it in SCORING:
 * calculated, never counted by the season.
 */
const FILES = [
  'scoreboard-2025-reg-week17-inprogress.json',
  'scoreboard-2025-post-week01-wildcard-final.json',
  'scoreboard-2025-reg-week01-mixed-1final-15scheduled.json',
];
const W17 = { G1: '401772710', G2: '401772711', G3: '401772622', G4: '401772951', G5: '401772953', G6: '401772917' };
const W19 = { W1: '401772979', W2: '401772981', W3: '401772977', W4: '401772980', W5: '401772978', W6: '401772976' };
const W1 = { PHI_DAL: '401772510', LAC_KC: '401772714', ATL_TB: '401772830' };
const SPREADS_17 = { [W17.G1]: 7, [W17.G2]: 3.5, [W17.G3]: -1.5, [W17.G4]: 4.5, [W17.G5]: -2.5, [W17.G6]: -1.5 };
const SPREADS_19 = { [W19.W1]: 10.5, [W19.W2]: -1.5, [W19.W3]: 3, [W19.W4]: -3.5, [W19.W5]: -3, [W19.W6]: 3 };
const SPREADS_1 = { [W1.PHI_DAL]: -7.5, [W1.LAC_KC]: 3.5, [W1.ATL_TB]: 2.5 };

type PickSpec = Array<[string, string, number]>;
/**
 * By hand:
 *         week 17                                  | Wild Card                                        | season
 *   Pat:  MIN W3, DEN W2, HOU L0, power BAL W: 5x2=10 | CAR W3, GB L0, BUF push 0, power PHI L: 3x0=0 | 10, 2 weeks, avg 5, best 10
 *   Ann:  KC L0, MIN W2, PHI W1, power DAL push: 3    | SF W3, NE W2, HOU W1, power CHI W: 6x2=12      | 15, 2 weeks, avg 7.5 -> 8, best 12
 *   Ben:  no picks: 0                                 | NE W3, CHI W2, LAR L0: 5                       | 5, 1 week, avg 5, best 5
 *   Cal:  PHI W3, LAC W2, DEN W1: 6                   | HOU W3, JAX push 0, SF W1: 4                    | 10, 2 weeks, avg 5, best 6
 *   Eve:  never picks                                                                                   | 0, 0 weeks, avg 0, best 0
 *   Rae:  BAL W3, PHI W2, DET L0: 5; removed from the pool after week 17 (not on the season board)
 *   Week 1 (SCORING only): Pat DAL W3, KC and TB pending: 3 -- not counted.
 * Ranks by total: Ann 1, Cal 2, Pat 2 (tie, by name), Ben 4, Eve 5.
 */
const WEEK17_PICKS: Record<string, PickSpec> = {
  pat: [
    [W17.G2, '16', 3],
    [W17.G3, '7', 2],
    [W17.G4, '34', 1],
    [W17.G5, '33', 0],
  ],
  ann: [
    [W17.G3, '12', 3],
    [W17.G2, '16', 2],
    [W17.G6, '21', 1],
    [W17.G1, '6', 0],
  ],
  cal: [
    [W17.G6, '21', 3],
    [W17.G4, '24', 2],
    [W17.G3, '7', 1],
  ],
  rae: [
    [W17.G5, '33', 3],
    [W17.G6, '21', 2],
    [W17.G2, '8', 1],
  ],
};
const WEEK19_PICKS: Record<string, PickSpec> = {
  pat: [
    [W19.W1, '29', 3],
    [W19.W2, '9', 2],
    [W19.W3, '2', 1],
    [W19.W4, '21', 0],
  ],
  ann: [
    [W19.W4, '25', 3],
    [W19.W5, '17', 2],
    [W19.W6, '34', 1],
    [W19.W2, '3', 0],
  ],
  ben: [
    [W19.W5, '17', 3],
    [W19.W2, '3', 2],
    [W19.W1, '14', 1],
  ],
  cal: [
    [W19.W6, '34', 3],
    [W19.W3, '30', 2],
    [W19.W4, '25', 1],
  ],
};
const WEEK1_PICKS: Record<string, PickSpec> = {
  pat: [
    [W1.PHI_DAL, '6', 3],
    [W1.LAC_KC, '12', 2],
    [W1.ATL_TB, '27', 1],
  ],
};

describe.skipIf(skip)('scores: season leaderboard, completed weeks and weekly scoring reviews', () => {
  let h: PicksHarness;
  let cast: Cast;
  let games: Game[];
  let players: Record<string, Person>;
  let gus: Person;
  let pool: Pool;

  beforeAll(async () => {
    h = await startPicks();
    cast = await castOf(h);
    players = {
      pat: cast.player,
      ann: await person(h, { role: 'user', name: 'Ann Archer' }),
      ben: await person(h, { role: 'user', name: 'Ben Baker' }),
      cal: await person(h, { role: 'user', name: 'Cal Carter' }),
      eve: await person(h, { role: 'user', name: 'Eve Evans' }),
      rae: await person(h, { role: 'user', name: 'Rae Reyes' }),
    };
    gus = await person(h, { role: 'user', name: 'Gus Green' });
    const recorded = recordedWeeks(FILES);
    // The real order of a season: the games are scheduled when everyone picks (a game reported
    // started or final takes no new pick), and the recorded results arrive after the saves below.
    games = recorded.games;
    await pushSeason(h, recorded.games.map(asScheduled), recorded.teams);

    pool = await announcePool(h, cast.commissioner, { name: 'Season Pool' });
    for (const p of [...Object.values(players), gus]) await announceMember(h, { pool, who: p });
    const week17 = await publishWeek(h, { pool, weekNumber: 17, games, spreads: SPREADS_17 });
    const week19 = await publishWeek(h, { pool, weekNumber: 19, games, spreads: SPREADS_19 });
    const week1 = await publishWeek(h, { pool, weekNumber: 1, games, spreads: SPREADS_1 });
    for (const [key, spec] of Object.entries(WEEK17_PICKS)) await savePicks(h, { week: week17, who: players[key]!, picks: spec });
    for (const [key, spec] of Object.entries(WEEK19_PICKS)) await savePicks(h, { week: week19, who: players[key]!, picks: spec });
    for (const [key, spec] of Object.entries(WEEK1_PICKS)) await savePicks(h, { week: week1, who: players[key]!, picks: spec });
    await resultsArrive(h, games);

    // Week 17 is scored and completed; Rae and Gus (no picks) then leave; the Wild Card completes
    // first by its own event order below; week 1 is only calculated.
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'SCORING' });
    expect((await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/17/scores/calculate`, who: cast.commissioner })).statusCode).toBe(200);
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'COMPLETE' });
    await announceMember(h, { pool, who: players.rae!, subject: 'pools.member.removed' });
    await announceMember(h, { pool, who: gus, subject: 'pools.member.removed' });
    await moveWeekTo(h, { pool, weekNumber: 19, to: 'SCORING' });
    expect((await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/19/scores/calculate`, who: cast.admin })).statusCode).toBe(200);
    await moveWeekTo(h, { pool, weekNumber: 19, to: 'COMPLETE' });
    await moveWeekTo(h, { pool, weekNumber: 1, to: 'SCORING' });
    expect((await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/1/scores/calculate`, who: cast.commissioner })).json()).toMatchObject({
      usersCalculated: 5,
      errors: 0,
    });
    // The season totals the standings read were refreshed when each week completed.
    await stored(h, `SELECT 1 FROM picks.season_totals_state WHERE pool_id = $1 AND weeks = '{17,19}'`, [pool.id]);
  });
  afterAll(async () => h?.close());

  const leaderboardUrl = (p: Pool, season = 2025) => `/api/pools/${p.id}/seasons/${season}/leaderboard`;

  it("should answer rpc.picks.week.results with each player's points and shared rank of a COMPLETE week, and nothing before", async () => {
    const review = scoringReviewReplySchema.parse(
      (await call(h, { method: 'GET', url: `/api/pools/${pool.id}/weeks/17/scoring-review`, who: cast.commissioner })).json(),
    );
    const played = review.rows.filter((u) => u.picks.length > 0 && !u.hasCalculationError);
    const ranks = sharedRanks(played.map((u) => u.totalPoints));
    const expected = played.map((u, i) => ({ userId: u.userId, points: u.totalPoints, rank: ranks[i]! }));
    expect(expected.length).toBeGreaterThan(2);
    const ask = async (weekNumber: number) =>
      weekResultsReplySchema.parse(await h.runtime.bus.request(RPC.scoringWeekResults, { poolId: pool.id, year: 2025, weekNumber }, { timeoutMs: 5000 }));
    const byUser = (a: { userId: string }, b: { userId: string }) => a.userId.localeCompare(b.userId);
    expect((await ask(17)).players.sort(byUser)).toEqual(expected.sort(byUser));
    // Week 1 is calculated but still in SCORING: no results to tell yet.
    expect(await ask(1)).toEqual({ players: [] });
  });

  it('should rank every active member over the completed weeks, sharing ranks on ties', async () => {
    const res = await call(h, { method: 'GET', url: leaderboardUrl(pool), who: cast.player });
    expect(res.statusCode).toBe(200);
    const board = seasonLeaderboardReplySchema.parse(res.json());
    expect(board.map((e) => [e.rank, e.user.displayName, e.totalPoints, e.weeksPlayed, e.averagePoints, e.bestWeek])).toEqual([
      [1, 'Ann Archer', 15, 2, 8, 12],
      [2, 'Cal Carter', 10, 2, 5, 6],
      [2, 'Pat Player', 10, 2, 5, 10],
      [4, 'Ben Baker', 5, 1, 5, 5],
      [5, 'Eve Evans', 0, 0, 0, 0],
    ]);
    expect(board.find((e) => e.user.displayName === 'Pat Player')!.user.id).toBe(cast.player.id);
  });

  it('should let members, the commissioner and super admins read the season, and no one else', async () => {
    for (const who of [cast.commissioner, cast.admin, players.ben!])
      expect((await call(h, { method: 'GET', url: leaderboardUrl(pool), who })).statusCode).toBe(200);
    for (const who of [cast.otherCommissioner, cast.outsider, players.rae!])
      expect((await call(h, { method: 'GET', url: leaderboardUrl(pool), who })).json()).toMatchObject({ error: 'forbidden' });
    expect((await call(h, { method: 'GET', url: leaderboardUrl(pool), who: null })).statusCode).toBe(401);
    const wrongSeason = await call(h, { method: 'GET', url: leaderboardUrl(pool, 2024), who: cast.player });
    expect(wrongSeason.statusCode).toBe(404);
    expect(wrongSeason.json()).toMatchObject({ error: 'season_not_found' });
    expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}/seasons/current/leaderboard`, who: cast.player })).statusCode).toBe(400);
    expect((await call(h, { method: 'GET', url: `/api/pools/${randomUUID()}/seasons/2025/leaderboard`, who: cast.admin })).json()).toMatchObject({
      error: 'pool_not_found',
    });
  });

  it('should list the completed weeks in order, to readers of the pool', async () => {
    const url = `/api/pools/${pool.id}/completed-weeks`;
    const res = await call(h, { method: 'GET', url, who: players.eve! });
    expect(res.statusCode).toBe(200);
    expect(completedWeeksReplySchema.parse(res.json())).toEqual([{ weekNumber: 17 }, { weekNumber: 19 }]);
    for (const who of [cast.commissioner, cast.admin])
      expect((await call(h, { method: 'GET', url, who })).json()).toEqual([{ weekNumber: 17 }, { weekNumber: 19 }]);
    for (const who of [cast.otherCommissioner, cast.outsider]) expect((await call(h, { method: 'GET', url, who })).statusCode).toBe(403);
    const fresh = await announcePool(h, cast.otherCommissioner);
    expect((await call(h, { method: 'GET', url: `/api/pools/${fresh.id}/completed-weeks`, who: cast.otherCommissioner })).json()).toEqual([]);
  });

  it("should show a member's completed weeks, picks and points to any reader of the pool", async () => {
    const url = (who: Person) => `/api/users/${who.id}/pools/${pool.id}/weekly-scoring-review`;
    const res = await call(h, { method: 'GET', url: url(cast.player), who: players.ann! });
    expect(res.statusCode).toBe(200);
    const [week17, wildCard, ...rest] = weeklyScoringReviewReplySchema.parse(res.json());
    expect(rest).toEqual([]);
    expect(week17).toMatchObject({
      weekNumber: 17,
      displayName: 'Week 17',
      rawPoints: 5,
      multiplier: 2,
      powerBonus: 5,
      totalPoints: 10,
      powerEffect: 'x2',
      powerPickCorrect: true,
      hasCalculationError: false,
      errorMessage: null,
    });
    expect(week17!.picks.map((p) => [p.confidenceRank, p.selectedTeamAbbreviation, p.result, p.isCorrect, p.pointsEarned])).toEqual([
      [3, 'MIN', 'WIN', true, 3],
      [2, 'DEN', 'WIN', true, 2],
      [1, 'HOU', 'LOSS', false, 0],
      [0, 'BAL', 'WIN', true, 5],
    ]);
    expect(wildCard).toMatchObject({
      weekNumber: 19,
      displayName: 'Wild Card',
      rawPoints: 3,
      multiplier: 0,
      powerBonus: -3,
      totalPoints: 0,
      powerEffect: 'x0',
      powerPickCorrect: false,
    });
    expect(wildCard!.picks.map((p) => [p.confidenceRank, p.selectedTeamAbbreviation, p.result, p.pointsEarned])).toEqual([
      [3, 'CAR', 'WIN', 3],
      [2, 'GB', 'LOSS', 0],
      [1, 'BUF', 'PUSH', 0],
      [0, 'PHI', 'LOSS', -3],
    ]);

    // Ben skipped week 17: zeros and no picks there.
    const ben = weeklyScoringReviewReplySchema.parse((await call(h, { method: 'GET', url: url(players.ben!), who: cast.commissioner })).json());
    expect(ben.map((w) => [w.weekNumber, w.totalPoints, w.rawPoints, w.multiplier, w.powerEffect, w.picks.length])).toEqual([
      [17, 0, 0, 1, 'none', 0],
      [19, 5, 5, 1, 'none', 3],
    ]);
    // Rae left after week 17: her scored week stays readable.
    const rae = weeklyScoringReviewReplySchema.parse((await call(h, { method: 'GET', url: url(players.rae!), who: cast.admin })).json());
    expect(rae.map((w) => [w.weekNumber, w.totalPoints, w.picks.length])).toEqual([
      [17, 5, 3],
      [19, 0, 0],
    ]);
  });

  it('should refuse weekly reviews of people without scores in the pool, and to people outside it', async () => {
    const url = (who: { id: string }) => `/api/users/${who.id}/pools/${pool.id}/weekly-scoring-review`;
    expect((await call(h, { method: 'GET', url: url(gus), who: cast.commissioner })).json()).toMatchObject({ error: 'user_not_found' });
    expect((await call(h, { method: 'GET', url: url(cast.outsider), who: cast.commissioner })).statusCode).toBe(404);
    expect((await call(h, { method: 'GET', url: url({ id: randomUUID() }), who: players.ann! })).statusCode).toBe(404);
    for (const who of [cast.otherCommissioner, cast.outsider, players.rae!])
      expect((await call(h, { method: 'GET', url: url(cast.player), who })).statusCode).toBe(403);
    expect((await call(h, { method: 'GET', url: url(cast.player), who: null })).statusCode).toBe(401);
    expect((await call(h, { method: 'GET', url: `/api/users/not-a-uuid/pools/${pool.id}/weekly-scoring-review`, who: cast.admin })).statusCode).toBe(400);
    // Eve never played: a member, so her review lists the completed weeks with zeros.
    expect((await call(h, { method: 'GET', url: url(players.eve!), who: players.ben! })).json()).toMatchObject([
      { weekNumber: 17, totalPoints: 0, picks: [] },
      { weekNumber: 19, totalPoints: 0, picks: [] },
    ]);
  });

  it('should aggregate in the database exactly as the season rule does in code', async () => {
    // 60 members over 22 completed weeks with scores written directly (what calculations would
    // have stored), some weeks without picks, some members without any week.
    const big = await announcePool(h, cast.commissioner);
    const weeks = [-4, -3, -2, -1, ...Array.from({ length: 18 }, (_, i) => i + 1)];
    const members = Array.from({ length: 60 }, (_, i) => ({ id: randomUUID(), name: `Member ${String(i).padStart(2, '0')}` }));
    const sql = h.runtime.database.sql;
    const at = new Date().toISOString();
    for (const m of members) {
      await sql.query('INSERT INTO picks.users (id, email, display_name, updated_at) VALUES ($1, $2, $3, $4)', [m.id, `${m.id}@powerpool.test`, m.name, at]);
      await sql.query('INSERT INTO picks.pool_members (pool_id, user_id, is_active, updated_at) VALUES ($1, $2, true, $3)', [big.id, m.id, at]);
    }
    for (const w of weeks) {
      await sql.query(
        `INSERT INTO picks.pool_weeks (pool_id, year, week_number, state, pick_deadline, published_at, state_changed_at, calculated_at) VALUES ($1, 2025, $2, 'COMPLETE', $3, $3, $3, $3)`,
        [big.id, w, at],
      );
    }
    // A week still in SCORING, whose (large) scores must not count.
    await sql.query(
      `INSERT INTO picks.pool_weeks (pool_id, year, week_number, state, pick_deadline, published_at, state_changed_at, calculated_at) VALUES ($1, 2025, 19, 'SCORING', $2, $2, $2, $2)`,
      [big.id, at],
    );
    const expected = new Map<string, Array<{ finalPoints: number; hasPicks: boolean }>>();
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (const [i, m] of members.entries()) {
      const rows: Array<{ finalPoints: number; hasPicks: boolean }> = [];
      if (i % 10 !== 9) {
        for (const w of weeks) {
          const hasPicks = next() % 5 !== 0;
          const finalPoints = hasPicks ? [0, 1, 2, 3, 4, 5, 6, 8, 10, 12][next() % 10]! : 0;
          rows.push({ finalPoints, hasPicks });
          await sql.query(
            `INSERT INTO picks.week_scores (pool_id, user_id, year, week_number, raw_points, multiplier, final_points, power_effect, has_picks, has_calculation_error, calculated_at) VALUES ($1, $2, 2025, $3, $4, 1, $4, 'none', $5, false, $6)`,
            [big.id, m.id, w, finalPoints, hasPicks, at],
          );
        }
        await sql.query(
          `INSERT INTO picks.week_scores (pool_id, user_id, year, week_number, raw_points, multiplier, final_points, power_effect, has_picks, has_calculation_error, calculated_at) VALUES ($1, $2, 2025, 19, 100, 1, 100, 'none', true, false, $3)`,
          [big.id, m.id, at],
        );
      }
      expected.set(m.id, rows);
    }
    await stored(h, 'SELECT 1 FROM picks.pools WHERE id = $1', [big.id]);

    const totals = members.map((m) => ({ id: m.id, name: m.name, ...seasonTotalsOf(expected.get(m.id)!) }));
    const ranks = sharedRanks(totals.map((t) => t.totalPoints));
    const want = totals
      .map((t, i) => [ranks[i], t.name, t.totalPoints, t.weeksPlayed, t.averagePoints, t.bestWeek])
      .sort((a, b) => (a[0] as number) - (b[0] as number) || String(a[1]).localeCompare(String(b[1])));
    const lines = (entries: SeasonLeaderboardEntry[]) =>
      entries.map((e) => [e.rank, e.user.displayName, e.totalPoints, e.weeksPlayed, e.averagePoints, e.bestWeek]);

    // Those scores bypassed the calculation, so no kept totals cover them: the store aggregates week_scores.
    const store = createPicksStore(h.runtime.database.db);
    expect(lines(await seasonStandingsOf(store, (await store.findPool(big.id))!))).toEqual(want);
    expect(await sql.query('SELECT 1 FROM picks.season_totals_state WHERE pool_id = $1', [big.id])).toEqual([]);

    // The first reader keeps the totals; the reply is the same, and so is the next one, read from them.
    const board = seasonLeaderboardReplySchema.parse((await call(h, { method: 'GET', url: leaderboardUrl(big), who: cast.commissioner })).json());
    expect(lines(board)).toEqual(want);
    expect(board.filter((e) => e.weeksPlayed === 0)).toHaveLength(6);
    expect(await sql.query('SELECT weeks FROM picks.season_totals_state WHERE pool_id = $1', [big.id])).toEqual([{ weeks }]);
    expect(await sql.query('SELECT count(*)::int AS n FROM picks.season_totals WHERE pool_id = $1', [big.id])).toEqual([{ n: 54 }]);
    expect(seasonLeaderboardReplySchema.parse((await call(h, { method: 'GET', url: leaderboardUrl(big), who: cast.admin })).json())).toEqual(board);
  });
});
