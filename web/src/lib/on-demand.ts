import { useSyncExternalStore } from 'react';

/**
 * A module that is fetched only when the user shows they are about to need it (pointer over a
 * trigger, focus, a press), then kept: every component asking for it re-renders once it is there.
 * For code most visits never run (the navigation menus), so it stays out of the first load.
 */
export interface OnDemandModule<M> {
  /** Starts loading (once; again after a failure). Resolves with the module. */
  load(): Promise<M>;
  /** The module once loaded, else null; re-renders the caller when it arrives. */
  useLoaded(): M | null;
}

export function onDemand<M>(importer: () => Promise<M>): OnDemandModule<M> {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const listeners = new Set<() => void>();

  function load(): Promise<M> {
    pending ??= importer().then(
      (module) => {
        loaded = module;
        listeners.forEach((listener) => listener());
        return module;
      },
      (error: unknown) => {
        // Offline or a stale chunk: the next sign of interest tries again.
        pending = null;
        throw error;
      },
    );
    return pending;
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  const getSnapshot = () => loaded;

  return {
    load,
    useLoaded: () => useSyncExternalStore(subscribe, getSnapshot, getSnapshot),
  };
}
