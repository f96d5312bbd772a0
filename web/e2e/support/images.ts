import type { BrowserContext } from 'playwright-core';

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
