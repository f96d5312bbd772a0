import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason } from '@powerpool/testing';
import { DESKTOP, PHONE, setupE2e } from './support/e2e.js';
import { ACCOUNTS, toast, watchToasts } from './support/sign-in.js';
import { pushSeasonToProduction } from './support/sports.js';

/**
 * Manage Weeks (docs/screens.md#week-management) in the browser against the real weeks-workflow service, one story in
 * order (the tests share the embedded app's state): the super admin puts the bundled 2025 season
 * into production, its dates shifted so week 1 is a few days ahead; a commissioner sets a spread
 * on week 1 (after a refused entry), publishes one game and sees the deadline countdown; the
 * Testing tab of /admin walks the week to COMPLETE and /weeks/1 shows the result; a player is
 * refused the screens and their API.
 *
 * Only the opener DAL @ PHI is published: the week-1 recording has it final (DAL 20, PHI 24) and
 * every other game scheduled, and SCORING needs every published game final.
 */

const OPENER = 'Dallas Cowboys at Philadelphia Eagles';
const POOL_NAME = 'E2E Weeks Pool';

/** The step of the week's progress tracker marked current ("Setup", "Published", ...). */
async function currentStep(page: Page): Promise<string> {
  const step = page.getByRole('navigation', { name: 'Week progress' }).locator('li[aria-current="step"]');
  return ((await step.textContent()) ?? '').replace(/\(current step\)/, '').trim();
}

/** The row (desktop table) of a game on a week page, by its matchup's full names. */
function gameRow(page: Page, testId: 'setup-game-row' | 'week-game-row', matchup: string): Locator {
  return page.getByTestId(testId).filter({ hasText: matchup });
}

/**
 * Only one layout of the games is in the DOM, the one that fits (docs/screens.md#main-thread-time): the table at 1280 px,
 * the cards at 375 px. Both at once, one hidden with CSS, gave SETUP's 16 games 1,519 elements.
 * Leaves the page at 1280 px.
 */
async function expectOneGamesLayout(page: Page, testId: 'setup-game' | 'week-game', games: number): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const [shown, absent] = viewport === DESKTOP ? [`${testId}-row`, `${testId}-card`] : [`${testId}-card`, `${testId}-row`];
    await expect.poll(() => page.getByTestId(shown).count(), { message: `${shown} at ${viewport.width} px` }).toBe(games);
    expect(await page.getByTestId(absent).count(), `${absent} at ${viewport.width} px`).toBe(0);
    const elements = await page.evaluate<number>('document.querySelectorAll("*").length');
    console.info(`[e2e] Manage Weeks (${testId}, ${games} games) at ${viewport.width} px: ${elements} DOM elements`);
  }
}

/** Matches a request by method and the end of its path (for waitForResponse and request listeners). */
function isCall(method: string, suffix: string): (url: URL, requestMethod: string) => boolean {
  return (url, requestMethod) => requestMethod === method && url.pathname.endsWith(suffix);
}

