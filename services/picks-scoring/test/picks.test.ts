import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PICK_MESSAGES, RPC, weekSavesReplySchema, type Game, type Pool } from '@powerpool/contracts';
import { eventSeen, integrationSkipReason } from '@powerpool/testing';
import type { ServiceApp } from '@powerpool/service-kit';
import {
  buildSeason,
  announceMember,
  announcePool,
  batchOf,
  buildGame,
  call,
  castOf,
  pushSeason,
  moveWeekTo,
  overrideOf,
  person,
  publishWeek,
  startPicks,
  storedPicks,
  updateGame,
  type Cast,
  type Person,
  type PicksHarness,
  type PublishedWeek,
  WEEK1,
} from './helpers.js';

const skip = await integrationSkipReason();

const { before: BEFORE, deadline: DEADLINE, spreads: SPREADS } = WEEK1;
const PHI_LOGO = 'https://a.espncdn.com/i/teamlogos/nfl/500/phi.png';
const DAL_LOGO = 'https://a.espncdn.com/i/teamlogos/nfl/500/dal.png';

const FULL: Array<[string, string, number]> = [
  ['w1-a', '21', 3],
  ['w1-c', '15', 2],
  ['w1-b', '12', 1],
  ['w1-d', '8', 0],
];

/** Make Picks: saving a week's picks (all or nothing), reading them back, and the completion figures. */
describe.skipIf(skip)('picks', () => {
  let h: PicksHarness;
  let cast: Cast;
  let games: Game[];
  let pool: Pool;
  let week: PublishedWeek;

  beforeAll(async () => {
    h = await startPicks();
    cast = await castOf(h);
    games = await pushSeason(h, buildSeason());
  });
  afterAll(async () => h?.close());

  beforeEach(async () => {
    h.clock.now = BEFORE;
    pool = await announcePool(h, cast.commissioner);
    await announceMember(h, { pool, who: cast.player });
    week = await publishWeek(h, { pool, weekNumber: 1, games, spreads: SPREADS });
  });

  const save = (who: Person | null, body: unknown, app?: ServiceApp) =>
    app
      ? call({ ...h, app: app }, { method: 'POST', url: '/api/picks/batch', who, payload: body })
      : call(h, { method: 'POST', url: '/api/picks/batch', who, payload: body });
  const myPicks = (who: Person | null, weekId: string | number = '2025:1', poolId = pool.id) =>
    call(h, { method: 'GET', url: `/api/weeks/${weekId}/picks?poolId=${poolId}`, who });
  const mine = () => storedPicks(h, pool.id, cast.player.id, 1);

  describe('saving', () => {
    it('should save three confidence picks and a power pick, and read them back ordered 3, 2, 1, power with team and result', async () => {
      // Sent shuffled; the 1pt pick without its poolGameId (the game alone identifies it).
      const body = batchOf(week, [FULL[2]!, FULL[0]!, FULL[3]!, FULL[1]!]);
      body.picks[0]!.poolGameId = null;
      const res = await save(cast.player, body);
      expect(res.statusCode).toBe(200);
      const reply = res.json();
      expect(reply).toMatchObject({ message: 'Picks for Week 1 have been saved', poolId: pool.id, year: 2025, weekNumber: 1, savedAt: BEFORE.toISOString() });

      const expected = [
        {
          gameId: 'w1-a',
          gameEspnCompetitionId: 'w1-a',
          poolGameId: week.poolGameIds['w1-a'],
          selectedTeamEspnId: '21',
          selectedTeamAbbreviation: 'PHI',
          selectedTeamLogoUrl: PHI_LOGO,
          confidenceRank: 3,
          isPowerPick: false,
        },
        {
          gameId: 'w1-c',
          gameEspnCompetitionId: 'w1-c',
          poolGameId: week.poolGameIds['w1-c'],
          selectedTeamEspnId: '15',
          selectedTeamAbbreviation: 'MIA',
          selectedTeamLogoUrl: null,
          confidenceRank: 2,
          isPowerPick: false,
        },
        {
          gameId: 'w1-b',
          gameEspnCompetitionId: 'w1-b',
          poolGameId: week.poolGameIds['w1-b'],
          selectedTeamEspnId: '12',
          selectedTeamAbbreviation: 'KC',
          selectedTeamLogoUrl: null,
          confidenceRank: 1,
          isPowerPick: false,
        },
        {
          gameId: 'w1-d',
          gameEspnCompetitionId: 'w1-d',
          poolGameId: week.poolGameIds['w1-d'],
          selectedTeamEspnId: '8',
          selectedTeamAbbreviation: 'DET',
          selectedTeamLogoUrl: null,
          confidenceRank: 0,
          isPowerPick: true,
        },
      ].map((p) => ({
        ...p,
        poolId: pool.id,
        year: 2025,
        weekNumber: 1,
        isCorrect: null,
        result: 'PENDING',
        pointsEarned: null,
        enteredByCommissioner: false,
        updatedAt: BEFORE.toISOString(),
      }));
      expect(reply.picks.map(({ id: _id, ...p }: any) => p)).toEqual(expected);

      for (const weekId of ['2025:1', '1']) {
        const read = await myPicks(cast.player, weekId);
        expect(read.statusCode).toBe(200);
        expect(read.json()).toEqual(reply.picks);
      }
      expect(await mine()).toEqual(FULL);
      const [row] = await h.runtime.database.sql.query<{ entered_by: string }>('SELECT DISTINCT entered_by FROM picks.picks WHERE pool_id = $1', [pool.id]);
      expect(row?.entered_by).toBe(cast.player.id);

      await vi.waitFor(() => {
        const saved = h.events.filter((e) => e.subject === 'picks.picks.saved' && e.data.poolId === pool.id);
        expect(saved.map((e) => e.data)).toEqual([
          {
            poolId: pool.id,
            year: 2025,
            weekNumber: 1,
            userId: cast.player.id,
            byUserId: cast.player.id,
            override: false,
            pickCount: 4,
            savedAt: BEFORE.toISOString(),
          },
        ]);
      });
    });

    it('should replace the picks on a second save, keep unchanged picks, and accept a save that changes nothing', async () => {
      expect((await save(cast.player, batchOf(week, FULL))).statusCode).toBe(200);
      const first = (await myPicks(cast.player)).json();

      h.clock.now = new Date('2025-09-02T08:00:00Z');
      const second: Array<[string, string, number]> = [
        ['w1-a', '21', 3],
        ['w1-b', '24', 2],
        ['w1-d', '3', 1],
      ];
      const res = await save(cast.player, batchOf(week, second));
      expect(res.statusCode).toBe(200);
      expect(await mine()).toEqual(second);
      const after = (await myPicks(cast.player)).json();
      expect(after).toHaveLength(3);
      // The unchanged 3pt pick keeps its id; the others are new rows; all carry the save time.
      expect(after[0].id).toBe(first[0].id);
      expect(after.slice(1).map((p: any) => p.id)).not.toContain(first[1].id);
      expect(after.map((p: any) => p.updatedAt)).toEqual(Array(3).fill('2025-09-02T08:00:00.000Z'));
      const created = await h.runtime.database.sql.query<{ game_id: string; created_at: Date }>(
        'SELECT game_id, created_at FROM picks.picks WHERE pool_id = $1 ORDER BY confidence_rank DESC',
        [pool.id],
      );
      expect(created.map((r) => [r.game_id, r.created_at.toISOString()])).toEqual([
        ['w1-a', BEFORE.toISOString()],
        ['w1-b', '2025-09-02T08:00:00.000Z'],
        ['w1-d', '2025-09-02T08:00:00.000Z'],
      ]);

      const same = await save(cast.player, batchOf(week, second));
      expect(same.statusCode).toBe(200);
      expect(same.json().message).toBe('Picks for Week 1 have been saved');
      expect((await myPicks(cast.player)).json().map((p: any) => p.id)).toEqual(after.map((p: any) => p.id));
    });

    it("should answer rpc.picks.week.saves with each player's latest save, as its picks.picks.saved announced it", async () => {
      const ask = async () =>
        weekSavesReplySchema.parse(await h.runtime.bus.request(RPC.scoringWeekSaves, { poolId: pool.id, year: 2025, weekNumber: 1 }, { timeoutMs: 5000 }));
      expect(await ask()).toEqual({ saves: [] });
      expect((await save(cast.player, batchOf(week, FULL))).statusCode).toBe(200);
      h.clock.now = new Date('2025-09-02T08:00:00Z');
      expect((await save(cast.player, batchOf(week, FULL.slice(0, 3)))).statusCode).toBe(200);
      const saved = await eventSeen(h, 'picks.picks.saved', (e) => e.poolId === pool.id && e.savedAt === '2025-09-02T08:00:00.000Z');
      expect(saved.pickCount).toBe(3);
      expect(await ask()).toEqual({ saves: [{ userId: cast.player.id, pickCount: saved.pickCount, savedAt: saved.savedAt }] });
    });

    it('should keep the previous picks unchanged when a save is refused', async () => {
      expect((await save(cast.player, batchOf(week, FULL))).statusCode).toBe(200);
      const before = (await myPicks(cast.player)).json();
      const refused = [
        batchOf(week, [
          ['w1-a', '6', 3],
          ['w1-b', '24', 2],
          ['w1-e', '9', 1],
        ]),
        batchOf(week, [
          ['w1-a', '6', 3],
          ['w1-b', '24', 2],
          ['w1-c', '99', 1],
        ]),
        batchOf(week, [
          ['w1-a', '6', 3],
          ['w1-b', '24', 2],
        ]),
        batchOf(week, [
          ['w1-a', '6', 3],
          ['w1-b', '24', 2],
          ['w1-c', '2', 1],
          ['w1-e', '9', 0],
        ]),
        { weekId: '2025:1', picks: [] },
      ];
      for (const body of refused) expect((await save(cast.player, body)).statusCode).toBe(400);
      h.clock.now = DEADLINE;
      expect(
        (
          await save(
            cast.player,
            batchOf(week, [
              ['w1-a', '6', 3],
              ['w1-b', '24', 2],
              ['w1-c', '2', 1],
            ]),
          )
        ).statusCode,
      ).toBe(409);
      expect((await myPicks(cast.player)).json()).toEqual(before);
      expect(await mine()).toEqual(FULL);
    });
  });

  describe('who may save', () => {
    it('should refuse every caller who is not an active member, the commissioner and super admins included', async () => {
      for (const who of [cast.commissioner, cast.otherCommissioner, cast.admin, cast.outsider]) {
        const res = await save(who, batchOf(week, FULL));
        expect(res.statusCode, who.name).toBe(403);
        expect(res.json(), who.name).toEqual({ error: 'not_a_member', message: 'You are not a member of this pool.' });
      }
      const removed = await person(h, { role: 'user', name: 'Rory Removed' });
      await announceMember(h, { pool, who: removed });
      expect((await save(removed, batchOf(week, FULL))).statusCode).toBe(200);
      await announceMember(h, { pool, who: removed, subject: 'pools.member.removed' });
      expect((await save(removed, batchOf(week, FULL))).json().error).toBe('not_a_member');
      expect((await save(null, batchOf(week, FULL))).statusCode).toBe(401);
      const other = await announcePool(h, cast.commissioner);
      await announceMember(h, { pool: other, who: cast.outsider });
      // A member of another pool is not a member of this one.
      expect((await save(cast.outsider, batchOf(week, FULL))).statusCode).toBe(403);
    });

    it('should answer 404 for an unknown pool', async () => {
      const res = await save(cast.player, batchOf({ ...week, poolId: randomUUID() }, FULL));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'pool_not_found', message: 'Pool not found' });
    });
  });

  describe('started games', () => {
    it('should refuse a new pick on a game the provider reports started, keep one saved before it started, and let the commissioner override', async () => {
      // A game of its own, so the suite's shared games stay scheduled; published with week 1 (deadline still days away).
      const game = await updateGame(
        h,
        buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-07T20:25:00.000Z', home: '9', away: '16', espnId: `w1-started-${randomUUID().slice(0, 8)}` }),
      );
      const started = await announcePool(h, cast.commissioner);
      const casey = await person(h, { role: 'user', name: 'Casey Started' });
      for (const who of [cast.player, casey]) await announceMember(h, { pool: started, who });
      const w = await publishWeek(h, { pool: started, weekNumber: 1, games: [...games, game], spreads: { ...SPREADS, [game.espnId]: 1 } });
      expect(w.pickDeadline).toBe(DEADLINE.toISOString());
      const stored = (who: Person) => storedPicks(h, started.id, who.id, 1);

      // Pat picks it while it is scheduled.
      const patBefore: Array<[string, string, number]> = [
        [game.espnId, '9', 3],
        ['w1-c', '15', 2],
        ['w1-b', '12', 1],
      ];
      expect((await save(cast.player, batchOf(w, patBefore))).statusCode).toBe(200);

      // The provider reports it IN_PROGRESS days before the week's deadline.
      await updateGame(h, game, { gameStatus: 'IN_PROGRESS', homeScore: 7, awayScore: 0, currentPeriod: 1, gameClock: '9:12' });
      expect(h.clock.now.getTime()).toBeLessThan(DEADLINE.getTime());

      // A new pick on it is refused, and nothing of the batch is written.
      const withIt = await save(
        casey,
        batchOf(w, [
          [game.espnId, '16', 3],
          ['w1-c', '15', 2],
          ['w1-b', '12', 1],
        ]),
      );
      expect(withIt.statusCode).toBe(409);
      expect(withIt.json()).toEqual({ error: 'game_started', message: PICK_MESSAGES.gameStarted(game.gameName), details: { gameId: game.espnId } });
      expect(await stored(casey)).toEqual([]);
      // So is changing the team of a pick saved on it before it started.
      const changed = await save(
        cast.player,
        batchOf(w, [
          [game.espnId, '16', 3],
          ['w1-c', '15', 2],
          ['w1-b', '12', 1],
        ]),
      );
      expect(changed.statusCode).toBe(409);
      expect(changed.json().error).toBe('game_started');
      expect(await stored(cast.player)).toEqual(patBefore);

      // A save without it is taken.
      const caseyPicks: Array<[string, string, number]> = [
        ['w1-a', '21', 3],
        ['w1-c', '2', 2],
        ['w1-b', '24', 1],
      ];
      expect((await save(casey, batchOf(w, caseyPicks))).statusCode).toBe(200);
      expect(await stored(casey)).toEqual(caseyPicks);
      // Pat's pick on it, sent again unchanged, stays while the rest of his week changes.
      const patAfter: Array<[string, string, number]> = [
        [game.espnId, '9', 3],
        ['w1-a', '6', 2],
        ['w1-d', '8', 1],
      ];
      const kept = await save(cast.player, batchOf(w, patAfter));
      expect(kept.statusCode, kept.body).toBe(200);
      expect(await stored(cast.player)).toEqual(patAfter);

      // The commissioner's emergency entry is not bound by it (recorded, after the fact).
      const override = await call(h, {
        method: 'POST',
        url: '/api/picks/commissioner-override',
        who: cast.commissioner,
        payload: overrideOf({
          week: w,
          target: casey,
          picks: [
            [game.espnId, '16', 3],
            ['w1-c', '15', 2],
            ['w1-b', '12', 1],
          ],
        }),
      });
      expect(override.statusCode, override.body).toBe(200);
      expect(await stored(casey)).toEqual([
        [game.espnId, '16', 3],
        ['w1-c', '15', 2],
        ['w1-b', '12', 1],
      ]);
    });
  });

  describe("validation, in order, with the product's texts", () => {
    const refused = async (body: unknown, status: number, error: string, message: string) => {
      const res = await save(cast.player, body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json(), message).toMatchObject({ error, message });
      expect(await mine()).toEqual([]);
      return res.json();
    };

    it('should refuse picks of another pool or week than the batch', async () => {
      const other = await announcePool(h, cast.commissioner);
      const body = batchOf(week, FULL);
      body.picks[1]!.poolId = other.id;
      await refused(body, 400, 'validation_failed', 'Every pick must be for this pool and for week 1.');
      const wrongWeek = batchOf(week, FULL);
      wrongWeek.picks[2]!.weekNumber = 2;
      await refused(wrongWeek, 400, 'validation_failed', 'Every pick must be for this pool and for week 1.');
      await refused({ ...batchOf(week, FULL), weekId: '2024:1' }, 404, 'season_not_found', 'This pool does not play that season.');
    });

    it('should refuse a week that is not published, then a passed deadline or a week past PUBLISHED', async () => {
      const body = batchOf({ ...week, weekNumber: 2 }, [
        ['w2-a', '6', 3],
        ['w1-a', '21', 2],
        ['w1-b', '12', 1],
      ]);
      await refused(body, 409, 'week_not_published', 'Picks are not open for this week: its games have not been published. (Week 2)');

      h.clock.now = new Date(DEADLINE.getTime() - 1);
      expect((await save(cast.player, batchOf(week, FULL))).statusCode).toBe(200);
      await h.runtime.database.sql.query('DELETE FROM picks.picks WHERE pool_id = $1', [pool.id]);
      h.clock.now = DEADLINE;
      const locked = await refused(batchOf(week, FULL), 409, 'picks_locked', 'The picks deadline has passed: picks for this week are locked.');
      expect(locked.details).toEqual({ pickDeadline: DEADLINE.toISOString() });
      // The deadline is checked before the picks themselves.
      await refused(batchOf(week, [['w1-a', '21', 3]]), 409, 'picks_locked', 'The picks deadline has passed: picks for this week are locked.');

      h.clock.now = BEFORE;
      await moveWeekTo(h, { pool, weekNumber: 1, to: 'GAMES_IN_PROGRESS' });
      await refused(batchOf(week, FULL), 409, 'picks_locked', 'The picks deadline has passed: picks for this week are locked.');
    });

    it('should refuse incomplete picks with the Incomplete Picks text', async () => {
      const missing = (text: string) => `You must select all three confidence picks: ${text} missing. Each pick must be on a different game.`;
      await refused({ weekId: '2025:1', picks: [] }, 400, 'incomplete_picks', missing('3pt, 2pt, 1pt are'));
      const json = await refused(batchOf(week, [['w1-a', '21', 3]]), 400, 'incomplete_picks', missing('2pt, 1pt are'));
      expect(json.details).toEqual({ title: 'Incomplete Picks', missing: [2, 1] });
      await refused(
        batchOf(week, [
          ['w1-a', '21', 3],
          ['w1-b', '12', 2],
          ['w1-d', '8', 0],
        ]),
        400,
        'incomplete_picks',
        missing('1pt is'),
      );
      await refused(
        batchOf(week, [
          ['w1-a', '21', 2],
          ['w1-b', '12', 1],
          ['w1-c', '2', 0],
        ]),
        400,
        'incomplete_picks',
        missing('3pt is'),
      );
      await refused(
        batchOf(week, [
          ['w1-a', '21', 3],
          ['w1-b', '12', 3],
          ['w1-c', '2', 2],
          ['w1-d', '3', 1],
        ]),
        400,
        'incomplete_picks',
        'Only one 3pt pick is allowed.',
      );
      await refused(
        batchOf(week, [
          ['w1-a', '21', 3],
          ['w1-a', '6', 2],
          ['w1-c', '2', 1],
        ]),
        400,
        'incomplete_picks',
        'Each pick must be on a different game.',
      );
      const power = await refused(
        batchOf(week, [
          ['w1-a', '21', 3],
          ['w1-b', '12', 2],
          ['w1-c', '2', 1],
          ['w1-b', '24', 0],
        ]),
        400,
        'incomplete_picks',
        'This game is already a confidence pick. Remove the confidence pick first.',
      );
      expect(power.details).toEqual({ title: 'Cannot select power pick', gameId: 'w1-b' });
    });

    it('should refuse a power flag that does not match rank 0, and a rank outside 3, 2, 1, 0', async () => {
      const flagged = batchOf(week, FULL);
      flagged.picks[0]!.isPowerPick = true;
      await refused(flagged, 400, 'validation_failed', 'The power pick is the one with rank 0, and only it is flagged as the power pick.');
      const unflagged = batchOf(week, FULL);
      unflagged.picks[3]!.isPowerPick = false;
      await refused(unflagged, 400, 'validation_failed', 'The power pick is the one with rank 0, and only it is flagged as the power pick.');
      const rank5 = batchOf(week, FULL);
      rank5.picks[0]!.confidenceRank = 5;
      await refused(rank5, 400, 'validation_failed', 'Invalid body: picks.0.confidenceRank must be 3, 2, 1 or 0 (power pick)');
      const five = batchOf(week, [...FULL, ['w1-e', '9', 0]]);
      await refused(five, 400, 'validation_failed', 'Invalid body: picks at most 4 picks');
    });

    it('should refuse numbers and booleans sent as strings, the week number as the rank (bodies keep JSON types)', async () => {
      const stringWeek = batchOf(week, FULL);
      (stringWeek.picks[0] as Record<string, unknown>).weekNumber = '1';
      await refused(stringWeek, 400, 'validation_failed', 'Invalid body: picks.0.weekNumber must be a week number');
      const stringRank = batchOf(week, FULL);
      (stringRank.picks[0] as Record<string, unknown>).confidenceRank = '3';
      await refused(stringRank, 400, 'validation_failed', 'Invalid body: picks.0.confidenceRank must be 3, 2, 1 or 0 (power pick)');
      const stringFlag = batchOf(week, FULL);
      (stringFlag.picks[3] as Record<string, unknown>).isPowerPick = 'true';
      await refused(stringFlag, 400, 'validation_failed', 'Invalid body: picks.3.isPowerPick must be true or false');
      expect(await mine()).toEqual([]);
    });

    it('should refuse a game the pool did not publish that week, or a poolGameId of another game', async () => {
      const unavailable = (game: string) => `Game ${game} not found in available games for current pool`;
      await refused(
        batchOf(week, [
          ['w1-a', '21', 3],
          ['w1-b', '12', 2],
          ['w1-e', '9', 1],
        ]),
        400,
        'game_not_available',
        unavailable('w1-e'),
      );
      await refused(
        batchOf(week, [
          ['w1-a', '21', 3],
          ['w1-b', '12', 2],
          ['w1-c', '2', 1],
          ['w1-e', '9', 0],
        ]),
        400,
        'game_not_available',
        unavailable('w1-e'),
      );
      await refused(
        batchOf(week, [
          ['w1-a', '21', 3],
          ['w1-b', '12', 2],
          ['w2-a', '6', 1],
        ]),
        400,
        'game_not_available',
        unavailable('w2-a'),
      );
      await refused(
        batchOf(week, [
          ['w1-a', '21', 3],
          ['w1-b', '12', 2],
          ['no-such-game', '6', 1],
        ]),
        400,
        'game_not_available',
        unavailable('no-such-game'),
      );
      const swapped = batchOf(week, FULL);
      swapped.picks[0]!.poolGameId = week.poolGameIds['w1-b']!;
      await refused(swapped, 400, 'game_not_available', unavailable('w1-a'));
      // The game of another pool's publication is not this pool's.
      const other = await announcePool(h, cast.commissioner);
      const otherWeek = await publishWeek(h, { pool: other, weekNumber: 1, games, spreads: { 'w1-e': 3 } });
      const foreign = batchOf(week, FULL);
      foreign.picks[3] = { ...foreign.picks[3]!, gameEspnCompetitionId: 'w1-e', selectedTeamEspnId: '9', poolGameId: otherWeek.poolGameIds['w1-e']! };
      await refused(foreign, 400, 'game_not_available', unavailable('w1-e'));
    });

    it('should refuse a team that does not play in its game', async () => {
      const json = await refused(
        batchOf(week, [
          ['w1-a', '21', 3],
          ['w1-b', '21', 2],
          ['w1-c', '2', 1],
        ]),
        400,
        'team_not_in_game',
        'Team 21 does not play in game w1-b',
      );
      expect(json.details).toEqual({ gameId: 'w1-b', teamId: '21' });
      await refused(
        batchOf(week, [
          ['w1-a', '21', 3],
          ['w1-b', '12', 2],
          ['w1-c', '2', 1],
          ['w1-d', '16', 0],
        ]),
        400,
        'team_not_in_game',
        'Team 16 does not play in game w1-d',
      );
    });

    it('should refuse a malformed weekId', async () => {
      await refused(
        { ...batchOf(week, FULL), weekId: 'next' },
        400,
        'validation_failed',
        'Invalid body: weekId must be a week id (year:week) or a week number',
      );
      await refused({ ...batchOf(week, FULL), weekId: '2025:0' }, 400, 'validation_failed', 'Invalid body: weekId must be a week from -4 to 22 (no week 0)');
    });
  });

  describe('reading my picks', () => {
    it("should show each caller only their own picks: members, and the pool's managers for themselves", async () => {
      const empty = await myPicks(cast.player);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual([]);
      expect((await save(cast.player, batchOf(week, FULL))).statusCode).toBe(200);
      expect((await myPicks(cast.player)).json()).toHaveLength(4);
      for (const who of [cast.commissioner, cast.admin]) {
        const res = await myPicks(who);
        expect(res.statusCode, who.name).toBe(200);
        expect(res.json(), who.name).toEqual([]);
      }
      for (const who of [cast.otherCommissioner, cast.outsider]) {
        const res = await myPicks(who);
        expect(res.statusCode, who.name).toBe(403);
        expect(res.json().error, who.name).toBe('forbidden');
      }
      expect((await myPicks(null)).statusCode).toBe(401);
      expect((await myPicks(cast.player, '2025:1', randomUUID())).json()).toEqual({ error: 'pool_not_found', message: 'Pool not found' });
      expect((await myPicks(cast.player, '2024:1')).statusCode).toBe(404);
      expect((await myPicks(cast.player, 2)).json()).toEqual([]);
      expect((await myPicks(cast.player, 'soon')).statusCode).toBe(400);
      expect((await call(h, { method: 'GET', url: '/api/weeks/1/picks', who: cast.player })).statusCode).toBe(400);
    });

    it('should mark picks entered by the commissioner and a power pick on a game the pool did not publish', async () => {
      const res = await call(h, {
        method: 'POST',
        url: '/api/picks/commissioner-override',
        who: cast.commissioner,
        payload: overrideOf({
          week,
          target: cast.player,
          picks: [
            ['w1-a', '6', 3],
            ['w1-b', '24', 2],
            ['w1-c', '2', 1],
            ['w1-e', '16', 0],
          ],
        }),
      });
      expect(res.statusCode).toBe(200);
      const picks = (await myPicks(cast.player)).json();
      expect(
        picks.map((p: any) => [p.gameId, p.selectedTeamAbbreviation, p.selectedTeamLogoUrl, p.confidenceRank, p.poolGameId, p.enteredByCommissioner]),
      ).toEqual([
        ['w1-a', 'DAL', DAL_LOGO, 3, week.poolGameIds['w1-a'], true],
        ['w1-b', 'LAC', null, 2, week.poolGameIds['w1-b'], true],
        ['w1-c', 'BUF', null, 1, week.poolGameIds['w1-c'], true],
        ['w1-e', 'MIN', null, 0, null, true],
      ]);
      // Saved again by the player themselves: no longer marked.
      expect((await save(cast.player, batchOf(week, FULL))).statusCode).toBe(200);
      expect((await myPicks(cast.player)).json().map((p: any) => p.enteredByCommissioner)).toEqual([false, false, false, false]);
    });

    it('should show the stored results once the scoring part has written them', async () => {
      expect((await save(cast.player, batchOf(week, FULL))).statusCode).toBe(200);
      await h.runtime.database.sql.query(
        `UPDATE picks.picks SET result = CASE confidence_rank WHEN 3 THEN 'WIN' WHEN 2 THEN 'LOSS' WHEN 1 THEN 'PUSH' ELSE 'WIN' END,
           points_earned = CASE confidence_rank WHEN 3 THEN 3 WHEN 0 THEN 3 ELSE 0 END WHERE pool_id = $1`,
        [pool.id],
      );
      const picks = (await myPicks(cast.player)).json();
      expect(picks.map((p: any) => [p.confidenceRank, p.result, p.isCorrect, p.pointsEarned])).toEqual([
        [3, 'WIN', true, 3],
        [2, 'LOSS', false, 0],
        [1, 'PUSH', null, 0],
        [0, 'WIN', true, 3],
      ]);
    });
  });

  describe('pick-stats', () => {
    const stats = (who: Person | null, weekNumber = 1, poolId = pool.id) =>
      call(h, { method: 'GET', url: `/api/admin/weeks/${weekNumber}/pick-stats?poolId=${poolId}`, who });

    it('should count active members and those with their three confidence picks saved, for managers only', async () => {
      const second = await person(h, { role: 'user', name: 'Sam Second' });
      const leaver = await person(h, { role: 'user', name: 'Lee Leaver' });
      const third = await person(h, { role: 'user', name: 'Tia Third' });
      for (const p of [second, leaver, third]) await announceMember(h, { pool, who: p });
      expect((await stats(cast.commissioner)).json()).toEqual({ totalUsers: 4, completedUsers: 0 });

      expect((await save(cast.player, batchOf(week, FULL.slice(0, 3)))).statusCode).toBe(200);
      expect((await save(leaver, batchOf(week, FULL))).statusCode).toBe(200);
      // Third has only a power pick and a 3pt pick left after an edit in the database: not complete.
      expect((await save(third, batchOf(week, FULL))).statusCode).toBe(200);
      await h.runtime.database.sql.query('DELETE FROM picks.picks WHERE pool_id = $1 AND user_id = $2 AND confidence_rank IN (1, 2)', [pool.id, third.id]);
      await announceMember(h, { pool, who: leaver, subject: 'pools.member.removed' });

      for (const who of [cast.commissioner, cast.admin]) {
        const res = await stats(who);
        expect(res.statusCode, who.name).toBe(200);
        expect(res.json(), who.name).toEqual({ totalUsers: 3, completedUsers: 1 });
      }
      expect((await stats(cast.commissioner, 2)).json()).toEqual({ totalUsers: 3, completedUsers: 0 });
      // Picks of the same week in another pool do not count here.
      const other = await announcePool(h, cast.commissioner);
      await announceMember(h, { pool: other, who: second });
      const otherWeek = await publishWeek(h, { pool: other, weekNumber: 1, games, spreads: SPREADS });
      expect((await save(second, batchOf(otherWeek, FULL))).statusCode).toBe(200);
      expect((await stats(cast.commissioner)).json()).toEqual({ totalUsers: 3, completedUsers: 1 });
      expect((await stats(cast.commissioner, 1, other.id)).json()).toEqual({ totalUsers: 1, completedUsers: 1 });

      expect((await stats(cast.otherCommissioner)).statusCode).toBe(403);
      for (const who of [cast.player, cast.outsider]) expect((await stats(who)).json().error, who.name).toBe('forbidden');
      expect((await stats(null)).statusCode).toBe(401);
      expect((await stats(cast.commissioner, 1, randomUUID())).statusCode).toBe(404);
      expect((await call(h, { method: 'GET', url: `/api/admin/weeks/1/pick-stats`, who: cast.commissioner })).statusCode).toBe(400);
    });
  });

  describe('the deadline race', () => {
    /** 20 different complete batches: the power pick rotates over the four games, the teams vary. */
    const batches = () =>
      Array.from({ length: 20 }, (_, i) => {
        const order = ['w1-a', 'w1-b', 'w1-c', 'w1-d'].map((_, k, all) => all[(k + i) % 4]!);
        const teams: Record<string, [string, string]> = { 'w1-a': ['21', '6'], 'w1-b': ['12', '24'], 'w1-c': ['2', '15'], 'w1-d': ['3', '8'] };
        const variant = Math.floor(i / 4);
        return order.map((game, k): [string, string, number] => [game, teams[game]![(variant >> k) & 1]!, [3, 2, 1, 0][k]!]);
      });
    const asSet = (picks: Array<[string, string, number]>) => JSON.stringify([...picks].sort((a, b) => b[2] - a[2] || a[0].localeCompare(b[0])));

    /**
     * A clock that ticks 1 ms at every reading, before the deadline until `pass()`, then past it.
     * A save reads it when it arrives (its deadline check) and once more after taking its locks
     * (its savedAt), so the savedAt of accepted saves orders their commits.
     */
    const tickingClock = () => {
      let tick = DEADLINE.getTime() - 1000;
      let passed = false;
      Object.defineProperty(h.clock, 'now', {
        configurable: true,
        enumerable: true,
        get: () => new Date(passed ? DEADLINE.getTime() + 1000 + tick++ : tick++),
        set: () => {},
      });
      return {
        pass: () => void (passed = true),
        restore: () => Object.defineProperty(h.clock, 'now', { configurable: true, enumerable: true, writable: true, value: BEFORE }),
      };
    };

    const race = async (apps: ServiceApp[]) => {
      const all = batches();
      expect(new Set(all.map(asSet)).size).toBe(20);
      // Each instance answers once first, so none starts the race cold.
      for (const app of apps) expect((await save(cast.player, batchOf(week, FULL), app)).statusCode).toBe(200);
      const clock = tickingClock();
      let answered = 0;
      let passed!: () => void;
      const afterThePass = new Promise<void>((resolve) => (passed = resolve));
      const responses = await Promise.all(
        all.map(async (picks, i) => {
          // The last six are sent only once the clock has passed the deadline: they arrive late.
          const late = i >= 14;
          if (late) await afterThePass;
          const res = await save(cast.player, batchOf(week, picks), apps[i % apps.length]);
          // The sixth answer moves the clock past the deadline while the other early saves are still in flight.
          if (++answered === 6) {
            clock.pass();
            passed();
          }
          return { picks, res, instance: i % apps.length, late };
        }),
      ).finally(clock.restore);
      const accepted = responses.filter((r) => r.res.statusCode === 200);
      const refused = responses.filter((r) => r.res.statusCode !== 200);
      // Every save that arrived before the deadline is taken, those whose turn came after it too
      // (docs/game.md#the-servers-clock: a pick that arrives after the deadline is refused; these arrived in time).
      expect(accepted.map((r) => r.late)).toEqual(Array(14).fill(false));
      const savedAt = accepted.map((r) => r.res.json().savedAt as string).sort();
      expect(savedAt.some((at) => new Date(at) >= DEADLINE)).toBe(true);
      // Every save that arrived after it is refused.
      expect(refused.map((r) => r.late)).toEqual(Array(6).fill(true));
      // Every instance had saves accepted.
      expect(new Set(accepted.map((r) => r.instance)).size).toBe(apps.length);
      for (const r of refused) {
        expect(r.res.statusCode).toBe(409);
        expect(r.res.json().error).toBe('picks_locked');
      }
      expect(new Set(savedAt).size).toBe(accepted.length);
      // What is stored is, whole, the batch of the last accepted save to commit.
      const last = accepted.find((r) => r.res.json().savedAt === savedAt.at(-1))!;
      const stored = await mine();
      expect(stored.map((p) => p[2])).toEqual([3, 2, 1, 0]);
      expect(asSet(stored)).toBe(asSet(last.picks));
      const rows = await h.runtime.database.sql.query<{ updated_at: Date }>('SELECT updated_at FROM picks.picks WHERE pool_id = $1', [pool.id]);
      expect(rows.map((r) => r.updated_at.toISOString())).toEqual(Array(4).fill(savedAt.at(-1)));
      // Every accepted save was announced; none of the refused ones.
      await vi.waitFor(() =>
        expect(h.events.filter((e) => e.subject === 'picks.picks.saved' && e.data.poolId === pool.id)).toHaveLength(apps.length + accepted.length),
      );
      // And the week stays locked.
      h.clock.now = DEADLINE;
      expect((await save(cast.player, batchOf(week, FULL))).statusCode).toBe(409);
      expect(await mine()).toEqual(stored);
    };

    /**
     * Under a rush a save can wait long between its arrival and its turn (seen in the
     * deadline-rush cluster test). It counts from its arrival: the clock reads 1 ms before the
     * deadline when the request arrives, and at the deadline at every later reading.
     */
    it('should take a save that arrived before the deadline though its turn came after it, and refuse one that arrives at it', async () => {
      expect((await save(cast.player, batchOf(week, FULL))).statusCode).toBe(200);
      let readings = 0;
      Object.defineProperty(h.clock, 'now', {
        configurable: true,
        enumerable: true,
        get: () => new Date(readings++ === 0 ? DEADLINE.getTime() - 1 : DEADLINE.getTime()),
        set: () => {},
      });
      try {
        const inTime = await save(cast.player, batchOf(week, batches()[5]!));
        expect(inTime.statusCode, inTime.body).toBe(200);
        expect(inTime.json().savedAt).toBe(DEADLINE.toISOString());
        expect(readings).toBeGreaterThan(1);
        const stored = await mine();
        expect(asSet(stored)).toBe(asSet(batches()[5]!));
        const late = await save(cast.player, batchOf(week, FULL));
        expect(late.statusCode, late.body).toBe(409);
        expect(late.json()).toMatchObject({ error: 'picks_locked', details: { pickDeadline: DEADLINE.toISOString() } });
        expect(await mine()).toEqual(stored);
      } finally {
        Object.defineProperty(h.clock, 'now', { configurable: true, enumerable: true, writable: true, value: BEFORE });
      }
    });

    it('should store exactly one accepted batch, whole, and refuse the rest with picks_locked', async () => {
      await race([h.app]);
    });

    it('should hold with saves spread over two instances of the service', async () => {
      const replica = await h.addReplica();
      await race([h.app, replica]);
    });
  });
});
