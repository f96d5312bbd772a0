import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function gate(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createLimiter', () => {
  it('should run at most `limit` tasks at once, the rest in order of arrival', async () => {
    const run = createLimiter(2);
    let active = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, gate);
    const tasks = gates.map((gate, i) =>
      run(async () => {
        started.push(i);
        active += 1;
        most = Math.max(most, active);
        await gate.promise;
        active -= 1;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    // A task arriving after the others waits behind them, even while a slot is being handed on.
    gates[0]!.resolve();
    const late = run(async () => {
      started.push(99);
      return 99;
    });
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all([...tasks, late])).toEqual([0, 1, 2, 3, 4, 99]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 99]);
  });

  it('should free the slot of a task that failed', async () => {
    const run = createLimiter(1);
    await expect(run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await run(() => Promise.resolve('next'))).toBe('next');
  });

  it('should refuse a limit that is not a positive whole number', () => {
    expect(() => createLimiter(0)).toThrow(/positive whole number/);
  });
});
