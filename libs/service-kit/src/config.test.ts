import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, serviceEnvSchema, slowBusSettingOf } from './config.js';

const base = { IDENTITY_ASSERTION_PUBLIC_KEY: 'key' };

describe('the slow bus test mode setting (BUS_DELAY_MAX_MS, BUS_DELAY_SEED)', () => {
  it('should be off by default and when BUS_DELAY_MAX_MS is 0', () => {
    expect(slowBusSettingOf('svc', parseConfig('svc', serviceEnvSchema, base))).toBeNull();
    expect(slowBusSettingOf('svc', parseConfig('svc', serviceEnvSchema, { ...base, BUS_DELAY_MAX_MS: '0', BUS_DELAY_SEED: '5' }))).toBeNull();
  });

  it('should take the seed given, or draw one when none is', () => {
    expect(slowBusSettingOf('svc', parseConfig('svc', serviceEnvSchema, { ...base, BUS_DELAY_MAX_MS: '2000', BUS_DELAY_SEED: '42' }))).toEqual({
      maxDelayMs: 2000,
      seed: 42,
    });
    const drawn = slowBusSettingOf('svc', parseConfig('svc', serviceEnvSchema, { ...base, BUS_DELAY_MAX_MS: '2000', BUS_DELAY_SEED: '' }));
    expect(drawn?.maxDelayMs).toBe(2000);
    expect(Number.isInteger(drawn?.seed)).toBe(true);
  });

  it('should refuse it in production, and a delay the NATS ack wait cannot cover', () => {
    const production = parseConfig('svc', serviceEnvSchema, { ...base, POWERPOOL_ENV: 'production', BUS_DELAY_MAX_MS: '2000' });
    expect(() => slowBusSettingOf('svc', production)).toThrow(ConfigError);
    expect(() => slowBusSettingOf('svc', production)).toThrow(/BUS_DELAY_MAX_MS: the slow bus is a test mode and is refused in production/);
    expect(() => parseConfig('svc', serviceEnvSchema, { ...base, BUS_DELAY_MAX_MS: '60000' })).toThrow(/BUS_DELAY_MAX_MS: at most 2500/);
    expect(() => parseConfig('svc', serviceEnvSchema, { ...base, BUS_DELAY_MAX_MS: '100', BUS_DELAY_SEED: '-1' })).toThrow(/BUS_DELAY_SEED/);
  });
});
