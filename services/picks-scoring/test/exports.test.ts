import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICK_MESSAGES, type Game, type Pool } from '@powerpool/contracts';
import { integrationSkipReason } from '@powerpool/testing';
import {
  announceGames,
  announceMember,
  announcePool,
  buildSeason,
  call,
  castOf,
  finalScore,
  insertUnscorablePicksForTest,
  pushSeason,
  moveWeekTo,
  person,
  publishWeek,
  savePicks,
  startPicks,
  type Cast,
  type Person,
  type PicksHarness,
  type PublishedWeek,
  weekTwoGames,
} from './helpers.js';

const skip = await integrationSkipReason();

const BEFORE = new Date('2025-09-10T12:00:00.000Z');
const AFTER = new Date('2025-09-15T12:00:00.000Z');
const BOM = '\uFEFF';

const leaderboardUrl = (poolId: string, weekNumber: number) => `/api/pools/${poolId}/weeks/${weekNumber}/leaderboard/export/csv`;
const weekUrl = (poolId: string, weekNumber: number) => `/api/pools/${poolId}/weeks/${weekNumber}/export/csv`;

/** The CSV exports: the live leaderboard's (its access) and the commissioner's scoring review. */
describe.skipIf(skip)('CSV exports', () => {
  let h: PicksHarness;
  let cast: Cast;
  let hyper: Person, plus: Person, minus: Person, at: Person, smith: Person, erin: Person;

  beforeAll(async () => {
    h = await startPicks();
    cast = await castOf(h);
    await pushSeason(h, buildSeason());
    hyper = await person(h, { role: 'user', name: '=HYPERLINK("x")' });
    plus = await person(h, { role: 'user', name: '+1' });
    minus = await person(h, { role: 'user', name: '-2' });
    at = await person(h, { role: 'user', name: '@cmd' });
    smith = await person(h, { role: 'user', name: 'Smith, "Jo"\nJr' });
    erin = await person(h, { role: 'user', name: 'Erin Error' });
  });
  afterAll(async () => h?.close());

  /**
   * A pool of its own for each test: week 2's five games (weekTwoGames, fresh ids), published with
   * spreads g1 PHI v DAL -3.5, g2 KC v LAC 2.5, g3 BUF v MIA 0, g4 CHI v DET -1, g5 GB v MIN 7, and the
   * players' picks saved before the deadline.
   */
  async function csvPool(): Promise<{ pool: Pool; week: PublishedWeek; games: Game[] }> {
    const games = await announceGames(h, weekTwoGames());
    const pool = await announcePool(h, cast.commissioner, { name: 'Café "Crème", Pool', isPublic: false });
    await announceMember(h, { pool, who: cast.player });
    for (const p of [hyper, plus, minus, at, smith, erin]) await announceMember(h, { pool, who: p });
    const [g1, g2, g3, g4, g5] = games.map((g) => g.espnId) as [string, string, string, string, string];
    const week = await publishWeek(h, { pool, weekNumber: 2, games, spreads: { [g1]: -3.5, [g2]: 2.5, [g3]: 0, [g4]: -1, [g5]: 7 } });
    h.clock.now = BEFORE;
    await savePicks(h, {
      week,
      who: hyper,
      picks: [
        [g1, '21', 3],
        [g2, '12', 2],
        [g4, '8', 1],
        [g5, '9', 0],
      ],
    });
    await savePicks(h, {
      week,
      who: plus,
      picks: [
        [g2, '24', 3],
        [g3, '2', 2],
        [g1, '6', 1],
        [g4, '3', 0],
      ],
    });
    await savePicks(h, {
      week,
      who: minus,
      picks: [
        [g4, '8', 3],
        [g1, '21', 2],
        [g5, '16', 1],
      ],
    });
    await savePicks(h, {
      week,
      who: smith,
      picks: [
        [g5, '9', 3],
        [g4, '3', 2],
        [g2, '24', 1],
        [g3, '15', 0],
      ],
    });
    await insertUnscorablePicksForTest(h, week, erin, [
      [g1, '21', 3],
      [g2, '24', 2],
    ]); // no 1pt pick: cannot be scored
    return { pool, week, games };
  }

  /**
   * The week's finals, against the spread:
   *   g1 PHI 24 - DAL 20, -3.5 -> 20.5 > 20: PHI covers
   *   g2 KC 20 - LAC 24,  +2.5 -> 22.5 < 24: LAC covers
   *   g3 BUF 17 - MIA 17,  0   -> 17 = 17:   push
   *   g4 CHI 10 - DET 14,  -1  ->  9 < 14:   DET covers
   *   g5 GB 27 - MIN 20,   +7  -> 34 > 20:   GB covers
   * then the week in SCORING, and the clock past the deadline.
   */
  async function played({ pool, games }: { pool: Pool; games: Game[] }): Promise<void> {
    for (const [i, [home, away]] of [
      [24, 20],
      [20, 24],
      [17, 17],
      [10, 14],
      [27, 20],
    ].entries())
      await finalScore(h, { game: games[i]!, homeScore: home!, awayScore: away! });
    await moveWeekTo(h, { pool, weekNumber: 2, to: 'SCORING' });
    h.clock.now = AFTER;
  }

  describe('leaderboard CSV', () => {
    it('should refuse it before the deadline like the live leaderboard, except to the commissioner', async () => {
      const { pool } = await csvPool();
      h.clock.now = BEFORE;
      const member = await call(h, { method: 'GET', url: leaderboardUrl(pool.id, 2), who: cast.player });
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({ error: 'picks_not_available', status: 'picks_not_available', message: PICK_MESSAGES.picksNotAvailable });
      expect((await call(h, { method: 'GET', url: leaderboardUrl(pool.id, 2), who: cast.outsider })).json().error).toBe('forbidden');
      expect((await call(h, { method: 'GET', url: leaderboardUrl(pool.id, 2), who: cast.commissioner })).statusCode).toBe(200);
      expect((await call(h, { method: 'GET', url: leaderboardUrl(pool.id, 2), who: cast.admin })).statusCode).toBe(200);
      expect((await call(h, { method: 'GET', url: leaderboardUrl(pool.id, 3), who: cast.commissioner })).json().error).toBe('week_not_found');

      h.clock.now = AFTER;
      expect((await call(h, { method: 'GET', url: leaderboardUrl(pool.id, 2), who: cast.player })).statusCode).toBe(200);
      const outsider = await call(h, { method: 'GET', url: leaderboardUrl(pool.id, 2), who: cast.outsider });
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json().error).toBe('forbidden');
    });

    it('should export the standings with quoted, formula-neutralised names and numbers left as numbers', async () => {
      const { pool, games } = await csvPool();
      await played({ pool, games });

      const res = await call(h, { method: 'GET', url: leaderboardUrl(pool.id, 2), who: cast.player });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="cafe-creme-pool-week-2-leaderboard.csv"; filename*=UTF-8''cafe-creme-pool-week-2-leaderboard.csv`,
      );
      expect(res.body).toBe(
        BOM +
          'Rank,Player,Season Points,3pt Pick,2pt Pick,1pt Pick,Power Pick,Raw Points,Power Bonus,Final Score\r\n' +
          // 4 raw (PHI 3, DET 1) x2 by GB
          `1,"'=HYPERLINK(""x"")",8,PHI,KC,DET,GB,4,4,8\r\n` +
          `2,'-2,5,DET,PHI,MIN,,5,0,5\r\n` +
          // 4 raw (GB 3, LAC 1), power on a push
          `3,"Smith, ""Jo""\nJr",4,GB,CHI,LAC,MIA,4,0,4\r\n` +
          `4,'@cmd,0,,,,,0,0,0\r\n` +
          // 3 raw (LAC), power CHI lost: x0, bonus -3
          `4,'+1,0,LAC,BUF,DAL,CHI,3,-3,0\r\n` +
          `4,Erin Error,0,PHI,LAC,,,0,0,0\r\n` +
          `4,Pat Player,0,,,,,0,0,0\r\n`,
      );
    });

    it('should give a non-ASCII pool name an ASCII fallback file name and the exact UTF-8 one', async () => {
      const games = await announceGames(h, weekTwoGames());
      const other = await announcePool(h, cast.commissioner, { name: 'Ωmega Pool' });
      await publishWeek(h, { pool: other, weekNumber: 2, games, spreads: { [games[0]!.espnId]: -3.5 } });
      const res = await call(h, { method: 'GET', url: leaderboardUrl(other.id, 2), who: cast.commissioner });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="_mega-pool-week-2-leaderboard.csv"; filename*=UTF-8''%CF%89mega-pool-week-2-leaderboard.csv`,
      );
      expect(res.body).toBe(`${BOM}Rank,Player,Season Points,3pt Pick,2pt Pick,1pt Pick,Power Pick,Raw Points,Power Bonus,Final Score\r\n`);
    });
  });

  describe("commissioner's week CSV", () => {
    it('should be for the pool commissioner and super admins only', async () => {
      const { pool } = await csvPool();
      for (const who of [cast.player, cast.outsider, cast.otherCommissioner]) {
        const res = await call(h, { method: 'GET', url: weekUrl(pool.id, 2), who });
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe('forbidden');
      }
      expect((await call(h, { method: 'GET', url: weekUrl(pool.id, 2), who: cast.admin })).statusCode).toBe(200);
      expect((await call(h, { method: 'GET', url: weekUrl(pool.id, 5), who: cast.commissioner })).json().error).toBe('week_not_found');
      expect((await call(h, { method: 'GET', url: weekUrl('00000000-0000-4000-8000-000000000000', 2), who: cast.admin })).json().error).toBe('pool_not_found');
    });

    it('should export the scoring review as calculated, errors last, e-mails neutralised too', async () => {
      const { pool, games } = await csvPool();
      await played({ pool, games });
      // The commissioner calculates the week, played and in SCORING:
      //   =HYPERLINK: 3 PHI W 3, 2 KC L 0, 1 DET W 1, power GB W   -> raw 4, x2, final 8
      //   -2:         3 DET W 3, 2 PHI W 2, 1 MIN L 0, no power    -> raw 5, none, final 5
      //   Smith:      3 GB W 3, 2 CHI L 0, 1 LAC W 1, power MIA push -> raw 4, push, final 4
      //   +1:         3 LAC W 3, 2 BUF push 0, 1 DAL L 0, power CHI L -> raw 3, x0, final 0
      //   @cmd, Pat Player: no picks -> 0; Erin: no 1pt pick -> a calculation error
      const calculated = await call(h, { method: 'POST', url: `/api/pools/${pool.id}/weeks/2/scores/calculate`, who: cast.commissioner });
      expect(calculated.statusCode).toBe(200);
      expect(calculated.json()).toMatchObject({ usersCalculated: 6, errors: 1 });
      const res = await call(h, { method: 'GET', url: weekUrl(pool.id, 2), who: cast.commissioner });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="cafe-creme-pool-week-2-scores.csv"; filename*=UTF-8''cafe-creme-pool-week-2-scores.csv`,
      );
      const id6 = (p: Person) => p.id.slice(0, 6);
      expect(res.body).toBe(
        BOM +
          'Player,Email,3pt Pick,3pt Result,2pt Pick,2pt Result,1pt Pick,1pt Result,Power Pick,Power Result,Raw Points,Power Effect,Final Score,Calculation Error\r\n' +
          `"'=HYPERLINK(""x"")","'=hyperlink(""x"").${id6(hyper)}@powerpool.test",PHI,WIN,KC,LOSS,DET,WIN,GB,WIN,4,x2,8,\r\n` +
          `'-2,'-2.${id6(minus)}@powerpool.test,DET,WIN,PHI,WIN,MIN,LOSS,,,5,none,5,\r\n` +
          `"Smith, ""Jo""\nJr","smith,.""jo"".jr.${id6(smith)}@powerpool.test",GB,WIN,CHI,LOSS,LAC,WIN,MIA,PUSH,4,push,4,\r\n` +
          `'@cmd,'@cmd.${id6(at)}@powerpool.test,,,,,,,,,0,none,0,\r\n` +
          `'+1,'+1.${id6(plus)}@powerpool.test,LAC,WIN,BUF,PUSH,DAL,LOSS,CHI,LOSS,3,x0,0,\r\n` +
          `Pat Player,${cast.player.email},,,,,,,,,0,none,0,\r\n` +
          `Erin Error,${erin.email},PHI,PENDING,LAC,PENDING,,,,,,,,"Expected one pick of each rank 3, 2 and 1, found ranks 2, 3"\r\n`,
      );
    });
  });
});
