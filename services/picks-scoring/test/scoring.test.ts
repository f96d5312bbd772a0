import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PICK_MESSAGES, scoringReviewReplySchema, type Pool } from '@powerpool/contracts';
import type { Db } from '@powerpool/service-kit';
import { integrationSkipReason } from '@powerpool/testing';
import { recalculateIfScored } from '../src/domain/calculate.js';
import { createPicksStore } from '../src/store/picks-scoring.store.js';
import {
  announceMember,
  announcePool,
  asScheduled,
  beforeDeadline,
  call,
  castOf,
  insertUnscorablePicksForTest,
  overrideOf,
  savePicks,
  pushSeason,
  moveWeekTo,
  person,
  publishWeek,
  recordedWeeks,
  resultsArrive,
  startPicks,
  stored,
  updateGame,
  voidGame,
  type Person,
  type PublishedWeek,
} from './helpers.js';

const skip = await integrationSkipReason();
/** Events and hooks run after the call returns: wait for them this long. */
const WAIT = { timeout: 10_000, interval: 50 };

/**
 * Week 17 of the 2025 regular season, as ESPN recorded it (scoreboard-2025-reg-week17-inprogress.json):
 * the real final scores, with locked spreads chosen for the pool. Against the spread (home score +
 * spread vs away score):
 *   G1 WSH 23 - DAL 30, spread +7   -> 23 + 7   - 30 =   0   : PUSH
 *   G2 MIN 23 - DET 10, spread +3.5 -> 23 + 3.5 - 10 = +16.5 : MIN (16) covers
 *   G3 KC 13 - DEN 20,  spread -1.5 -> 13 - 1.5 - 20 =  -8.5 : DEN (7) covers
 *   G4 LAC 16 - HOU 20, spread +4.5 -> 16 + 4.5 - 20 =  +0.5 : LAC (24) covers, losing by 4
 *   G5 GB 24 - BAL 41,  spread -2.5 -> 24 - 2.5 - 41 = -19.5 : BAL (33) covers
 *   G6 BUF 12 - PHI 13, spread -1.5 -> 12 - 1.5 - 13 =  -2.5 : PHI (21) covers
 *   U  SF 42 - CHI 38: not published by the pool; a commissioner's power pick on it is scored
 *      straight up (no locked spread): SF (25) wins.
 */
const WEEK17 = 'scoreboard-2025-reg-week17-inprogress.json';
const G1 = '401772710';
const G2 = '401772711';
const G3 = '401772622';
const G4 = '401772951';
const G5 = '401772953';
const G6 = '401772917';
const U = '401772935';
const SPREADS: Record<string, number> = { [G1]: 7, [G2]: 3.5, [G3]: -1.5, [G4]: 4.5, [G5]: -2.5, [G6]: -1.5 };

type PickSpec = Array<[string, string, number]>;
/**
 * The players' picks [game, team, rank] (rank 0 = power pick) and their week worked out by hand:
 *   Pat: 3 MIN W 3, 2 DEN W 2, 1 HOU L 0, power BAL W   -> raw 5, x2, final 10 (power bonus +5)
 *   Ann: 3 KC L 0,  2 MIN W 2, 1 PHI W 1, power DAL push -> raw 3, x1 (push), final 3
 *   Ben: 3 LAC W 3, 2 GB L 0,  1 WSH push 0, power BUF L -> raw 3, x0, final 0 (power bonus -3)
 *   Cal: 3 PHI W 3, 2 LAC W 2, 1 DEN W 1, no power       -> raw 6, x1 (none), final 6
 *   Dee: 3 BAL W 3, 2 PHI W 2, 1 DET L 0, power DEN W    -> raw 5, x2, final 10
 *   Fay (entered by the commissioner): 3 DAL push 0, 2 BAL W 2, 1 KC L 0, power SF (unpublished,
 *        straight up) W -> raw 2, x2, final 4
 *   Eve: no picks -> 0
 */
