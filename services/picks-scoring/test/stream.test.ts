import http from 'node:http';
import { constants as zlibConstants, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyLivePatch,
  isFrameFedBoard,
  liveBoardWithGames,
  PICK_MESSAGES,
  type Game,
  type GamesStreamEvent,
  type LiveLeaderboard,
  type LivePatch,
  type LiveStreamEvent,
} from '@powerpool/contracts';
import type { ServiceApp } from '@powerpool/service-kit';
import { integrationSkipReason, openWireEventStream, readEventStream, type EventStreamReader, type WireEventStream } from '@powerpool/testing';
import {
  buildSeason,
  announceMember,
  buildGame,
  castOf,
  pushSeason,
  poolWeek,
  startPicks,
  updateGame,
  WEEK2_AFTER,
  YEAR,
  type Cast,
  type Person,
  type PicksHarness,
} from './helpers.js';

const skip = await integrationSkipReason();

/** Heartbeats every 100 ms; no safety-net re-check within a test, so every push comes from a board-changed message. */
const TIMING = { heartbeatMs: 100, safetyNetMs: 600_000 };

const streamPath = (poolId: string, weekNumber: number) => `/api/pools/${poolId}/weeks/${weekNumber}/live-leaderboard/stream`;
const livePath = (poolId: string, weekNumber: number) => `/api/pools/${poolId}/weeks/${weekNumber}/live-leaderboard`;

