import type { BrowserContext, Page, Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason } from '@powerpool/testing';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS, LANDING_TAGLINE } from './support/sign-in.js';

interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  background_color: string;
  theme_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Wait until the page is controlled by the active service worker (reloading once if it was not yet); its script URL. */
async function controlled(page: Page): Promise<string> {
  // Strings: these run in the page, whose DOM and service worker types the Node tsconfig does not have.
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  if (!(await page.evaluate('navigator.serviceWorker.controller !== null'))) await page.reload();
  return String(await page.evaluate("navigator.serviceWorker.controller?.scriptURL ?? 'none'"));
}

/** Every URL in the page's caches (Cache Storage), by path. */
async function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(async () => {
    const paths = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths.sort();
  })()`);
}

/** The notifications the page's service worker registration shows now. */
interface ShownNotification {
  title: string;
  body: string;
  icon: string;
  tag: string;
  data: { url: string };
}
async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate<ShownNotification[]>(`navigator.serviceWorker.ready
    .then((registration) => registration.getNotifications())
    .then((shown) => shown.map((n) => ({ title: n.title, body: n.body, icon: n.icon, tag: n.tag, data: n.data })))`);
}

/**
 * Deliver a push message to the page's service worker as Chromium's push service would hand it
 * over (already decrypted): the DevTools protocol's ServiceWorker.deliverPushMessage.
 */
async function deliverPush(page: Page, origin: string, payload: unknown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const registrations: string[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const r of updated) if (!r.isDeleted && r.scopeURL === `${origin}/`) registrations.push(r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registrations[0]!, data: JSON.stringify(payload) });
  } finally {
    await cdp.detach();
  }
}

/**
 * A tap on the worker's first notification. No browser command taps a notification, so the test
 * dispatches the \`notificationclick\` event in the worker, holding its waitUntil promise as the
 * browser would; unlike a real tap, it grants no permission to focus or open a window.
 */
async function tapNotification(worker: Worker): Promise<void> {
  await worker.evaluate(`(async () => {
    const [notification] = await self.registration.getNotifications();
    const event = new NotificationEvent('notificationclick', { notification });
    let done = Promise.resolve();
    event.waitUntil = (promise) => { done = promise; };
    self.dispatchEvent(event);
    await done;
  })()`);
}

/**
 * The installable app (docs/screens.md#installable-app): the manifest with its icons, the service
 * worker (app shell cached, an offline page, never an /api reply).
 */
describe.skipIf(chromiumUnavailableReason())('installable app', () => {
  const e2e = setupE2e();

  it('should link a manifest with a name, standalone display, start URL, theme colours and icons of the sizes it names', async () => {
    const { page } = e2e;
    await page.goto('/');
    await page.getByRole('heading', { name: LANDING_TAGLINE }).waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => m.getAttribute('media')))).toEqual([
      '(prefers-color-scheme: light)',
      '(prefers-color-scheme: dark)',
    ]);

    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    const manifest = (await res.json()) as WebAppManifest;
    expect(manifest).toMatchObject({ name: expect.stringContaining('PowerPool'), short_name: 'PowerPool', start_url: '/', scope: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    // Chromium installs an app with a 192 px and a 512 px icon; Android masks the maskable one.
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
    }
  });

  it('should register the service worker, keep the app shell, and show the offline page when the network is gone', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player, { serviceWorkers: 'allow' });
    const context: BrowserContext = page.context();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Make Picks', level: 1 }).waitFor();
    expect(await controlled(page)).toBe(`${e2e.url}/sw.js`);

    // The shell: the offline page, the manifest and the first page's code, under their hashed names.
    const cached = await cachedPaths(page);
    expect(cached).toEqual(expect.arrayContaining(['/offline.html', '/manifest.webmanifest', '/icons/icon-192.png']));
    const entry = await page.locator('script[type="module"][src^="/assets/"]').getAttribute('src');
    expect(cached).toContain(entry);
    const styles = await page.locator('link[rel="stylesheet"][href^="/assets/"]').getAttribute('href');
    expect(cached).toContain(styles);

    await context.setOffline(true);
    try {
      await page.goto('/leaderboard');
      await expect.poll(() => page.getByRole('heading', { name: 'You are offline' }).isVisible()).toBe(true);
      expect(await page.title()).toBe('Offline · PowerPool');
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole('link', { name: 'Try again' }).click();
    await page
      .getByRole('heading', { name: 'Season Leaderboard', level: 1 })
      .or(page.getByRole('heading', { name: 'Make Picks', level: 1 }))
      .waitFor();
  });

  it('should never answer an /api request from the cache, online or offline', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player, { serviceWorkers: 'allow' });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Make Picks', level: 1 }).waitFor();
    await controlled(page);

    // Online: the worker lets it through to the server, and keeps nothing of it.
    const online = await page.evaluate(async () => {
      const res = await fetch('/api/auth/user');
      return { status: res.status, body: (await res.json()) as { email?: string } };
    });
    expect(online.status).toBe(200);
    expect(online.body.email).toBe(ACCOUNTS.player);
    expect((await cachedPaths(page)).filter((p) => p.startsWith('/api'))).toEqual([]);

    // Offline: the request fails as it would without a worker; no earlier reply stands in for it.
    e2e.allowConsoleErrors((m) => m.text().includes('ERR_INTERNET_DISCONNECTED'));
    await page.context().setOffline(true);
    try {
      const offline = await page.evaluate(() =>
        fetch('/api/auth/user').then(
          (res) => `answered ${res.status}`,
          () => 'failed',
        ),
      );
      expect(offline).toBe('failed');
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('should show a notification for a push, and take the open window to its screen (only a path of this site) when tapped', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player, { serviceWorkers: 'allow', permissions: ['notifications'] });
    await page.goto('/leaderboard');
    await page.getByRole('heading', { name: 'Season Leaderboard', level: 1 }).waitFor();
    await controlled(page);
    const isOurs = (w: Worker) => w.url() === `${e2e.url}/sw.js`;
    const worker = page.context().serviceWorkers().find(isOurs) ?? (await page.context().waitForEvent('serviceworker', { predicate: isOurs }));

    // A reminder: Make Picks.
    const reminder = { title: 'Picks due in 1 hour', body: 'Week 5 locks at 12:50 PM.', url: '/picks', tag: 'reminder-5' };
    await deliverPush(page, e2e.url, reminder);
    await expect
      .poll(() => shownNotifications(page), { timeout: 10_000 })
      .toEqual([{ title: reminder.title, body: reminder.body, icon: `${e2e.url}/icons/icon-192.png`, tag: reminder.tag, data: { url: '/picks' } }]);
    await tapNotification(worker);
    await page.waitForURL(`${e2e.url}/picks`);
    await page.getByRole('heading', { name: 'Make Picks', level: 1 }).waitFor();
    expect(await shownNotifications(page)).toEqual([]);

    // A url of another site opens PowerPool's home instead.
    await page.goto('/leaderboard');
    await page.getByRole('heading', { name: 'Season Leaderboard', level: 1 }).waitFor();
    await deliverPush(page, e2e.url, { title: 'Week 5 results', body: 'You scored 9.', url: 'https://evil.example/phish' });
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.data.url), { timeout: 10_000 }).toEqual(['https://evil.example/phish']);
    await tapNotification(worker);
    await page.waitForURL(`${e2e.url}/`);
  });
});