describe.skipIf(chromiumUnavailableReason())('manage weeks', () => {
  // 'auto': the 2025 opener 2-8 days ahead, so week 1 is the current week and can be published.
  const e2e = setupE2e({ espnReplay: { dateShiftDays: 'auto' } });
  let poolId = '';

  it('should refuse an invalid spread, save a valid one and publish the opener with a countdown when a commissioner sets up week 1', async () => {
    await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
    const page = await e2e.signedInPage(ACCOUNTS.commissioner);
    const created = await page.request.post('/api/pools', { data: { name: POOL_NAME } });
    expect(created.status()).toBe(201);
    poolId = ((await created.json()) as { id: string; year: number }).id;

    // Manage Weeks goes to the current week of the commissioner's pool: week 1, in SETUP.
    await page.goto('/weeks/current');
    await page.waitForURL((url) => url.pathname === '/weeks/1');
    await page.getByRole('heading', { name: 'Week 1', level: 1 }).waitFor();
    await page.getByText(`${POOL_NAME} (2025)`).waitFor();
    const opener = gameRow(page, 'setup-game-row', OPENER);
    await opener.waitFor();
    expect(await currentStep(page)).toMatch(/^1?\s*Setup/);
    expect(await page.getByTestId('setup-game-row').count()).toBe(16);
    expect(await page.getByTestId('selection-summary').textContent()).toBe('0 of 16 games selected');
    expect(await page.getByRole('button', { name: 'Publish Selected (0)' }).isDisabled()).toBe(true);

    await expectOneGamesLayout(page, 'setup-game', 16);

    // Not a spread (quarter points): refused in the page, nothing sent, the field emptied again.
    const spreadCalls: string[] = [];
    page.on('request', (request) => {
      if (isCall('PUT', '/spreads/401772510')(new URL(request.url()), request.method())) spreadCalls.push(request.postData() ?? '');
    });
    const field = opener.getByTestId('spread-input');
    await field.fill('1.25');
    await field.press('Enter');
    const invalid = toast(page, 'Invalid Spread');
    await invalid.waitFor();
    expect(await invalid.textContent()).toContain('Spreads move in steps of 0.5, from -50 to +50.');
    expect(await field.inputValue()).toBe('');
    expect(spreadCalls).toEqual([]);

    // A real spread is saved: PHI (home) favoured by 3.5.
    const saved = page.waitForResponse((r) => isCall('PUT', '/spreads/401772510')(new URL(r.url()), r.request().method()));
    await field.fill('-3.5');
    await field.press('Enter');
    expect((await saved).status()).toBe(200);
    expect(spreadCalls.map((body) => JSON.parse(body) as unknown)).toEqual([{ spread: -3.5 }]);
    await opener.getByText('PHI by 3.5 · Pool spread').waitFor();
    expect(await field.inputValue()).toBe('-3.5');

    // Choose the opener only: the deadline preview is 10 minutes before its kickoff, still ahead.
    await opener.getByRole('checkbox', { name: 'Select DAL @ PHI' }).check();
    expect(await page.getByTestId('selection-summary').textContent()).toBe('1 of 16 games selected');
    expect(await page.getByTestId('deadline-preview').textContent()).toMatch(/^Picks will close /);
    expect(await page.getByTestId('deadline-preview').textContent()).not.toContain('has passed');

    const published = page.waitForResponse((r) => isCall('POST', '/weeks/1/games/publish')(new URL(r.url()), r.request().method()));
    await page.getByRole('button', { name: 'Publish Selected (1)' }).click();
    expect((await published).status()).toBe(200);
    expect((await published).request().postDataJSON()).toEqual({ gameIds: ['401772510'] });
    await toast(page, 'Success').filter({ hasText: 'Transitioned to PUBLISHED state' }).waitFor();

    // PUBLISHED: the deadline with a running countdown, Start Games waiting for it, the locked game.
    await expect.poll(() => currentStep(page)).toMatch(/Published/);
    const countdown = page.getByTestId('countdown');
    await countdown.waitFor();
    const label = await countdown.getAttribute('aria-label');
    expect(label).toMatch(/^Picks close in (\d+d )?(\d+h )?\d+m \d+s$/);
    await expect.poll(() => countdown.getAttribute('aria-label'), { timeout: 5_000 }).not.toBe(label);
    expect(await page.getByTestId('deadline').textContent()).toMatch(/Picks deadline: .+ C[SD]T/);
    expect(await page.getByRole('button', { name: 'Start Games' }).isDisabled()).toBe(true);
    await page.getByText('1 game published', { exact: true }).waitFor();
    const locked = gameRow(page, 'week-game-row', OPENER);
    await locked.getByText('PHI by 3.5 · Locked').waitFor();
    expect(await page.getByTestId('week-game-row').count()).toBe(1);
    await expectOneGamesLayout(page, 'week-game', 1);
  });

  it('should move the week through GAMES_IN_PROGRESS, SCORING and COMPLETE on the Testing tab, then show the final result on /weeks/1', async () => {
    expect(poolId, 'the first test creates the pool').not.toBe('');
    const page = await e2e.signedInPage(ACCOUNTS.commissioner);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Testing' }).click();

    const week = page.getByTestId('testing-week');
    const state = week.getByTestId('testing-state');
    await state.waitFor();
    expect(
      await page
        .getByTestId('testing-weeks')
        .getByRole('button', { name: /^Week 1/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await state.textContent()).toBe('PUBLISHED');

    const steps = [
      ['Move to Games In Progress', 'GAMES_IN_PROGRESS'],
      ['Move to Scoring', 'SCORING'],
      ['Move to Complete', 'COMPLETE'],
    ] as const;
    for (const [button, reached] of steps) {
      const moved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.includes('/weeks/1/transition/'));
      await week.getByRole('button', { name: button }).click();
      expect((await moved).status(), `${button}: ${await (await moved).text()}`).toBe(200);
      expect((await moved).request().postDataJSON()).toEqual({ testing: true });
      await toast(page, 'Success')
        .filter({ hasText: `Transitioned to ${reached} state` })
        .waitFor();
      await expect.poll(() => state.textContent()).toBe(reached);
    }
    await week.getByTestId('no-transitions').waitFor();
    const recorded = week.getByTestId('transition-list').locator('li');
    await expect.poll(() => recorded.count()).toBe(4);
    expect((await recorded.allTextContents()).map((text) => text.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^SETUP ?to ?PUBLISHED ?Manual/),
      expect.stringMatching(/^PUBLISHED ?to ?GAMES_IN_PROGRESS ?Testing/),
      expect.stringMatching(/^GAMES_IN_PROGRESS ?to ?SCORING ?Testing/),
      expect.stringMatching(/^SCORING ?to ?COMPLETE ?Testing/),
    ]);

    // The week page: COMPLETE, its counts, and the opener's result against the locked spread.
    await week.getByRole('link', { name: 'Open Week Management' }).click();
    await page.waitForURL((url) => url.pathname === '/weeks/1');
    await page.getByRole('heading', { name: 'Final Results' }).waitFor();
    expect(await currentStep(page)).toMatch(/Complete/);
    const stats = page.getByTestId('week-stats');
    expect((await stats.textContent())?.replace(/\s+/g, '')).toBe('Games1CompletedGames1VoidGames0');
    const result = gameRow(page, 'week-game-row', OPENER);
    expect(await result.getByLabel('DAL @ PHI: 20 - 24').textContent()).toBe('20 - 24');
    await result.getByText('PHI by 3.5 · Locked').waitFor();
    // PHI won by 4 with 3.5 to give: PHI covers.
    expect(await result.getByTestId('cover-result').textContent()).toBe('PHI covers');
    expect(await page.getByRole('button', { name: /Complete Week|Move to Scoring Phase|Start Games|Publish Selected/ }).count()).toBe(0);
  });

  it("should refuse a player the week's writes in the service and the week screens in the browser", async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player);

    // The service refuses the writes whatever the browser shows.
    const writes = [
      page.request.put(`/api/pools/${poolId}/spreads/401772714`, { data: { spread: 1 } }),
      page.request.post(`/api/pools/${poolId}/weeks/1/games/publish`, { data: { gameIds: ['401772714'] } }),
      page.request.post(`/api/pools/${poolId}/weeks/1/transition/scoring`, { data: { testing: true } }),
    ];
    for (const reply of await Promise.all(writes)) {
      expect(reply.status(), `${reply.url()}: ${await reply.text()}`).toBe(403);
      expect(await reply.json()).toMatchObject({ error: 'forbidden' });
    }

    // The screens: the guard's toast, then sign-in again; never a week's controls.
    const toasts = await watchToasts(page);
    const login = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login');
    await page.goto('/weeks/1');
    await login;
    await expect.poll(() => toasts.seen()).toContain('Unauthorized Pool commissioner access required. Redirecting...');
    expect(await page.getByRole('button', { name: /Publish Selected|Download Spreads/ }).count()).toBe(0);
  });
});