const PICKS: Record<string, PickSpec> = {
  pat: [
    [G2, '16', 3],
    [G3, '7', 2],
    [G4, '34', 1],
    [G5, '33', 0],
  ],
  ann: [
    [G3, '12', 3],
    [G2, '16', 2],
    [G6, '21', 1],
    [G1, '6', 0],
  ],
  ben: [
    [G4, '24', 3],
    [G5, '9', 2],
    [G1, '28', 1],
    [G6, '2', 0],
  ],
  cal: [
    [G6, '21', 3],
    [G4, '24', 2],
    [G3, '7', 1],
  ],
  dee: [
    [G5, '33', 3],
    [G6, '21', 2],
    [G2, '8', 1],
    [G3, '7', 0],
  ],
  fay: [
    [G1, '6', 3],
    [G5, '33', 2],
    [G3, '12', 1],
    [U, '25', 0],
  ],
};

/** Ben's 1pt pick names a team not in its game: written directly by the unscorable test (the API refuses it). */
const { ben: _ben, ...PICKS_WITHOUT_BEN } = PICKS;

/** One week-17 pool per test (two for the replicas), made before kickoff. */
const POOL_NAMES = ['byHand', 'twice', 'voided', 'unscorable', 'replicas', 'nobodyPicked', 'gate', 'review', 'live', 'override'] as const;
/** The correction test's three pools, in a service of their own: it changes a game every pool of its service published. */
const CORRECTED_POOL_NAMES = ['correctedScoring', 'correctedComplete', 'correctedLive'] as const;
type PoolName = (typeof POOL_NAMES)[number] | (typeof CORRECTED_POOL_NAMES)[number];

/** [name, raw, multiplier, final, power effect, has picks, has error] as stored in week_scores. */
type ScoreLine = [string, number, number, number, string, boolean, boolean];
const HAND_SCORES: ScoreLine[] = [
  ['Ann Archer', 3, 1, 3, 'push', true, false],
  ['Ben Baker', 3, 0, 0, 'x0', true, false],
  ['Cal Carter', 6, 1, 6, 'none', true, false],
  ['Dee Dunn', 5, 2, 10, 'x2', true, false],
  ['Eve Evans', 0, 1, 0, 'none', false, false],
  ['Fay Fisher', 2, 2, 4, 'x2', true, false],
  ['Pat Player', 5, 2, 10, 'x2', true, false],
];

const withScores = (
  lines: ScoreLine[],
  changes: Record<string, Partial<{ raw: number; multiplier: number; final: number; effect: string; error: boolean }>>,
): ScoreLine[] =>
  lines.map(([name, raw, m, fin, eff, has, err]) => {
    const c = changes[name] ?? {};
    return [name, c.raw ?? raw, c.multiplier ?? m, c.final ?? fin, c.effect ?? eff, has, c.error ?? err];
  });

/**
 * The service with the seven players and week 17's games, and a week-17 pool for each of `names`:
 * all picked before kickoff, then the recorded results arrived.
 */
