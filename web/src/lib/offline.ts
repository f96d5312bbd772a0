/**
 * What a fetch rejects with when the request never got an answer (no network, server unreachable):
 * a TypeError with one of these messages (Chromium, Firefox, Safari).
 */
const FETCH_FAILURES = new Set(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']);

/** What a code chunk (a dynamic `import()` or Vite's preload of it) fails with when it cannot be fetched. */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|Unable to preload/;

/**
 * True when `error` means "no connection", not a defect (docs/screens.md#installable-app): a fetch
 * that got no answer, or a screen's code that could not be fetched while the browser is offline.
 * A reply with an error status (a 500) or a bug is not: those get the error screen. A chunk that
 * fails online (an old tab after a release) is not either: a reload fixes that.
 */
export function isOfflineError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof TypeError && FETCH_FAILURES.has(error.message)) return true;
  return !navigator.onLine && CHUNK_FAILURE.test(error.message);
}
