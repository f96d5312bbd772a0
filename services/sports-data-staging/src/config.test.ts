import { describe, expect, it } from 'vitest';
import { ConfigError } from '@powerpool/service-kit';
import { loadSportsDataStagingConfig } from './config.js';

const load = (env: Record<string, string>) => loadSportsDataStagingConfig({ IDENTITY_ASSERTION_PUBLIC_KEY: 'key', ...env });

describe('sports-data-staging config: ESPN replay', () => {
  it('should replay ESPN with an automatic date shift by default outside production', () => {
    expect(load({}).espn.replay).toEqual({ dateShiftDays: 'auto', gameDay: null });
    expect(load({ POWERPOOL_ENV: 'test' }).espn.replay).toEqual({ dateShiftDays: 'auto', gameDay: null });
  });

  it('should read the real ESPN by default in production', () => {
    expect(load({ POWERPOOL_ENV: 'production' }).espn.replay).toBeNull();
  });

  it('should follow ESPN_REPLAY and ESPN_REPLAY_SHIFT_DAYS when they are set', () => {
    expect(load({ ESPN_REPLAY: 'off' }).espn.replay).toBeNull();
    expect(load({ POWERPOOL_ENV: 'production', ESPN_REPLAY: 'on', ESPN_REPLAY_SHIFT_DAYS: '14' }).espn.replay).toEqual({ dateShiftDays: 14, gameDay: null });
    expect(load({ ESPN_REPLAY_SHIFT_DAYS: '0' }).espn.replay).toEqual({ dateShiftDays: 0, gameDay: null });
  });

  it('should refuse to start naming the variable when a replay setting is malformed', () => {
    expect(() => load({ ESPN_REPLAY: 'yes' })).toThrow(ConfigError);
    expect(() => load({ ESPN_REPLAY: 'yes' })).toThrow(/ESPN_REPLAY/);
    expect(() => load({ ESPN_REPLAY_SHIFT_DAYS: 'soon' })).toThrow(/ESPN_REPLAY_SHIFT_DAYS: is 'auto' or a whole number of days/);
  });
});

describe('sports-data-staging config: live feed and game day', () => {
  it('should run the live feed every 2 s while a published game is played, every 10 s on game day and every 5 min otherwise by default', () => {
    expect(load({}).liveFeed).toEqual({ enabled: true, liveIntervalMs: 2_000, intervalMs: 10_000, idleIntervalMs: 300_000, windowMinutes: 15 });
  });

  it('should take the live cadence from LIVE_FEED_LIVE_INTERVAL_MS, never slower than the game-day one', () => {
    expect(load({ LIVE_FEED_LIVE_INTERVAL_MS: '3000' }).liveFeed.liveIntervalMs).toBe(3_000);
    expect(load({ LIVE_FEED_INTERVAL_MS: '1000' }).liveFeed.liveIntervalMs).toBe(1_000);
    expect(() => load({ LIVE_FEED_LIVE_INTERVAL_MS: '12000' })).toThrow(/LIVE_FEED_LIVE_INTERVAL_MS: 12000 is longer than LIVE_FEED_INTERVAL_MS \(10000\)/);
    expect(() => load({ LIVE_FEED_LIVE_INTERVAL_MS: '10' })).toThrow(/LIVE_FEED_LIVE_INTERVAL_MS/);
  });

  it('should follow the LIVE_FEED variables and refuse an idle interval shorter than the game-day one', () => {
    expect(load({ LIVE_FEED: 'off', LIVE_FEED_INTERVAL_MS: '2000', LIVE_FEED_IDLE_INTERVAL_MS: '60000', LIVE_FEED_WINDOW_MINUTES: '30' }).liveFeed).toEqual({
      enabled: false,
      liveIntervalMs: 2000,
      intervalMs: 2000,
      idleIntervalMs: 60_000,
      windowMinutes: 30,
    });
    expect(() => load({ LIVE_FEED_INTERVAL_MS: '20000', LIVE_FEED_IDLE_INTERVAL_MS: '10000' })).toThrow(/LIVE_FEED_IDLE_INTERVAL_MS/);
    expect(() => load({ LIVE_FEED: 'maybe' })).toThrow(/LIVE_FEED/);
  });

  it('should put the replay in game-day mode with its minutes and kickoff when ESPN_REPLAY_GAMEDAY is on', () => {
    expect(load({ ESPN_REPLAY_GAMEDAY: 'on' }).espn.replay?.gameDay).toEqual({ minutes: 10, kickoffInMinutes: 15 });
    expect(load({ ESPN_REPLAY_GAMEDAY: 'on', ESPN_REPLAY_GAMEDAY_MINUTES: '0.5', ESPN_REPLAY_GAMEDAY_KICKOFF_IN_MINUTES: '0' }).espn.replay?.gameDay).toEqual({
      minutes: 0.5,
      kickoffInMinutes: 0,
    });
    expect(() => load({ ESPN_REPLAY_GAMEDAY_MINUTES: '0' })).toThrow(/ESPN_REPLAY_GAMEDAY_MINUTES/);
  });
});
