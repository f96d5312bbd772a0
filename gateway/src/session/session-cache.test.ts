import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

const user = (id: string) => ({ id, email: `${id}@example.com`, role: 'user' as const });

describe('SessionCache', () => {
  it('should forget an entry when its TTL has passed', () => {
    let now = 1000;
    const cache = new SessionCache({ ttlMs: 100, maxEntries: 10, now: () => now });
    cache.set('h1', user('a'));
    cache.set('h2', null);
    now = 1099;
    expect(cache.get('h1')).toEqual({ user: user('a') });
    expect(cache.get('h2')).toEqual({ user: null });
    now = 1100;
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('should drop the least recently used entry when it is full', () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 2 });
    cache.set('h1', user('a'));
    cache.set('h2', user('b'));
    cache.get('h1');
    cache.set('h3', user('c'));
    expect(cache.get('h2')).toBeUndefined();
    expect(cache.get('h1')).toBeDefined();
    expect(cache.get('h3')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('should drop every session of a user and move the generation when a user is evicted', () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set('h1', user('a'));
    cache.set('h2', user('a'));
    cache.set('h3', user('b'));
    cache.set('h4', null);
    const generation = cache.generation;
    expect(cache.evictUser('a')).toBe(2);
    expect(cache.generation).toBe(generation + 1);
    expect([cache.get('h1'), cache.get('h2')]).toEqual([undefined, undefined]);
    expect(cache.get('h3')).toBeDefined();
    expect(cache.get('h4')).toEqual({ user: null });
  });

  it('should keep nothing when the TTL is zero', () => {
    const cache = new SessionCache({ ttlMs: 0, maxEntries: 10 });
    cache.set('h1', user('a'));
    expect(cache.get('h1')).toBeUndefined();
  });
});