describe.skipIf(skip)('live leaderboard stream', () => {
  let h: PicksHarness;
  let cast: Cast;
  let base: string;
  let replica: ServiceApp;
  let replicaBase: string;
  const open: EventStreamReader[] = [];

  beforeAll(async () => {
    h = await startPicks({ liveStream: TIMING });
    cast = await castOf(h);
    await pushSeason(h, buildSeason());
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    replica = await h.addReplica();
    replicaBase = await replica.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await h?.close();
  });

  async function connect(who: Person | null, path: string, options: { lastEventId?: string; at?: string } = {}) {
    const headers: Record<string, string> = { ...(who ? who.headers : await h.runtime.headersFor(null)), accept: 'text/event-stream' };
    if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
    return fetch(`${options.at ?? base}${path}`, { headers });
  }

  /** Open a stream and return its reader (after checking the reply is an event stream). */
  async function stream(who: Person, path: string, options: { lastEventId?: string; at?: string } = {}): Promise<EventStreamReader> {
    const res = await connect(who, path, options);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // fetch takes deflate (and inflates it as a browser does).
    expect(res.headers.get('content-encoding')).toBe('deflate');
    const reader = readEventStream(res);
    open.push(reader);
    return reader;
  }

  const nextLive = async (s: EventStreamReader) => {
    const { id, data } = await s.nextEvent<LiveStreamEvent>();
    return { id, event: data };
  };

  async function getBoard(who: Person, poolId: string): Promise<LiveLeaderboard> {
    const res = await connect(who, livePath(poolId, 2));
    expect(res.status).toBe(200);
    return (await res.json()) as LiveLeaderboard;
  }

  async function snapshotOf(s: EventStreamReader): Promise<{ version: string; board: LiveLeaderboard }> {
    const { id, event } = await nextLive(s);
    if (event.type !== 'snapshot') throw new Error(`expected a snapshot, got ${event.type}`);
    expect(id).toBe(event.version);
    return { version: event.version, board: event.board };
  }

  async function patchOf(s: EventStreamReader): Promise<LivePatch> {
    const { id, event } = await nextLive(s);
    if (event.type !== 'patch') throw new Error(`expected a patch, got ${event.type}`);
    expect(id).toBe(event.version);
    return event;
  }

  /** The next event, a `games` frame: it has no id (the board it moves keeps its version). */
  async function gamesFrameOf(s: EventStreamReader): Promise<Extract<LiveStreamEvent, { type: 'games' }>> {
    const { id, event } = await nextLive(s);
    if (event.type !== 'games') throw new Error(`expected a games frame, got ${event.type}`);
    expect(id).toBeNull();
    return event;
  }

  /** `board` as a frame made at `generatedAt` stamps it (GET stamps the moment it was built). */
  const stampedAt = (board: LiveLeaderboard, generatedAt: string): LiveLeaderboard => ({ ...board, metadata: { ...board.metadata, generatedAt } });

  /** The player's name changed (a change of their pools' own: it comes as a patch). Each call is newer than the last. */
  let renames = 0;
  async function renamePlayer(displayName: string): Promise<void> {
    renames += 1;
    const at = new Date(Date.now() + 600_000 + renames * 1_000).toISOString();
    await h.runtime.bus.publish('identity.user.profile-changed', {
      user: {
        id: cast.player.id,
        email: cast.player.email,
        displayName,
        firstName: null,
        lastName: null,
        role: cast.player.role,
        hasPaid: false,
        paymentNotes: null,
        createdAt: at,
        updatedAt: at,
      },
    });
  }

  it('should send retry first, then a snapshot equal to GET live-leaderboard, then heartbeats', async () => {
    const { pool } = await poolWeek(h, cast);
    const s = await stream(cast.player, streamPath(pool.id, 2));
    expect(await s.next()).toEqual({ kind: 'retry', ms: 2000 });
    const snapshot = await snapshotOf(s);
    expect(snapshot.board).toEqual(await getBoard(cast.player, pool.id));
    expect(snapshot.board.metadata.accessLevel).toBe('FULL_ACCESS');
    expect(await s.next()).toEqual({ kind: 'comment', text: 'heartbeat' });
    expect(await s.next()).toEqual({ kind: 'comment', text: 'heartbeat' });
  });

  it('should push ONE games frame per game update, with no pick and no pool, that moves the snapshot to the new GET', async () => {
    const { pool, games } = await poolWeek(h, cast);
    const s = await stream(cast.player, streamPath(pool.id, 2));
    const snapshot = await snapshotOf(s);
    expect(isFrameFedBoard(snapshot.board)).toBe(true);

    const game = await updateGame(h, games[0]!, {
      gameStatus: 'IN_PROGRESS',
      homeScore: 7,
      awayScore: 0,
      currentPeriod: 1,
      gameClock: '8:12',
      statusDetail: null,
    });
    const first = await gamesFrameOf(s);
    expect(first.games.map((g) => g.gameId)).toEqual([game.espnId]);
    expect(first.games[0]).toMatchObject({ status: 'IN_PROGRESS', homeScore: 7, awayScore: 0, quarter: 1, clock: '8:12' });
    // The same frame for every pool: nothing of this pool's (spread, ruling) and no pick.
    for (const key of ['poolGameId', 'spread', 'ruledVoid', 'cover', 'standings', 'picks']) expect(first.games[0]).not.toHaveProperty(key);
    const afterFirst = liveBoardWithGames(snapshot.board, first.games, first.generatedAt);
    expect(afterFirst).toEqual(stampedAt(await getBoard(cast.player, pool.id), first.generatedAt));

    await updateGame(h, game, { gameStatus: 'COMPLETE', homeScore: 21, awayScore: 3, currentPeriod: 4, gameClock: '0:00', statusDetail: 'Final' });
    const second = await gamesFrameOf(s);
    const afterSecond = liveBoardWithGames(afterFirst, second.games, second.generatedAt);
    expect(afterSecond.standings).not.toEqual(afterFirst.standings);
    expect(afterSecond).toEqual(stampedAt(await getBoard(cast.player, pool.id), second.generatedAt));

    // A change of the pool's own comes as a patch from the board the frames made (its base: the snapshot's version).
    await renamePlayer('Pat Renamed');
    const patch = await patchOf(s);
    expect(patch.base).toBe(snapshot.version);
    expect(applyLivePatch(afterSecond, patch)).toEqual(await getBoard(cast.player, pool.id));
    await renamePlayer(cast.player.name);
    await patchOf(s);
  });

  it('should resume a reconnect with Last-Event-ID: the patches missed, a snapshot for an unknown version or once games frames went out, the next change for the current one', async () => {
    const { pool, games } = await poolWeek(h, cast);
    const keeper = await stream(cast.player, streamPath(pool.id, 2));
    const snapshot = await snapshotOf(keeper);
    const gone = await stream(cast.player, streamPath(pool.id, 2));
    expect((await snapshotOf(gone)).version).toBe(snapshot.version);
    await gone.close();

    await renamePlayer('Pat One');
    const p1 = await patchOf(keeper);
    await renamePlayer('Pat Two');
    const p2 = await patchOf(keeper);

    const back = await stream(cast.player, streamPath(pool.id, 2), { lastEventId: snapshot.version });
    const missed = [await patchOf(back), await patchOf(back)];
    expect(missed).toEqual([p1, p2]);
    const atP2 = applyLivePatch(applyLivePatch(snapshot.board, missed[0]!), missed[1]!);
    expect(atP2).toEqual(await getBoard(cast.player, pool.id));

    const unknown = await stream(cast.player, streamPath(pool.id, 2), { lastEventId: 'lb-unknown' });
    expect((await snapshotOf(unknown)).version).toBe(p2.version);

    // A games frame keeps the version: a reconnect at it may have missed the frame, and takes a
    // snapshot of the board as now; the connection that heard it takes a patch from the board it moved.
    const game = await updateGame(h, games[1]!, { gameStatus: 'IN_PROGRESS', homeScore: 3, awayScore: 0, currentPeriod: 1, gameClock: '12:00' });
    const frame = await gamesFrameOf(keeper);
    const moved = liveBoardWithGames(atP2, frame.games, frame.generatedAt);
    const after = await stream(cast.player, streamPath(pool.id, 2), { lastEventId: p2.version });
    const fresh = await snapshotOf(after);
    expect(fresh.board).toEqual(await getBoard(cast.player, pool.id));
    expect(moved).toEqual(stampedAt(fresh.board, frame.generatedAt));
    const p3 = await patchOf(keeper);
    expect(p3.base).toBe(p2.version);
    expect(applyLivePatch(moved, p3)).toEqual(fresh.board);

    // At the current version with nothing sent since: only the next change, a patch from that
    // version, as on the connection that never left. Then the games frames, as everyone else: a
    // change of games that lands before the server has taken in a new connection rebuilds the board
    // instead, so the frame is asked for once the connection has had its patch.
    const current = await stream(cast.player, streamPath(pool.id, 2), { lastEventId: fresh.version });
    await renamePlayer('Pat Three');
    const p4 = await patchOf(current);
    expect(p4.base).toBe(fresh.version);
    expect(await patchOf(keeper)).toEqual(p4);
    await updateGame(h, game, { homeScore: 10, awayScore: 7, currentPeriod: 3, gameClock: '9:00' });
    const next = await gamesFrameOf(current);
    expect(next.games[0]).toMatchObject({ gameId: game.espnId, homeScore: 10 });
    expect(await gamesFrameOf(keeper)).toEqual(next);

    await renamePlayer(cast.player.name);
    await patchOf(keeper);
  });

  it('should deflate the stream for a client that takes it, each event flushed as it happens, to the same events as the plain stream', async () => {
    const { pool, games } = await poolWeek(h, cast);
    const wire = async (acceptEncoding: string): Promise<WireEventStream> => {
      const s = await openWireEventStream(`${base}${streamPath(pool.id, 2)}`, {
        ...cast.player.headers,
        accept: 'text/event-stream',
        'accept-encoding': acceptEncoding,
      });
      open.push(s);
      expect(s.status).toBe(200);
      return s;
    };
    const plain = await wire('identity');
    const deflated = await wire('gzip, deflate, br');
    expect([plain.encoding, deflated.encoding]).toEqual([null, 'deflate']);
    expect(await deflated.next()).toEqual({ kind: 'retry', ms: 2000 });

    const [plainSnapshot, deflatedSnapshot] = [await plain.nextEvent<LiveStreamEvent>(), await deflated.nextEvent<LiveStreamEvent>()];
    expect(deflatedSnapshot).toEqual(plainSnapshot);
    // Both hold what was sent so far (the plain one: the snapshot and maybe a heartbeat); the deflated one is far smaller.
    const snapshotBytes = { plain: plain.wireBytes, deflated: deflated.wireBytes };
    expect(snapshotBytes.deflated).toBeLessThan(snapshotBytes.plain / 2);

    await updateGame(h, games[0]!, { gameStatus: 'IN_PROGRESS', homeScore: 7, awayScore: 0, currentPeriod: 1, gameClock: '8:12', statusDetail: null });
    const [plainFrame, deflatedFrame] = [await plain.nextEvent<LiveStreamEvent>(), await deflated.nextEvent<LiveStreamEvent>()];
    expect(deflatedFrame.data.type).toBe('games');
    expect(deflatedFrame).toEqual(plainFrame);
    // Heartbeats keep coming through the deflated stream, each on its own.
    expect(await deflated.next()).toEqual({ kind: 'comment', text: 'heartbeat' });
  });

  it('should end a deflated stream with a valid trailer when the caller loses access', async () => {
    const { pool } = await poolWeek(h, cast);
    const raw = await new Promise<{ chunks: Buffer[]; ended: Promise<void> }>((resolve, reject) => {
      const chunks: Buffer[] = [];
      http
        .get(`${base}${streamPath(pool.id, 2)}`, { headers: { ...cast.player.headers, accept: 'text/event-stream', 'accept-encoding': 'deflate' } }, (res) => {
          res.on('data', (c: Buffer) => chunks.push(c));
          resolve({ chunks, ended: new Promise((done) => res.on('end', done)) });
        })
        .on('error', reject);
    });
    await expect.poll(() => inflateSync(Buffer.concat(raw.chunks), { finishFlush: zlibConstants.Z_SYNC_FLUSH }).toString().includes('"snapshot"')).toBe(true);
    await announceMember(h, { pool, who: cast.player, subject: 'pools.member.removed' });
    await raw.ended;
    // inflateSync checks the zlib trailer (the Adler-32 of everything sent): the whole stream, closed event last.
    const text = inflateSync(Buffer.concat(raw.chunks)).toString();
    expect(text.startsWith('retry: 2000\n\n')).toBe(true);
    expect(text).toMatch(/data: \{"type":"closed","status":403,"error":"forbidden".*\}\n\n$/);
    await announceMember(h, { pool, who: cast.player });
  });

  it('should count its open streams on /metrics (live_streams_open), one more per stream and one less when a browser leaves', async () => {
    const { pool } = await poolWeek(h, cast);
    const gauge = async () => {
      const text = await (await fetch(`${base}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith('live_streams_open{'));
      return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
    };
    const before = await gauge();
    expect(before).toBeTypeOf('number');
    const first = await stream(cast.player, streamPath(pool.id, 2));
    await snapshotOf(first);
    const second = await stream(cast.commissioner, streamPath(pool.id, 2));
    await snapshotOf(second);
    expect(await gauge()).toBe(before! + 2);
    await first.close();
    await expect.poll(gauge, { timeout: 5_000 }).toBe(before! + 1);
  });

  it('should refuse before the stream opens as GET does, let the commissioner in before the deadline, and close a removed member', async () => {
    const { pool, week } = await poolWeek(h, cast, { started: false });
    for (const who of [cast.outsider, cast.otherCommissioner]) {
      const res = await connect(who, streamPath(pool.id, 2));
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe('forbidden');
    }
    expect((await connect(null, streamPath(pool.id, 2))).status).toBe(401);
    expect((await connect(cast.player, streamPath(pool.id, 9))).status).toBe(404);
    expect((await connect(cast.player, streamPath('00000000-0000-4000-8000-000000000000', 2))).status).toBe(404);

    h.clock.now = new Date(Date.parse(week.pickDeadline) - 60_000);
    const early = await connect(cast.player, streamPath(pool.id, 2));
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({ error: 'picks_not_available', status: 'picks_not_available', message: PICK_MESSAGES.picksNotAvailable });
    const commissioner = await stream(cast.commissioner, streamPath(pool.id, 2));
    expect((await snapshotOf(commissioner)).board.metadata).toMatchObject({ accessLevel: 'COMMISSIONER_ACCESS', picksAvailable: false });
    h.clock.now = WEEK2_AFTER;

    const member = await stream(cast.player, streamPath(pool.id, 2));
    await snapshotOf(member);
    // The deadline passed: the commissioner's board is now the one with the picks shown (a new variant, a snapshot).
    expect((await snapshotOf(commissioner)).board.metadata).toMatchObject({ accessLevel: 'COMMISSIONER_ACCESS', picksAvailable: true });
    await announceMember(h, { pool, who: cast.player, subject: 'pools.member.removed' });
    const { event } = await nextLive(member);
    expect(event).toMatchObject({ type: 'closed', status: 403, error: 'forbidden' });
    await expect(member.next()).rejects.toThrow(/ended/);
    // The commissioner's stream goes on: the removal changed the board (one player fewer).
    const patch = await patchOf(commissioner);
    expect(patch.removed).toEqual([cast.player.id]);
  });

  it("should push a player's new name when their profile changes (users, members and pools announce their boards too)", async () => {
    const { pool } = await poolWeek(h, cast);
    const s = await stream(cast.commissioner, streamPath(pool.id, 2));
    const snapshot = await snapshotOf(s);
    await renamePlayer('Pat Renamed');
    const patch = await patchOf(s);
    expect(patch.base).toBe(snapshot.version);
    expect(patch.standings.map((p) => [snapshot.board.standings[p.at!]!.userId, p.displayName])).toEqual([[cast.player.id, 'Pat Renamed']]);
    expect(applyLivePatch(snapshot.board, patch)).toEqual(await getBoard(cast.commissioner, pool.id));
    // Back to the name the other tests expect.
    await renamePlayer(cast.player.name);
    expect((await patchOf(s)).standings[0]!.displayName).toBe(cast.player.name);
  });

  it('should reach a stream held by one replica when the change is consumed by either (one database, one bus)', async () => {
    const { pool, games } = await poolWeek(h, cast);
    const here = await stream(cast.player, streamPath(pool.id, 2));
    const there = await stream(cast.player, streamPath(pool.id, 2), { at: replicaBase });
    const [a, b] = [await snapshotOf(here), await snapshotOf(there)];
    expect(b.version).toBe(a.version);

    let game = games[2]!;
    for (let n = 1; n <= 3; n++) {
      game = await updateGame(h, game, { gameStatus: 'IN_PROGRESS', homeScore: 7 * n, awayScore: 0, currentPeriod: n, gameClock: '1:00' });
      const [p, q] = [await gamesFrameOf(here), await gamesFrameOf(there)];
      expect(q.games).toEqual(p.games);
      expect(p.games[0]).toMatchObject({ gameId: game.espnId, homeScore: 7 * n });
    }
  });
});

describe.skipIf(skip)('games stream', () => {
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

  it("should send any signed-in user a snapshot of the week's games, then each update, newest first-come wins", async () => {
    const week = 3;
    const games: Game[] = [];
    for (const g of [
      buildGame({ weekNumber: week, gameTimeUtc: '2025-09-21T17:00:00.000Z', home: '21', away: '6' }),
      buildGame({ weekNumber: week, gameTimeUtc: '2025-09-21T20:25:00.000Z', home: '12', away: '24' }),
    ])
      games.push(await updateGame(h, g));
    const signedOut = await fetch(`${base}/api/seasons/${YEAR}/weeks/${week}/games/stream`, { headers: await h.runtime.headersFor(null) });
    expect(signedOut.status).toBe(401);

    const res = await fetch(`${base}/api/seasons/${YEAR}/weeks/${week}/games/stream`, { headers: cast.outsider.headers });
    expect(res.status).toBe(200);
    const s = readEventStream(res);
    open.push(s);
    const snapshot = (await s.nextEvent<GamesStreamEvent>()).data;
    if (snapshot.type !== 'snapshot') throw new Error('expected a snapshot');
    expect(snapshot.games.map((g) => g.gameId)).toEqual(games.map((g) => g.espnId));
    expect(snapshot.games[0]).toMatchObject({ status: 'SCHEDULED', quarter: null, clock: null, homeScore: null, gameTimeUtc: games[0]!.gameTimeUtc });

    const older = { ...games[1]!, homeScore: 99, updatedAt: '2020-01-01T00:00:00.000Z' };
    await h.runtime.bus.publish('sports.game.updated', { game: older, changed: ['homeScore'] });
    const moved = await updateGame(h, games[1]!, {
      gameStatus: 'IN_PROGRESS',
      homeScore: 7,
      awayScore: 3,
      currentPeriod: 2,
      gameClock: '2:00',
      statusDetail: 'Halftime',
    });
    const event = (await s.nextEvent<GamesStreamEvent>()).data;
    expect(event).toEqual({
      type: 'game',
      game: {
        gameId: moved.espnId,
        status: 'IN_PROGRESS',
        statusDetail: 'Halftime',
        quarter: 2,
        clock: '2:00',
        homeScore: 7,
        awayScore: 3,
        gameTimeUtc: moved.gameTimeUtc,
        updatedAt: moved.updatedAt,
      },
    });
  });
});
