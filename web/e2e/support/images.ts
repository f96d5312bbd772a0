import type { BrowserContext } from 'playwright-core';

/** A 1x1 PNG: what a team logo that loads looks like to the page. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * Team logos and venue photos are ESPN CDN URLs: answer every request off the app with a pixel,
 * so none fails (a console error) or waits on the internet.
 */
export async function stubExternalImages(context: BrowserContext, appUrl: string): Promise<void> {
  await context.route(
    (url) => !url.href.startsWith(appUrl),
    (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG }),
  );
}
