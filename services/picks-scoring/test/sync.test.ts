import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSkipReason } from '@powerpool/testing';
import {
  announceMember,
  announcePool,
  buildSeason,
  castOf,
  finalScore,
  pushSeason,
  moveWeekTo,
  publishWeek,
  startPicks,
  stored,
  voidGame,
  type Cast,
  type PicksHarness,
} from './helpers.js';

const skip = await integrationSkipReason();

/** picks-scoring's own view of other services' data, kept from their events. */
describe.skipIf(skip)('picks-scoring follows the other services', () => {
  let h: PicksHarness;
  let cast: Cast;
  beforeAll(async () => {
    h = await startPicks();
    cast = await castOf(h);
  });
  afterAll(async () => h?.close());

  const query = <T>(sql: string, params: unknown[] = []) => h.runtime.database.sql.query<T>(sql, params);

  it('should keep users, teams, venues, games, pools, members, published weeks, states and void games', async () => {
    const games = await pushSeason(h, buildSeason());
    const pool = await announcePool(h, cast.commissioner, { name: 'Sync Pool', isPublic: true });
    await announceMember(h, { pool, who: cast.player });
    const week = await publishWeek(h, { pool, weekNumber: 1, games, spreads: { 'w1-a': -3.5, 'w1-b': 2.5, 'w1-c': 0 } });

    expect(await query('SELECT display_name, email FROM picks.users WHERE id = $1', [cast.player.id])).toEqual([
      { display_name: 'Pat Player', email: cast.player.email },
    ]);
    expect(await query('SELECT name, is_public FROM picks.pools WHERE id = $1', [pool.id])).toEqual([{ name: 'Sync Pool', is_public: true }]);
    expect(
      await query<{ state: string; pick_deadline: Date }>('SELECT state, pick_deadline FROM picks.pool_weeks WHERE pool_id = $1', [pool.id]),
    ).toMatchObject([{ state: 'PUBLISHED', pick_deadline: new Date('2025-09-05T00:10:00.000Z') }]);
    expect(
      (
        await query<{ game_id: string; locked_spread: number }>('SELECT game_id, locked_spread FROM picks.pool_games WHERE pool_id = $1 ORDER BY game_id', [
          pool.id,
        ])
      ).map((r) => [r.game_id, r.locked_spread]),
    ).toEqual([
      ['w1-a', -3.5],
      ['w1-b', 2.5],
      ['w1-c', 0],
    ]);

    // States only move forward: a late PUBLISHED or a repeated state change does nothing.
    await moveWeekTo(h, { pool, weekNumber: 1, to: 'GAMES_IN_PROGRESS' });
    await h.runtime.bus.publish('weeks.week.state-changed', {
      poolId: pool.id,
      year: 2025,
      weekNumber: 1,
      fromState: 'SETUP',
      toState: 'PUBLISHED',
      testing: false,
      automatic: false,
      byUserId: null,
      at: new Date().toISOString(),
    });
    await moveWeekTo(h, { pool, weekNumber: 1, to: 'SCORING' });
    await h.runtime.bus.publish('weeks.week.state-changed', {
      poolId: pool.id,
      year: 2025,
      weekNumber: 1,
      fromState: 'PUBLISHED',
      toState: 'GAMES_IN_PROGRESS',
      testing: false,
      automatic: true,
      byUserId: null,
      at: new Date().toISOString(),
    });
    await voidGame(h, { week, gameId: 'w1-c' });
    expect(await query('SELECT state FROM picks.pool_weeks WHERE pool_id = $1', [pool.id])).toEqual([{ state: 'SCORING' }]);

    await finalScore(h, { game: games[0]!, homeScore: 24, awayScore: 20 });
    expect(await query('SELECT status, home_score, away_score FROM picks.games WHERE espn_id = $1', ['w1-a'])).toEqual([
      { status: 'COMPLETE', home_score: 24, away_score: 20 },
    ]);

    // A removed member is inactive; a deleted pool takes its weeks with it and stays deleted.
    await announceMember(h, { pool, who: cast.player, subject: 'pools.member.removed' });
    await h.runtime.bus.publish('pools.pool.deleted', { pool, deletedAt: new Date().toISOString(), deletedMembers: 2, deletedInvitations: 0 });
    await stored(h, 'SELECT 1 FROM picks.deleted_pools WHERE id = $1', [pool.id]);
    await h.runtime.bus.publish('pools.pool.updated', { pool: { ...pool, updatedAt: new Date(Date.now() + 60_000).toISOString() } });
    await announcePool(h, cast.commissioner); // a later event, consumed after the update above
    expect(await query('SELECT 1 FROM picks.pools WHERE id = $1', [pool.id])).toEqual([]);
    expect(await query('SELECT 1 FROM picks.pool_weeks WHERE pool_id = $1', [pool.id])).toEqual([]);
  });
});
