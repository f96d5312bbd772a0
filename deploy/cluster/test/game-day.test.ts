import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, type LiveLeaderboard } from '@powerpool/contracts';
import type { Browser, Page } from 'playwright-core';
import {
  chromiumUnavailableReason,
  followLiveBoard,
  launchChromium,
  unavailableReason,
  WILD_CARD_FINALS,
  WILD_CARD_PICKS,
  WILD_CARD_POINTS,
  wildCardBatch,
  type LiveFollower,
} from '@powerpool/testing';
import { stubExternalImages } from '../../../web/e2e/support/images.js';
import { signIn as signInInBrowser } from '../../../web/e2e/support/sign-in.js';
import { ensureWebBuilt } from '../../../web/e2e/support/web-build.js';
import type { ClusterProcess } from '../cluster.js';
import { completeWildCardWeek, eventually, openStreamCount, publishWildCardPool, startTestCluster, type TestCluster, type WildCardPool } from './helpers.js';

/**
 * A replayed Sunday in cluster mode with two picks-scoring replicas, one of them killed in the
 * middle of the game day (docs/architecture.md#replicas). The replay plays the recorded 2025 Wild Card
 * round; sports-data-staging's live feed follows it over real HTTP; every event crosses the real
 * NATS; a real browser signed in through the dev IdP keeps the live leaderboard page open, and
 * four more live leaderboard streams through the gateway follow the board as browsers do.
 * The gateway keeps a pool's streams on one replica (docs/architecture.md#replicas): when that one
 * dies, the streams it served end, reconnect with Last-Event-ID to the other replica and catch up; the events it was handling are delivered again to the survivor.
 *
 * At the end: every stream's board equals a fresh GET, with the recorded finals; the week scored
 * and completed gives each player the points the rules give them once, not twice (Pat 6, Casey 3:
 * libs/testing wild-card.ts).
 */

const skipReason = (await unavailableReason('postgres')) ?? (await unavailableReason('nats')) ?? chromiumUnavailableReason();

const FINALS = WILD_CARD_FINALS;
const EVENT_WAIT_MS = 20_000;
const GAME_DAY_MINUTES = 1.5;

const scoreOf = (board: LiveLeaderboard, gameId: string) => {
  const game = board.gamesCentric.find((g) => g.gameId === gameId);
  return game ? `${game.awayScore ?? '-'}-${game.homeScore ?? '-'}` : 'missing';
};
const allFinal = (board: LiveLeaderboard) => board.gamesCentric.length === 4 && board.gamesCentric.every((g) => g.status === 'COMPLETE');
const pointsOf = (board: LiveLeaderboard) => Object.fromEntries(board.standings.map((s) => [s.displayName, s.weekPoints]));
/** What must match between a followed board and a GET (generatedAt differs between builds). */
const comparable = (board: LiveLeaderboard) => ({ ...board, metadata: { ...board.metadata, generatedAt: '' } });

