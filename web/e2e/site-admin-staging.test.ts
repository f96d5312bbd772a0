import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason } from '@powerpool/testing';
import { PHONE, setupE2e } from './support/e2e.js';
import { ACCOUNTS, toast, watchToasts } from './support/sign-in.js';

/**
 * /site-admin and its ESPN Data Staging tab (docs/screens.md#staging) against embedded mode, whose sports service reads ESPN from the bundled
 * offline replay. One file = one fresh in-memory app, so the super admin's run below starts with
 * empty staging and production.
 */

/** A 1x1 PNG: what a photo that does load looks like to the page. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * Venue photos are ESPN CDN URLs, which cannot load here (and must not depend on the internet
 * when they could). The first photo asked for is served as a real image; every other one answers
 * bytes that are not an image, so the browser's load fails the way an unreachable photo does.
 */
async function stubExternalImages(page: Page, appUrl: string): Promise<string[]> {
  const asked: string[] = [];
  await page.route(
    (url) => !url.href.startsWith(appUrl),
    (route: Route) => {
      asked.push(route.request().url());
      const body = asked.length === 1 ? PIXEL_PNG : Buffer.from('not an image');
      return route.fulfill({ status: 200, contentType: 'image/png', body });
    },
  );
  return asked;
}

/** The count shown on a comparison section's badge ("New", "Updated", "To Delete", "Unchanged"). */
async function sectionCount(card: Locator, section: 'new' | 'updated' | 'to-delete' | 'unchanged'): Promise<number> {
  const text = await card.getByTestId(`diff-${section}`).getByRole('button').first().textContent();
  return Number(/\d+/.exec(text ?? '')?.[0] ?? Number.NaN);
}

/** The number on a stat tile, by its label. */
async function statValue(page: Page, label: string): Promise<number> {
  const tile = page.getByText(label, { exact: true }).locator('xpath=..');
  return Number((await tile.getByTestId('stat-value').textContent())?.trim());
}

/** A comparison card, by its title. */
function card(page: Page, title: 'Teams Comparison' | 'Games Comparison'): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

