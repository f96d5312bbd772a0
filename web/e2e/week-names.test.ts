import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason, WILD_CARD_WEEK } from '@powerpool/testing';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS, toast } from './support/sign-in.js';
import { publishWildCardPool } from './support/wild-card.js';
import { pushSeasonToProduction } from './support/sports.js';

/**
 * How the screens name a postseason week, and which weeks the week selectors list
 * (docs/week.md#week-numbers), in the browser against the real services, one story in order.
 *
 * The replay plays the 2025 Wild Card round a day ahead; a commissioner's pool that plays the
 * regular season and the postseason (no preseason) publishes it. The texts the product fixes keep
 * the number ("Picks for Week 19 have been saved", "Live Leaderboard - Week 19"); every other place
 * names the round beside it, "Wild Card (Week 19)". The production season has preseason weeks; the
 * pool's Jump to Week and Quick Jump list none of them.
 */

const POOL_NAME = 'E2E Week Names Pool';
const TITLE = 'Wild Card (Week 19)';

const card = (page: Page, gameId: string) => page.locator(`[data-testid="game-card"][data-game-id="${gameId}"]`);

/** The option groups of a week selector, and the week numbers each lists. */
async function selectorWeeks(select: Locator): Promise<Array<[string, number[]]>> {
  return select.evaluate((el) =>
    [...el.querySelectorAll('optgroup')].map((group): [string, number[]] => [
      group.label,
      [...group.querySelectorAll('option')].map((option) => Number(option.value)),
    ]),
  );
}

describe.skipIf(chromiumUnavailableReason())('week names and the weeks a pool plays', () => {
  const e2e = setupE2e({ espnReplay: { gameDay: { minutes: 1.5, kickoffInMinutes: 24 * 60 } } });
  let poolId = '';
  /** The week numbers of the pool's season that are in its parts (regular season, postseason), in order. */
  let poolWeeks: number[] = [];

  it('should name the Wild Card round with its number on Make Picks and keep the saved text by number', async () => {
    const admin = await e2e.signedInPage(ACCOUNTS.admin);
    await pushSeasonToProduction(admin, 2025);
    const season = (await (await admin.request.get('/api/weeks?year=2025')).json()) as Array<{ weekNumber: number }>;
    // The production season has preseason weeks: a pool without preseason must not list them.
    expect(season.some((w) => w.weekNumber < 0)).toBe(true);
    poolWeeks = season.map((w) => w.weekNumber).filter((n) => n > 0);

    const published = await publishWildCardPool(e2e, POOL_NAME, [ACCOUNTS.player]);
    poolId = published.poolId;
    const player = published.members[0]!;
    await player.goto('/');
    await player.getByRole('heading', { name: 'Make Picks', level: 1 }).waitFor();
    await player.getByRole('heading', { name: TITLE, level: 2 }).waitFor();
    await expect.poll(() => player.getByTestId('game-card').count(), { timeout: 15_000 }).toBe(4);

    // Three picks saved: the fixed text names the week by its number, beside the round's title.
    for (const [gameId, rank, team] of [
      ['401772979', '3pt', 'Carolina Panthers'],
      ['401772981', '2pt', 'Chicago Bears'],
      ['401772977', '1pt', 'Buffalo Bills'],
    ] as const) {
      await card(player, gameId).getByRole('button', { name: rank, exact: true }).click();
      await card(player, gameId).getByTestId('team-row').filter({ hasText: team }).click();
    }
    await player.getByTestId('picks-button').click();
    await toast(player, 'Success').filter({ hasText: 'Picks for Week 19 have been saved' }).waitFor();
    await player.getByTestId('picks-saved').getByText('Picks for Week 19 have been saved').waitFor();
    await player.getByRole('heading', { name: TITLE, level: 2 }).waitFor();
  });

  it('should title the live leaderboard with the round and list only the weeks the pool plays in Jump to Week', async () => {
    expect(poolId, 'the first test creates the pool').not.toBe('');
    const player = await e2e.signedInPage(ACCOUNTS.player);
    // Before the deadline: "Pick Data Coming Soon" (the board's 403, expected), and Jump to Week from the pool's weeks.
    e2e.allowConsoleErrors((message) => message.text().includes('status of 403') && message.location().url.includes('/live-leaderboard'));
    await player.goto(`/live-leaderboard/${poolId}/${WILD_CARD_WEEK}`);
    await player.getByTestId('picks-not-available').waitFor();
    await player.getByTestId('live-heading').getByText(TITLE, { exact: true }).waitFor();
    const jump = player.getByTestId('jump-to-week');
    await expect.poll(() => jump.isEnabled()).toBe(true);
    expect(await selectorWeeks(jump)).toEqual([
      ['Regular Season', poolWeeks.filter((n) => n <= 18)],
      ['Postseason', poolWeeks.filter((n) => n > 18)],
    ]);
    expect(await jump.locator(`option[value="${WILD_CARD_WEEK}"]`).textContent()).toBe(TITLE);

    // Games start (the Testing tool): the board, its fixed table title by number, the heading by round.
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    const started = await commissioner.request.post(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/transition/games-in-progress`, { data: { testing: true } });
    expect(started.status(), await started.text()).toBe(200);
    await expect
      .poll(async () => (await player.request.get(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/live-leaderboard`)).status(), { timeout: 10_000 })
      .toBe(200);
    await player.reload();
    await player.getByText('Live Leaderboard - Week 19', { exact: true }).waitFor();
    await player.getByTestId('live-heading').getByText(TITLE, { exact: true }).waitFor();
    expect((await selectorWeeks(player.getByTestId('jump-to-week'))).flatMap(([, weeks]) => weeks).some((n) => n < 0)).toBe(false);
    expect(await player.title()).toContain(TITLE);
  });

  it("should title Manage Weeks with the round and list only the pool's weeks in Quick Jump", async () => {
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    await commissioner.goto(`/weeks/${WILD_CARD_WEEK}?pool=${poolId}`);
    await commissioner.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const quickJump = commissioner.getByTestId('quick-jump');
    await expect.poll(() => quickJump.isEnabled()).toBe(true);
    expect(await selectorWeeks(quickJump)).toEqual([
      ['Regular Season', poolWeeks.filter((n) => n <= 18)],
      ['Postseason', poolWeeks.filter((n) => n > 18)],
    ]);
  });
});
