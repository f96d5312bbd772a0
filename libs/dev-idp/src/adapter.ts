import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  model: string;
  payload: AdapterPayload;
  /** Epoch ms; undefined = no expiry. */
  expiresAt: number | undefined;
}

const SWEEP_EVERY = 500;

/**
 * oidc-provider storage kept in memory, one store per provider instance. Unlike the library's
 * quick-start adapter it has no size cap (tests create many sessions) and is not shared between
 * providers in the same process. Indexes are scans: a dev IdP holds few records, and expired ones
 * are swept regularly.
 */
export function createMemoryAdapterFactory(): AdapterFactory {
  const entries = new Map<string, Entry>();
  let writes = 0;

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) entries.delete(key);
    }
  };

  const findWhere = (model: string, match: (payload: AdapterPayload) => boolean): AdapterPayload | undefined => {
    for (const [key, entry] of entries) {
      if (entry.model === model && match(entry.payload) && live(key)) return entry.payload;
    }
    return undefined;
  };

  return (model: string): Adapter => {
    const keyFor = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        entries.set(keyFor(id), {
          model,
          payload,
          expiresAt: typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : undefined,
        });
        if (++writes % SWEEP_EVERY === 0) sweep();
      },
      async find(id) {
        return live(keyFor(id))?.payload;
      },
      async findByUid(uid) {
        return findWhere(model, (payload) => payload.uid === uid);
      },
      async findByUserCode(userCode) {
        return findWhere(model, (payload) => payload.userCode === userCode);
      },
      async consume(id) {
        const entry = live(keyFor(id));
        if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyFor(id));
      },
      async revokeByGrantId(grantId) {
        for (const [key, entry] of entries) {
          if (entry.payload.grantId === grantId) entries.delete(key);
        }
      },
    };
  };
}
