/**
 * True when `error` means "no connection", not a defect (docs/screens.md#installable-app): a fetch
 * that got no answer (a TypeError with the message of Chromium, Firefox or Safari), or a screen's
 * code (a dynamic `import()`) that could not be fetched while the browser is offline. A reply with
 * an error status (a 500) or a bug is not: those get the error screen. Nor is code that fails to
 * load online (an old tab after a release): a reload fixes that.
 */
export function isOfflineError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof TypeError && /^(Failed to fetch|NetworkError when attempting to fetch resource\.|Load failed)$/.test(error.message)) return true;
  return !navigator.onLine && /dynamically imported module|Importing a module script failed/.test(error.message);
}
