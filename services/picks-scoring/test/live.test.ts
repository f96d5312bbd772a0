import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICK_MESSAGES, type Game, type LiveLeaderboard, type SavedPick, type Pool } from '@powerpool/contracts';
import { integrationSkipReason } from '@powerpool/testing';
import {
  buildSeason,
  announceGames,
  announceMember,
  announcePool,
  beforeDeadline,
  buildGame,
  call,
  castOf,
  finalScore,
  insertUnscorablePicksForTest,
  pushSeason,
  moveWeekTo,
  overrideOf,
  person,
  publishWeek,
  savePicks,
  startPicks,
  stored,
  updateGame,
  voidGame,
  weekTwoGames,
  type Cast,
  type Person,
  type PicksHarness,
  type PublishedWeek,
  WEEK2_AFTER,
  WEEK2_DEADLINE,
} from './helpers.js';

const skip = await integrationSkipReason();

const DEADLINE = WEEK2_DEADLINE;
const BEFORE = new Date('2025-09-10T12:00:00.000Z');
const AFTER = WEEK2_AFTER;

const liveUrl = (poolId: string, weekNumber: number | string) => `/api/pools/${poolId}/weeks/${weekNumber}/live-leaderboard`;

/** The live leaderboard: its access, standings, games, impact games and overrides. */
describe.skipIf(skip)('live leaderboard', () => {
  let h: PicksHarness;
  let cast: Cast;
  beforeAll(async () => {
    h = await startPicks();
    cast = await castOf(h);
    await pushSeason(h, buildSeason());
  });
  afterAll(async () => h?.close());

  /** A pool (the cast's commissioner), the player as member, week 2 published with five games. */
  async function poolWithWeek(options: { isPublic: boolean }) {
    const games = await announceGames(h, weekTwoGames());
    const pool = await announcePool(h, cast.commissioner, { isPublic: options.isPublic });
    await announceMember(h, { pool, who: cast.player });
    const [g1, g2, g3, g4, g5] = games.map((g) => g.espnId) as [string, string, string, string, string];
    const week = await publishWeek(h, { pool, weekNumber: 2, games, spreads: { [g1]: -3.5, [g2]: 2.5, [g3]: 0, [g4]: -1, [g5]: 7 } });
    return { pool, week, games, ids: { g1, g2, g3, g4, g5 } };
  }

  describe('access', () => {
    it('should let the commissioner and super admins in before the deadline, and refuse members with picks_not_available', async () => {
      const { pool, week } = await poolWithWeek({ isPublic: false });
      expect(week.pickDeadline).toBe(DEADLINE);
      h.clock.now = BEFORE;

      for (const who of [cast.commissioner, cast.admin]) {
        const res = await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who });
        expect(res.statusCode).toBe(200);
        expect(res.json<LiveLeaderboard>().metadata).toMatchObject({ accessLevel: 'COMMISSIONER_ACCESS', picksAvailable: false, currentState: 'PUBLISHED' });
      }
      const member = await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.player });
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({ error: 'picks_not_available', status: 'picks_not_available', message: PICK_MESSAGES.picksNotAvailable });
      for (const who of [cast.outsider, cast.otherCommissioner]) {
        const res = await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who });
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe('forbidden');
      }
      expect((await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: null })).statusCode).toBe(401);
    });

    it('should open a private pool to its members at the deadline by the server clock, never to non-members', async () => {
      const { pool } = await poolWithWeek({ isPublic: false });
      h.clock.now = new Date(new Date(DEADLINE).getTime() - 1);
      expect((await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.player })).statusCode).toBe(403);

      h.clock.now = new Date(DEADLINE);
      const member = await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.player });
      expect(member.statusCode).toBe(200);
      expect(member.json<LiveLeaderboard>().metadata).toMatchObject({ accessLevel: 'FULL_ACCESS', picksAvailable: true });
      expect((await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.commissioner })).json<LiveLeaderboard>().metadata.accessLevel).toBe(
        'COMMISSIONER_ACCESS',
      );
      expect((await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.admin })).json<LiveLeaderboard>().metadata.accessLevel).toBe(
        'COMMISSIONER_ACCESS',
      );
      for (const who of [cast.outsider, cast.otherCommissioner]) {
        const res = await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who });
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe('forbidden');
      }
    });

    it("should show a public pool's board to signed-in non-members only after the deadline", async () => {
      const { pool } = await poolWithWeek({ isPublic: true });
      h.clock.now = BEFORE;
      for (const who of [cast.outsider, cast.otherCommissioner, cast.player]) {
        const res = await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: 'picks_not_available', status: 'picks_not_available', message: PICK_MESSAGES.picksNotAvailable });
      }
      h.clock.now = AFTER;
      expect((await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.outsider })).json<LiveLeaderboard>().metadata.accessLevel).toBe(
        'PUBLIC_ACCESS',
      );
      expect((await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.otherCommissioner })).json<LiveLeaderboard>().metadata.accessLevel).toBe(
        'PUBLIC_ACCESS',
      );
      expect((await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.player })).json<LiveLeaderboard>().metadata.accessLevel).toBe('FULL_ACCESS');
      expect((await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: null })).statusCode).toBe(401);
    });

    it('should answer 404 for an unknown pool or a week the pool never published, and 400 for a bad week', async () => {
      const { pool } = await poolWithWeek({ isPublic: false });
      h.clock.now = AFTER;
      const unknownPool = await call(h, { method: 'GET', url: liveUrl('00000000-0000-4000-8000-000000000000', 2), who: cast.admin });
      expect(unknownPool.statusCode).toBe(404);
      expect(unknownPool.json().error).toBe('pool_not_found');
      const unpublished = await call(h, { method: 'GET', url: liveUrl(pool.id, 3), who: cast.player });
      expect(unpublished.statusCode).toBe(404);
      expect(unpublished.json()).toEqual({ error: 'week_not_found', message: 'Week 3 has not been published in this pool' });
      // A non-member of a private pool learns nothing about its weeks.
      expect((await call(h, { method: 'GET', url: liveUrl(pool.id, 3), who: cast.outsider })).statusCode).toBe(403);
      expect((await call(h, { method: 'GET', url: liveUrl(pool.id, 0), who: cast.player })).statusCode).toBe(400);
      expect((await call(h, { method: 'GET', url: liveUrl('not-a-pool', 2), who: cast.player })).statusCode).toBe(400);
    });
  });

  // One week of a pool scored as it is played, after its earlier weeks: each step plays on from
  // the scores and states the step before left (they were separate tests run in this order), so
  // one test with numbered steps.
  describe('standings', () => {
    let pool: Pool;
    let week: PublishedWeek;
    let games: Game[];
    let ids: Record<'g1' | 'g2' | 'g3' | 'g4' | 'g5', string>;
    let alice: Person, bob: Person, cara: Person, dan: Person;

    /** The pool: five players, weeks 1 (COMPLETE) and -1 (SCORING) scored, week 2's picks saved and its games under way. */
    async function playedWeeks(): Promise<void> {
      ({ pool, week, games, ids } = await poolWithWeek({ isPublic: false }));
      alice = await person(h, { role: 'user', name: 'Alice Able' });
      bob = await person(h, { role: 'user', name: 'Bob Baker' });
      cara = await person(h, { role: 'user', name: 'Cara Cole' });
      dan = await person(h, { role: 'user', name: 'Dan Drew' });
      for (const p of [alice, bob, cara, dan]) await announceMember(h, { pool, who: p });

      // Earlier weeks, played and scored for real: week 1 COMPLETE (counts), preseason week -1
      // calculated but only in SCORING (does not count).
      // Week 1, against the spread (home score + spread vs away score):
      //   e1 PHI 27 - DAL 20, -3   -> 24   > 20: PHI covers
      //   e2 KC 20 - LAC 24,  +2.5 -> 22.5 < 24: LAC covers
      //   e3 BUF 17 - MIA 13, -1   -> 16   > 13: BUF covers
      //   e4 CHI 10 - DET 21, +3.5 -> 13.5 < 21: DET covers
      //   Alice: 3 PHI W 3, 2 KC L 0, 1 MIA L 0, power DET W -> raw 3, x2, final 6
      //   Bob:   3 LAC W 3, 2 BUF W 2, 1 DAL L 0, power DET W -> raw 5, x2, final 10
      //   Dan:   3 BUF W 3, 2 KC L 0, 1 PHI W 1, no power     -> raw 4, final 4
      //   Cara and Pat: no picks -> 0
      const weekOneGames = await announceGames(h, [
        buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-07T17:00:00.000Z', home: '21', away: '6' }),
        buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-07T17:00:00.000Z', home: '12', away: '24' }),
        buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-07T20:25:00.000Z', home: '2', away: '15' }),
        buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-07T20:25:00.000Z', home: '3', away: '8' }),
      ]);
      const [e1, e2, e3, e4] = weekOneGames.map((g) => g.espnId) as [string, string, string, string];
      const weekOne = await publishWeek(h, { pool, weekNumber: 1, games: weekOneGames, spreads: { [e1]: -3, [e2]: 2.5, [e3]: -1, [e4]: 3.5 } });
      await beforeDeadline(h, weekOne, async () => {
        await savePicks(h, {
          week: weekOne,
          who: alice,
          picks: [
            [e1, '21', 3],
            [e2, '12', 2],
            [e3, '15', 1],
            [e4, '8', 0],
          ],
        });
        await savePicks(h, {
          week: weekOne,
          who: bob,
          picks: [
            [e2, '24', 3],
            [e3, '2', 2],
            [e1, '6', 1],
            [e4, '8', 0],
          ],
        });
        await savePicks(h, {
          week: weekOne,
          who: dan,
          picks: [
            [e3, '2', 3],
            [e2, '12', 2],
            [e1, '21', 1],
          ],
        });
      });
      for (const [i, [home, away]] of [
        [27, 20],
        [20, 24],
        [17, 13],
        [10, 21],
      ].entries())
        await finalScore(h, { game: weekOneGames[i]!, homeScore: home!, awayScore: away! });
      await moveWeekTo(h, { pool, weekNumber: 1, to: 'SCORING' });
      const weekOneScores = await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/1/scores/calculate`, who: cast.commissioner });
      expect(weekOneScores.json()).toMatchObject({ usersCalculated: 5, errors: 0 });
      await moveWeekTo(h, { pool, weekNumber: 1, to: 'COMPLETE' });

      // Preseason week -1: p1 KC 21 - LAC 17, +1 -> 22 > 17: KC; p2 PHI 20 - DAL 10, -3 -> 17 > 10: PHI;
      // p3 BUF 13 - MIA 10, 0 -> 13 > 10: BUF. Alice: 3 KC W 3, 2 PHI W 2, 1 BUF W 1 -> final 6, not in her season.
      const preseasonGames = await announceGames(h, [
        buildGame({ weekNumber: -1, gameTimeUtc: '2025-08-20T17:00:00.000Z', home: '12', away: '24' }),
        buildGame({ weekNumber: -1, gameTimeUtc: '2025-08-20T17:00:00.000Z', home: '21', away: '6' }),
        buildGame({ weekNumber: -1, gameTimeUtc: '2025-08-20T20:00:00.000Z', home: '2', away: '15' }),
      ]);
      const [p1, p2, p3] = preseasonGames.map((g) => g.espnId) as [string, string, string];
      const preseason = await publishWeek(h, { pool, weekNumber: -1, games: preseasonGames, spreads: { [p1]: 1, [p2]: -3, [p3]: 0 } });
      await beforeDeadline(h, preseason, () =>
        savePicks(h, {
          week: preseason,
          who: alice,
          picks: [
            [p1, '12', 3],
            [p2, '21', 2],
            [p3, '2', 1],
          ],
        }),
      );
      for (const [i, [home, away]] of [
        [21, 17],
        [20, 10],
        [13, 10],
      ].entries())
        await finalScore(h, { game: preseasonGames[i]!, homeScore: home!, awayScore: away! });
      await moveWeekTo(h, { pool, weekNumber: -1, to: 'SCORING' });
      expect((await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/-1/scores/calculate`, who: cast.commissioner })).json()).toMatchObject({
        usersCalculated: 5,
        errors: 0,
      });
      expect(
        await h.runtime.database.sql.query('SELECT final_points FROM picks.week_scores WHERE pool_id = $1 AND week_number = -1 AND user_id = $2', [
          pool.id,
          alice.id,
        ]),
      ).toEqual([{ final_points: 6 }]);

      h.clock.now = BEFORE;
      const { g1, g2, g3, g4, g5 } = ids;
      await savePicks(h, {
        week,
        who: alice,
        picks: [
          [g1, '21', 3],
          [g2, '12', 2],
          [g3, '2', 1],
          [g4, '8', 0],
        ],
      });
      await savePicks(h, {
        week,
        who: bob,
        picks: [
          [g2, '24', 3],
          [g1, '6', 2],
          [g4, '3', 1],
          [g5, '9', 0],
        ],
      });
      await savePicks(h, {
        week,
        who: dan,
        picks: [
          [g3, '15', 3],
          [g4, '8', 2],
          [g5, '16', 1],
        ],
      });
      h.clock.now = AFTER;
      await moveWeekTo(h, { pool, weekNumber: 2, to: 'GAMES_IN_PROGRESS' });
    }

    const board = async (who: Person = cast.player) => {
      const res = await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who });
      expect(res.statusCode).toBe(200);
      return res.json<LiveLeaderboard>();
    };
    const standingOf = (b: LiveLeaderboard, who: Person) => b.standings.find((s) => s.userId === who.id)!;

    // Its time includes playing the weeks before (as a beforeAll's would: a minute).
    it(
      'should score a week live from kickoff to COMPLETE, double a winning power pick, list unscorable picks, and keep the calculation once complete, in order',
      { timeout: 60_000 },
      async () => {
        await playedWeeks();
        // Step 1: score final and void games, show pending picks covering or not covering, and add the completed weeks before.
        {
          const { g1, g2, g3, g4, g5 } = ids;
          await finalScore(h, { game: games[0]!, homeScore: 24, awayScore: 20 }); // PHI 24 - 3.5 = 20.5 > 20: PHI covers
          await updateGame(h, games[1]!, { gameStatus: 'IN_PROGRESS', homeScore: 10, awayScore: 14, currentPeriod: 2, gameClock: '5:00' }); // KC 12.5 < 14: LAC covering
          await voidGame(h, { week, gameId: g3 });
          await updateGame(h, games[3]!, { gameStatus: 'IN_PROGRESS', homeScore: 7, awayScore: 7, currentPeriod: 3, gameClock: '0:12' }); // CHI 6 < 7: DET covering

          const b = await board();
          expect(b.status).toBe('ok');
          expect(b.message).toBeNull();
          expect(b.standings.map((s) => [s.displayName, s.rank, s.weekPoints, s.seasonPoints])).toEqual([
            ['Alice Able', 1, 3, 9],
            ['Bob Baker', 2, 0, 10],
            ['Dan Drew', 2, 0, 4],
            ['Cara Cole', 2, 0, 0],
            ['Pat Player', 2, 0, 0],
          ]);
          expect(standingOf(b, alice)).toMatchObject({ rawPoints: 3, powerBonus: 0, powerEffect: 'pending', possiblePointsRemaining: 7, hasPicks: true });
          expect(standingOf(b, alice).picks).toEqual([
            {
              gameId: g1,
              selectedTeamEspnId: '21',
              selectedTeamAbbr: 'PHI',
              selectedTeamLogo: 'https://a.espncdn.com/i/teamlogos/nfl/500/phi.png',
              confidenceRank: 3,
              isPowerPick: false,
              isCorrect: true,
              result: 'WIN',
              pointsEarned: 3,
              covering: null,
            },
            {
              gameId: g2,
              selectedTeamEspnId: '12',
              selectedTeamAbbr: 'KC',
              selectedTeamLogo: null,
              confidenceRank: 2,
              isPowerPick: false,
              isCorrect: null,
              result: 'PENDING',
              pointsEarned: null,
              covering: 'NOT_COVERING',
            },
            {
              gameId: g3,
              selectedTeamEspnId: '2',
              selectedTeamAbbr: 'BUF',
              selectedTeamLogo: null,
              confidenceRank: 1,
              isPowerPick: false,
              isCorrect: null,
              result: 'PUSH',
              pointsEarned: 0,
              covering: null,
            },
            {
              gameId: g4,
              selectedTeamEspnId: '8',
              selectedTeamAbbr: 'DET',
              selectedTeamLogo: null,
              confidenceRank: 0,
              isPowerPick: true,
              isCorrect: null,
              result: 'PENDING',
              pointsEarned: null,
              covering: 'COVERING',
            },
          ]);
          expect(standingOf(b, bob)).toMatchObject({ rawPoints: 0, powerEffect: 'pending', possiblePointsRemaining: 8 });
          expect(standingOf(b, bob).picks.map((p) => [p.selectedTeamAbbr, p.result, p.covering])).toEqual([
            ['LAC', 'PENDING', 'COVERING'],
            ['DAL', 'LOSS', null],
            ['CHI', 'PENDING', 'NOT_COVERING'],
            ['GB', 'PENDING', null],
          ]);
          expect(standingOf(b, dan)).toMatchObject({ rawPoints: 0, powerEffect: 'none', possiblePointsRemaining: 3 });
          expect(standingOf(b, cara)).toEqual({
            userId: cara.id,
            displayName: 'Cara Cole',
            rank: 2,
            weekPoints: 0,
            seasonPoints: 0,
            rawPoints: 0,
            powerBonus: 0,
            powerEffect: 'none',
            possiblePointsRemaining: 0,
            hasPicks: false,
            picks: [],
          });

          expect(b.gamesCentric.map((g) => [g.gameId, g.status, g.quarter, g.clock, g.homeScore, g.awayScore, g.spread, g.isVoid, g.cover])).toEqual([
            [g1, 'COMPLETE', null, null, 24, 20, -3.5, false, 'HOME'],
            [g2, 'IN_PROGRESS', 2, '5:00', 10, 14, 2.5, false, null],
            [g3, 'SCHEDULED', null, null, null, null, 0, true, null],
            [g4, 'IN_PROGRESS', 3, '0:12', 7, 7, -1, false, null],
            [g5, 'SCHEDULED', null, null, null, null, 7, false, null],
          ]);
          expect(b.gamesCentric[0]).toMatchObject({
            poolGameId: week.poolGameIds[g1],
            gameTime: '2025-09-14T17:00:00.000Z',
            homeTeam: 'Philadelphia Eagles',
            awayTeam: 'Dallas Cowboys',
            homeTeamAbbr: 'PHI',
            awayTeamAbbr: 'DAL',
            homeTeamLogo: 'https://a.espncdn.com/i/teamlogos/nfl/500/phi.png',
            awayTeamLogo: 'https://a.espncdn.com/i/teamlogos/nfl/500/dal.png',
            venue: { name: 'Lincoln Financial Field', city: 'Philadelphia', state: 'PA', exteriorImageUrl: null, interiorImageUrl: null },
          });
          expect(b.gamesCentric[1]!.venue).toBeNull();

          // Open games g2, g4, g5. Best raw: Alice 3 + 2 = 5, Bob 0 + 3 + 1 = 4, Dan 0 + 2 + 1 = 3.
          // g4: Alice power 5 + Bob 1pt 1 + Dan 2pt 2 = 8; g2: Alice 2 + Bob 3 = 5; g5: Bob power 4 + Dan 1 = 5 (g2 kicks off first).
          expect(
            b.impactGames.map((g) => [
              g.gameId,
              g.totalImpactPoints,
              g.pickDetails.threePtPicks,
              g.pickDetails.twoPtPicks,
              g.pickDetails.onePtPicks,
              g.pickDetails.powerPicks,
            ]),
          ).toEqual([
            [g4, 8, 0, 1, 1, 1],
            [g2, 5, 1, 1, 0, 0],
            [g5, 5, 0, 0, 1, 1],
          ]);
          // Players by season rank: Bob 10 (1), Alice 9 (2), Dan 4 (3).
          expect(b.impactGames[0]!.pickDetails.players).toEqual([
            { userId: bob.id, displayName: 'Bob Baker', seasonPoints: 10, seasonRank: 1, selectedTeamAbbr: 'CHI', isPowerPick: false, confidenceRank: 1 },
            { userId: alice.id, displayName: 'Alice Able', seasonPoints: 9, seasonRank: 2, selectedTeamAbbr: 'DET', isPowerPick: true, confidenceRank: 0 },
            { userId: dan.id, displayName: 'Dan Drew', seasonPoints: 4, seasonRank: 3, selectedTeamAbbr: 'DET', isPowerPick: false, confidenceRank: 2 },
          ]);
          expect(b.impactGames[0]).toMatchObject({ gameTime: '2025-09-14T20:25:00.000Z', homeTeamAbbr: 'CHI', awayTeamAbbr: 'DET', status: 'IN_PROGRESS' });

          expect(b.metadata).toEqual({
            poolId: pool.id,
            poolName: pool.name,
            year: 2025,
            weekNumber: 2,
            weekDisplayName: 'Week 2',
            currentState: 'GAMES_IN_PROGRESS',
            pickDeadline: DEADLINE,
            gamesInProgress: true,
            picksAvailable: true,
            accessLevel: 'FULL_ACCESS',
            allWeeks: [
              { weekNumber: -1, displayName: 'Preseason Week 4', state: 'SCORING' },
              { weekNumber: 1, displayName: 'Week 1', state: 'COMPLETE' },
              { weekNumber: 2, displayName: 'Week 2', state: 'GAMES_IN_PROGRESS' },
            ],
            generatedAt: AFTER.toISOString(),
          });
          expect(b.overrides).toEqual([]);
        }

        // Step 2: double a winning power pick once every game is final, and rank ties together.
        {
          await finalScore(h, { game: games[1]!, homeScore: 20, awayScore: 24 }); // KC 22.5 < 24: LAC covers
          await finalScore(h, { game: games[3]!, homeScore: 10, awayScore: 14 }); // CHI 9 < 14: DET covers
          await finalScore(h, { game: games[4]!, homeScore: 27, awayScore: 20 }); // GB 34 > 20: GB covers
          await moveWeekTo(h, { pool, weekNumber: 2, to: 'SCORING' });

          const b = await board(cast.commissioner);
          expect(
            b.standings.map((s) => [s.displayName, s.rank, s.rawPoints, s.powerBonus, s.powerEffect, s.weekPoints, s.seasonPoints, s.possiblePointsRemaining]),
          ).toEqual([
            ['Bob Baker', 1, 3, 3, 'x2', 6, 16, 0],
            ['Alice Able', 1, 3, 3, 'x2', 6, 12, 0],
            ['Dan Drew', 3, 2, 0, 'none', 2, 6, 0],
            ['Cara Cole', 4, 0, 0, 'none', 0, 0, 0],
            ['Pat Player', 4, 0, 0, 'none', 0, 0, 0],
          ]);
          expect(standingOf(b, alice).picks.map((p) => [p.selectedTeamAbbr, p.result, p.isCorrect, p.pointsEarned])).toEqual([
            ['PHI', 'WIN', true, 3],
            ['KC', 'LOSS', false, 0],
            ['BUF', 'PUSH', null, 0],
            ['DET', 'WIN', true, 3],
          ]);
          expect(b.impactGames).toEqual([]);
          expect(b.metadata).toMatchObject({ gamesInProgress: false, currentState: 'SCORING', accessLevel: 'COMMISSIONER_ACCESS' });
        }

        // Step 3: list a player whose picks cannot be scored with zeros and pending picks.
        {
          const eve = await person(h, { role: 'user', name: 'Eve Error' });
          await announceMember(h, { pool, who: eve });
          await insertUnscorablePicksForTest(h, week, eve, [
            [ids.g1, '21', 3],
            [ids.g2, '24', 2],
          ]); // no 1pt pick
          const b = await board();
          expect(standingOf(b, eve)).toMatchObject({ rank: 4, weekPoints: 0, seasonPoints: 0, rawPoints: 0, powerEffect: 'none', hasPicks: true });
          expect(standingOf(b, eve).picks.map((p) => [p.selectedTeamAbbr, p.result, p.pointsEarned])).toEqual([
            ['PHI', 'PENDING', null],
            ['LAC', 'PENDING', null],
          ]);
          await announceMember(h, { pool, who: eve, subject: 'pools.member.removed' });
          expect((await board()).standings.map((s) => s.displayName)).not.toContain('Eve Error');
        }

        // Step 4: show a COMPLETE week as calculated.
        {
          // Completed without Calculate: the week is calculated as it completes, from the finals above
          // (Eve's picks cannot be scored, and she left). Bob 3 x2 = 6 and Alice 3 x2 = 6, Dan 2;
          // seasons Bob 10 + 6 = 16, Alice 6 + 6 = 12 (preseason week -1 still not counted), Dan 4 + 2 = 6.
          await moveWeekTo(h, { pool, weekNumber: 2, to: 'COMPLETE' });
          // A provider correction after COMPLETE changes nothing on the board (only a recorded
          // correction does): PHI 10 - 3.5 = 6.5 < 20 would turn Alice's 3pt PHI into a loss.
          await finalScore(h, { game: games[0]!, homeScore: 10, awayScore: 20 });
          const b = await board();
          expect(b.standings.map((s) => [s.displayName, s.rank, s.rawPoints, s.powerBonus, s.powerEffect, s.weekPoints, s.seasonPoints])).toEqual([
            ['Bob Baker', 1, 3, 3, 'x2', 6, 16],
            ['Alice Able', 1, 3, 3, 'x2', 6, 12],
            ['Dan Drew', 3, 2, 0, 'none', 2, 6],
            ['Cara Cole', 4, 0, 0, 'none', 0, 0],
            ['Pat Player', 4, 0, 0, 'none', 0, 0],
          ]);
          // The picks as calculated (the power pick's points are its bonus), PHI still a win.
          expect(standingOf(b, alice).picks.map((p) => [p.selectedTeamAbbr, p.result, p.pointsEarned, p.covering])).toEqual([
            ['PHI', 'WIN', 3, null],
            ['KC', 'LOSS', 0, null],
            ['BUF', 'PUSH', 0, null],
            ['DET', 'WIN', 3, null],
          ]);
          expect(b.metadata.currentState).toBe('COMPLETE');
        }
      },
    );
  });

  describe("a commissioner's power pick on an unpublished game, and a pick exactly on the spread", () => {
    // docs/game.md#unpublished-games: a power pick on a game the pool did not publish is scored straight up
    // (spread 0), on the live board and in the calculation alike; "Leaderboards": a pending pick
    // is covering, push (exactly on the spread) or not covering.
    it('should score the power pick straight up as the calculation does, and show a push right now', async () => {
      const games = await announceGames(h, weekTwoGames());
      const pool = await announcePool(h, cast.commissioner);
      await announceMember(h, { pool, who: cast.player });
      const [g1, g2, , g4, g5] = games.map((g) => g.espnId) as [string, string, string, string, string];
      // g5 (GB v MIN) is not published: no locked spread.
      const week = await publishWeek(h, { pool, weekNumber: 2, games: games.slice(0, 4), spreads: { [g1]: -3.5, [g2]: 2.5, [games[2]!.espnId]: 0, [g4]: -1 } });
      // Pat's picks entered by the commissioner: 3 PHI, 2 KC, 1 DET, power GB on the unpublished g5.
      await beforeDeadline(h, week, async () => {
        const res = await call(h, {
          method: 'POST',
          url: '/api/picks/commissioner-override',
          who: cast.commissioner,
          payload: overrideOf({
            week,
            target: cast.player,
            picks: [
              [g1, '21', 3],
              [g2, '12', 2],
              [g4, '8', 1],
              [g5, '9', 0],
            ],
          }),
        });
        expect(res.statusCode).toBe(200);
      });
      h.clock.now = AFTER;
      await moveWeekTo(h, { pool, weekNumber: 2, to: 'GAMES_IN_PROGRESS' });
      const pat = async () => {
        const res = await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.commissioner });
        expect(res.statusCode).toBe(200);
        return res.json<LiveLeaderboard>().standings.find((s) => s.userId === cast.player.id)!;
      };

      await finalScore(h, { game: games[0]!, homeScore: 24, awayScore: 20 }); // PHI 20.5 > 20: PHI covers, 3
      await finalScore(h, { game: games[1]!, homeScore: 20, awayScore: 24 }); // KC 22.5 < 24: KC loses
      await updateGame(h, games[3]!, { gameStatus: 'IN_PROGRESS', homeScore: 8, awayScore: 7, currentPeriod: 3, gameClock: '4:00' }); // CHI 8 - 1 = 7: exactly on the spread
      await updateGame(h, games[4]!, { gameStatus: 'IN_PROGRESS', homeScore: 14, awayScore: 10, currentPeriod: 2, gameClock: '1:00' }); // GB leads straight up
      expect((await pat()).picks.map((p) => [p.selectedTeamAbbr, p.result, p.covering])).toEqual([
        ['PHI', 'WIN', null],
        ['KC', 'LOSS', null],
        ['DET', 'PENDING', 'PUSH'],
        ['GB', 'PENDING', 'COVERING'],
      ]);

      // GB wins the unpublished game: the power pick wins (x2) on the board, before any calculation.
      await finalScore(h, { game: games[4]!, homeScore: 24, awayScore: 17 });
      const live = await pat();
      expect([live.rawPoints, live.powerEffect, live.powerBonus, live.weekPoints, live.possiblePointsRemaining]).toEqual([3, 'x2', 3, 6, 2]);
      expect(live.picks.at(-1)).toMatchObject({ selectedTeamAbbr: 'GB', result: 'WIN', isCorrect: true, pointsEarned: 3, covering: null });

      // The calculation scores the same week the same way.
      await finalScore(h, { game: games[3]!, homeScore: 8, awayScore: 7 }); // DET pushes
      await moveWeekTo(h, { pool, weekNumber: 2, to: 'SCORING' });
      const onBoard = await pat();
      expect((await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/2/scores/calculate`, who: cast.commissioner })).json()).toMatchObject({
        errors: 0,
      });
      const [calculated] = await h.runtime.database.sql.query<{
        raw_points: number;
        final_points: number;
        power_effect: string;
        has_calculation_error: boolean;
      }>(
        'SELECT raw_points, final_points, power_effect, has_calculation_error FROM picks.week_scores WHERE pool_id = $1 AND week_number = 2 AND user_id = $2',
        [pool.id, cast.player.id],
      );
      expect(calculated).toEqual({
        raw_points: onBoard.rawPoints,
        final_points: onBoard.weekPoints,
        power_effect: onBoard.powerEffect,
        has_calculation_error: false,
      });
      expect([onBoard.rawPoints, onBoard.weekPoints, onBoard.powerEffect]).toEqual([3, 6, 'x2']);
      await moveWeekTo(h, { pool, weekNumber: 2, to: 'COMPLETE' });
      expect(await pat()).toEqual(onBoard);
    });
  });

  describe('freshness', () => {
    it('should show every change at once on every replica, though boards are cached', async () => {
      const { pool, week, games, ids } = await poolWithWeek({ isPublic: false });
      const replica = await h.addReplica();
      const kim = await person(h, { role: 'user', name: 'Kim Kay' });
      await announceMember(h, { pool, who: kim });
      h.clock.now = BEFORE;
      await savePicks(h, {
        week,
        who: kim,
        picks: [
          [ids.g1, '21', 3],
          [ids.g2, '12', 2],
          [ids.g3, '2', 1],
        ],
      });
      h.clock.now = AFTER;
      const boards = async () =>
        Promise.all(
          [h.app, replica, h.app].map(async (app) =>
            (await call({ ...h, app: app }, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.player })).json<LiveLeaderboard>(),
          ),
        );
      const kimOn = (b: LiveLeaderboard) => b.standings.find((s) => s.userId === kim.id);
      const seen = async () =>
        (await boards()).map((b) => {
          const k = kimOn(b);
          return k ? [k.displayName, k.weekPoints, k.picks.map((p) => p.result).join(' ')] : null;
        });

      expect(await seen()).toEqual(Array(3).fill(['Kim Kay', 0, 'PENDING PENDING PENDING']));
      await finalScore(h, { game: games[0]!, homeScore: 24, awayScore: 20 }); // PHI covers -3.5
      expect(await seen()).toEqual(Array(3).fill(['Kim Kay', 3, 'WIN PENDING PENDING']));
      await voidGame(h, { week, gameId: ids.g2 });
      expect(await seen()).toEqual(Array(3).fill(['Kim Kay', 3, 'WIN PUSH PENDING']));
      const renamedAt = new Date(Date.now() + 60_000).toISOString();
      await h.runtime.bus.publish('identity.user.profile-changed', {
        user: {
          id: kim.id,
          email: kim.email,
          displayName: 'Kim Renamed',
          firstName: null,
          lastName: null,
          role: 'user',
          hasPaid: false,
          paymentNotes: null,
          createdAt: renamedAt,
          updatedAt: renamedAt,
        },
      });
      await stored(h, 'SELECT 1 FROM picks.users WHERE id = $1 AND display_name = $2', [kim.id, 'Kim Renamed']);
      expect(await seen()).toEqual(Array(3).fill(['Kim Renamed', 3, 'WIN PUSH PENDING']));
      await announceMember(h, { pool, who: kim, subject: 'pools.member.removed' });
      expect(await seen()).toEqual([null, null, null]);
    });
  });

  describe('overrides', () => {
    it("should list the week's overrides with names to the pool's members, and their picks to those who may see them", async () => {
      const { pool, week, ids } = await poolWithWeek({ isPublic: true });
      const mo = await person(h, { role: 'user', name: 'Mo Member' });
      await announceMember(h, { pool, who: mo });
      h.clock.now = BEFORE;
      await savePicks(h, {
        week,
        who: cast.player,
        picks: [
          [ids.g1, '21', 3],
          [ids.g2, '12', 2],
          [ids.g3, '2', 1],
        ],
      });
      const entered = await call(h, {
        method: 'POST',
        url: '/api/picks/commissioner-override',
        who: cast.commissioner,
        payload: overrideOf({
          week,
          target: cast.player,
          picks: [
            [ids.g1, '21', 3],
            [ids.g2, '24', 2],
            [ids.g4, '8', 1],
          ],
          overrideReason: 'Phone died',
        }),
      });
      expect(entered.statusCode).toBe(200);

      const seenByCommissioner = (await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.commissioner })).json<LiveLeaderboard>().overrides;
      expect(seenByCommissioner).toHaveLength(1);
      expect(seenByCommissioner[0]).toMatchObject({
        poolId: pool.id,
        weekNumber: 2,
        targetUserId: cast.player.id,
        targetDisplayName: 'Pat Player',
        byUserId: cast.commissioner.id,
        byDisplayName: 'Casey Commish',
        reason: 'Phone died',
        at: BEFORE.toISOString(),
      });
      const picksOf = (list: SavedPick[] | null) => list?.map((p) => [p.gameId, p.selectedTeamAbbreviation, p.confidenceRank]);
      expect(picksOf(seenByCommissioner[0]!.picksBefore)).toEqual([
        [ids.g1, 'PHI', 3],
        [ids.g2, 'KC', 2],
        [ids.g3, 'BUF', 1],
      ]);
      expect(picksOf(seenByCommissioner[0]!.picksAfter)).toEqual([
        [ids.g1, 'PHI', 3],
        [ids.g2, 'LAC', 2],
        [ids.g4, 'DET', 1],
      ]);
      // The board scores the picks as they are now.
      const standing = (await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.commissioner }))
        .json<LiveLeaderboard>()
        .standings.find((s) => s.userId === cast.player.id)!;
      expect(standing.picks.map((p) => p.selectedTeamAbbr)).toEqual(['PHI', 'LAC', 'DET']);

      h.clock.now = AFTER;
      for (const member of [cast.player, mo]) {
        const seen = (await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: member })).json<LiveLeaderboard>().overrides;
        expect(seen.map((o) => [o.reason, picksOf(o.picksAfter)?.length])).toEqual([['Phone died', 3]]);
      }
      // A public pool's visitor is not a member: no override records.
      expect((await call(h, { method: 'GET', url: liveUrl(pool.id, 2), who: cast.outsider })).json<LiveLeaderboard>().overrides).toEqual([]);
    });
  });
  describe('HTTP caching', () => {
    /** GET the board as `who` with extra request headers; the body as it came (maybe gzipped). */
    const get = (poolId: string, who: Person, headers: Record<string, string> = {}) =>
      h.app.inject({ method: 'GET', url: liveUrl(poolId, 2), headers: { ...who.headers, ...headers } });

    it('should tag the board with a weak ETag of its version, answer 304 to a matching If-None-Match, and gzip for clients that take it', async () => {
      const { pool } = await poolWithWeek({ isPublic: false });
      h.clock.now = AFTER;
      const plain = await get(pool.id, cast.player);
      expect(plain.statusCode).toBe(200);
      const etag = plain.headers.etag as string;
      expect(etag).toMatch(/^W\/"lb-[A-Za-z0-9_-]{27}"$/);
      expect(plain.headers).toMatchObject({ 'cache-control': 'private, no-cache', vary: 'accept-encoding', 'content-type': 'application/json; charset=utf-8' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json<LiveLeaderboard>().metadata.accessLevel).toBe('FULL_ACCESS');

      const gzipped = await get(pool.id, cast.player, { 'accept-encoding': 'gzip, deflate, br' });
      expect(gzipped.statusCode).toBe(200);
      expect(gzipped.headers).toMatchObject({ etag, 'content-encoding': 'gzip', vary: 'accept-encoding', 'cache-control': 'private, no-cache' });
      expect(Number(gzipped.headers['content-length'])).toBe(gzipped.rawPayload.length);
      expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect((await get(pool.id, cast.player, { 'accept-encoding': 'gzip;q=0, br' })).headers['content-encoding']).toBeUndefined();

      for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.slice(2), '*']) {
        const unchanged = await get(pool.id, cast.player, { 'if-none-match': ifNoneMatch, 'accept-encoding': 'gzip' });
        expect(unchanged.statusCode).toBe(304);
        expect(unchanged.rawPayload.length).toBe(0);
        expect(unchanged.headers).toMatchObject({ etag, 'cache-control': 'private, no-cache', vary: 'accept-encoding' });
        expect(unchanged.headers['content-encoding']).toBeUndefined();
      }
      expect((await get(pool.id, cast.player, { 'if-none-match': 'W/"lb-stale"' })).statusCode).toBe(200);
      // Another member with the same access sees the same board: same version, same tag.
      const mo = await person(h, { role: 'user', name: 'Mo Member' });
      await announceMember(h, { pool, who: mo });
      const afterJoin = await get(pool.id, mo, { 'if-none-match': etag });
      expect(afterJoin.statusCode).toBe(200); // a new member changed the board (one more standing)
      expect((await get(pool.id, cast.player, { 'if-none-match': afterJoin.headers.etag as string })).statusCode).toBe(304);
    });

    it('should give each access level its own ETag, and check access before any 304', async () => {
      const { pool } = await poolWithWeek({ isPublic: true });
      h.clock.now = AFTER;
      const tags = [];
      for (const who of [cast.commissioner, cast.player, cast.outsider]) tags.push((await get(pool.id, who)).headers.etag);
      expect(new Set(tags).size).toBe(3);
      const [commissioner, member] = tags as [string, string, string];
      expect((await get(pool.id, cast.outsider, { 'if-none-match': commissioner })).statusCode).toBe(200);
      // Before the deadline a member is refused whatever tag they hold.
      h.clock.now = BEFORE;
      const early = await get(pool.id, cast.player, { 'if-none-match': member });
      expect(early.statusCode).toBe(403);
      expect(early.json().error).toBe('picks_not_available');
      expect(early.headers.etag).toBeUndefined();
      const privatePool = (await poolWithWeek({ isPublic: false })).pool;
      h.clock.now = AFTER;
      const tag = (await get(privatePool.id, cast.player)).headers.etag as string;
      const stranger = await get(privatePool.id, cast.outsider, { 'if-none-match': tag });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().error).toBe('forbidden');
    });

    it('should change the ETag when a pick is saved, a score comes in or the pool is renamed', async () => {
      const { pool, week, games, ids } = await poolWithWeek({ isPublic: false });
      h.clock.now = BEFORE;
      const first = (await get(pool.id, cast.commissioner)).headers.etag as string;
      expect((await get(pool.id, cast.commissioner, { 'if-none-match': first })).statusCode).toBe(304);

      await savePicks(h, {
        week,
        who: cast.player,
        picks: [
          [ids.g1, '21', 3],
          [ids.g2, '12', 2],
          [ids.g3, '2', 1],
        ],
      });
      const afterPick = await get(pool.id, cast.commissioner, { 'if-none-match': first, 'accept-encoding': 'gzip' });
      expect(afterPick.statusCode).toBe(200);
      const saved = JSON.parse(gunzipSync(afterPick.rawPayload).toString('utf8')) as LiveLeaderboard;
      expect(saved.standings.find((s) => s.userId === cast.player.id)!.picks.map((p) => p.selectedTeamAbbr)).toEqual(['PHI', 'KC', 'BUF']);
      const second = afterPick.headers.etag as string;
      expect(second).not.toBe(first);
      expect((await get(pool.id, cast.commissioner, { 'if-none-match': second })).statusCode).toBe(304);

      h.clock.now = AFTER;
      // The deadline passing is a new variant for the commissioner (picksAvailable turns true).
      const atDeadline = await get(pool.id, cast.commissioner, { 'if-none-match': second });
      expect(atDeadline.statusCode).toBe(200);
      expect(atDeadline.json<LiveLeaderboard>().metadata.picksAvailable).toBe(true);
      const third = atDeadline.headers.etag as string;

      await finalScore(h, { game: games[0]!, homeScore: 24, awayScore: 20 }); // PHI covers -3.5: the player's 3 points
      const afterScore = await get(pool.id, cast.commissioner, { 'if-none-match': third });
      expect(afterScore.statusCode).toBe(200);
      expect(afterScore.json<LiveLeaderboard>().standings.find((s) => s.userId === cast.player.id)!.weekPoints).toBe(3);
      const fourth = afterScore.headers.etag as string;
      expect(new Set([first, second, third, fourth]).size).toBe(4);

      await h.runtime.bus.publish('pools.pool.updated', { pool: { ...pool, name: 'Renamed Pool', updatedAt: new Date(Date.now() + 60_000).toISOString() } });
      await stored(h, 'SELECT 1 FROM picks.pools WHERE id = $1 AND name = $2', [pool.id, 'Renamed Pool']);
      const renamed = await get(pool.id, cast.commissioner, { 'if-none-match': fourth });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json<LiveLeaderboard>().metadata.poolName).toBe('Renamed Pool');
    });
  });
});
