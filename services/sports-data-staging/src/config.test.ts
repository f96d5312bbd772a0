import { describe, expect, it } from 'vitest';
import { ConfigError } from '@powerpool/service-kit';
import { loadSportsDataStagingConfig } from './config.js';

const load = (env: Record<string, string>) => loadSportsDataStagingConfig({ IDENTITY_ASSERTION_PUBLIC_KEY: 'key', ...env });

describe('sports-data-staging config: ESPN replay', () => {
  it('should replay ESPN with an automatic date shift by default outside production', () => {
    expect(load({}).espn.replay).toEqual({ dateShiftDays: 'auto' });
    expect(load({ POWERPOOL_ENV: 'test' }).espn.replay).toEqual({ dateShiftDays: 'auto' });
  });

  it('should read the real ESPN by default in production', () => {
    expect(load({ POWERPOOL_ENV: 'production' }).espn.replay).toBeNull();
  });

  it('should follow ESPN_REPLAY and ESPN_REPLAY_SHIFT_DAYS when they are set', () => {
    expect(load({ ESPN_REPLAY: 'off' }).espn.replay).toBeNull();
    expect(load({ POWERPOOL_ENV: 'production', ESPN_REPLAY: 'on', ESPN_REPLAY_SHIFT_DAYS: '14' }).espn.replay).toEqual({ dateShiftDays: 14 });
    expect(load({ ESPN_REPLAY_SHIFT_DAYS: '0' }).espn.replay).toEqual({ dateShiftDays: 0 });
  });

  it('should refuse to start naming the variable when a replay setting is malformed', () => {
    expect(() => load({ ESPN_REPLAY: 'yes' })).toThrow(ConfigError);
    expect(() => load({ ESPN_REPLAY: 'yes' })).toThrow(/ESPN_REPLAY/);
    expect(() => load({ ESPN_REPLAY_SHIFT_DAYS: 'soon' })).toThrow(/ESPN_REPLAY_SHIFT_DAYS: is 'auto' or a whole number of days/);
  });
});
