import { describe, expect, it } from 'vitest';
import { createLiveBoardCache } from './live-cache.js';

describe('live board cache', () => {
  it('should build once per fingerprint and share a build between concurrent callers', async () => {
    const cache = createLiveBoardCache();
    let builds = 0;
    let release!: (v: Buffer) => void;
    const build = () => {
      builds += 1;
      return new Promise<Buffer>((resolve) => (release = resolve));
    };
    const a = cache.get('pool:2', 'f1', build);
    const b = cache.get('pool:2', 'f1', build);
    release(Buffer.from('board-1'));
    expect(String(await a)).toBe('board-1');
    expect(String(await b)).toBe('board-1');
    expect(await cache.get('pool:2', 'f1', async () => Buffer.from('never'))).toEqual(Buffer.from('board-1'));
    expect(builds).toBe(1);
  });

  it('should build again when the fingerprint changes, and keep keys apart', async () => {
    const cache = createLiveBoardCache();
    expect(await cache.get('pool:2:FULL', 'f1', async () => Buffer.from('old'))).toEqual(Buffer.from('old'));
    expect(await cache.get('pool:2:FULL', 'f2', async () => Buffer.from('new'))).toEqual(Buffer.from('new'));
    expect(await cache.get('pool:2:PUBLIC', 'f2', async () => Buffer.from('public'))).toEqual(Buffer.from('public'));
    expect(await cache.get('pool:2:FULL', 'f2', async () => Buffer.from('never'))).toEqual(Buffer.from('new'));
    expect(cache.size).toBe(2);
  });

  it('should not keep a failed build', async () => {
    const cache = createLiveBoardCache();
    await expect(cache.get('k', 'f', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', 'f', async () => Buffer.from('recovered'))).toEqual(Buffer.from('recovered'));
  });

  it('should drop the least recently used board beyond its size', async () => {
    const cache = createLiveBoardCache(2);
    await cache.get('a', 'f', async () => Buffer.from('A'));
    await cache.get('b', 'f', async () => Buffer.from('B'));
    await cache.get('a', 'f', async () => Buffer.from('never')); // a is now the most recent
    await cache.get('c', 'f', async () => Buffer.from('C'));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', 'f', async () => Buffer.from('rebuilt'))).toEqual(Buffer.from('A'));
    expect(await cache.get('b', 'f', async () => Buffer.from('rebuilt B'))).toEqual(Buffer.from('rebuilt B'));
  });
});
