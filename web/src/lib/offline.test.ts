import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { isOfflineError } from './offline';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The browser's connection flag, as `navigator.onLine` reads it. */
function browserOnline(onLine: boolean): void {
  vi.stubGlobal('navigator', { onLine });
}

describe('isOfflineError', () => {
  it('should call a fetch that got no answer offline, with the message of each browser, online or not', () => {
    for (const onLine of [true, false]) {
      browserOnline(onLine);
      for (const message of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) {
        expect(isOfflineError(new TypeError(message)), `${message}, onLine ${onLine}`).toBe(true);
      }
    }
  });

  it("should call a screen's code that could not be fetched offline only while the browser is offline", () => {
    const chromium = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/season-leaderboard-0V8j_LDM.js');
    const firefox = new TypeError('error loading dynamically imported module: http://localhost/assets/profile-BnvfWXZO.js');
    const safari = new TypeError('Importing a module script failed.');
    browserOnline(false);
    for (const error of [chromium, firefox, safari]) expect(isOfflineError(error), error.message).toBe(true);
    // Online, a chunk that fails is an old tab after a release: the error screen's reload fixes it.
    browserOnline(true);
    for (const error of [chromium, firefox, safari]) expect(isOfflineError(error), error.message).toBe(false);
  });

  it('should not call a reply with an error status, a bug or a thrown value offline, even while the browser is offline', () => {
    browserOnline(false);
    expect(isOfflineError(new ApiError(500, 'Internal Server Error', ''))).toBe(false);
    expect(isOfflineError(new ApiError(503, 'Service Unavailable', '{"error":"unavailable","message":"Failed to fetch"}'))).toBe(false);
    expect(isOfflineError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isOfflineError(new Error('Failed to fetch'))).toBe(false);
    expect(isOfflineError('Failed to fetch')).toBe(false);
    expect(isOfflineError(undefined)).toBe(false);
  });
});
