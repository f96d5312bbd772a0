import type { SessionUser } from '@powerpool/contracts';

interface Entry {
  user: SessionUser | null;
  expiresAt: number;
}

export interface SessionCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Injected clock (ms). */
  now?: () => number;
}

/**
 * What identity answered for a session, keyed by the sha256 hex of the session id (the raw id is
 * never kept). Holds signed-out answers too, expires entries after `ttlMs`, and drops the least
 * recently used entry beyond `maxEntries` (a Map iterates in insertion order; a hit re-inserts).
 *
 * `generation` grows on every eviction, so a lookup that started before an eviction can tell
 * that its answer may be stale and must not be stored.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private evictions = 0;

  constructor(private readonly options: SessionCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get generation(): number {
    return this.evictions;
  }

  /** The cached answer, `undefined` on a miss or when expired. */
  get(hash: string): { user: SessionUser | null } | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(hash);
      return undefined;
    }
    this.entries.delete(hash);
    this.entries.set(hash, entry);
    return { user: entry.user };
  }

  set(hash: string, user: SessionUser | null): void {
    if (this.options.ttlMs <= 0) return;
    this.entries.delete(hash);
    this.entries.set(hash, { user, expiresAt: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Forget every session (the events that would have evicted some may have been missed). */
  clear(): void {
    this.evictions++;
    this.entries.clear();
  }

  /** Forget one session (it ended). */
  evictSession(hash: string): void {
    this.evictions++;
    this.entries.delete(hash);
  }

  /** Forget every session of a user (their role or profile changed). */
  evictUser(userId: string): number {
    this.evictions++;
    let removed = 0;
    for (const [hash, entry] of this.entries) {
      if (entry.user?.id === userId) {
        this.entries.delete(hash);
        removed++;
      }
    }
    return removed;
  }
}