describe.skipIf(skipReason !== null)('a replayed game day in cluster mode with two picks-scoring replicas, one killed mid-game', () => {
  let test: TestCluster | undefined;
  let followers: LiveFollower[] = [];
  let browser: Browser | undefined;

  beforeAll(async () => {
    await ensureWebBuilt();
    browser = await launchChromium();
    test = await startTestCluster({
      replicas: { 'picks-scoring': 2 },
      // The kickoff is a day away until the test starts the game day.
      gameDay: { minutes: GAME_DAY_MINUTES, kickoffInMinutes: 24 * 60, liveFeedIntervalMs: 500 },
      env: { LIVE_FEED_IDLE_INTERVAL_MS: '1000' },
    });
  });

  afterEach(async (context) => {
    await Promise.all(followers.map((f) => f.close()));
    followers = [];
    if (context.task.result?.state === 'fail') console.log(`--- cluster output (tail) ---\n${test?.logs}`);
  });

  afterAll(async () => {
    await browser?.close();
    await test?.stop();
  });

  it(
    'should play the whole round on an open browser page and four streams, lose no update when a replica dies, and count every point once',
    { timeout: 360_000 },
    async () => {
      const { url, cluster } = test!;
      const replicas = test!.replicas('picks-scoring') as [ClusterProcess, ClusterProcess];
      const pool: WildCardPool = await publishWildCardPool(url, EVENT_WAIT_MS);
      const poolGameOf = Object.fromEntries(pool.games.map((g) => [g.id, g.poolGameId]));
      const [pat, casey] = pool.players as [WildCardPool['players'][number], WildCardPool['players'][number]];
      for (const [who, picks] of [
        [pat, WILD_CARD_PICKS.pat],
        [casey, WILD_CARD_PICKS.casey],
      ] as const) {
        const saved = await who.post('/api/picks/batch', wildCardBatch(pool.poolId, poolGameOf, picks));
        expect(saved.status, await saved.text()).toBe(200);
      }
      const week = `/api/pools/${pool.poolId}/weeks/${pool.weekNumber}`;
      expect((await pool.commissioner.post(`${week}/transition/games-in-progress`, { testing: true })).status).toBe(200);
      await eventually(
        async () => {
          const res = await pat.get(`${week}/live-leaderboard`);
          await res.body?.cancel();
          return res.status === 200 ? true : undefined;
        },
        EVENT_WAIT_MS,
        'the live leaderboard did not open to the players',
      );

      // Four browsers (two each): the gateway sends every stream of a pool to the same replica
      // (docs/architecture.md#replicas), so all four are on one; that replica is the one killed.
      for (const who of [pat, casey, pat, casey]) {
        followers.push(followLiveBoard({ url: `${url}${week}/live-leaderboard/stream`, headers: { cookie: `${SESSION_COOKIE}=${who.sessionId}` } }));
      }
      await Promise.all(followers.map((f) => f.waitFor((b) => b.gamesCentric.length === 4, EVENT_WAIT_MS, 'the first snapshot')));
      const open = await Promise.all(replicas.map((r) => openStreamCount(r)));
      expect(
        open.slice().sort((a, b) => a - b),
        'live streams per replica',
      ).toEqual([0, followers.length]);
      const [holder, survivor] = open[0] === followers.length ? replicas : [replicas[1], replicas[0]];

      // Pat's browser: signed in through the dev IdP, the live leaderboard open (and never reloaded).
      const context = await browser!.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
      await stubExternalImages(context, url);
      const page: Page = await context.newPage();
      await signInInBrowser(page, 'player@powerpool.test');
      await page.goto(`/live-leaderboard/${pool.poolId}/${pool.weekNumber}`);
      await page.locator('[data-testid="live-heading"][data-stream="live"]').waitFor({ timeout: EVENT_WAIT_MS });
      await page.evaluate('window.__sameDocument = true');
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));

      cluster.replay!.gameDay.start({ kickoffInSeconds: 1 });
      // The first game under way on every stream, then the replica holding the streams dies.
      await Promise.all(
        followers.map((f) =>
          f.waitFor(
            (b) => b.gamesCentric.some((g) => g.status === 'IN_PROGRESS' && (g.homeScore ?? 0) + (g.awayScore ?? 0) > 0),
            60_000,
            'a game in play with points',
          ),
        ),
      );
      const exit = await holder.kill('SIGKILL');
      expect(exit.signal ?? exit.code).not.toBeNull();

      // Every stream sees the whole round to the recorded finals, as a GET through the survivor does.
      const finals = await Promise.all(followers.map((f) => f.waitFor(allFinal, GAME_DAY_MINUTES * 60_000 + 60_000, 'every game final on the stream')));
      for (const board of finals) {
        for (const [gameId, score] of Object.entries(FINALS)) expect(scoreOf(board, gameId), gameId).toBe(score);
        // The commissioner is a member too, without picks.
        expect(pointsOf(board)).toEqual({ ...WILD_CARD_POINTS, 'Chris Commissioner': 0 });
      }
      // The browser's page shows the same finals and points, in the same document.
      const finalScore = async (name: string) =>
        ((await page.getByRole('row').filter({ hasText: name }).first().getByRole('cell').last().textContent()) ?? '').trim();
      await eventually(
        async () => ((await finalScore('Pat Player')) === '6' && (await finalScore('Casey Second')) === '3' ? true : undefined),
        EVENT_WAIT_MS,
        'the final points on the page',
      );
      for (const [gameId, score] of Object.entries(FINALS)) {
        const game = page.locator(`[data-testid="live-game"][data-game-id="${gameId}"]`);
        const shown = `${(await game.getByTestId('live-game-away-score').textContent())?.trim()}-${(await game.getByTestId('live-game-home-score').textContent())?.trim()}`;
        expect(shown, gameId).toBe(score);
      }
      expect(loads).toEqual([]);
      expect(await page.evaluate('window.__sameDocument === true')).toBe(true);
      await context.close();

      // The streams that were on the killed replica came back (Last-Event-ID) and caught up.
      expect(followers.reduce((n, f) => n + f.connections, 0)).toBeGreaterThan(followers.length);
      for (const [i, follower] of followers.entries()) {
        const who = i % 2 === 0 ? pat : casey;
        const res = await who.get(`${week}/live-leaderboard`);
        expect(res.status).toBe(200);
        const fresh = (await res.json()) as LiveLeaderboard;
        await eventually(
          async () => (JSON.stringify(comparable(follower.board!)) === JSON.stringify(comparable(fresh)) ? true : undefined),
          5_000,
          `stream ${i} equals the GET`,
        ).catch(() => {
          expect(comparable(follower.board!)).toEqual(comparable(fresh));
        });
      }

      // Scored and completed on the survivor: each player's points counted once in the season.
      expect(survivor.running).toBe(true);
      expect(await completeWildCardWeek(pool, pat, EVENT_WAIT_MS)).toEqual({ 'Pat Player': [6, 1], 'Casey Second': [3, 1], 'Chris Commissioner': [0, 0] });
    },
  );
});
