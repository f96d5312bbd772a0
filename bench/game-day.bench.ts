/**
 * `npm run bench:game-day`: a score change at the provider to the browsers' boards, end to end,
 * with the live feed at the cadence a user gets by default. Goal: p95 at most 4 s.
 *
 * Starts PowerPool embedded (in memory) with the ESPN replay in game-day mode and the live feed at
 * its defaults: every 2 s while a published game is being played (LIVE_FEED_LIVE_INTERVAL_MS;
 * BENCH_FEED_LIVE_INTERVAL_MS sets another), every 10 s around kickoffs (docs/architecture.md#live-feed). Through the gateway, as people do it: the season is imported and pushed, a pool
 * publishes the four Wild Card games with spreads, both dev players pick, the week starts (the
 * Testing tool). BENCH_STREAMS live leaderboard streams (default 100, half per player) follow the
 * board as the SPA does (snapshot, patches, Last-Event-ID), then the replayed round starts and
 * plays for BENCH_GAMEDAY_MINUTES (default 5).
 *
 * "Provider change": the moment the replay starts answering a new score for a game (read from the
 * replay's own timeline every 50 ms). "Browser": the moment a stream's board first shows that
 * score. A score the provider replaced before the feed read it (two changes within one poll) was
 * never meant to be seen: it is counted as superseded, not as a latency. Prints p50 / p95 / max
 * over every (change, stream), the goal, and the changes seen and superseded. Exits 1 only when a
 * stream misses a final score (a lost update).
 */
import { SESSION_COOKIE, type LiveLeaderboard } from '@powerpool/contracts';
import { followLiveBoard, WILD_CARD_PICKS, wildCardBatch, type LiveFollower } from '@powerpool/testing';
import { publishWildCardPool } from '../deploy/cluster/test/helpers.js';
import { LIVE_FEED_LIVE_INTERVAL_DEFAULT_MS } from '../services/sports-data-staging/src/config.js';
import { envNumber, startBenchApp } from './support.js';

const streams = envNumber('BENCH_STREAMS', 100);
const minutes = envNumber('BENCH_GAMEDAY_MINUTES', 5);
/** The live cadence: the product's default (LIVE_FEED_LIVE_INTERVAL_DEFAULT_MS) unless set. */
const feedIntervalMs = envNumber('BENCH_FEED_LIVE_INTERVAL_MS', LIVE_FEED_LIVE_INTERVAL_DEFAULT_MS);
const GOAL_MS = 4_000;

