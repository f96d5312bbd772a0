import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, type Game, type LiveLeaderboard, type Team } from '@powerpool/contracts';
import { buildPoolSnapshot, buildGame, signInThroughGateway, pgliteTemplate } from '@powerpool/testing';
import { startEmbedded, type Embedded } from '../src/index.js';

/** A GET as it comes over the wire through the gateway (fetch would decompress). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The live leaderboard through the real gateway: ETag, 304, gzip and Vary pass its proxy unchanged. */
describe('live leaderboard through the gateway', () => {
  let app: Embedded;
  let cookie: string;
  let url: string;
  let game: Game;

  const until = async (what: string, query: string, params: unknown[]) => {
    const end = Date.now() + 20_000;
    while ((await app.runtime.database.sql.query(query, params)).length === 0) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    app = await startEmbedded({ port: 0, inMemory: true, pgliteFrom: await pgliteTemplate(), environment: 'test', logLevel: 'warn', espnReplay: false });
    cookie = `${SESSION_COOKIE}=${await signInThroughGateway(app.url, { email: 'admin@powerpool.test', password: 'powerpool' })}`;
    const admin = (await (await fetch(`${app.url}/api/auth/user`, { headers: { cookie } })).json()) as { id: string };
    const { bus } = app.runtime;
    const at = new Date().toISOString();
    const pool = buildPoolSnapshot(admin.id, { name: 'Gateway Pool', year: 2025 });
    await bus.publish('pools.pool.created', { pool });
    const teams: Team[] = ['a', 'b'].map((t) => ({
      espnId: `gw-${t}`,
      name: `Team ${t}`,
      shortName: t,
      abbreviation: t.toUpperCase(),
      city: 'X',
      color: '333333',
      logoUrl: null,
      darkLogoUrl: null,
    }));
    game = buildGame({
      espnId: `gw-${randomUUID().slice(0, 8)}`,
      year: 2025,
      weekNumber: 1,
      gameTimeUtc: at,
      homeTeamEspnId: 'gw-a',
      awayTeamEspnId: 'gw-b',
      homeTeamAbbr: 'A',
      awayTeamAbbr: 'B',
      updatedAt: at,
    });
    await bus.publish('sports.teams.pushed', { teams, deletedEspnIds: [] });
    await bus.publish('sports.games.pushed', { years: [2025], games: [game], deletedEspnIds: [] });
    await until('the pool', 'SELECT 1 FROM picks.pools WHERE id = $1', [pool.id]);
    await until('the game', 'SELECT 1 FROM picks.games WHERE espn_id = $1', [game.espnId]);
    await bus.publish('weeks.week.published', {
      poolId: pool.id,
      year: 2025,
      weekNumber: 1,
      pickDeadline: new Date(Date.now() - 60_000).toISOString(),
      publishedAt: at,
      games: [
        { gameId: game.espnId, poolGameId: randomUUID(), lockedSpread: -3.5, gameTimeUtc: game.gameTimeUtc, homeTeamEspnId: 'gw-a', awayTeamEspnId: 'gw-b' },
      ],
    });
    await until('the week', 'SELECT 1 FROM picks.pool_weeks WHERE pool_id = $1', [pool.id]);
    url = `${app.url}/api/pools/${pool.id}/weeks/1/live-leaderboard`;
  });

  afterAll(async () => app?.close());

  it('should pass ETag, Cache-Control, Vary, Content-Encoding and 304 through unchanged, and change the ETag with a score', async () => {
    const plain = await rawGet(url, { cookie, 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    const etag = plain.headers.etag!;
    expect(etag).toMatch(/^W\/"lb-[A-Za-z0-9_-]{27}"$/);
    // The service's cache policy replaces the gateway's /api default (no-store).
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const board = JSON.parse(plain.body.toString('utf8')) as LiveLeaderboard;
    expect(board.metadata).toMatchObject({ poolName: 'Gateway Pool', accessLevel: 'COMMISSIONER_ACCESS' });
    expect(board.gamesCentric.map((g) => [g.gameId, g.status])).toEqual([[game.espnId, 'SCHEDULED']]);

    const gzipped = await rawGet(url, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers).toMatchObject({ etag, 'content-encoding': 'gzip', 'cache-control': 'private, no-cache' });
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);

    const unchanged = await rawGet(url, { cookie, 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers).toMatchObject({ etag, 'cache-control': 'private, no-cache' });
    expect(unchanged.headers.vary).toMatch(/accept-encoding/i);

    // Signed out, the tag is worth nothing.
    expect((await rawGet(url, { 'if-none-match': etag })).status).toBe(401);

    await app.runtime.bus.publish('sports.game.updated', {
      game: {
        ...game,
        gameStatus: 'IN_PROGRESS',
        homeScore: 7,
        awayScore: 3,
        currentPeriod: 1,
        gameClock: '2:00',
        updatedAt: new Date(Date.now() + 1000).toISOString(),
      },
      changed: ['gameStatus', 'homeScore', 'awayScore'],
    });
    await until('the score', "SELECT 1 FROM picks.games WHERE espn_id = $1 AND status = 'IN_PROGRESS'", [game.espnId]);
    const changed = await rawGet(url, { cookie, 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const live = JSON.parse(gunzipSync(changed.body).toString('utf8')) as LiveLeaderboard;
    expect(live.gamesCentric.map((g) => [g.status, g.homeScore, g.awayScore])).toEqual([['IN_PROGRESS', 7, 3]]);
    expect((await rawGet(url, { cookie, 'if-none-match': changed.headers.etag! })).status).toBe(304);
  });
});
