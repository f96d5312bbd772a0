import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason } from '@powerpool/testing';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS } from './support/sign-in.js';

/** Every score of the game results list, in order ("7-10|3-0|..."), to see the games move. */
async function scores(page: Page): Promise<string> {
  const games = page.getByTestId('live-game');
  const texts: string[] = [];
  for (let i = 0; i < (await games.count()); i += 1) {
    const game = games.nth(i);
    texts.push(`${await game.getByTestId('live-game-away-score').innerText()}-${await game.getByTestId('live-game-home-score').innerText()}`);
  }
  return texts.join('|');
}

/**
 * /live-leaderboard-demo (docs/screens.md#demo-leaderboard): the sample data shown with
 * the live leaderboard's own components, moving like a live game day, for a signed-in player.
 */
describe.skipIf(chromiumUnavailableReason())('the live leaderboard demo', () => {
  const e2e = setupE2e();

  it('should show the banner, a pool in week 1 GAMES_IN_PROGRESS, Jump to Week, the status bar, the 600 px leaderboard and the games with venues and spreads, moving without a reload', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player);
    await page.goto('/live-leaderboard-demo');
    await page.getByRole('heading', { name: 'Live Leaderboard Demo', level: 1 }).waitFor();

    expect(await page.getByTestId('demo-banner').innerText()).toContain('403 errors are expected for weeks not yet live');
    const heading = page.getByTestId('live-heading');
    expect(await heading.innerText()).toContain('Demo Pool');
    expect(await heading.innerText()).toContain('Week 1');
    expect(await page.getByTestId('live-state').innerText()).toBe('GAMES_IN_PROGRESS');
    expect(await page.getByLabel('Jump to Week').inputValue()).toBe('1');
    expect(await page.getByTestId('live-status-bar').innerText()).toMatch(/Live: \d+ games? in progress/);

    // The leaderboard: 600 px tall, with season totals and each player's picks.
    const table = page.getByTestId('live-table');
    expect((await table.boundingBox())?.height).toBe(600);
    await table.getByRole('heading', { name: 'Live Leaderboard - Week 1' }).waitFor();
    await table.getByRole('columnheader', { name: /Season Pts/ }).waitFor();
    expect(await table.getByText('Alex Morgan').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('showing-text').innerText()).toBe('Showing 1-12 of 12 users');

    // The game results: six games, each with its spread and venue.
    const games = page.getByTestId('live-game');
    expect(await games.count()).toBe(6);
    expect(await page.getByTestId('live-game-spread').allInnerTexts()).toContain("Spread: Pick'em");
    expect(await page.getByTestId('live-game-spread').first().innerText()).toBe('Spread: PHI by 7 (-7)');
    expect(await page.getByTestId('live-game-venue').first().innerText()).toBe('Lincoln Financial Field, Philadelphia, PA');

    // The day moves: scores change with no reload (the simulation ticks every few seconds).
    const url = page.url();
    const before = await scores(page);
    await expect.poll(() => scores(page), { timeout: 45_000, interval: 1_000 }).not.toBe(before);
    expect(page.url()).toBe(url);

    // Another week is not live yet: what the 403 of a week before its deadline shows.
    await page.getByLabel('Jump to Week').selectOption('2');
    await page.getByTestId('picks-not-available').getByText('Pick Data Coming Soon').waitFor();
  });
});