describe.skipIf(chromiumUnavailableReason())('site admin: ESPN data staging', () => {
  const e2e = setupE2e();

  it('should keep the open tab in the URL across a reload when the super admin switches tabs', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.admin);
    await page.goto('/site-admin');

    await page.getByRole('heading', { name: 'Site Administration', level: 1 }).waitFor();
    await page.getByText('Super Admin', { exact: true }).waitFor();
    expect(await page.getByRole('tab', { name: 'ESPN Data Staging' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('tab', { name: 'Global Pool Management' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'pools');
    await page.reload();
    await page.getByRole('heading', { name: 'Site Administration', level: 1 }).waitFor();
    expect(await page.getByRole('tab', { name: 'Global Pool Management' }).getAttribute('aria-selected')).toBe('true');

    await page.getByRole('tab', { name: 'Global User Management' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'users');
    await page.getByRole('tab', { name: 'ESPN Data Staging' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'staging');
    await page.getByText('2025 NFL Season', { exact: true }).waitFor();
  });

  it('should import teams then games with progress, compare, validate and push to production when the super admin runs the staging flow', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.admin);
    await page.goto('/site-admin?tab=staging');

    // Fresh app: nothing staged, so push is off and the comparisons say how to begin.
    await page.getByText('No staging teams yet. Import teams to begin.').waitFor();
    const push = page.getByRole('button', { name: 'Push to Production' });
    expect(await push.isDisabled()).toBe(true);

    // The year is required: both imports are off while it is empty.
    const year = page.getByLabel('Season year');
    await year.fill('');
    expect(await page.getByRole('button', { name: 'Import Teams' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Import Games' }).isDisabled()).toBe(true);
    await year.fill('2025');

    // Teams: streamed progress and log, then the toast; all 32 are new against empty production.
    await page.getByRole('button', { name: 'Import Teams' }).click();
    await toast(page, 'Teams Import Successful').waitFor();
    const runLog = page.getByTestId('run-log');
    await runLog.getByText('Complete', { exact: true }).waitFor();
    expect(await runLog.getByTestId('run-progress').textContent()).toMatch(/(\d+) \/ \1 \(100%\)/);
    expect(await runLog.getByRole('progressbar').count()).toBe(1);
    expect(await runLog.getByRole('list', { name: /log/ }).locator('li').count()).toBeGreaterThan(1);
    await expect.poll(() => statValue(page, 'Staging teams')).toBe(32);
    const teamsCard = card(page, 'Teams Comparison');
    await expect.poll(() => sectionCount(teamsCard, 'new')).toBe(32);
    expect(await sectionCount(teamsCard, 'unchanged')).toBe(0);
    await teamsCard.getByRole('button', { name: /New/ }).click();
    await teamsCard.getByText('Philadelphia Eagles').waitFor();
    expect(await push.isDisabled()).toBe(true); // still no games

    // Games: the Games sub-tab opens, and DAL at PHI (final 20-24) is among the new games.
    await page.getByRole('button', { name: 'Import Games' }).click();
    await toast(page, 'Games Import Successful').waitFor();
    await runLog.getByText('Complete', { exact: true }).waitFor();
    expect(await runLog.getByTestId('run-progress').textContent()).toMatch(/(\d+) \/ \1 \(100%\)/);
    const stagedGames = await statValue(page, 'Staging games');
    expect(stagedGames).toBeGreaterThan(16);
    const gamesCard = card(page, 'Games Comparison');
    await expect.poll(() => sectionCount(gamesCard, 'new')).toBe(stagedGames);
    await gamesCard.getByRole('button', { name: /New/ }).click();
    await gamesCard.getByText('DAL @ PHI').first().waitFor();
    expect(await gamesCard.getByText('20-24').count()).toBeGreaterThan(0);

    // Validation: an overall status with the matching advice, and the seven checks.
    await page.getByRole('button', { name: 'Validate Data' }).click();
    const status = page.getByTestId('validation-status');
    await status.waitFor();
    const overall = (await status.textContent())?.trim();
    expect(['PASSED', 'WARNINGS', 'FAILED']).toContain(overall);
    const advice = { PASSED: /passed/i, WARNINGS: /review the issues/i, FAILED: /critical issues/i }[overall as 'PASSED'];
    expect(await page.getByTestId('validation-report').textContent()).toMatch(advice);
    expect(await page.getByTestId('validation-report').locator('[data-testid^="check-"]').count()).toBe(7);

    // Push: teams then games (server-sent events); the games now match production.
    expect(await push.isDisabled()).toBe(false);
    await push.click();
    await toast(page, 'Games Migration Completed').waitFor({ timeout: 30_000 });
    const results = page.getByTestId('migration-results');
    await results.getByRole('region', { name: 'Teams migration' }).waitFor();
    await results.getByRole('region', { name: 'Games migration' }).waitFor();
    await page.getByRole('tab', { name: 'Games' }).click();
    await expect.poll(() => sectionCount(card(page, 'Games Comparison'), 'unchanged')).toBe(stagedGames);
    expect(await sectionCount(card(page, 'Games Comparison'), 'new')).toBe(0);
    await page.getByRole('tab', { name: 'Teams' }).click();
    await expect.poll(() => sectionCount(card(page, 'Teams Comparison'), 'unchanged')).toBe(32);

    // Venues: import, stats, and a gallery with a photo or a tidy fallback, never a broken image.
    const askedImages = await stubExternalImages(page, e2e.url);
    // Photos load lazily: a tall window puts the whole gallery in view so every one is fetched.
    await page.setViewportSize({ width: 1280, height: 8000 });
    await page.getByRole('tab', { name: 'Venues' }).click();
    await page.getByRole('button', { name: 'Import Venues' }).click();
    await toast(page, 'Venue Import Complete').waitFor({ timeout: 30_000 });
    await expect.poll(() => statValue(page, 'Total venues')).toBeGreaterThan(0);
    const cards = page.getByTestId('venue-card');
    await cards.first().waitFor();
    const cardCount = await cards.count();
    expect(cardCount).toBe(await statValue(page, 'Total venues'));
    // Every slot settles to a loaded photo or the fallback (icon + venue name).
    await expect
      .poll(async () => {
        const images = await page.getByTestId('venue-image').evaluateAll((imgs) =>
          imgs.map((img) => {
            const image = img as unknown as { complete: boolean; naturalWidth: number };
            return image.complete && image.naturalWidth > 0;
          }),
        );
        return images.every(Boolean) && images.length + (await page.getByTestId('venue-image-fallback').count()) === cardCount * 2;
      })
      .toBe(true);
    const fallback = page.getByTestId('venue-image-fallback').first();
    const firstName = await cards.first().getByRole('heading').textContent();
    expect(firstName).toBeTruthy();
    if (askedImages.length > 0) {
      expect(await page.getByTestId('venue-image').count()).toBe(1);
    }
    expect(await page.getByTestId('venue-image-fallback').count()).toBeGreaterThan(0);
    expect(await fallback.getAttribute('aria-label')).toMatch(/: no image$/);
  });

  it('should clear staging after confirmation, then refuse games before teams with the server message, when the super admin does it in that order', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.admin);
    // The refusal is a 409 on purpose: Chromium logs every non-OK load.
    e2e.allowConsoleErrors((message) => /status of 409/.test(message.text()) && message.location().url.includes('/import-games/'));
    await page.goto('/site-admin?tab=staging');
    await page.getByTestId('staging-counts').waitFor();

    // Cancel keeps staging; confirming clears it (the previous test staged a season).
    await page.getByRole('button', { name: 'Clear Staging' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Clear Staging' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clear Staging Data' }).click();
    await toast(page, 'Staging Data Cleared').waitFor();
    await page.getByText('No staging teams yet. Import teams to begin.').waitFor();
    await expect.poll(() => statValue(page, 'Staging teams')).toBe(0);
    expect(await page.getByRole('button', { name: 'Push to Production' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Import Games' }).click();
    const failed = toast(page, 'Import Failed');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Import teams before games');
    await page.getByTestId('run-log').getByText('Failed', { exact: true }).waitFor();
  });

  it('should show the games comparison error with Try Again, then the data, when the comparison fails until retried', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.admin);
    e2e.allowConsoleErrors((message) => /status of 500/.test(message.text()) && message.location().url.includes('/games-diff/'));
    let failing = true;
    await page.route('**/api/admin/unified-staging/games-diff/1', (route) => {
      if (failing) return route.fulfill({ status: 500, json: { error: 'internal', message: 'Something went wrong' } });
      return route.fallback();
    });
    await page.goto('/site-admin?tab=staging');
    await page.getByRole('tab', { name: 'Games' }).click();

    const games = card(page, 'Games Comparison');
    await games.getByText('Unable to load games comparison data').waitFor();
    failing = false;
    await games.getByRole('button', { name: 'Try Again' }).click();
    await games.getByText('No staging games yet. Import teams, then games, to begin.').waitFor();
    expect(await games.getByText('Unable to load games comparison data').count()).toBe(0);
  });

  it('should lay out the staging tab without horizontal scrolling when the screen is 375 px wide', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.admin, { viewport: PHONE });
    await page.goto('/site-admin');
    await page.getByRole('button', { name: 'Import Teams' }).waitFor();
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBe(0);
  });

  it('should toast Unauthorized and go to the login endpoint, and the server should answer 403, when a player opens /site-admin', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player);
    const toasts = await watchToasts(page);
    const login = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login');
    const started = Date.now();
    await page.goto('/site-admin');

    await login;
    await expect.poll(() => toasts.seen()).toContain('Unauthorized Super admin access required. Redirecting...');
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(await page.getByRole('button', { name: 'Import Teams' }).count()).toBe(0);

    // The browser check is not the only one: the service refuses the player too.
    const reply = await page.request.get('/api/admin/unified-staging/teams/1');
    expect(reply.status()).toBe(403);
    expect(await reply.json()).toMatchObject({ error: 'forbidden' });
  });
});
