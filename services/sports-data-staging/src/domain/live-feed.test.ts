import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLiveFeed, type FeedTick, type LiveFeed, type LiveFeedRunner } from './live-feed.js';

const logger = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as never;
const IDLE_MS = 300_000;

const idleTick = (nextDelayMs = IDLE_MS): FeedTick => ({
  mode: 'idle',
  leader: true,
  polled: [],
  failed: [],
  unchanged: 0,
  updated: 0,
  rejected: 0,
  failures: 0,
  nextDelayMs,
});

/** A feed whose ticks the test resolves by hand, counting them and how many overlap. */
function manualFeed() {
  const pending: Array<(t: FeedTick) => void> = [];
  let active = 0;
  const state = { ticks: 0, maxConcurrent: 0 };
  const feed: LiveFeed = {
    tick: () =>
      new Promise<FeedTick>((resolve) => {
        state.ticks += 1;
        active += 1;
        state.maxConcurrent = Math.max(state.maxConcurrent, active);
        pending.push((t) => {
          active -= 1;
          resolve(t);
        });
      }),
  };
  /** Finish the oldest running tick. */
  const finish = async (t = idleTick()) => {
    pending.shift()!(t);
    await vi.advanceTimersByTimeAsync(0);
  };
  return {
    feed,
    state,
    finish,
    get running() {
      return pending.length;
    },
  };
}

describe('startLiveFeed wake', () => {
  let runner: LiveFeedRunner | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await runner?.stop();
  });

  it('should cancel the idle sleep and run a pass at once', async () => {
    vi.useFakeTimers();
    const f = manualFeed();
    runner = startLiveFeed(f.feed, { logger }, { intervalMs: 10_000, idleIntervalMs: IDLE_MS });
    await vi.advanceTimersByTimeAsync(0);
    expect(f.state.ticks).toBe(1);
    await f.finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.state.ticks).toBe(1);

    runner.wake('sports.games.pushed');
    expect(f.state.ticks).toBe(2);
    await f.finish(idleTick(20_000));
    // The re-planned delay replaces the old sleep: nothing is left of the one cancelled.
    await vi.advanceTimersByTimeAsync(19_999);
    expect(f.state.ticks).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.state.ticks).toBe(3);
    await f.finish();
  });

  it('should run one more pass right after a running one when woken during it, never two at once', async () => {
    vi.useFakeTimers();
    const f = manualFeed();
    runner = startLiveFeed(f.feed, { logger }, { intervalMs: 10_000, idleIntervalMs: IDLE_MS });
    await vi.advanceTimersByTimeAsync(0);
    expect(f.running).toBe(1);
    runner.wake('weeks.week.published');
    runner.wake('weeks.week.published');
    runner.wake('sports.games.pushed');
    expect(f.state.ticks).toBe(1);
    await f.finish();
    // The wakes during the pass coalesce into one pass, run at once.
    expect(f.state.ticks).toBe(2);
    await f.finish();
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(f.state.ticks).toBe(2);
    expect(f.state.maxConcurrent).toBe(1);
  });

  it('should keep its cadence after a failed pass and do nothing once stopped', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const feed: LiveFeed = {
      tick: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return idleTick();
      },
    };
    runner = startLiveFeed(feed, { logger }, { intervalMs: 10_000, idleIntervalMs: IDLE_MS });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    runner.wake('weeks.week.published');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    await runner.stop();
    runner.wake('weeks.week.published');
    await vi.advanceTimersByTimeAsync(IDLE_MS * 2);
    expect(calls).toBe(2);
  });

  it('should count the delay from the start of a slow pass, but wait the whole back-off after a failed read', async () => {
    vi.useFakeTimers();
    const f = manualFeed();
    runner = startLiveFeed(f.feed, { logger }, { intervalMs: 10_000, idleIntervalMs: IDLE_MS });
    await vi.advanceTimersByTimeAsync(0);
    expect(f.state.ticks).toBe(1);
    // The pass takes 800 ms of a 2 s live cadence: the next starts 2 s after this one started.
    await vi.advanceTimersByTimeAsync(800);
    await f.finish({ ...idleTick(2_000), mode: 'live' });
    await vi.advanceTimersByTimeAsync(1_199);
    expect(f.state.ticks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.state.ticks).toBe(2);

    // A pass slower than the cadence: at least half the delay is still waited.
    await vi.advanceTimersByTimeAsync(5_000);
    await f.finish({ ...idleTick(2_000), mode: 'live' });
    await vi.advanceTimersByTimeAsync(999);
    expect(f.state.ticks).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.state.ticks).toBe(3);

    // A failed read: its back-off is waited whole after the pass.
    await vi.advanceTimersByTimeAsync(800);
    await f.finish({ ...idleTick(4_000), mode: 'live', failed: [{ year: 2025, weekNumber: 19 }], failures: 1 });
    await vi.advanceTimersByTimeAsync(3_999);
    expect(f.state.ticks).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.state.ticks).toBe(4);
    await f.finish();
  });
});
