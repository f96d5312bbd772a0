import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason } from '@powerpool/testing';
import { FIRST_LOAD_BUDGET_KB, MAKE_PICKS_BUDGET_KB } from '../../bench/web-bundle.js';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS, LANDING_TAGLINE, navLink } from './support/sign-in.js';
import { chunkOf } from './support/web-build.js';

/** Every JavaScript file the page fetches from now on, by path, with its body. */
function recordScripts(page: Page): Map<string, Promise<Buffer>> {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.set(url.pathname, response.body());
  });
  return scripts;
}

/** Sum of the gzipped sizes (level 9, as bench/web-bundle.ts) of what was fetched, in KB; logged. */
async function gzippedKb(scripts: Map<string, Promise<Buffer>>, what: string): Promise<number> {
  const bodies = await Promise.all(scripts.values());
  const kb = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
  console.info(`[first-load] ${what}: ${kb.toFixed(1)} KB of gzipped JavaScript in ${bodies.length} files`);
  return kb;
}

/** zod's chunk: neither first load parses a reply with it (docs/screens.md#data-loading). */
const isZodChunk = (file: string) => /^\/assets\/zod-[\w-]+\.js$/.test(file);

/** Screens most players never open: none of their code may come with the first load. */
const ON_DEMAND_SCREENS = [
  'src/app/routes/pool-management.tsx',
  'src/app/routes/site-admin.tsx',
  'src/app/routes/payments.tsx',
  'src/app/routes/week-management.tsx',
  'src/app/routes/current-week.tsx',
  'src/app/routes/live-leaderboard.tsx',
  'src/app/routes/live-leaderboard-demo.tsx',
];

/**
 * A light first load (bench/README.md, first load): what the browser really downloads for the landing page and for
 * Make Picks, and the screens that load on demand (their code, the loading and the failure path).
 */
describe.skipIf(chromiumUnavailableReason())('first load and screens loaded on demand', () => {
  const e2e = setupE2e();

  it(`should fetch at most ${FIRST_LOAD_BUDGET_KB} KB of gzipped JavaScript, no admin code and no zod when a visitor opens the landing page`, async () => {
    const { page } = e2e;
    const scripts = recordScripts(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: LANDING_TAGLINE }).waitFor();

    const admin = ON_DEMAND_SCREENS.map(chunkOf);
    expect([...scripts.keys()].filter((file) => admin.includes(file) || isZodChunk(file))).toEqual([]);
    expect(await gzippedKb(scripts, 'landing page')).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  });

  it(`should fetch at most ${MAKE_PICKS_BUDGET_KB} KB of gzipped JavaScript, no admin code and no zod when a signed-in super admin opens Make Picks`, async () => {
    // The super admin: every navigation item, so every screen is one click away, and none is fetched.
    const page = await e2e.signedInPage(ACCOUNTS.admin);
    const scripts = recordScripts(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Make Picks', level: 1 }).waitFor();
    expect(await navLink(page, 'Site Admin').isVisible()).toBe(true);

    const admin = ON_DEMAND_SCREENS.map(chunkOf);
    expect([...scripts.keys()].filter((file) => admin.includes(file) || isZodChunk(file))).toEqual([]);
    expect(await gzippedKb(scripts, 'Make Picks, signed in')).toBeLessThanOrEqual(MAKE_PICKS_BUDGET_KB);
  });

  it('should receive the page, its scripts and its styles brotli-compressed when a browser opens the landing page', async () => {
    const { page } = e2e;
    const sent = new Map<string, { encoding: string | undefined; body: Promise<Buffer> }>();
    page.on('response', (response: Response) => {
      const url = new URL(response.url());
      if (/^\/(assets\/.*\.(js|css))?$/.test(url.pathname)) {
        sent.set(url.pathname, { encoding: response.headers()['content-encoding'], body: response.body() });
      }
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: LANDING_TAGLINE }).waitFor();

    expect(sent.has('/')).toBe(true);
    expect([...sent.keys()].some((file) => file.endsWith('.css'))).toBe(true);
    for (const [file, { encoding, body }] of sent) {
      // The build compresses every text file of 1 KB or more (web/build/precompress.ts).
      if ((await body).length >= 1024) expect(encoding, file).toBe('br');
    }
  });

  it('should answer /robots.txt with the robots rules, not the app page', async () => {
    const reply = await e2e.page.request.get('/robots.txt');
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await reply.text()).toMatch(/^User-agent: \*$/m);
    // The screens are crawlable (docs/screens.md#search-engines); the API and invitation links are not.
    const rules = await reply.text();
    expect(rules).not.toMatch(/^Disallow: \/$/m);
    expect(rules).toMatch(/^Allow: \/api\/docs$/m);
    expect(rules).toMatch(/^Disallow: \/api\/$/m);
    expect(rules).toMatch(/^Disallow: \/join\/$/m);
  });

  it('should fetch the Pool Management code when a commissioner goes to /admin, and show the screen', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.commissioner);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Make Picks', level: 1 }).waitFor();

    const chunk = chunkOf('src/app/routes/pool-management.tsx');
    const fetched = page.waitForResponse((response) => new URL(response.url()).pathname === chunk);
    await navLink(page, 'Manage Pool').click();
    expect((await fetched).status()).toBe(200);
    await page.getByRole('heading', { name: 'Pool Management', level: 1 }).waitFor();
    expect(await page.title()).toBe('Pool Management · PowerPool');
  });

  it('should show the page error screen with Try Again when the code of the screen cannot be loaded', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.commissioner);
    e2e.allowConsoleErrors((message) => /Failed to (load resource|fetch dynamically imported module)/.test(message.text()));
    const chunk = chunkOf('src/app/routes/pool-management.tsx');
    await page.route(`**${chunk}`, (route) => route.abort('failed'));

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Something went wrong', level: 1 }).waitFor();
    expect(await page.getByText('Something unexpected happened on this page. Reloading usually fixes it.').isVisible()).toBe(true);

    // Once the code can be fetched again, Try Again (a reload) shows the screen.
    await page.unroute(`**${chunk}`);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Pool Management', level: 1 }).waitFor();
  });

  it('should keep the focus on the theme button and open its menu from the keyboard when the menu loads on demand', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player);
    await page.goto('/', { waitUntil: 'networkidle' });
    const trigger = page.getByRole('button', { name: 'Toggle theme' });
    await trigger.waitFor();

    const menus = page.waitForResponse((response) => /\/assets\/nav-menus-[\w-]+\.js$/.test(new URL(response.url()).pathname));
    await trigger.focus();
    await menus;
    // The placeholder gave way to the real trigger (Radix marks it with data-state) and the focus moved with it.
    await expect.poll(() => trigger.getAttribute('data-state')).toBe('closed');
    expect(await trigger.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'Dark' }).waitFor();
  });
});
