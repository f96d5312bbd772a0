import { describe, expect, it } from 'vitest';
import { createUpstreamPool } from './upstreams.js';

const A = 'http://a:3000';
const B = 'http://b:3000';
const C = 'http://c:3000';
const keys = Array.from({ length: 600 }, (_, i) => `pool:${i.toString(16).padStart(8, '0')}`);

describe('createUpstreamPool', () => {
  it('should start every request of a key at the same replica and try each replica once when requests carry an affinity key', () => {
    const pool = createUpstreamPool([A, B, C]);
    for (const key of keys.slice(0, 20)) {
      const first = pool.orderFor(key);
      expect([...first].sort()).toEqual([A, B, C]);
      for (let i = 0; i < 3; i++) expect(pool.orderFor(key)).toEqual(first);
      // Round-robin turns in between do not move a key.
      pool.order();
    }
  });

  it('should spread the keys over the replicas about evenly when there are many keys', () => {
    const pool = createUpstreamPool([A, B, C]);
    const count = new Map<string, number>();
    for (const key of keys) count.set(pool.orderFor(key)[0]!, (count.get(pool.orderFor(key)[0]!) ?? 0) + 1);
    for (const url of [A, B, C]) {
      expect(count.get(url) ?? 0).toBeGreaterThan(150);
      expect(count.get(url) ?? 0).toBeLessThan(250);
    }
  });

  it('should move only the keys of a removed replica, each to its next choice, when a replica leaves the list', () => {
    const three = createUpstreamPool([A, B, C]);
    const two = createUpstreamPool([A, C]);
    let moved = 0;
    for (const key of keys) {
      const before = three.orderFor(key);
      const after = two.orderFor(key);
      // The order is the same ranking without B: the replica down is skipped the same way.
      expect(after).toEqual(before.filter((url) => url !== B));
      if (before[0] !== after[0]) moved += 1;
      if (before[0] !== B) expect(after[0]).toBe(before[0]);
    }
    expect(moved).toBe(keys.filter((key) => three.orderFor(key)[0] === B).length);
  });

  it('should keep round-robin for requests without a key', () => {
    const pool = createUpstreamPool([A, B]);
    expect([pool.order()[0], pool.order()[0], pool.order()[0]]).toEqual([A, B, A]);
  });
});