async function week17World<N extends PoolName>(names: readonly N[]) {
  const h = await startPicks();
  const cast = await castOf(h);
  const players: Record<string, Person> = {
    pat: cast.player,
    ann: await person(h, { role: 'user', name: 'Ann Archer' }),
    ben: await person(h, { role: 'user', name: 'Ben Baker' }),
    cal: await person(h, { role: 'user', name: 'Cal Carter' }),
    dee: await person(h, { role: 'user', name: 'Dee Dunn' }),
    fay: await person(h, { role: 'user', name: 'Fay Fisher' }),
    eve: await person(h, { role: 'user', name: 'Eve Evans' }),
  };
  const recorded = recordedWeeks([WEEK17]);
  // The real order of a week: the games are scheduled when everyone picks (a game reported
  // started or final takes no new pick), then the recorded results arrive.
  const games = recorded.games;
  await pushSeason(h, recorded.games.map(asScheduled), recorded.teams);

  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => h.runtime.database.sql.query<T>(sql, params);
  const gameOf = (id: string) => games.find((g) => g.espnId === id)!;

  /** A pool with the seven players, week 17 published with SPREADS and everyone's picks saved (while its games are scheduled). */
  async function week17Pool(picks: Record<string, PickSpec> = PICKS): Promise<{ pool: Pool; week: PublishedWeek }> {
    const pool = await announcePool(h, cast.commissioner);
    for (const p of Object.values(players)) await announceMember(h, { pool, who: p });
    const week = await publishWeek(h, { pool, weekNumber: 17, games, spreads: SPREADS });
    // Saved through the API before the deadline (Fay's entered by the commissioner, an override), then the test's clock again.
    await beforeDeadline(h, week, async () => {
      for (const [key, spec] of Object.entries(picks)) {
        if (key !== 'fay') await savePicks(h, { week, who: players[key]!, picks: spec });
        else {
          const res = await call(h, {
            method: 'POST',
            url: '/api/picks/commissioner-override',
            who: cast.commissioner,
            payload: overrideOf({ week, target: players[key]!, picks: spec }),
          });
          if (res.statusCode !== 200) throw new Error(`override failed: ${res.statusCode} ${res.body}`);
        }
      }
    });
    return { pool, week };
  }

  const calculate = (pool: Pool, who: Person = cast.commissioner, weekNumber = 17) =>
    call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/${weekNumber}/scores/calculate`, who });

  async function scoreLines(pool: Pool, weekNumber = 17): Promise<ScoreLine[]> {
    const rows = await query<{
      display_name: string;
      raw_points: number;
      multiplier: number;
      final_points: number;
      power_effect: string;
      has_picks: boolean;
      has_calculation_error: boolean;
    }>(
      `SELECT u.display_name, s.raw_points, s.multiplier, s.final_points, s.power_effect, s.has_picks, s.has_calculation_error
         FROM picks.week_scores s JOIN picks.users u ON u.id = s.user_id
        WHERE s.pool_id = $1 AND s.week_number = $2 ORDER BY u.display_name`,
      [pool.id, weekNumber],
    );
    return rows.map((r) => [r.display_name, r.raw_points, r.multiplier, r.final_points, r.power_effect, r.has_picks, r.has_calculation_error]);
  }

  /** Each pick as `name rank team result points`, in name and rank order (power last). */
  async function pickLines(pool: Pool): Promise<string[]> {
    const rows = await query<{
      display_name: string;
      confidence_rank: number;
      selected_team_espn_id: string;
      result: string | null;
      points_earned: number | null;
    }>(
      `SELECT u.display_name, p.confidence_rank, p.selected_team_espn_id, p.result, p.points_earned
         FROM picks.picks p JOIN picks.users u ON u.id = p.user_id
        WHERE p.pool_id = $1 ORDER BY u.display_name, p.is_power_pick, p.confidence_rank DESC`,
      [pool.id],
    );
    return rows.map((r) => `${r.display_name} ${r.confidence_rank} ${r.selected_team_espn_id} ${r.result} ${r.points_earned}`);
  }

  const pools = {} as Record<N, { pool: Pool; week: PublishedWeek }>;
  for (const name of names) pools[name] = await week17Pool(name === 'unscorable' ? PICKS_WITHOUT_BEN : name === 'nobodyPicked' ? {} : PICKS);
  await resultsArrive(h, games);
  return { h, cast, players, games, pools, query, gameOf, calculate, scoreLines, pickLines };
}

describe.skipIf(skip)('scores: calculation and recalculation', () => {
  /** The week-17 pools of the tests (POOL_NAMES), in one service. */
  let world: Awaited<ReturnType<typeof week17World<(typeof POOL_NAMES)[number]>>>;

  beforeAll(async () => {
    world = await week17World(POOL_NAMES);
  });
  afterAll(async () => world?.h.close());

  it('should score a week of real 2025 results exactly as worked out by hand', async () => {
    const { h, cast, players, pools, query, calculate, scoreLines, pickLines } = world;
    const { pool } = pools.byHand;
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'SCORING' });
    h.clock.now = new Date('2025-12-30T09:00:00.000Z');

    const res = await calculate(pool);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PICK_MESSAGES.calculated(7, 0), calculatedAt: '2025-12-30T09:00:00.000Z', usersCalculated: 7, errors: 0 });
    expect(res.json().message).toBe('Scores calculated for 7 player(s)');
    expect(await scoreLines(pool)).toEqual(HAND_SCORES);

    // Each pick's result; the power pick's points are its bonus (final - raw).
    expect(await pickLines(pool)).toEqual([
      'Ann Archer 3 12 LOSS 0',
      'Ann Archer 2 16 WIN 2',
      'Ann Archer 1 21 WIN 1',
      'Ann Archer 0 6 PUSH 0',
      'Ben Baker 3 24 WIN 3',
      'Ben Baker 2 9 LOSS 0',
      'Ben Baker 1 28 PUSH 0',
      'Ben Baker 0 2 LOSS -3',
      'Cal Carter 3 21 WIN 3',
      'Cal Carter 2 24 WIN 2',
      'Cal Carter 1 7 WIN 1',
      'Dee Dunn 3 33 WIN 3',
      'Dee Dunn 2 21 WIN 2',
      'Dee Dunn 1 8 LOSS 0',
      'Dee Dunn 0 7 WIN 5',
      'Fay Fisher 3 6 PUSH 0',
      'Fay Fisher 2 33 WIN 2',
      'Fay Fisher 1 12 LOSS 0',
      'Fay Fisher 0 25 WIN 2',
      'Pat Player 3 16 WIN 3',
      'Pat Player 2 7 WIN 2',
      'Pat Player 1 34 LOSS 0',
      'Pat Player 0 33 WIN 5',
    ]);
    expect((await query('SELECT state, calculated_at FROM picks.pool_weeks WHERE pool_id = $1', [pool.id]))[0]).toEqual({
      state: 'SCORING',
      calculated_at: new Date('2025-12-30T09:00:00.000Z'),
    });

    await vi.waitFor(() => {
      expect(h.events).toContainEqual({
        subject: 'picks.week.calculated',
        data: { poolId: pool.id, year: 2025, weekNumber: 17, calculatedAt: '2025-12-30T09:00:00.000Z', usersCalculated: 7, errors: 0, reason: 'calculate' },
      });
      expect(h.events).toContainEqual({
        subject: 'picks.standings.changed',
        data: { poolId: pool.id, year: 2025, weekNumber: 17, at: '2025-12-30T09:00:00.000Z' },
      });
    }, WAIT);

    // The commissioner's scoring review shows the same calculation, best first (ties by name).
    const review = await call(h, { method: 'GET', url: `/api/pools/${pool.id}/weeks/17/scoring-review`, who: cast.commissioner });
    expect(review.statusCode).toBe(200);
    const body = scoringReviewReplySchema.parse(review.json());
    expect(body).toMatchObject({ poolId: pool.id, weekNumber: 17, state: 'SCORING', calculatedAt: '2025-12-30T09:00:00.000Z' });
    expect(body.rows.map((r) => [r.displayName, r.rawPoints, r.multiplier, r.powerBonus, r.totalPoints, r.powerEffect, r.powerPickCorrect])).toEqual([
      ['Dee Dunn', 5, 2, 5, 10, 'x2', true],
      ['Pat Player', 5, 2, 5, 10, 'x2', true],
      ['Cal Carter', 6, 1, 0, 6, 'none', null],
      ['Fay Fisher', 2, 2, 2, 4, 'x2', true],
      ['Ann Archer', 3, 1, 0, 3, 'push', null],
      ['Ben Baker', 3, 0, -3, 0, 'x0', false],
      ['Eve Evans', 0, 1, 0, 0, 'none', null],
    ]);
    const fay = body.rows.find((r) => r.displayName === 'Fay Fisher')!;
    expect(fay.email).toBe(players.fay!.email);
    expect(
      fay.picks.map((p) => [
        p.confidenceRank,
        p.selectedTeamAbbreviation,
        p.isCorrect,
        p.result,
        p.pointsEarned,
        p.enteredByCommissioner,
        p.poolGameId === null,
      ]),
    ).toEqual([
      [3, 'DAL', null, 'PUSH', 0, true, false],
      [2, 'BAL', true, 'WIN', 2, true, false],
      [1, 'KC', false, 'LOSS', 0, true, false],
      [0, 'SF', true, 'WIN', 2, true, true],
    ]);
    expect(fay.picks[3]!.selectedTeamLogoUrl).toBe('https://a.espncdn.com/i/teamlogos/nfl/500/scoreboard/sf.png');
    expect(body.rows.find((r) => r.displayName === 'Eve Evans')!.picks).toEqual([]);
  });

  it('should give identical rows when the week is calculated twice', async () => {
    const { h, pools, query, calculate, scoreLines } = world;
    const { pool } = pools.twice;
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'SCORING' });
    h.clock.now = new Date('2025-12-30T10:00:00.000Z');
    const snapshot = async () => ({
      scores: await query('SELECT * FROM picks.week_scores WHERE pool_id = $1 ORDER BY user_id', [pool.id]),
      picks: await query('SELECT * FROM picks.picks WHERE pool_id = $1 ORDER BY id', [pool.id]),
      week: await query('SELECT * FROM picks.pool_weeks WHERE pool_id = $1', [pool.id]),
    });
    const first = await calculate(pool);
    const afterFirst = await snapshot();
    const second = await calculate(pool);
    expect(second.json()).toEqual(first.json());
    expect(await snapshot()).toEqual(afterFirst);
    expect(afterFirst.scores).toHaveLength(7);
    expect(await scoreLines(pool)).toEqual(HAND_SCORES);
  });

  it('should count every pick on a void game as a push and recalculate a calculated week when a game is voided', async () => {
    const { h, pools, calculate, scoreLines, pickLines } = world;
    const { pool, week } = pools.voided;
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'SCORING' });
    await calculate(pool);
    // G2 (MIN-DET) ruled void: Pat's 3pt MIN and Ann's 2pt MIN no longer win, Dee's 1pt DET no longer loses.
    //   Pat: raw 5 - 3 = 2, power BAL still wins x2 -> 4; Ann: raw 3 - 2 = 1, power push -> 1; Dee: 10 as before.
    await voidGame(h, { week, gameId: G2, reason: 'Postponed out of the week' });
    await vi.waitFor(
      async () => expect(await scoreLines(pool)).toEqual(withScores(HAND_SCORES, { 'Pat Player': { raw: 2, final: 4 }, 'Ann Archer': { raw: 1, final: 1 } })),
      WAIT,
    );
    expect((await pickLines(pool)).filter((l) => l.includes(' 16 ') || l.startsWith('Dee Dunn 1'))).toEqual([
      'Ann Archer 2 16 PUSH 0',
      'Dee Dunn 1 8 PUSH 0',
      'Pat Player 3 16 PUSH 0',
    ]);
    await vi.waitFor(
      () =>
        expect(h.events).toContainEqual({
          subject: 'picks.week.calculated',
          data: expect.objectContaining({ poolId: pool.id, reason: 'void', usersCalculated: 7 }),
        }),
      WAIT,
    );
  });

  it('should flag a player whose picks cannot be scored without failing the others', async () => {
    const { h, cast, players, pools, query, calculate, scoreLines, pickLines } = world;
    const gus = await person(h, { role: 'user', name: 'Gus Green' });
    // Ben's 1pt pick names PHI (21) on WSH-DAL; Gus saved only two picks. Neither can come from
    // the picks API (it refuses both), so they are written directly.
    const { pool, week } = pools.unscorable;
    await announceMember(h, { pool, who: gus });
    await insertUnscorablePicksForTest(h, week, players.ben!, [
      [G4, '24', 3],
      [G5, '9', 2],
      [G1, '21', 1],
      [G6, '2', 0],
    ]);
    await insertUnscorablePicksForTest(h, week, gus, [
      [G2, '16', 3],
      [G3, '7', 2],
    ]);
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'SCORING' });

    const res = await calculate(pool);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Scores calculated for 6 player(s); 2 could not be calculated', usersCalculated: 6, errors: 2 });
    expect(await scoreLines(pool)).toEqual(
      [
        ...withScores(HAND_SCORES, { 'Ben Baker': { raw: 0, multiplier: 1, final: 0, effect: 'none', error: true } }),
        ['Gus Green', 0, 1, 0, 'none', true, true] as ScoreLine,
      ].sort((a, b) => a[0].localeCompare(b[0])),
    );
    expect(
      await query(
        'SELECT s.error_message FROM picks.week_scores s JOIN picks.users u ON u.id = s.user_id WHERE s.pool_id = $1 AND s.has_calculation_error ORDER BY u.display_name',
        [pool.id],
      ),
    ).toEqual([{ error_message: 'Team 21 does not play in this game' }, { error_message: 'Expected one pick of each rank 3, 2 and 1, found ranks 2, 3' }]);
    expect((await pickLines(pool)).filter((l) => l.startsWith('Ben') || l.startsWith('Gus'))).toEqual([
      'Ben Baker 3 24 null null',
      'Ben Baker 2 9 null null',
      'Ben Baker 1 21 null null',
      'Ben Baker 0 2 null null',
      'Gus Green 3 16 null null',
      'Gus Green 2 7 null null',
    ]);
    const review = scoringReviewReplySchema.parse(
      (await call(h, { method: 'GET', url: `/api/pools/${pool.id}/weeks/17/scoring-review`, who: cast.admin })).json(),
    );
    // Calculation errors last.
    expect(review.rows.slice(-2).map((r) => [r.displayName, r.hasCalculationError, r.errorMessage])).toEqual([
      ['Ben Baker', true, 'Team 21 does not play in this game'],
      ['Gus Green', true, 'Expected one pick of each rank 3, 2 and 1, found ranks 2, 3'],
    ]);
  });

  it('should serialise two replicas calculating the same week at once', async () => {
    const { h, cast, pools, query, scoreLines } = world;
    const { pool } = pools.replicas;
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'SCORING' });
    // A week nobody picked: no pick rows to write, so only the week's lock keeps two calculations apart.
    const { pool: empty } = pools.nobodyPicked;
    await moveWeekTo(h, { pool: empty, weekNumber: 17, to: 'SCORING' });
    const replica = await h.addReplica();
    // Several rounds of four calculations at once, half on each replica.
    for (const [target, count] of [
      [pool, 7],
      [empty, 7],
    ] as const) {
      const url = `/api/pools/${target.id}/weeks/17/scores/calculate`;
      for (let round = 0; round < 3; round++) {
        const replies = await Promise.all(
          [0, 1, 2, 3].map((i) =>
            i % 2 ? call({ ...h, app: replica }, { method: 'POST', url, who: cast.admin }) : call(h, { method: 'POST', url, who: cast.commissioner }),
          ),
        );
        expect(replies.map((r) => [r.statusCode, r.json().usersCalculated])).toEqual([
          [200, count],
          [200, count],
          [200, count],
          [200, count],
        ]);
      }
    }
    expect(await scoreLines(empty)).toEqual(HAND_SCORES.map(([name]) => [name, 0, 1, 0, 'none', false, false]));
    expect(await scoreLines(pool)).toEqual(HAND_SCORES);
    expect(await query('SELECT count(*)::int AS n FROM picks.week_scores WHERE pool_id = $1', [pool.id])).toEqual([{ n: 7 }]);
  });

  it('should calculate only in SCORING, for the pool commissioner or a super admin', async () => {
    const { h, cast, pools, query, calculate } = world;
    const { pool } = pools.gate;
    const other = await announcePool(h, cast.otherCommissioner);
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'GAMES_IN_PROGRESS' });

    const early = await calculate(pool);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'week_not_in_scoring', details: { state: 'GAMES_IN_PROGRESS' } });
    expect(early.json().message).toContain(PICK_MESSAGES.calculateNotAllowed);
    expect((await calculate(pool, cast.commissioner, 16)).json()).toMatchObject({ error: 'week_not_found' });
    expect((await calculate(pool, cast.commissioner, 16)).statusCode).toBe(404);
    expect((await calculate(other, cast.otherCommissioner)).statusCode).toBe(404);
    expect(
      (await call(h, { method: 'POST', url: '/api/pools/00000000-0000-4000-8000-000000000000/weeks/17/scores/calculate', who: cast.admin })).json(),
    ).toMatchObject({
      error: 'pool_not_found',
    });
    expect((await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/0/scores/calculate`, who: cast.admin })).statusCode).toBe(400);

    await moveWeekTo(h, { pool, weekNumber: 17, to: 'SCORING' });
    expect((await calculate(pool, cast.otherCommissioner)).statusCode).toBe(403);
    expect((await calculate(pool, cast.player)).statusCode).toBe(403);
    expect((await calculate(pool, cast.outsider)).statusCode).toBe(403);
    expect((await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/17/scores/calculate`, who: null })).statusCode).toBe(401);
    expect(await query('SELECT 1 FROM picks.week_scores WHERE pool_id = $1', [pool.id])).toEqual([]);
    expect((await calculate(pool, cast.admin)).statusCode).toBe(200);
    expect((await calculate(pool, cast.commissioner)).statusCode).toBe(200);

    // The week is scored from here: the commissioner's ruling after COMPLETE goes through the
    // override (a recorded correction), never through calculate.
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'COMPLETE' });
    expect((await calculate(pool)).json()).toMatchObject({ error: 'week_not_in_scoring', details: { state: 'COMPLETE' } });
  });

  it('should show the scoring review to managers only, with pending picks and zeros before any calculation', async () => {
    const { h, cast, players, pools } = world;
    const { pool } = pools.review;
    const gus = await person(h, { role: 'user', name: 'Gus Green' });
    await announceMember(h, { pool, who: gus });
    // Ann leaves the pool after picking (her picks stay and are reviewed); Gus leaves without picks (not listed).
    await announceMember(h, { pool, who: players.ann!, subject: 'pools.member.removed' });
    await announceMember(h, { pool, who: gus, subject: 'pools.member.removed' });
    const url = `/api/pools/${pool.id}/weeks/17/scoring-review`;

    const res = await call(h, { method: 'GET', url, who: cast.commissioner });
    expect(res.statusCode).toBe(200);
    const body = scoringReviewReplySchema.parse(res.json());
    expect(body).toMatchObject({ state: 'PUBLISHED', calculatedAt: null });
    expect(body.rows.map((r) => [r.displayName, r.totalPoints, r.rawPoints, r.multiplier, r.powerEffect, r.picks.length])).toEqual([
      ['Ann Archer', 0, 0, 1, 'pending', 4],
      ['Ben Baker', 0, 0, 1, 'pending', 4],
      ['Cal Carter', 0, 0, 1, 'none', 3],
      ['Dee Dunn', 0, 0, 1, 'pending', 4],
      ['Eve Evans', 0, 0, 1, 'none', 0],
      ['Fay Fisher', 0, 0, 1, 'pending', 4],
      ['Pat Player', 0, 0, 1, 'pending', 4],
    ]);
    expect(body.rows.flatMap((r) => r.picks).every((p) => p.result === 'PENDING' && p.isCorrect === null && p.pointsEarned === null)).toBe(true);

    expect((await call(h, { method: 'GET', url, who: cast.admin })).statusCode).toBe(200);
    for (const who of [cast.otherCommissioner, cast.player, cast.outsider]) expect((await call(h, { method: 'GET', url, who })).statusCode).toBe(403);
    expect((await call(h, { method: 'GET', url, who: null })).statusCode).toBe(401);
    expect((await call(h, { method: 'GET', url: `/api/pools/${pool.id}/weeks/18/scoring-review`, who: cast.commissioner })).json()).toMatchObject({
      error: 'week_not_found',
    });
  });

  it('should store and announce nothing per pool for a score on a live week not yet calculated, and calculate a week completed without a calculation', async () => {
    const { h, pools, query, gameOf, scoreLines } = world;
    const { pool } = pools.live;
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'GAMES_IN_PROGRESS' });
    h.clock.now = new Date('2025-12-29T02:00:00.000Z');
    // A repeated provider snapshot of G6 (same scores, newer time): nothing to recalculate; open
    // boards hear of it from the live change log, and the score is announced once, by sports.
    const game = await updateGame(h, gameOf(G6), { gameClock: '0:00' });
    await stored(h, 'SELECT 1 FROM picks.games WHERE espn_id = $1 AND game_clock = $2', [game.espnId, '0:00']);
    await stored(h, 'SELECT 1 FROM picks.live_changes WHERE game_id = $1', [game.espnId]);
    // The change's handling (and any outbox relay) is done well within this.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(h.events.filter((e) => e.subject === 'picks.standings.changed' && e.data.poolId === pool.id)).toEqual([]);
    expect(await query('SELECT 1 FROM picks.week_scores WHERE pool_id = $1', [pool.id])).toEqual([]);

    // Completed without Calculate: the season must count it, so it is calculated then.
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'COMPLETE' });
    await stored(h, 'SELECT 1 FROM picks.pool_weeks WHERE pool_id = $1 AND calculated_at IS NOT NULL', [pool.id]);
    expect(await scoreLines(pool)).toEqual(HAND_SCORES);
    await vi.waitFor(
      () =>
        expect(h.events).toContainEqual({
          subject: 'picks.week.calculated',
          data: expect.objectContaining({ poolId: pool.id, reason: 'calculate', usersCalculated: 7 }),
        }),
      WAIT,
    );
  });

  it('should recalculate a completed week only for a commissioner override', async () => {
    const { h, players, pools, query, calculate, scoreLines } = world;
    const { pool } = pools.override;
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'SCORING' });
    await calculate(pool);
    await moveWeekTo(h, { pool, weekNumber: 17, to: 'COMPLETE' });
    await stored(h, `SELECT 1 FROM picks.season_totals_state WHERE pool_id = $1 AND weeks = '{17}'`, [pool.id]);
    const calTotal = async () =>
      (await query<{ total_points: number }>('SELECT total_points FROM picks.season_totals WHERE pool_id = $1 AND user_id = $2', [pool.id, players.cal!.id]))[0]
        ?.total_points;
    expect(await calTotal()).toBe(6);
    // What the override writes: Cal's 1pt pick becomes KC (loses), raw 6 - 1 = 5, final 5.
    await query(`UPDATE picks.picks SET selected_team_espn_id = '12' WHERE pool_id = $1 AND user_id = $2 AND confidence_rank = 1`, [pool.id, players.cal!.id]);
    const emitted: string[] = [];
    const recalc = (reason: 'correction' | 'override') =>
      h.runtime.database.db.transaction((tx) =>
        recalculateIfScored(createPicksStore(tx as unknown as Db), async (subject) => void emitted.push(subject), {
          ref: { poolId: pool.id, year: 2025, weekNumber: 17 },
          reason,
          now: new Date('2026-01-02T00:00:00Z'),
        }),
      );
    expect(await recalc('correction')).toBe(false);
    expect(await scoreLines(pool)).toEqual(HAND_SCORES);
    expect(emitted).toEqual([]);
    expect(await recalc('override')).toBe(true);
    expect(await scoreLines(pool)).toEqual(withScores(HAND_SCORES, { 'Cal Carter': { raw: 5, final: 5 } }));
    expect(emitted).toEqual(['picks.week.calculated', 'picks.standings.changed']);
    // The season standings count the corrected week.
    expect(await calTotal()).toBe(5);
  });

  // In a service of its own: it changes a production game every pool of its service published.
  // Its time includes building that service and its pools (as a beforeAll's would: a minute).
  it('should recalculate calculated weeks when the provider corrects a score, and leave completed weeks alone', { timeout: 60_000 }, async () => {
    const corrections = await week17World(CORRECTED_POOL_NAMES);
    try {
      const { h, pools, query, gameOf, calculate, scoreLines } = corrections;
      const { correctedScoring: scoring, correctedComplete: complete, correctedLive: live } = pools;
      await moveWeekTo(h, { pool: scoring.pool, weekNumber: 17, to: 'SCORING' });
      await calculate(scoring.pool);
      await moveWeekTo(h, { pool: complete.pool, weekNumber: 17, to: 'SCORING' });
      await calculate(complete.pool);
      await moveWeekTo(h, { pool: complete.pool, weekNumber: 17, to: 'COMPLETE' });
      await moveWeekTo(h, { pool: live.pool, weekNumber: 17, to: 'GAMES_IN_PROGRESS' });
      h.clock.now = new Date('2025-12-31T12:00:00.000Z');

      // G4 corrected from LAC 16 - HOU 20 to 16 - 21: 16 + 4.5 - 21 = -0.5, HOU now covers.
      //   Pat's 1pt HOU wins: raw 6, x2 -> 12. Ben's 3pt LAC loses: raw 0, x0 -> 0. Cal's 2pt LAC loses: raw 4 -> 4.
      await updateGame(h, gameOf(G4), { awayScore: 21 });
      const corrected = withScores(HAND_SCORES, { 'Pat Player': { raw: 6, final: 12 }, 'Ben Baker': { raw: 0 }, 'Cal Carter': { raw: 4, final: 4 } });
      await vi.waitFor(async () => expect(await scoreLines(scoring.pool)).toEqual(corrected), WAIT);
      await vi.waitFor(() => {
        expect(h.events).toContainEqual({ subject: 'picks.week.calculated', data: expect.objectContaining({ poolId: scoring.pool.id, reason: 'correction' }) });
        expect(h.events).toContainEqual({ subject: 'picks.standings.changed', data: expect.objectContaining({ poolId: scoring.pool.id }) });
      }, WAIT);
      // The completed week keeps its results; nothing was calculated for it or for the live week.
      expect(await scoreLines(complete.pool)).toEqual(HAND_SCORES);
      expect(await query('SELECT 1 FROM picks.week_scores WHERE pool_id = $1', [live.pool.id])).toEqual([]);
      expect(
        h.events.filter(
          (e) => e.subject === 'picks.week.calculated' && [complete.pool.id, live.pool.id].includes(e.data.poolId) && e.data.reason === 'correction',
        ),
      ).toEqual([]);
    } finally {
      await corrections.h.close();
    }
  });
});
