import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PICK_MESSAGES } from '@powerpool/contracts';
import { chromiumUnavailableReason, WILD_CARD_SPREADS } from '@powerpool/testing';
import { describeViolations, runAxe } from './support/axe.js';
import { DESKTOP, setupE2e } from './support/e2e.js';
import { ACCOUNTS, toast } from './support/sign-in.js';
import { publishWildCardPool } from './support/wild-card.js';
import { pushSeasonToProduction } from './support/sports.js';

/**
 * The weekly tiebreaker on Make Picks (docs/game.md#weekly-winners), in the browser through the real
 * sign-in: a pool created with the tiebreaker publishes the Wild Card week, the last game by kickoff
 * is marked, and the player's prediction is required with the picks (the field, before Save Picks, says
 * so and takes the focus), saved with them and read back.
 */

const card = (page: Page, gameId: string) => page.locator(`[data-testid="game-card"][data-game-id="${gameId}"]`);
const rankButton = (page: Page, gameId: string, label: '3pt' | '2pt' | '1pt') => card(page, gameId).getByRole('button', { name: label, exact: true });

describe.skipIf(chromiumUnavailableReason())('the weekly tiebreaker on Make Picks', () => {
  const e2e = setupE2e({
    espnReplay: { gameDay: { minutes: 1.5, kickoffInMinutes: 24 * 60 } },
    liveFeed: { intervalMs: 500, idleIntervalMs: 1_000 },
  });
  let poolId = '';
  let tiebreakerGameId = '';

  it('should mark the tiebreaker game, require the prediction with the picks, save it and show it again when the pool uses a tiebreaker', async () => {
    await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
    const published = await publishWildCardPool(e2e, 'E2E Tiebreaker Pool', [ACCOUNTS.player, ACCOUNTS.player2], WILD_CARD_SPREADS, {
      weeklyTiebreaker: 'last_game_total',
    });
    const games = (await (await published.commissioner.request.get(`/api/pools/${published.poolId}/weeks/19/games/published`)).json()) as Array<{
      id: string;
      gameName: string;
      gameTimeUtc: string;
      isTiebreaker: boolean;
    }>;
    const last = [...games].sort((a, b) => a.gameTimeUtc.localeCompare(b.gameTimeUtc) || a.id.localeCompare(b.id)).at(-1)!;
    expect(games.filter((g) => g.isTiebreaker).map((g) => g.id)).toEqual([last.id]);
    const [a, b, c] = games.filter((g) => g.id !== last.id) as [(typeof games)[0], (typeof games)[0], (typeof games)[0]];

    poolId = published.poolId;
    tiebreakerGameId = last.id;
    const player = published.members[0]!;
    await player.goto('/');
    await expect.poll(() => player.getByTestId('game-card').count(), { timeout: 15_000 }).toBe(4);
    // The tiebreaker game is marked on its card, and only there.
    expect(await player.getByTestId('tiebreaker-game').count()).toBe(1);
    expect(await card(player, last.id).getByTestId('tiebreaker-game').textContent()).toBe('Tiebreaker');
    const input = player.getByTestId('tiebreaker-input');
    expect(await player.getByTestId('tiebreaker').textContent()).toContain(last.gameName);

    // The field comes with the picks, before the button that saves it with them (document order).
    const button = player.getByTestId('picks-button');
    expect(
      await input.evaluate((field) => ((field.ownerDocument.querySelector('[data-testid="picks-button"]')?.compareDocumentPosition(field) ?? 0) & 2) === 2),
    ).toBe(true);

    // Three confidence picks (the first team of each card), no prediction.
    for (const [game, rank] of [
      [a, '3pt'],
      [b, '2pt'],
      [c, '1pt'],
    ] as const) {
      await rankButton(player, game.id, rank).click();
      await card(player, game.id).getByTestId('team-row').first().click();
    }
    // Save Picks, at a desktop's width and a phone's, from the top of the page: refused on the field
    // itself (nothing sent): marked, its error under it and read with it, focused and in view.
    const posted: string[] = [];
    player.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/picks/batch') posted.push(request.url());
    });
    const error = player.getByTestId('tiebreaker-error');
    for (const viewport of [DESKTOP, { width: 390, height: 844 }]) {
      await player.setViewportSize(viewport);
      await player.evaluate('window.scrollTo(0, 0)');
      await button.click();
      await expect.poll(() => input.getAttribute('aria-invalid'), { message: `${viewport.width} px` }).toBe('true');
      expect(await error.textContent()).toBe(PICK_MESSAGES.tiebreakerRequired(last.gameName));
      expect(await error.isVisible()).toBe(true);
      expect((await input.getAttribute('aria-describedby'))?.split(' ')).toContain(await error.getAttribute('id'));
      expect(await input.evaluate((field) => field === field.ownerDocument.activeElement), `${viewport.width} px`).toBe(true);
      // In view and not under the top bar or the tab bar: the element at the field's centre is the field.
      const onTop = await input.evaluate((field) => {
        const box = field.getBoundingClientRect();
        return field.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === field;
      });
      expect(onTop, `${viewport.width} px`).toBe(true);
      // Typing clears the mark; emptied again for the next width.
      await input.fill('4');
      expect(await input.getAttribute('aria-invalid')).toBeNull();
      expect(await error.count()).toBe(0);
      await input.fill('');
    }
    expect(posted).toEqual([]);
    await player.setViewportSize(DESKTOP);

    // With the prediction: saved with the picks, in the same request.
    await input.fill('47');
    const saved = player.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/picks/batch');
    await button.click();
    expect((await saved).status()).toBe(200);
    expect((await saved).request().postDataJSON()).toMatchObject({ tiebreaker: 47 });
    await player.getByTestId('picks-saved').waitFor();
    expect(await input.isDisabled()).toBe(true);

    // Read back on a fresh load.
    await player.reload();
    await expect.poll(() => player.getByTestId('tiebreaker-input').inputValue(), { timeout: 15_000 }).toBe('47');
  });

  it('should show the predictions and the week winner badge on the live leaderboard once the week is scored, and the week won in the season details once complete', async () => {
    expect(poolId, 'the first test creates the pool').not.toBe('');
    // Casey makes the same picks as Pat (the same points), predicting 0: the tiebreaker decides.
    const pat = await e2e.signedInPage(ACCOUNTS.player);
    const casey = await e2e.signedInPage(ACCOUNTS.player2);
    const patPicks = (await (await pat.request.get(`/api/weeks/2025:19/picks?poolId=${poolId}`)).json()) as Array<{
      poolGameId: string;
      gameId: string;
      selectedTeamEspnId: string;
      confidenceRank: number;
      isPowerPick: boolean;
    }>;
    const picks = patPicks.map((p) => ({
      poolId,
      poolGameId: p.poolGameId,
      gameEspnCompetitionId: p.gameId,
      selectedTeamEspnId: p.selectedTeamEspnId,
      confidenceRank: p.confidenceRank,
      isPowerPick: p.isPowerPick,
      weekNumber: 19,
    }));
    const saved = await casey.request.post('/api/picks/batch', { data: { weekId: '2025:19', picks, tiebreaker: 0 } });
    expect(saved.status(), await saved.text()).toBe(200);

    // The round is played to its finals; the week is started and moved to SCORING (the Testing tool).
    e2e.embedded.replay!.gameDay.start({ kickoffInSeconds: -10 * 60 });
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    type Published = { id: string; isComplete: boolean; homeScore: number | null; awayScore: number | null };
    const publishedGames = async () => (await (await commissioner.request.get(`/api/pools/${poolId}/weeks/19/games/published`)).json()) as Published[];
    await expect.poll(async () => (await publishedGames()).filter((g) => g.isComplete).length, { timeout: 60_000, interval: 1_000 }).toBe(4);
    const final = (await publishedGames()).find((g) => g.id === tiebreakerGameId)!;
    const total = final.homeScore! + final.awayScore!;
    const winner = Math.abs(47 - total) < Math.abs(0 - total) ? 'Pat Player' : Math.abs(47 - total) > total ? 'Casey Second' : null;
    for (const target of ['games-in-progress', 'scoring'])
      expect((await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/${target}`, { data: { testing: true } })).status()).toBe(200);

    await pat.goto(`/live-leaderboard/${poolId}/19`);
    const rows = pat.getByTestId('live-standing-row');
    await expect.poll(() => pat.getByTestId('week-winner').count(), { timeout: 15_000 }).toBe(winner ? 1 : 2);
    const rowOf = (name: string) => rows.filter({ hasText: name });
    expect(await rowOf('Pat Player').getByTestId('tiebreaker-cell').textContent()).toBe('47');
    expect(await rowOf('Casey Second').getByTestId('tiebreaker-cell').textContent()).toBe('0');
    if (winner) expect(await rowOf(winner).getByTestId('week-winner').textContent()).toBe(PICK_MESSAGES.weekWinner);
    // Above the predictions: the tiebreaker game's total, now that it is final (docs/game.md#weekly-winners).
    expect(await pat.getByTestId('tiebreaker-total').allTextContents()).toEqual([String(total)]);

    // The scoring review before Calculate: zeros, and no Week Winner beside them.
    await commissioner.goto(`/weeks/19?pool=${poolId}`);
    const reviewRows = commissioner.getByTestId('review-row');
    await expect.poll(() => reviewRows.filter({ hasText: 'Casey Second' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await commissioner.getByTestId('review-week-winner').count()).toBe(0);

    // Completed: the Season Leaderboard's weekly details count the week won.
    await expect.poll(async () => (await commissioner.request.post(`/api/pools/${poolId}/weeks/19/scores/calculate`)).status(), { timeout: 10_000 }).toBe(200);
    // Calculated: the review names the winner (both, on a tie).
    await commissioner.reload();
    await expect.poll(() => commissioner.getByTestId('review-week-winner').count(), { timeout: 15_000 }).toBe(winner ? 1 : 2);
    expect((await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/complete`, { data: { testing: true } })).status()).toBe(200);
    await expect
      .poll(async () => ((await (await pat.request.get(`/api/pools/${poolId}/completed-weeks`)).json()) as unknown[]).length, { timeout: 10_000 })
      .toBe(1);
    await pat.goto('/leaderboard');
    await pat.getByRole('heading', { name: 'Season Leaderboard', level: 1 }).waitFor();
    const patRow = pat.getByRole('row').filter({ hasText: 'Pat Player' });
    await patRow.click();
    const patWon = winner === 'Casey Second' ? 0 : 1;
    await expect.poll(async () => (await pat.getByTestId('weeks-won').textContent())?.replace(/\s+/g, ' '), { timeout: 10_000 }).toBe(`Weeks won: ${patWon}`);
  });

  it('should let the commissioner change the tiebreaker on Pool Management for the weeks published after it, the published week keeping its game', async () => {
    expect(poolId, 'the first test creates the pool').not.toBe('');
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    await commissioner.goto('/admin');
    const pool = commissioner.getByTestId('pool-selector').getByRole('combobox');
    if (await pool.count()) await pool.selectOption(poolId);
    const select = commissioner.getByTestId('weekly-tiebreaker-select');
    await expect.poll(() => select.inputValue(), { timeout: 15_000 }).toBe('last_game_total');

    // The toaster's code is held back, so the first toast shows in the plain stand-in: axe checks both.
    let releaseToaster = () => {};
    const toasterHeld = new Promise<void>((resolve) => (releaseToaster = resolve));
    await commissioner.route('**/assets/toaster-*.js', async (route) => {
      await toasterHeld;
      await route.continue();
    });
    const saved = commissioner.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/pools/${poolId}/weekly-tiebreaker`);
    await select.selectOption('none');
    expect((await saved).status()).toBe(200);
    expect(await (await saved).json()).toMatchObject({ id: poolId, weeklyTiebreaker: 'none' });
    const updated = toast(commissioner, 'Tiebreaker Updated');
    expect(await updated.textContent()).toContain('None (ties shared)');
    expect(describeViolations('the stand-in toast', await runAxe(commissioner))).toEqual([]);
    releaseToaster();
    await commissioner.locator('li[data-state="open"]').filter({ hasText: 'Tiebreaker Updated' }).waitFor();
    expect(await updated.textContent()).toContain('None (ties shared)');
    expect(describeViolations('the toast', await runAxe(commissioner))).toEqual([]);

    // Kept: a fresh load shows the new setting; the week published before it keeps its tiebreaker game.
    await commissioner.reload();
    if (await pool.count()) await pool.selectOption(poolId);
    await expect.poll(() => select.inputValue(), { timeout: 15_000 }).toBe('none');
    const games = (await (await commissioner.request.get(`/api/pools/${poolId}/weeks/19/games/published`)).json()) as Array<{
      id: string;
      isTiebreaker: boolean;
    }>;
    expect(games.filter((g) => g.isTiebreaker).map((g) => g.id)).toEqual([tiebreakerGameId]);
  });
});
