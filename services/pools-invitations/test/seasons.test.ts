import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_YEARS } from '@powerpool/contracts';
import { integrationSkipReason } from '@powerpool/testing';
import { buildGameOfYear, buildSeason, call, castOf, pushGames, startPools, type Person, type PoolsHarness } from './helpers.js';

const skip = await integrationSkipReason();

/**
 * The default pool year is the season current in the production sports data (which
 * pools-invitations learns from sports.games.pushed), not the calendar year. The 2025 season
 * runs from September 2025 to the Super Bowl on 8 February 2026.
 */
describe.skipIf(skip)('default pool year: the current season', () => {
  let h: PoolsHarness;
  let commissioner: Person;
  let admin: Person;
  let player: Person;

  /** GET /api/pools/defaults at `now`. */
  async function defaultsAt(now: string, who: Person = commissioner) {
    h.clock.now = new Date(now);
    const res = await call(h, { method: 'GET', url: '/api/pools/defaults', who });
    expect(res.statusCode).toBe(200);
    return res.json<{ year: number; years: number[] }>();
  }

  /** The year of a pool created at `now` without a year. */
  async function createdYearAt(now: string): Promise<number> {
    h.clock.now = new Date(now);
    const res = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: `Season pool ${now}` } });
    expect(res.statusCode).toBe(201);
    return res.json<{ year: number }>().year;
  }

  /**
   * A pools service of the describe's own with these seasons in production: what one describe
   * pushes never reaches another, whichever order they run in.
   */
  function withSeasonsInProduction(years: number[]): void {
    beforeAll(async () => {
      h = await startPools();
      ({ commissioner, admin, player } = await castOf(h));
      for (const year of years) await pushGames(h, [year], buildSeason(year));
    });
    afterAll(async () => h?.close());
  }

  describe('without production data', () => {
    withSeasonsInProduction([]);

    it('should follow the calendar when no season is in production: the calendar year, minus one before March', async () => {
      expect(await defaultsAt('2026-11-23T12:00:00Z')).toEqual({ year: 2026, years: [...POOL_YEARS] });
      expect((await defaultsAt('2026-02-20T12:00:00Z')).year).toBe(2025);
      expect((await defaultsAt('2025-01-10T12:00:00Z')).year).toBe(2024);
      expect(await createdYearAt('2026-02-20T12:00:00Z')).toBe(2025);
    });

    it('should answer a super admin and refuse a player when they ask for the defaults', async () => {
      expect((await defaultsAt('2026-11-23T12:00:00Z', admin)).year).toBe(2026);
      const res = await call(h, { method: 'GET', url: '/api/pools/defaults', who: player });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('with the 2025 season in production', () => {
    withSeasonsInProduction([2025]);

    it('should default to 2025 when the clock is in November 2026, after its last game, with no newer season', async () => {
      expect(await defaultsAt('2026-11-23T12:00:00Z')).toEqual({ year: 2025, years: [...POOL_YEARS] });
      expect(await createdYearAt('2026-11-23T12:00:00Z')).toBe(2025);
    });

    it('should keep a year given explicitly when the default is another', async () => {
      h.clock.now = new Date('2026-11-23T12:00:00Z');
      const res = await call(h, { method: 'POST', url: '/api/pools', who: commissioner, payload: { name: 'Explicit 2026', year: 2026 } });
      expect(res.statusCode).toBe(201);
      expect(res.json().year).toBe(2026);
    });

    it.each([
      ['before its opener', '2025-07-01T12:00:00Z'],
      ['during its regular season', '2025-11-23T12:00:00Z'],
      ['during its playoffs in the next calendar year', '2026-01-20T12:00:00Z'],
      ['on Super Bowl night, the game still being played', '2026-02-09T01:00:00Z'],
    ])('should default to 2025 %s', async (_when, now) => {
      expect((await defaultsAt(now)).year).toBe(2025);
      expect(await createdYearAt(now)).toBe(2025);
    });
  });

  describe('with the 2026 season pushed to production too', () => {
    withSeasonsInProduction([2025, 2026]);

    it.each([
      ['2025 while 2025 is still being played', '2026-01-20T12:00:00Z', 2025],
      ['2026 between the seasons, once 2025 is over', '2026-06-01T12:00:00Z', 2026],
      ['2026 in November 2026, 2026 being under way', '2026-11-23T12:00:00Z', 2026],
      ['2026 after its last game, 2026 being the newest', '2027-06-01T12:00:00Z', 2026],
    ])('should default to %s', async (_case, now, year) => {
      expect((await defaultsAt(now)).year).toBe(year);
      expect(await createdYearAt(now)).toBe(year);
    });
  });

  describe('when a season is pushed to production again', () => {
    withSeasonsInProduction([2025, 2026]);

    it('should change nothing when the same push event arrives twice', async () => {
      const season = buildSeason(2025);
      await pushGames(h, [2025], season);
      const before = await h.runtime.database.sql.query('SELECT year, first_kickoff_at, last_kickoff_at, game_count FROM pools.seasons ORDER BY year');
      await h.runtime.bus.publish('sports.games.pushed', { years: [2025], games: season, deletedEspnIds: [] });
      // Events of one subject are handled in order: once this later one is stored, the repeat was too.
      await pushGames(h, [2024], [buildGameOfYear(2024, '2024-09-06T00:20:00.000Z')]);
      const after = await h.runtime.database.sql.query(
        'SELECT year, first_kickoff_at, last_kickoff_at, game_count FROM pools.seasons WHERE year <> 2024 ORDER BY year',
      );
      expect(after).toEqual(before);
      expect((await defaultsAt('2026-11-23T12:00:00Z')).year).toBe(2026);
    });

    it('should take the kickoffs of the new push when a season is pushed again with fewer games', async () => {
      // 2025 again, without its postseason: in January 2026 it is over, and 2026 is next.
      expect((await defaultsAt('2026-01-20T12:00:00Z')).year).toBe(2025);
      const regularSeason = buildSeason(2025).filter((g) => g.seasonType === 2);
      await pushGames(h, [2025], regularSeason);
      expect((await defaultsAt('2026-01-20T12:00:00Z')).year).toBe(2026);
      expect(await createdYearAt('2026-01-20T12:00:00Z')).toBe(2026);
    });
  });
});
