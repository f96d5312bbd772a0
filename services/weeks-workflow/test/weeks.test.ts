import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSkipReason } from '@powerpool/testing';
import {
  announceMember,
  announcePool,
  buildGame,
  buildSeason,
  KNOWN_TEAMS,
  call,
  castOf,
  pushSeason,
  newerTimestamp,
  publish,
  setSpread,
  startWeeks,
  stored,
  type Cast,
  type Person,
  type WeeksHarness,
} from './helpers.js';

const skip = await integrationSkipReason();

/** Seasons and weeks from the production data; "current" by the server's clock. */
describe.skipIf(skip)('seasons and weeks before any production games', () => {
  let h: WeeksHarness;
  let cast: Cast;

  beforeAll(async () => {
    h = await startWeeks();
    cast = await castOf(h);
  });
  afterAll(async () => h?.close());

  it('should answer "Unable to determine current week" when there are no production games', async () => {
    const res = await call(h, { method: 'GET', url: '/api/weeks/current', who: cast.commissioner });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'current_week_unknown', message: 'Unable to determine current week' });
    expect((await call(h, { method: 'GET', url: '/api/seasons/current', who: cast.player })).statusCode).toBe(404);
    expect((await call(h, { method: 'GET', url: '/api/weeks', who: cast.player })).json()).toEqual([]);
  });
});

