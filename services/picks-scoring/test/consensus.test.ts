import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLivePatch, consensusSidesOf, type GameConsensus, type LiveLeaderboard, type LiveStreamEvent } from '@powerpool/contracts';
import { integrationSkipReason, readEventStream, type EventStreamReader } from '@powerpool/testing';
import { buildSeason, call, castOf, pushSeason, overrideOf, person, poolWeek, startPicks, type Cast, type Person, type PicksHarness } from './helpers.js';

const skip = await integrationSkipReason();

/**
 * Pick consensus (docs/game.md#pick-consensus): each game of the live board with how the pool
 * picked it, served under the picks' access (docs/game.md#who-sees-what), in the GET and in the
 * stream's snapshot and patches. A power pick is a pick of its team like any other: game d's only
 * pick is one, and its team has the whole game (consensusSidesOf).
 */
const TIMING = { heartbeatMs: 100, safetyNetMs: 300 };
const BEFORE = new Date('2025-09-10T12:00:00.000Z');
const AFTER = new Date('2025-09-14T18:30:00.000Z');
const liveUrl = (poolId: string) => `/api/pools/${poolId}/weeks/2/live-leaderboard`;

describe.skipIf(skip)('pick consensus', () => {
  let h: PicksHarness;
  let cast: Cast;
  let base: string;
  const open: EventStreamReader[] = [];

  beforeAll(async () => {
    h = await startPicks({ liveStream: TIMING });
    cast = await castOf(h);
    await pushSeason(h, buildSeason());
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await h?.close();
  });

  /** A private pool, week 2's four games (fresh ids), three members' picks saved before the deadline (Kim and Lee without a power pick). */
  async function pickedWeek() {
    const kim = await person(h, { role: 'user', name: 'Kim Kay' });
    const lee = await person(h, { role: 'user', name: 'Lee Low' });
    const { pool, week, games } = await poolWeek(h, cast, {
      members: [cast.player, kim, lee],
      picks: [
        [
          cast.player,
          [
            [0, 'home', 3],
            [1, 'away', 2],
            [2, 'home', 1],
            [3, 'home', 0],
          ],
        ],
        [
          kim,
          [
            [0, 'away', 3],
            [1, 'away', 1],
            [2, 'home', 2],
          ],
        ],
        [
          lee,
          [
            [0, 'home', 1],
            [1, 'home', 3],
            [2, 'away', 2],
          ],
        ],
      ],
      now: BEFORE,
      started: false,
    });
    const [a, b, c, d] = games.map((g) => g.espnId) as [string, string, string, string];
    const home = (i: number) => games[i]!.homeTeamEspnId;
    const away = (i: number) => games[i]!.awayTeamEspnId;
    // [home picks, away picks, home points, away points, home power picks, away power picks]
    const expected: Record<string, GameConsensus> = {
      [a]: [2, 1, 4, 3, 0, 0],
      [b]: [1, 2, 3, 3, 0, 0],
      [c]: [2, 1, 3, 2, 0, 0],
      [d]: [0, 0, 0, 0, 1, 0],
    };
    return { pool, week, lee, ids: { a, b, c, d }, home, away, expected };
  }

  const board = async (poolId: string, who: Person) => {
    const res = await call(h, { method: 'GET', url: liveUrl(poolId), who });
    return { status: res.statusCode, body: res.json<Partial<LiveLeaderboard> & { error?: string }>() };
  };

  it('should show the consensus to the commissioner and super admins before the deadline and to members after it, never to a member before it', async () => {
    const { pool, ids, expected } = await pickedWeek();
    h.clock.now = BEFORE;
    for (const who of [cast.commissioner, cast.admin]) {
      const seen = await board(pool.id, who);
      expect(seen.status).toBe(200);
      expect(seen.body.consensus).toEqual(expected);
    }
    for (const who of [cast.player, cast.outsider]) {
      const refused = await board(pool.id, who);
      expect(refused.status).toBe(403);
      expect(refused.body).not.toHaveProperty('consensus');
    }

    h.clock.now = AFTER;
    const member = await board(pool.id, cast.player);
    expect([member.status, member.body.metadata?.accessLevel]).toEqual([200, 'FULL_ACCESS']);
    expect(member.body.consensus).toEqual(expected);
    // As the board shows it: the player's power pick, the only pick of game d, is all of its picks.
    expect(consensusSidesOf(member.body.consensus![ids.d]!)).toEqual({
      picks: 1,
      home: { picks: 1, percent: 100, powerPicks: 1, points: 0 },
      away: { picks: 0, percent: 0, powerPicks: 0, points: 0 },
    });
    expect((await board(pool.id, cast.outsider)).status).toBe(403);
  });

  it("should carry the consensus in the stream's snapshot, and patch only the games an override moved", async () => {
    const { pool, week, lee, ids, home, away, expected } = await pickedWeek();
    h.clock.now = AFTER;
    const res = await fetch(`${base}${liveUrl(pool.id)}/stream`, { headers: { ...cast.player.headers, accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    const stream = readEventStream(res);
    open.push(stream);
    const snapshot = (await stream.nextEvent<LiveStreamEvent>()).data;
    if (snapshot.type !== 'snapshot') throw new Error(`expected a snapshot, got ${snapshot.type}`);
    expect(snapshot.board.consensus).toEqual(expected);

    // Lee's 1-point pick moves from the home team to the away team of game a; b and c as they were;
    // a power pick on game d's away team: half of game d now.
    const entered = await call(h, {
      method: 'POST',
      url: '/api/picks/commissioner-override',
      who: cast.commissioner,
      payload: overrideOf({
        week,
        target: lee,
        picks: [
          [ids.a, away(0), 1],
          [ids.b, home(1), 3],
          [ids.c, away(2), 2],
          [ids.d, away(3), 0],
        ],
        overrideReason: 'Wrong team entered',
      }),
    });
    expect(entered.statusCode).toBe(200);
    const patch = (await stream.nextEvent<LiveStreamEvent>()).data;
    if (patch.type !== 'patch') throw new Error(`expected a patch, got ${patch.type}`);
    expect(patch.consensus).toEqual({ [ids.a]: [1, 2, 3, 4, 0, 0], [ids.d]: [0, 0, 0, 0, 1, 1] });
    expect(consensusSidesOf(patch.consensus![ids.d]!)).toMatchObject({ picks: 2, home: { percent: 50 }, away: { percent: 50, powerPicks: 1 } });
    const now = (await board(pool.id, cast.player)).body as LiveLeaderboard;
    expect(applyLivePatch(snapshot.board, patch)).toEqual({ ...now, metadata: patch.metadata });
  });
});
