import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle.js';

function setup(limits = { perAccount: 3, perIp: 5, windowMs: 60_000 }) {
  const clock = { t: 1_000_000 };
  return { clock, throttle: createLoginThrottle(limits, () => clock.t) };
}

describe('createLoginThrottle', () => {
  it('should pause one account for one address when it reaches the wrong-password limit', () => {
    const { throttle } = setup();
    expect(throttle.failed('pat@x.test', '10.0.0.1')).toBeNull();
    expect(throttle.failed('PAT@x.test ', '10.0.0.1')).toBeNull();
    expect(throttle.failed('pat@x.test', '10.0.0.1')).toEqual({ scope: 'account', retryAfterSeconds: 60 });
    expect(throttle.paused('pat@x.test', '10.0.0.1')).toEqual({ scope: 'account', retryAfterSeconds: 60 });
    // Other addresses and other accounts are not paused.
    expect(throttle.paused('pat@x.test', '10.0.0.2')).toBeNull();
    expect(throttle.paused('sam@x.test', '10.0.0.1')).toBeNull();
  });

  it('should lift the pause when the window has passed', () => {
    const { clock, throttle } = setup();
    for (let i = 0; i < 3; i++) throttle.failed('pat@x.test', '10.0.0.1');
    clock.t += 45_000;
    expect(throttle.paused('pat@x.test', '10.0.0.1')).toEqual({ scope: 'account', retryAfterSeconds: 15 });
    clock.t += 15_000;
    expect(throttle.paused('pat@x.test', '10.0.0.1')).toBeNull();
    expect(throttle.failed('pat@x.test', '10.0.0.1')).toBeNull();
  });

  it('should pause an address for every account when its wrong passwords over all accounts reach the limit', () => {
    const { throttle } = setup();
    for (let i = 0; i < 4; i++) expect(throttle.failed(`user${i}@x.test`, '10.0.0.9')).toBeNull();
    expect(throttle.failed('user4@x.test', '10.0.0.9')).toEqual({ scope: 'ip', retryAfterSeconds: 60 });
    expect(throttle.paused('never-tried@x.test', '10.0.0.9')).toEqual({ scope: 'ip', retryAfterSeconds: 60 });
    expect(throttle.paused('never-tried@x.test', '10.0.0.10')).toBeNull();
  });

  it("should forgive an account's failures from an address when the right password follows, not the address's total", () => {
    const { throttle } = setup();
    throttle.failed('pat@x.test', '10.0.0.1');
    throttle.failed('pat@x.test', '10.0.0.1');
    throttle.succeeded('pat@x.test', '10.0.0.1');
    expect(throttle.failed('pat@x.test', '10.0.0.1')).toBeNull();
    expect(throttle.failed('pat@x.test', '10.0.0.1')).toBeNull();
    // 5 failures from the address in all.
    expect(throttle.failed('sam@x.test', '10.0.0.1')).toEqual({ scope: 'ip', retryAfterSeconds: 60 });
  });
});
