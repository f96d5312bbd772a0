import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveBoardWithGames, LIVE_SUBJECTS, type LiveLeaderboard, type LiveStreamEvent } from '@powerpool/contracts';
import { integrationSkipReason, readEventStream, type EventStreamReader } from '@powerpool/testing';
import { buildSeason, castOf, pushSeason, poolWeek, startPicks, type Cast, type Person, type PicksHarness } from './helpers.js';
import { LIVE_STREAM_DEFAULTS } from '../src/serving/live-stream.js';

const skip = await integrationSkipReason();

/**
 * The live streams learn what changed from the live change log (docs/architecture.md#live-change-log):
 * the board-changed message only says "read it", and the safety net reads it on its own, so a
 * change whose message never came (here: written straight into the database, as if the process
 * that made it died before announcing it) still reaches every stream it touches.
 */
const TIMING = { heartbeatMs: 100, safetyNetMs: 300 };
const streamPath = (poolId: string) => `/api/pools/${poolId}/weeks/2/live-leaderboard/stream`;

describe.skipIf(skip)('live change log', () => {
  let h: PicksHarness;
  let cast: Cast;
  let base: string;
  let replicaBase: string;
  const open: EventStreamReader[] = [];

  beforeAll(async () => {
    h = await startPicks({ liveStream: TIMING });
    cast = await castOf(h);
    await pushSeason(h, buildSeason());
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    replicaBase = await (await h.addReplica()).listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await h?.close();
  });

  async function stream(who: Person, poolId: string, at = base): Promise<EventStreamReader> {
    const res = await fetch(`${at}${streamPath(poolId)}`, { headers: { ...who.headers, accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    const reader = readEventStream(res);
    open.push(reader);
    return reader;
  }

  async function nextEvent(s: EventStreamReader): Promise<LiveStreamEvent> {
    return (await s.nextEvent<LiveStreamEvent>()).data;
  }

  async function getBoard(who: Person, poolId: string): Promise<LiveLeaderboard> {
    const res = await fetch(`${base}/api/pools/${poolId}/weeks/2/live-leaderboard`, { headers: who.headers });
    return (await res.json()) as LiveLeaderboard;
  }

  /**
   * A game's score written straight into picks-scoring's copy: no event, no board-changed message.
   * Its updated_at moves on, as every write of the copy does (upsertGameSnapshot writes only newer ones).
   */
  const scoreInDatabase = (gameId: string, homeScore: number, awayScore: number) =>
    h.runtime.database.sql.query(
      `UPDATE picks.games SET status = 'IN_PROGRESS', home_score = $2, away_score = $3, current_period = 2, updated_at = updated_at + interval '1 second' WHERE espn_id = $1`,
      [gameId, homeScore, awayScore],
    );

  /** The next event, which must be a `games` frame. */
  async function gamesFrameOf(s: EventStreamReader): Promise<Extract<LiveStreamEvent, { type: 'games' }>> {
    const event = await nextEvent(s);
    if (event.type !== 'games') throw new Error(`expected a games frame, got ${event.type}`);
    return event;
  }

  it('should bring every replica to a change that was never announced, on the next safety-net read, and leave other pools alone', async () => {
    const { pool, games } = await poolWeek(h, cast);
    const other = await poolWeek(h, cast);
    const here = await stream(cast.player, pool.id);
    const there = await stream(cast.player, pool.id, replicaBase);
    const elsewhere = await stream(cast.player, other.pool.id);
    const snapshots = [await nextEvent(here), await nextEvent(there), await nextEvent(elsewhere)];
    expect(snapshots.map((e) => e.type)).toEqual(['snapshot', 'snapshot', 'snapshot']);

    await scoreInDatabase(games[0]!.espnId, 14, 3);
    for (const s of [here, there]) {
      const frame = await gamesFrameOf(s);
      expect(frame.games.map((g) => [g.gameId, g.homeScore, g.awayScore])).toEqual([[games[0]!.espnId, 14, 3]]);
      const snapshot = snapshots[0]!;
      if (snapshot.type !== 'snapshot') throw new Error('unreachable');
      const moved = liveBoardWithGames(snapshot.board, frame.games, frame.generatedAt);
      const get = await getBoard(cast.player, pool.id);
      expect(moved).toEqual({ ...get, metadata: { ...get.metadata, generatedAt: frame.generatedAt } });
    }

    // The other pool's board does not show that game: its stream hears nothing but heartbeats, then its own change.
    await scoreInDatabase(other.games[1]!.espnId, 7, 0);
    const frame = await gamesFrameOf(elsewhere);
    expect(frame.games.map((g) => g.gameId)).toEqual([other.games[1]!.espnId]);
  });
  it('should bring a stream to a change whose rebuild failed (the database refusing mid-change) on the next safety-net tick, once the database answers', async () => {
    const { pool } = await poolWeek(h, cast);
    const here = await stream(cast.player, pool.id);
    expect((await nextEvent(here)).type).toBe('snapshot');

    // The board cannot be read while its picks table is gone: the rebuild of the pool's own change fails.
    const sql = h.runtime.database.sql;
    await sql.query('ALTER TABLE picks.picks RENAME TO picks_away');
    try {
      await sql.query(`UPDATE picks.pools SET name = 'Renamed Mid-Change' WHERE id = $1`, [pool.id]);
      // Long enough for the change log to be read and the rebuild to fail (the safety net ticks every 300 ms).
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await sql.query('ALTER TABLE picks.picks_away RENAME TO picks');
    }
    // Nothing new is written: only the retry brings the stream to the change.
    const patch = await nextEvent(here);
    if (patch.type !== 'patch') throw new Error(`expected a patch, got ${patch.type}`);
    expect(patch.metadata.poolName).toBe('Renamed Mid-Change');
  });

  it('should bring a stream to a change whose rebuild failed after reading the version (the retry reads the same data and still sends it)', async () => {
    const { pool, games } = await poolWeek(h, cast);
    const here = await stream(cast.player, pool.id);
    expect((await nextEvent(here)).type).toBe('snapshot');

    // The version (its fingerprint: row counts and versions, no column) still reads, the board
    // does not: a column it reads is renamed (the games frame reads it too, and falls back to a
    // rebuild). Renaming it back changes no row, so the retry finds the same version the failed
    // rebuild read, and must still build and send it.
    const sql = h.runtime.database.sql;
    await sql.query('ALTER TABLE picks.teams RENAME COLUMN logo_url TO logo_url_away');
    try {
      await scoreInDatabase(games[1]!.espnId, 28, 3);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await sql.query('ALTER TABLE picks.teams RENAME COLUMN logo_url_away TO logo_url');
    }
    const patch = await nextEvent(here);
    if (patch.type !== 'patch') throw new Error(`expected a patch, got ${patch.type}`);
    expect(patch.games.map((g) => [g.gameId, g.homeScore, g.awayScore])).toEqual([[games[1]!.espnId, 28, 3]]);
  });

  it('should read the change log at most once per gap however fast board-changed messages come (a storm of announcements shares the reads)', async () => {
    const reads = async () => {
      const text = await (await fetch(`${base}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith('live_change_log_reads'));
      return Number(line!.slice(line!.lastIndexOf(' ') + 1));
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const before = await reads();
    const started = Date.now();
    for (let i = 0; i < 100; i++) {
      await h.runtime.bus.broadcast(LIVE_SUBJECTS.boardChanged, { at: new Date().toISOString() });
      await sleep(5);
    }
    await sleep(LIVE_STREAM_DEFAULTS.changeLogGapMs * 4);
    const elapsed = Date.now() - started;
    const done = (await reads()) - before;
    // Each message pokes a read; reads start at least the gap apart (the safety net's included).
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThanOrEqual(Math.ceil(elapsed / LIVE_STREAM_DEFAULTS.changeLogGapMs) + 1);
  });
});