const app = await startBenchApp({
  // The kickoff is a day away until the bench starts the round; the idle cadence is the game-day
  // one so that the feed sees the kickoff within 10 s (nothing wakes it when the replay starts).
  espnReplay: { gameDay: { minutes, kickoffInMinutes: 24 * 60 } },
  liveFeed: { liveIntervalMs: feedIntervalMs, idleIntervalMs: 10_000 },
});
const replay = app.replay!;
const followers: LiveFollower[] = [];
try {
  console.log(`game-day bench: ${streams} streams, the Wild Card round in ${minutes} min, feed every ${feedIntervalMs} ms`);
  const pool = await publishWildCardPool(app.url, 30_000);
  const poolGameOf = Object.fromEntries(pool.games.map((g) => [g.id, g.poolGameId]));
  const [pat, casey] = pool.players as [(typeof pool.players)[number], (typeof pool.players)[number]];
  for (const [who, picks] of [
    [pat, WILD_CARD_PICKS.pat],
    [casey, WILD_CARD_PICKS.casey],
  ] as const) {
    const res = await who.post('/api/picks/batch', wildCardBatch(pool.poolId, poolGameOf, picks));
    if (res.status !== 200) throw new Error(`picks: ${res.status} ${await res.text()}`);
  }
  const week = `/api/pools/${pool.poolId}/weeks/${pool.weekNumber}`;
  const started = await pool.commissioner.post(`${week}/transition/games-in-progress`, { testing: true });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${await started.text()}`);
  for (let tries = 0; (await pat.get(`${week}/live-leaderboard`)).status !== 200; tries++) {
    if (tries > 100) throw new Error('the live leaderboard never opened');
    await new Promise((r) => setTimeout(r, 100));
  }

  for (let i = 0; i < streams; i++) {
    const who = i % 2 === 0 ? pat : casey;
    followers.push(followLiveBoard({ url: `${app.url}${week}/live-leaderboard/stream`, headers: { cookie: `${SESSION_COOKIE}=${who.sessionId}` } }));
  }
  await Promise.all(followers.map((f) => f.waitFor((b) => b.gamesCentric.length === 4, 60_000, 'the snapshot')));

  // The provider's timeline: when the replay started answering each new score of a published game.
  const published = new Set(Object.keys(poolGameOf));
  const changes: Array<{ gameId: string; score: string; at: number }> = [];
  const lastScore = new Map<string, string>();
  const watchProvider = () => {
    const status = replay.gameDay.status();
    if (!status.on) return;
    const now = Date.now();
    for (const g of status.games) {
      if (!published.has(g.espnId) || g.homeScore === null) continue;
      const score = `${g.awayScore}-${g.homeScore}`;
      if (lastScore.get(g.espnId) !== score) {
        lastScore.set(g.espnId, score);
        changes.push({ gameId: g.espnId, score, at: now });
      }
    }
  };
  // Far enough ahead for the idle feed (every 10 s) to see the kickoff window; it then wakes at the kickoff.
  replay.gameDay.start({ kickoffInSeconds: 15 });
  const watcher = setInterval(watchProvider, 50);
  const endsAt = Date.parse((replay.gameDay.status() as { endsAt: string }).endsAt);
  const allFinal = (b: LiveLeaderboard) => b.gamesCentric.every((g) => g.status === 'COMPLETE');
  let lost = 0;
  await Promise.all(
    followers.map((f) =>
      f.waitFor(allFinal, endsAt - Date.now() + 60_000, 'every game final').catch(() => {
        lost += 1;
      }),
    ),
  );
  clearInterval(watcher);

  // When did each stream first show each provider score?
  const latencies: number[] = [];
  let superseded = 0;
  const kickoff = changes[0]?.at ?? 0;
  const perChange: string[] = [];
  for (const change of changes) {
    const own: number[] = [];
    for (const f of followers) {
      const shown = f.events.find((e) => e.at >= change.at - 5 && scoreOf(e.board, change.gameId) === change.score);
      if (shown) own.push(Math.max(0, shown.at - change.at));
      else superseded += 1;
    }
    latencies.push(...own);
    own.sort((a, b) => a - b);
    perChange.push(`  +${((change.at - kickoff) / 1000).toFixed(1)} s  ${change.gameId} ${change.score}: median ${own[Math.floor(own.length / 2)] ?? '-'} ms`);
  }
  console.log('each provider change, from the first, and its median over the streams:');
  for (const line of perChange) console.log(line);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  const finalsOk = followers.every((f) => f.board && allFinal(f.board));
  console.log(
    `provider score changes on the 4 published games: ${changes.length}; (change, stream) pairs seen: ${latencies.length}, superseded before a poll: ${superseded}`,
  );
  console.log(`provider change -> browser board: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${latencies.at(-1)} ms`);
  console.log(`goal: p95 at most ${GOAL_MS} ms: ${pct(95) <= GOAL_MS ? 'met' : 'NOT met'}`);
  console.log(
    `reconnects: ${followers.reduce((n, f) => n + f.connections - 1, 0)}; every stream ended with every final: ${finalsOk && lost === 0 ? 'yes' : `NO (${lost} missed)`}`,
  );
  if (!finalsOk || lost > 0) process.exitCode = 1;
} finally {
  await Promise.all(followers.map((f) => f.close()));
  await app.close();
}

function scoreOf(board: LiveLeaderboard, gameId: string): string | null {
  const g = board.gamesCentric.find((x) => x.gameId === gameId);
  return g && g.homeScore !== null ? `${g.awayScore}-${g.homeScore}` : null;
}
