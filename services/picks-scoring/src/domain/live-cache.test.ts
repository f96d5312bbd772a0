import { describe, expect, it } from 'vitest';
import { createLiveBoardCache } from './live-cache.js';

describe('live board cache', () => {
  it('should build once per fingerprint and share a build between concurrent callers', async () => {
    const cache = createLiveBoardCache();
    let builds = 0;
    let release!: (v: string) => void;
    const build = () => {
      builds += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const a = cache.get('pool:2', 'f1', build);
    const b = cache.get('pool:2', 'f1', build);
    release('board-1');
    expect(await a).toBe('board-1');
    expect(await b).toBe('board-1');
    expect(await cache.get('pool:2', 'f1', async () => 'never')).toBe('board-1');
    expect(builds).toBe(1);
  });

  it('should build again when the fingerprint changes, and keep keys apart', async () => {
    const cache = createLiveBoardCache();
    expect(await cache.get('pool:2:FULL', 'f1', async () => 'old')).toBe('old');
    expect(await cache.get('pool:2:FULL', 'f2', async () => 'new')).toBe('new');
    expect(await cache.get('pool:2:PUBLIC', 'f2', async () => 'public')).toBe('public');
    expect(await cache.get('pool:2:FULL', 'f2', async () => 'never')).toBe('new');
    expect(cache.size).toBe(2);
  });

  it('should not keep a failed build', async () => {
    const cache = createLiveBoardCache();
    await expect(cache.get('k', 'f', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', 'f', async () => 'recovered')).toBe('recovered');
  });

  it('should drop the least recently used board beyond its size', async () => {
    const cache = createLiveBoardCache(2);
    await cache.get('a', 'f', async () => 'A');
    await cache.get('b', 'f', async () => 'B');
    await cache.get('a', 'f', async () => 'never'); // a is now the most recent
    await cache.get('c', 'f', async () => 'C');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', 'f', async () => 'rebuilt')).toBe('A');
    expect(await cache.get('b', 'f', async () => 'rebuilt B')).toBe('rebuilt B');
  });
});
