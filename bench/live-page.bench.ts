/**
 * `npm run bench:page`: what a score costs a slow phone's page (docs/architecture.md#a-scores-path).
 *
 * An open live board follows the games by itself: each score reaches it as a `games` frame, and the
 * page scores its whole board again (`liveBoardWithGames`) and renders it. This measures that in a
 * real browser, the way the goal is set: the main thread's time per frame, with the CPU slowed down
 * BENCH_CPU_SLOWDOWN times (default 4, Lighthouse's phone).
 *
 * Starts PowerPool embedded (in memory), signs in as the dev super admin in Chromium through the
 * real dev IdP, seeds a pool of BENCH_MEMBERS (default 1,000) members on game day (the events the
 * other services would send, picks written straight into picks-scoring: bench/seed-live-week.ts),
 * and opens its Live Leaderboard at 412 x 823. Once the stream is live, BENCH_FRAMES (default 20)
 * times: one game being played scores (sports.game.updated on the bus, as the live feed publishes
 * it), the page shows the new score, and 1 s later the main thread's busy time since the change
 * is read (CDP Performance.getMetrics `TaskDuration`: scripts, style, layout and paint). The same
 * reading over a quiet 1 s (no change) is printed as the floor. Prints p50, p95 and max per frame.
 * With BENCH_PROFILE=dir, the page's CPU profile over the frames goes to `<dir>/live-page.cpuprofile`
 * (`tsx bench/profile-summary.ts` reads it).
 *
 * Figures are printed, not enforced: a busy machine slows a throttled page further (the load
 * averages are printed).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchChromium } from '@powerpool/testing';
import { ACCOUNTS, signIn } from '../web/e2e/support/sign-in.js';
import { ensureWebBuilt } from '../web/e2e/support/web-build.js';
import { seedLiveWeek } from './seed-live-week.js';
import { benchFailed, envInt, profileDir, startBenchApp } from './support.js';

const members = envInt('BENCH_MEMBERS', 1_000);
const frames = envInt('BENCH_FRAMES', 20);
const slowdown = envInt('BENCH_CPU_SLOWDOWN', 4);
/** How long after the new score shows the page's work is still counted (trailing renders, effects). */
const SETTLE_MS = 1_000;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The main thread's busy time so far, in ms (every task: scripts, style, layout, paint). */
async function busyMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN) * 1000;
}

/** Until the game's home score on the page reads `score` (a plain query every 50 ms: little of the page's time). */
async function untilScoreShown(page: Page, gameId: string, score: number): Promise<void> {
  const selector = `[data-testid="live-game"][data-game-id="${gameId}"] [data-testid="live-game-home-score"]`;
  // A string, evaluated in the page (this bench is typed without the DOM).
  await page.waitForFunction(`document.querySelector(${JSON.stringify(selector)})?.textContent === ${JSON.stringify(String(score))}`, undefined, {
    polling: 50,
    timeout: 30_000,
  });
}

async function main(): Promise<void> {
  await ensureWebBuilt();
  const app = await startBenchApp();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
    const t0 = Date.now();
    const week = await seedLiveWeek(app, me.id, members);
    console.log(`page bench: ${members} members, seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    await page.goto(`/live-leaderboard/${week.poolId}/1`);
    await page.locator('[data-testid="live-heading"][data-stream="live"]').waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="live-table"]').waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await pause(2_000);

    const quiet0 = await busyMs(cdp);
    await pause(SETTLE_MS);
    const floor = (await busyMs(cdp)) - quiet0;

    if (profileDir) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const playing = [...week.games.values()].filter((g) => g.gameStatus === 'IN_PROGRESS');
    let stamp = Date.now();
    const costs: number[] = [];
    const shownAfter: number[] = [];
    for (let i = 0; i < frames; i++) {
      const game = playing[i % playing.length]!;
      const next = { ...game, homeScore: (game.homeScore ?? 0) + 7, updatedAt: new Date(Math.max(++stamp, Date.now())).toISOString() };
      week.games.set(game.espnId, next);
      playing[i % playing.length] = next;
      const before = await busyMs(cdp);
      const sent = Date.now();
      await app.runtime.bus.publish('sports.game.updated', { game: next, changed: ['homeScore'] });
      await untilScoreShown(page, game.espnId, next.homeScore);
      shownAfter.push(Date.now() - sent);
      await pause(SETTLE_MS);
      costs.push((await busyMs(cdp)) - before);
    }
    if (profileDir) {
      const { profile } = await cdp.send('Profiler.stop');
      await mkdir(profileDir, { recursive: true });
      await writeFile(path.join(profileDir, 'live-page.cpuprofile'), JSON.stringify(profile));
    }
    costs.sort((a, b) => a - b);
    shownAfter.sort((a, b) => a - b);
    console.log(
      `${members}-member board, ${frames} score frames at ${slowdown}x CPU slowdown: main thread per frame p50 ${pct(costs, 50).toFixed(1)} ms, ` +
        `p95 ${pct(costs, 95).toFixed(1)} ms, max ${costs.at(-1)!.toFixed(1)} ms (quiet ${SETTLE_MS} ms: ${floor.toFixed(1)} ms); ` +
        `change -> score on the page p50 ${pct(shownAfter, 50)} ms`,
    );
    console.log(
      `(machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
  } finally {
    await browser.close();
    await app.close();
  }
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  exitCode = benchFailed(err);
}
process.exit(exitCode);
