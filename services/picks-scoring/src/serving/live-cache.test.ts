import { describe, expect, it } from 'vitest';
import { createLiveBoardCache, createSharedReads } from './live-cache.js';

const scope = (name: string) => async () => name;

describe('live board cache', () => {
  it('should read the scope and build each variant once per fingerprint, sharing them between concurrent callers', async () => {
    const cache = createLiveBoardCache<string, string>();
    let scopes = 0;
    let builds = 0;
    let release!: (v: string) => void;
    const load = async () => {
      scopes += 1;
      return 'scope-1';
    };
    const build = () => {
      builds += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const a = cache.version({ key: 'pool:2', fingerprint: 'f1', loadScope: load }).reply('FULL', build);
    const b = cache.version({ key: 'pool:2', fingerprint: 'f1', loadScope: load }).reply('FULL', build);
    release('board-1');
    expect(await a).toBe('board-1');
    expect(await b).toBe('board-1');
    const again = cache.version({ key: 'pool:2', fingerprint: 'f1', loadScope: load });
    expect(await again.scope).toBe('scope-1');
    expect(await again.reply('FULL', async () => 'never')).toBe('board-1');
    expect(await again.reply('PUBLIC', async () => 'public')).toBe('public');
    expect([scopes, builds]).toEqual([1, 1]);
  });

  it('should read and build again when the fingerprint changes, and keep keys apart', async () => {
    const cache = createLiveBoardCache<string, string>();
    expect(await cache.version({ key: 'pool:2', fingerprint: 'f1', loadScope: scope('s1') }).reply('FULL', async () => 'old')).toBe('old');
    const changed = cache.version({ key: 'pool:2', fingerprint: 'f2', loadScope: scope('s2') });
    expect(await changed.scope).toBe('s2');
    expect(await changed.reply('FULL', async () => 'new')).toBe('new');
    expect(await cache.version({ key: 'pool:3', fingerprint: 'f2', loadScope: scope('s3') }).reply('FULL', async () => 'other')).toBe('other');
    expect(await cache.version({ key: 'pool:2', fingerprint: 'f2', loadScope: scope('never') }).reply('FULL', async () => 'never')).toBe('new');
    expect(cache.size).toBe(2);
  });

  it('should not keep a failed build or scope, nor a scope it is told not to keep', async () => {
    const cache = createLiveBoardCache<string, string>();
    const v = cache.version({ key: 'k', fingerprint: 'f', loadScope: scope('s') });
    await expect(v.reply('FULL', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await v.reply('FULL', async () => 'recovered')).toBe('recovered');

    await expect(cache.version({ key: 'bad', fingerprint: 'f', loadScope: async () => Promise.reject(new Error('db down')) }).scope).rejects.toThrow('db down');
    await Promise.resolve();
    expect(await cache.version({ key: 'bad', fingerprint: 'f', loadScope: scope('back') }).scope).toBe('back');

    const unknown = cache.version({ key: 'unknown-pool', fingerprint: 'f', loadScope: scope('none'), keep: (s) => s !== 'none' });
    await unknown.scope;
    await Promise.resolve();
    expect(cache.size).toBe(2);
  });

  it('should drop the least recently used pool week beyond its size', async () => {
    const cache = createLiveBoardCache<string, string>(2);
    await cache.version({ key: 'a', fingerprint: 'f', loadScope: scope('A') }).reply('v', async () => 'A');
    await cache.version({ key: 'b', fingerprint: 'f', loadScope: scope('B') }).reply('v', async () => 'B');
    await cache.version({ key: 'a', fingerprint: 'f', loadScope: scope('never') }).reply('v', async () => 'never'); // a is now the most recent
    await cache.version({ key: 'c', fingerprint: 'f', loadScope: scope('C') }).reply('v', async () => 'C');
    expect(cache.size).toBe(2);
    expect(await cache.version({ key: 'a', fingerprint: 'f', loadScope: scope('never') }).reply('v', async () => 'rebuilt')).toBe('A');
    expect(await cache.version({ key: 'b', fingerprint: 'f', loadScope: scope('B2') }).reply('v', async () => 'rebuilt B')).toBe('rebuilt B');
  });
});

describe('shared reads', () => {
  /** A read that resolves when told to, with the number of reads started so far. */
  function gatedReads() {
    const gates: Array<(v: string) => void> = [];
    return {
      read: () => new Promise<string>((resolve) => gates.push(resolve)),
      get started() {
        return gates.length;
      },
      finish: (i: number, v: string) => gates[i]!(v),
    };
  }
  /** A few turns of the event loop (a read starts on the turn after it is asked for). */
  const tick = async () => {
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
  };

  it('should never hand a caller a read that started before it called', async () => {
    const shared = createSharedReads<string>();
    const g = gatedReads();
    const first = shared('k', g.read);
    const sameTick = shared('k', g.read); // the first read has not started yet: shared
    expect(g.started).toBe(0); // it starts on the next turn, after the requests already received
    await tick();
    expect(g.started).toBe(1);
    // The first read is running: these wait for the next one, and share it.
    const later1 = shared('k', g.read);
    const later2 = shared('k', g.read);
    await tick();
    expect(g.started).toBe(1);
    g.finish(0, 'v1');
    expect(await first).toBe('v1');
    expect(await sameTick).toBe('v1');
    await tick();
    expect(g.started).toBe(2);
    g.finish(1, 'v2');
    expect(await later1).toBe('v2');
    expect(await later2).toBe('v2');
  });

  it('should keep keys apart, pass failures on, and read again after', async () => {
    const shared = createSharedReads<string>();
    const a = shared('a', async () => 'A');
    const b = shared('b', async () => 'B');
    expect([await a, await b]).toEqual(['A', 'B']);
    await expect(shared('a', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await shared('a', async () => 'again')).toBe('again');
  });
});
