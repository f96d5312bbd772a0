import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

/** A 1x1 PNG: what a team logo that loads looks like to the page. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * Team logos are served from the app's own origin (GET /api/teams/{id}/logo, the replay's stand-in
 * images in embedded mode) and the CSP allows no other image host, so no page should ask for an
 * image off the app. A guard all the same: answer any request off the app with a pixel, so a stray
 * one neither waits on the internet nor fails with a console error.
 */
export async function stubExternalImages(context: BrowserContext, appUrl: string): Promise<void> {
  await context.route(
    (url) => !url.href.startsWith(appUrl),
    (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG }),
  );
}

/** Our team-logo endpoint (GET /api/teams/{espnId}/logo): where every page gets team logos. */
const isTeamLogo = (url: URL): boolean => /^\/api\/teams\/[^/]+\/logo$/.test(url.pathname);

/**
 * Make team logos unavailable for this page (the endpoint down, a logo never stored, a slow or
 * blocked network): every logo request is aborted. A page route, so it wins over the context's
 * stub above. The console errors of the failed loads are Chromium's, expected: pass
 * `isBlockedImageError` to `e2e.allowConsoleErrors`.
 */
export async function blockTeamLogos(page: Page): Promise<void> {
  await page.route(isTeamLogo, (route) => route.abort('blockedbyclient'));
}

/** Chromium's console error for a load `blockTeamLogos` aborted. */
export const isBlockedImageError = (message: ConsoleMessage): boolean => {
  const at = URL.parse(message.location().url);
  return message.text().includes('ERR_BLOCKED_BY_CLIENT') || (at !== null && isTeamLogo(at));
};

/**
 * Every team-logo slot on the page, as it looks: `image` (a logo loaded and shown), `fallback`
 * (its abbreviation on a coloured circle) or `empty` (neither: what must never be seen).
 */
export async function logoSlots(page: Page): Promise<Array<{ look: 'image' | 'fallback' | 'empty'; text: string; background: string }>> {
  return page.locator('[data-testid="team-logo"]').evaluateAll((slots) =>
    slots.map((slot) => {
      // The page's own getComputedStyle (this file is typed without the DOM library's globals).
      const style = (el: typeof slot) => el.ownerDocument.defaultView!.getComputedStyle(el);
      const img = slot.querySelector('img');
      const text = (slot.textContent ?? '').trim();
      const background = style(slot).backgroundColor;
      const shown = img !== null && img.complete && img.naturalWidth > 0 && style(img).opacity !== '0' && style(img).visibility !== 'hidden';
      const coloured = background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent';
      return { look: shown ? 'image' : text !== '' && coloured ? 'fallback' : 'empty', text, background } as const;
    }),
  );
}
