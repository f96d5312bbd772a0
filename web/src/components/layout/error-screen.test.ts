import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OFFLINE_TEXT, OFFLINE_TITLE } from './error-screen';

/** The service worker's offline page, shown when a page is opened with no network. */
const offlinePage = readFileSync(new URL('../../../public/offline.html', import.meta.url), 'utf8');

describe('OfflineState', () => {
  it("should say what the service worker's offline page says (docs/screens.md#installable-app)", () => {
    expect(offlinePage).toContain(`<h1>${OFFLINE_TITLE}</h1>`);
    expect(offlinePage).toContain(`<p>${OFFLINE_TEXT}</p>`);
    expect(offlinePage).toContain('>Try again</a>');
  });
});