describe.skipIf(skip)('seasons and weeks', () => {
  let h: WeeksHarness;
  let cast: Cast;

  beforeAll(async () => {
    h = await startWeeks();
    cast = await castOf(h);
    // The season in production, for every test of this describe.
    await pushSeason(h, buildSeason(), KNOWN_TEAMS);
  });
  afterAll(async () => h?.close());

  it('should list the weeks of the season with their labels, game counts and default deadlines', async () => {
    const res = await call(h, { method: 'GET', url: '/api/weeks', who: cast.player });
    expect(res.statusCode).toBe(200);
    const weeks = res.json();
    expect(weeks.map((w: any) => [w.weekNumber, w.displayName, w.gameCount, w.seasonPart])).toEqual([
      [1, 'Week 1', 3, 'regular'],
      [2, 'Week 2', 1, 'regular'],
      [22, 'Super Bowl', 1, 'postseason'],
    ]);
    expect(weeks[0]).toMatchObject({
      id: '2025:1',
      year: 2025,
      seasonType: 2,
      firstGameAt: '2025-09-05T00:20:00.000Z',
      lastGameAt: '2025-09-09T00:15:00.000Z',
      pickDeadline: '2025-09-05T00:10:00.000Z',
      state: null,
    });
  });

  it('should follow the server clock for the current week: the next or ongoing game, then the last week after the season', async () => {
    const at = async (now: string) => {
      h.clock.now = new Date(now);
      const res = await call(h, { method: 'GET', url: '/api/weeks/current', who: cast.player });
      expect(res.statusCode).toBe(200);
      return res.json().weekNumber;
    };
    expect(await at('2025-08-01T00:00:00Z')).toBe(1);
    // Monday night's game is still being played three hours after kickoff.
    expect(await at('2025-09-09T03:15:00Z')).toBe(1);
    expect(await at('2025-09-09T04:16:00Z')).toBe(2);
    expect(await at('2025-12-01T00:00:00Z')).toBe(22);
    expect(await at('2026-06-01T00:00:00Z')).toBe(22);
    const season = await call(h, { method: 'GET', url: '/api/seasons/current', who: cast.player });
    expect(season.json()).toEqual({
      year: 2025,
      firstGameAt: '2025-09-05T00:20:00.000Z',
      lastGameAt: '2026-02-08T23:30:00.000Z',
      gameCount: 5,
      weekCount: 3,
      currentWeekNumber: 22,
    });
    h.clock.now = new Date('2025-09-01T12:00:00Z');
  });

  it('should answer one week, and 404 for a week without games', async () => {
    const res = await call(h, { method: 'GET', url: '/api/weeks/22', who: cast.player });
    expect(res.json()).toMatchObject({ weekNumber: 22, displayName: 'Super Bowl', gameCount: 1 });
    const none = await call(h, { method: 'GET', url: '/api/weeks/-4', who: cast.player });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: 'week_not_found', message: 'Preseason Week 1 of the 2025 season has no games' });
    expect((await call(h, { method: 'GET', url: '/api/weeks/1?year=2019', who: cast.player })).json().error).toBe('week_not_found');
  });

  it('should refuse week numbers that do not exist', async () => {
    for (const bad of ['0', '23', '-5', 'abc', '1.5']) {
      const res = await call(h, { method: 'GET', url: `/api/weeks/${bad}`, who: cast.player });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
  });

  it("should give a pool's weeks with its states to its members and managers, and refuse everyone else", async () => {
    const pool = await announcePool(h, cast.commissioner);
    await announceMember(h, { pool, who: cast.player });
    for (const who of [cast.commissioner, cast.admin, cast.player]) {
      const res = await call(h, { method: 'GET', url: `/api/weeks?poolId=${pool.id}`, who: who });
      expect(res.statusCode).toBe(200);
      expect(res.json().every((w: any) => w.state === 'SETUP')).toBe(true);
    }
    for (const who of [cast.outsider, cast.otherCommissioner]) {
      const res = await call(h, { method: 'GET', url: `/api/weeks/current?poolId=${pool.id}`, who: who });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
    await announceMember(h, { pool, who: cast.player, subject: 'pools.member.removed' });
    expect((await call(h, { method: 'GET', url: `/api/weeks?poolId=${pool.id}`, who: cast.player })).statusCode).toBe(403);
    const unknown = await call(h, { method: 'GET', url: '/api/weeks?poolId=00000000-0000-4000-8000-000000000000', who: cast.admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('pool_not_found');
  });

  it("should list a week's games for setup, with team names, logos and colours, to managers only", async () => {
    const res = await call(h, { method: 'GET', url: '/api/weeks/1/games/setup', who: cast.commissioner });
    expect(res.statusCode).toBe(200);
    const games = res.json();
    expect(games.map((g: any) => g.id)).toEqual(['w1-thu', 'w1-sun', 'w1-mon']);
    expect(games[0]).toMatchObject({
      id: 'w1-thu',
      espnCompetitionId: 'w1-thu',
      status: 'SCHEDULED',
      isComplete: false,
      espnSpread: null,
      homeTeam: {
        espnId: '21',
        name: 'Philadelphia Eagles',
        abbreviation: 'PHI',
        logoUrl: 'https://a.espncdn.com/i/teamlogos/nfl/500/phi.png',
        color: '06424d',
      },
      awayTeam: { espnId: '6', name: 'Dallas Cowboys', abbreviation: 'DAL' },
    });
    // A team the service has not heard of yet is named from the game.
    expect(games[1].homeTeam).toEqual({ espnId: '12', name: 'Chiefs', abbreviation: 'KC', logoUrl: null, color: null });
    expect((await call(h, { method: 'GET', url: '/api/weeks/1/games/setup', who: cast.player })).statusCode).toBe(403);
    const pool = await announcePool(h, cast.commissioner);
    expect((await call(h, { method: 'GET', url: `/api/weeks/1/games/setup?poolId=${pool.id}`, who: cast.otherCommissioner })).statusCode).toBe(403);
    expect((await call(h, { method: 'GET', url: `/api/weeks/1/games/setup?poolId=${pool.id}`, who: cast.admin })).statusCode).toBe(200);
  });

  it('should refuse signed-out callers', async () => {
    expect((await call(h, { method: 'GET', url: '/api/weeks', who: null })).statusCode).toBe(401);
  });
});

/** The weeks a pool plays: what the week selectors (Quick Jump, Jump to Week) list (docs/week.md#week-numbers). */
describe.skipIf(skip)("a pool's weeks", () => {
  let h: WeeksHarness;
  let cast: Cast;

  beforeAll(async () => {
    h = await startWeeks();
    cast = await castOf(h);
    await pushSeason(
      h,
      [
        ...buildSeason(),
        buildGame({ weekNumber: -2, gameTimeUtc: '2025-08-16T23:00:00.000Z', espnId: 'pre-2' }),
        buildGame({ weekNumber: 19, gameTimeUtc: '2026-01-10T21:30:00.000Z', espnId: 'wc-1' }),
      ],
      KNOWN_TEAMS,
    );
    h.clock.now = new Date('2025-08-01T12:00:00Z');
  });
  afterAll(async () => h?.close());

  const weeksOf = async (poolId: string | null, who: Person = cast.commissioner) =>
    (await call(h, { method: 'GET', url: poolId ? `/api/weeks?poolId=${poolId}` : '/api/weeks', who: who })).json().map((w: any) => w.weekNumber);

  it('should list only the weeks with games in the parts of the season the pool plays, to its members as to its managers', async () => {
    const noPreseason = await announcePool(h, cast.commissioner, { allowsPreseason: false, allowsRegularSeason: true, allowsPostseason: true });
    await announceMember(h, { pool: noPreseason, who: cast.player });
    expect(await weeksOf(noPreseason.id)).toEqual([1, 2, 19, 22]);
    expect(await weeksOf(noPreseason.id, cast.player)).toEqual([1, 2, 19, 22]);
    const postseasonOnly = await announcePool(h, cast.commissioner, { allowsPreseason: false, allowsRegularSeason: false, allowsPostseason: true });
    expect(await weeksOf(postseasonOnly.id)).toEqual([19, 22]);
    const preseasonOnly = await announcePool(h, cast.commissioner, { allowsPreseason: true, allowsRegularSeason: false, allowsPostseason: false });
    expect(await weeksOf(preseasonOnly.id)).toEqual([-2]);
    // Without a pool: every week of the season that has games.
    expect(await weeksOf(null)).toEqual([-2, 1, 2, 19, 22]);
  });

  it('should keep a week the pool has published when the pool no longer plays that part of the season', async () => {
    const pool = await announcePool(h, cast.commissioner, { allowsPreseason: true });
    await setSpread(h, cast.commissioner, pool.id, 'pre-2', -3);
    await publish(h, cast.commissioner, pool.id, -2, ['pre-2']);
    const changed = { ...pool, allowsPreseason: false, updatedAt: newerTimestamp() };
    await h.runtime.bus.publish('pools.pool.updated', { pool: changed });
    await stored(h, `SELECT 1 FROM ${h.schema}.pools WHERE id = $1 AND allows_preseason = false`, [pool.id]);
    const weeks = (await call(h, { method: 'GET', url: `/api/weeks?poolId=${pool.id}`, who: cast.commissioner })).json();
    expect(weeks.map((w: any) => [w.weekNumber, w.state])).toEqual([
      [-2, 'PUBLISHED'],
      [1, 'SETUP'],
      [2, 'SETUP'],
      [19, 'SETUP'],
      [22, 'SETUP'],
    ]);
  });
});
