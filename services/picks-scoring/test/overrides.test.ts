import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Game, Pool } from '@powerpool/contracts';
import { integrationSkipReason } from '@powerpool/testing';
import {
  buildSeason,
  announceMember,
  announcePool,
  batchOf,
  call,
  castOf,
  pushSeason,
  moveWeekTo,
  overrideOf,
  person,
  publishWeek,
  startPicks,
  storedPicks,
  type Cast,
  type Person,
  type PicksHarness,
  type PublishedWeek,
  WEEK1,
} from './helpers.js';

const skip = await integrationSkipReason();

const { before: BEFORE, deadline: DEADLINE, spreads: SPREADS } = WEEK1;
const REASON = 'Player phoned in their picks';

const PLAYER_PICKS: Array<[string, string, number]> = [
  ['w1-a', '21', 3],
  ['w1-c', '15', 2],
  ['w1-b', '12', 1],
];
const OVERRIDE: Array<[string, string, number]> = [
  ['w1-b', '24', 3],
  ['w1-d', '3', 2],
  ['w1-a', '6', 1],
  ['w1-e', '16', 0],
];

/** Emergency pick entry: a commissioner enters a member's picks, recorded with a reason. */
describe.skipIf(skip)('commissioner overrides', () => {
  let h: PicksHarness;
  let cast: Cast;
  let games: Game[];
  let pool: Pool;
  let week: PublishedWeek;
  let teammate: Person;

  beforeAll(async () => {
    h = await startPicks();
    cast = await castOf(h);
    teammate = await person(h, { role: 'user', name: 'Tess Teammate' });
    games = await pushSeason(h, buildSeason());
  });
  afterAll(async () => h?.close());

  beforeEach(async () => {
    h.clock.now = BEFORE;
    pool = await announcePool(h, cast.commissioner);
    await announceMember(h, { pool, who: cast.player });
    await announceMember(h, { pool, who: teammate });
    week = await publishWeek(h, { pool, weekNumber: 1, games, spreads: SPREADS });
  });

  const override = (who: Person | null, body: unknown) => call(h, { method: 'POST', url: '/api/picks/commissioner-override', who, payload: body });
  const overrides = (who: Person | null, weekNumber = 1, poolId = pool.id) =>
    call(h, { method: 'GET', url: `/api/pools/${poolId}/weeks/${weekNumber}/overrides`, who });
  const picksOf = (who: Person) => storedPicks(h, pool.id, who.id, 1);
  const recordCount = async () =>
    (await h.runtime.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM picks.pick_overrides WHERE pool_id = $1', [pool.id]))[0]!.n;

  describe('entering picks for a player', () => {
    it("should replace the player's picks, record who, when, why and the picks before and after, and announce it", async () => {
      expect((await call(h, { method: 'POST', url: '/api/picks/batch', who: cast.player, payload: batchOf(week, PLAYER_PICKS) })).statusCode).toBe(200);
      h.clock.now = new Date('2025-09-03T09:30:00Z');
      const res = await override(cast.commissioner, overrideOf({ week, target: cast.player, picks: OVERRIDE, overrideReason: `  ${REASON}  ` }));
      expect(res.statusCode).toBe(200);
      const reply = res.json();
      expect(reply.message).toBe('Override picks for Pat Player saved for Week 1');
      expect(reply.autoRecalculated).toBe(false);
      expect(reply.override).toMatchObject({
        poolId: pool.id,
        weekNumber: 1,
        targetUserId: cast.player.id,
        targetDisplayName: 'Pat Player',
        byUserId: cast.commissioner.id,
        byDisplayName: 'Casey Commish',
        reason: REASON,
        at: '2025-09-03T09:30:00.000Z',
      });
      const brief = (p: any) => [p.gameId, p.selectedTeamAbbreviation, p.confidenceRank, p.isPowerPick, p.poolGameId, p.enteredByCommissioner, p.updatedAt];
      expect(reply.override.picksBefore.map(brief)).toEqual([
        ['w1-a', 'PHI', 3, false, week.poolGameIds['w1-a'], false, BEFORE.toISOString()],
        ['w1-c', 'MIA', 2, false, week.poolGameIds['w1-c'], false, BEFORE.toISOString()],
        ['w1-b', 'KC', 1, false, week.poolGameIds['w1-b'], false, BEFORE.toISOString()],
      ]);
      const at = '2025-09-03T09:30:00.000Z';
      expect(reply.override.picksAfter.map(brief)).toEqual([
        ['w1-b', 'LAC', 3, false, week.poolGameIds['w1-b'], true, at],
        ['w1-d', 'CHI', 2, false, week.poolGameIds['w1-d'], true, at],
        ['w1-a', 'DAL', 1, false, week.poolGameIds['w1-a'], true, at],
        ['w1-e', 'MIN', 0, true, null, true, at],
      ]);

      expect(await picksOf(cast.player)).toEqual(OVERRIDE);
      const rows = await h.runtime.database.sql.query<{ entered_by: string; user_id: string }>(
        'SELECT DISTINCT entered_by, user_id FROM picks.picks WHERE pool_id = $1',
        [pool.id],
      );
      expect(rows).toEqual([{ entered_by: cast.commissioner.id, user_id: cast.player.id }]);
      const mine = (await call(h, { method: 'GET', url: `/api/weeks/2025:1/picks?poolId=${pool.id}`, who: cast.player })).json();
      expect(mine).toEqual(reply.override.picksAfter);

      await vi.waitFor(() => {
        const saved = h.events.filter((e) => e.subject === 'picks.picks.saved' && e.data.poolId === pool.id && e.data.override);
        expect(saved.map((e) => e.data)).toEqual([
          { poolId: pool.id, year: 2025, weekNumber: 1, userId: cast.player.id, byUserId: cast.commissioner.id, override: true, pickCount: 4, savedAt: at },
        ]);
      });
      // The teammate's picks are untouched, and the overridden player can still save before the deadline.
      expect(await picksOf(teammate)).toEqual([]);
      expect((await call(h, { method: 'POST', url: '/api/picks/batch', who: cast.player, payload: batchOf(week, PLAYER_PICKS) })).statusCode).toBe(200);
      expect(await picksOf(cast.player)).toEqual(PLAYER_PICKS);
    });

    it('should let the commissioner and super admins override, and nobody else', async () => {
      const body = () => overrideOf({ week, target: cast.player, picks: OVERRIDE.slice(0, 3) });
      for (const who of [cast.commissioner, cast.admin]) {
        const res = await override(who, body());
        expect(res.statusCode, who.name).toBe(200);
        expect(res.json().override.byDisplayName).toBe(who.name);
      }
      // Another pool's commissioner, a player (even the target), an outsider: refused; signed out: 401.
      for (const who of [cast.otherCommissioner, cast.player, teammate, cast.outsider]) {
        const res = await override(who, body());
        expect(res.statusCode, who.name).toBe(403);
        expect(res.json().error, who.name).toBe('forbidden');
      }
      expect((await override(null, body())).statusCode).toBe(401);
      expect((await override(cast.commissioner, { ...body(), poolId: randomUUID() })).json()).toEqual({ error: 'pool_not_found', message: 'Pool not found' });
      expect(await recordCount()).toBe(2);
    });

    it('should be allowed after the deadline and in every later state, without reopening picks to the player', async () => {
      h.clock.now = DEADLINE;
      let res = await override(
        cast.commissioner,
        overrideOf({ week, target: cast.player, picks: OVERRIDE, overrideReason: 'Sent by e-mail before the deadline' }),
      );
      expect(res.statusCode).toBe(200);
      expect((await call(h, { method: 'POST', url: '/api/picks/batch', who: cast.player, payload: batchOf(week, PLAYER_PICKS) })).json().error).toBe(
        'picks_locked',
      );
      const states = ['PUBLISHED', 'GAMES_IN_PROGRESS', 'SCORING', 'COMPLETE'] as const;
      for (let i = 1; i < states.length; i++) {
        await moveWeekTo(h, { pool, weekNumber: 1, to: states[i]! });
        h.clock.now = new Date(DEADLINE.getTime() + i * 60_000);
        res = await override(
          cast.admin,
          overrideOf({
            week,
            target: teammate,
            picks: [
              ['w1-a', '21', 3],
              ['w1-b', '12', 2],
              ['w1-c', String(i % 2 === 0 ? 2 : 15), 1],
            ],
            overrideReason: `Correction in ${states[i]}`,
          }),
        );
        expect(res.statusCode, states[i]).toBe(200);
        // Never calculated before COMPLETE here; a week is calculated as it completes, so the correction recalculates it.
        expect(res.json().autoRecalculated, states[i]).toBe(states[i] === 'COMPLETE');
      }
      expect(await picksOf(teammate)).toEqual([
        ['w1-a', '21', 3],
        ['w1-b', '12', 2],
        ['w1-c', '15', 1],
      ]);
      expect(await recordCount()).toBe(4);
    });

    it('should refuse a week the pool has not published: there are no pool games to pick', async () => {
      const res = await override(cast.commissioner, {
        ...overrideOf({
          week,
          target: cast.player,
          picks: [
            ['w2-a', '6', 3],
            ['w1-a', '21', 2],
            ['w1-b', '12', 1],
          ],
        }),
        weekNumber: 2,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'week_not_published',
        message: 'Picks are not open for this week: its games have not been published. (Week 2)',
      });
      expect(await recordCount()).toBe(0);
    });
  });

  describe('validation', () => {
    const refused = async (body: unknown, status: number, error: string, message: string) => {
      const res = await override(cast.commissioner, body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json(), message).toMatchObject({ error, message });
      return res.json();
    };

    beforeEach(async () => {
      expect((await call(h, { method: 'POST', url: '/api/picks/batch', who: cast.player, payload: batchOf(week, PLAYER_PICKS) })).statusCode).toBe(200);
    });

    const unchanged = async () => {
      expect(await picksOf(cast.player)).toEqual(PLAYER_PICKS);
      expect(await recordCount()).toBe(0);
    };

    it('should refuse a target who is not an active member of the pool', async () => {
      const removed = await person(h, { role: 'user', name: 'Rory Removed' });
      await announceMember(h, { pool, who: removed });
      await announceMember(h, { pool, who: removed, subject: 'pools.member.removed' });
      for (const target of [cast.outsider, cast.commissioner, removed]) {
        await refused(overrideOf({ week, target, picks: OVERRIDE }), 400, 'target_not_member', 'The player is not a member of this pool.');
      }
      await unchanged();
    });

    it('should require a reason: Please fill in all required fields', async () => {
      for (const reason of ['', '   ', undefined, null]) {
        const body: Record<string, unknown> = overrideOf({ week, target: cast.player, picks: OVERRIDE });
        if (reason === undefined) delete body.overrideReason;
        else body.overrideReason = reason;
        const json = await refused(body, 400, 'validation_failed', 'Invalid body: overrideReason Please fill in all required fields');
        expect(json.details).toEqual([{ field: 'overrideReason', problem: 'Please fill in all required fields' }]);
      }
      await refused(
        overrideOf({ week, target: cast.player, picks: OVERRIDE, overrideReason: 'x'.repeat(501) }),
        400,
        'validation_failed',
        'Invalid body: overrideReason at most 500 characters',
      );
      await unchanged();
    });

    it('should require the three confidence picks: Must select all 3 confidence picks', async () => {
      await refused(overrideOf({ week, target: cast.player, picks: [] }), 400, 'incomplete_picks', 'Must select all 3 confidence picks');
      const json = await refused(
        overrideOf({
          week,
          target: cast.player,
          picks: [
            ['w1-a', '21', 3],
            ['w1-b', '12', 2],
            ['w1-e', '9', 0],
          ],
        }),
        400,
        'incomplete_picks',
        'Must select all 3 confidence picks',
      );
      expect(json.details).toEqual({ title: 'Incomplete Picks', missing: [1] });
      await refused(
        overrideOf({
          week,
          target: cast.player,
          picks: [
            ['w1-a', '21', 3],
            ['w1-b', '12', 3],
            ['w1-c', '2', 2],
            ['w1-d', '8', 1],
          ],
        }),
        400,
        'incomplete_picks',
        'Only one 3pt pick is allowed.',
      );
      await refused(
        overrideOf({
          week,
          target: cast.player,
          picks: [
            ['w1-a', '21', 3],
            ['w1-a', '6', 2],
            ['w1-c', '2', 1],
          ],
        }),
        400,
        'incomplete_picks',
        'Each pick must be on a different game.',
      );
      await refused(
        overrideOf({
          week,
          target: cast.player,
          picks: [
            ['w1-a', '21', 3],
            ['w1-b', '12', 2],
            ['w1-c', '2', 1],
            ['w1-a', '6', 0],
          ],
        }),
        400,
        'incomplete_picks',
        'This game is already a confidence pick. Remove the confidence pick first.',
      );
      const flagged = overrideOf({ week, target: cast.player, picks: OVERRIDE });
      flagged.picks[3]!.isPowerPick = false;
      await refused(flagged, 400, 'validation_failed', 'The power pick is the one with rank 0, and only it is flagged as the power pick.');
      await unchanged();
    });

    it('should refuse picks of another pool or week than the override', async () => {
      const other = overrideOf({ week, target: cast.player, picks: OVERRIDE });
      (other.picks[0] as Record<string, unknown>).poolId = randomUUID();
      await refused(other, 400, 'validation_failed', 'Every pick must be for this pool and for week 1.');
      const week2 = overrideOf({ week, target: cast.player, picks: OVERRIDE });
      (week2.picks[1] as Record<string, unknown>).weekNumber = 2;
      await refused(week2, 400, 'validation_failed', 'Every pick must be for this pool and for week 1.');
      // The pool and week repeated on a pick are accepted.
      const same = overrideOf({ week, target: cast.player, picks: OVERRIDE });
      Object.assign(same.picks[0]!, { poolId: pool.id, weekNumber: 1 });
      expect((await override(cast.commissioner, same)).statusCode).toBe(200);
    });

    it('should keep confidence picks on published games, the power pick on a game of that week, and teams in their games', async () => {
      const unavailable = (game: string) => `Game ${game} not found in available games for current pool`;
      await refused(
        overrideOf({
          week,
          target: cast.player,
          picks: [
            ['w1-a', '21', 3],
            ['w1-b', '12', 2],
            ['w1-e', '9', 1],
          ],
        }),
        400,
        'game_not_available',
        unavailable('w1-e'),
      );
      await refused(
        overrideOf({
          week,
          target: cast.player,
          picks: [
            ['w1-a', '21', 3],
            ['w1-b', '12', 2],
            ['w1-c', '2', 1],
            ['w2-a', '6', 0],
          ],
        }),
        400,
        'game_not_available',
        unavailable('w2-a'),
      );
      await refused(
        overrideOf({
          week,
          target: cast.player,
          picks: [
            ['w1-a', '21', 3],
            ['w1-b', '12', 2],
            ['w1-c', '2', 1],
            ['nope', '6', 0],
          ],
        }),
        400,
        'game_not_available',
        unavailable('nope'),
      );
      // A poolGameId on an unpublished game, or the wrong one on a published game.
      const invented = overrideOf({ week, target: cast.player, picks: OVERRIDE });
      invented.picks[3]!.poolGameId = randomUUID();
      await refused(invented, 400, 'game_not_available', unavailable('w1-e'));
      const swapped = overrideOf({ week, target: cast.player, picks: OVERRIDE });
      swapped.picks[0]!.poolGameId = week.poolGameIds['w1-a']!;
      await refused(swapped, 400, 'game_not_available', unavailable('w1-b'));
      await refused(
        overrideOf({
          week,
          target: cast.player,
          picks: [
            ['w1-a', '21', 3],
            ['w1-b', '12', 2],
            ['w1-c', '2', 1],
            ['w1-e', '21', 0],
          ],
        }),
        400,
        'team_not_in_game',
        'Team 21 does not play in game w1-e',
      );
      await refused(
        overrideOf({
          week,
          target: cast.player,
          picks: [
            ['w1-a', '12', 3],
            ['w1-b', '12', 2],
            ['w1-c', '2', 1],
          ],
        }),
        400,
        'team_not_in_game',
        'Team 12 does not play in game w1-a',
      );
      await unchanged();
    });
  });

  describe('the record and who sees its picks', () => {
    const enter = async (who: Person, target: Person, picks: Array<[string, string, number]>, reason: string, at: string) => {
      h.clock.now = new Date(at);
      const res = await override(who, overrideOf({ week, target, picks, overrideReason: reason }));
      expect(res.statusCode).toBe(200);
      return res.json().override;
    };

    it('should list the overrides newest first, with the picks for managers and the player only until the deadline, then for every member', async () => {
      const first = await enter(cast.commissioner, cast.player, OVERRIDE.slice(0, 3), 'Phoned in', '2025-09-02T10:00:00Z');
      const second = await enter(cast.admin, cast.player, OVERRIDE, 'Added the power pick he asked for', '2025-09-03T10:00:00Z');
      const third = await enter(cast.commissioner, teammate, PLAYER_PICKS, 'Texted her picks', '2025-09-04T10:00:00Z');
      expect(second.picksBefore.map((p: any) => p.gameId)).toEqual(['w1-b', 'w1-d', 'w1-a']);
      h.clock.now = new Date(DEADLINE.getTime() - 1);

      const full = [third, second, first];
      for (const who of [cast.commissioner, cast.admin]) {
        const res = await overrides(who);
        expect(res.statusCode, who.name).toBe(200);
        expect(res.json(), who.name).toEqual(full);
      }
      expect(full.map((o) => [o.targetDisplayName, o.byDisplayName, o.reason, o.at])).toEqual([
        ['Tess Teammate', 'Casey Commish', 'Texted her picks', '2025-09-04T10:00:00.000Z'],
        ['Pat Player', 'Ada Admin', 'Added the power pick he asked for', '2025-09-03T10:00:00.000Z'],
        ['Pat Player', 'Casey Commish', 'Phoned in', '2025-09-02T10:00:00.000Z'],
      ]);
      const hidden = (o: any) => ({ ...o, picksBefore: null, picksAfter: null });
      // Before the deadline: each player sees the picks of their own overrides, only that the others happened.
      expect((await overrides(cast.player)).json()).toEqual([hidden(third), second, first]);
      expect((await overrides(teammate)).json()).toEqual([third, hidden(second), hidden(first)]);

      for (const who of [cast.otherCommissioner, cast.outsider]) {
        const res = await overrides(who);
        expect(res.statusCode, who.name).toBe(403);
        expect(res.json().error, who.name).toBe('forbidden');
      }
      expect((await overrides(null)).statusCode).toBe(401);
      expect((await overrides(cast.commissioner, 1, randomUUID())).statusCode).toBe(404);
      expect((await overrides(cast.commissioner, 2)).json()).toEqual([]);
      expect((await overrides(cast.commissioner, 0)).statusCode).toBe(400);

      // Once the deadline has passed, every member sees the picks.
      h.clock.now = DEADLINE;
      expect((await overrides(cast.player)).json()).toEqual(full);
      expect((await overrides(teammate)).json()).toEqual(full);
    });

    it('should keep the results a pick had in its snapshot', async () => {
      await enter(cast.commissioner, cast.player, OVERRIDE.slice(0, 3), 'Phoned in', '2025-09-02T10:00:00Z');
      // The scoring part writes results; a later correction keeps them in "before".
      await h.runtime.database.sql.query(`UPDATE picks.picks SET result = 'WIN', points_earned = confidence_rank WHERE pool_id = $1 AND user_id = $2`, [
        pool.id,
        cast.player.id,
      ]);
      const later = await enter(
        cast.commissioner,
        cast.player,
        [
          ['w1-b', '24', 3],
          ['w1-d', '3', 2],
          ['w1-c', '2', 1],
        ],
        'Wrong 1pt game',
        '2025-09-10T10:00:00Z',
      );
      expect(later.picksBefore.map((p: any) => [p.confidenceRank, p.result, p.isCorrect, p.pointsEarned])).toEqual([
        [3, 'WIN', true, 3],
        [2, 'WIN', true, 2],
        [1, 'WIN', true, 1],
      ]);
      expect(later.picksAfter.map((p: any) => [p.confidenceRank, p.result, p.isCorrect, p.pointsEarned])).toEqual([
        [3, 'PENDING', null, null],
        [2, 'PENDING', null, null],
        [1, 'PENDING', null, null],
      ]);
      // Unchanged picks keep their id through an override.
      expect(later.picksAfter.slice(0, 2).map((p: any) => p.id)).toEqual(later.picksBefore.slice(0, 2).map((p: any) => p.id));
    });
  });
});
