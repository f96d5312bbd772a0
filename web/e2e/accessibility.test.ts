import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason, WILD_CARD_PICKS, WILD_CARD_WEEK, wildCardBatch } from '@powerpool/testing';
import { describeViolations, runAxe } from './support/axe.js';
import { setupE2e } from './support/e2e.js';
import { blockTeamLogos, isBlockedImageError } from './support/images.js';
import { nextPaint, settle, THEMES, transitionsDone, useTheme } from './support/screens.js';
import { ACCOUNTS, LANDING_TAGLINE } from './support/sign-in.js';
import { pushSeasonToProduction } from './support/sports.js';
import { publishWildCardPool } from './support/wild-card.js';

/**
 * Accessibility (docs/screens.md#contrast): axe-core 4 finds nothing on the audited screens (the landing page, Make
 * Picks, the Season Leaderboard, Live Results, Pool Management, Manage Weeks, the demo board and
 * /api/docs), at 375 and 1280 px, in the light and the dark theme, with data in place: the 2025
 * Wild Card week of the ESPN replay published with spreads, both dev players' picks (3/2/1 and a
 * power pick) saved, then the round played (live scores and clocks), then scored and completed (the
 * season standings). Make Picks is checked once more with the team logos unavailable: the
 * abbreviations on the teams' colours are what a person reads then. A failure lists every
 * violation: screen, width, theme, rule, and the elements with axe's reason (for contrast, the
 * colours and the ratio). bench/audit.ts reports the Lighthouse scores of the same screens.
 */

/** The replayed round lasts a day; one game 0.4 of it (the replay's game-day mode, see phone-widths.test.ts). */
const ROUND_MINUTES = 1_440;
const GAME_MS = 0.4 * ROUND_MINUTES * 60_000;
const WIDTHS = [375, 1280] as const;
const HEIGHT = { 375: 812, 1280: 800 } as const;

describe.skipIf(chromiumUnavailableReason())('accessibility: axe finds nothing', () => {
  const e2e = setupE2e({
    espnReplay: { gameDay: { minutes: ROUND_MINUTES, kickoffInMinutes: 24 * 60 } },
    liveFeed: { intervalMs: 500, idleIntervalMs: 1_000 },
  });

  it(
    'should report no axe violation on the audited screens at 375 and 1280 px in both themes, before, during and after the games',
    { timeout: 900_000 },
    async () => {
      const found: string[] = [];
      /**
       * Opens `url` at 375 px, waits for `ready`, and runs axe at each width and theme. `cssTheme`:
       * a page of the gateway's own (/api/docs) that follows the device's scheme by CSS alone, with
       * no class to wait for; its background must be the one given for the theme.
       */
      const audit = async (
        name: string,
        page: Page,
        url: string,
        ready: (page: Page) => Promise<void>,
        { cssTheme }: { cssTheme?: Record<(typeof THEMES)[number], string> } = {},
      ) => {
        await page.setViewportSize({ width: 375, height: HEIGHT[375] });
        await page.goto(url);
        await ready(page);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT[width] });
          for (const theme of THEMES) {
            if (cssTheme) {
              await page.emulateMedia({ colorScheme: theme });
              expect(await page.evaluate('getComputedStyle(document.body).backgroundColor'), `${name} (${theme})`).toBe(cssTheme[theme]);
            } else {
              await useTheme(page, theme);
            }
            await nextPaint(page);
            await transitionsDone(page);
            found.push(...describeViolations(`${name} at ${width} px (${theme})`, await runAxe(page)));
          }
        }
      };

      const admin = await e2e.signedInPage(ACCOUNTS.admin);
      await pushSeasonToProduction(admin, 2025);
      const { poolId, commissioner, members, poolGames } = await publishWildCardPool(e2e, 'Wild Card Weekend Office Pool', [ACCOUNTS.player, ACCOUNTS.player2]);
      const [player, player2] = members as [Page, Page];
      for (const [who, picks] of [
        [player, WILD_CARD_PICKS.pat],
        [player2, WILD_CARD_PICKS.casey],
      ] as const) {
        const saved = await who.request.post('/api/picks/batch', { data: wildCardBatch(poolId, poolGames, picks) });
        expect(saved.status(), await saved.text()).toBe(200);
      }
      const weekUrl = `/weeks/${WILD_CARD_WEEK}?pool=${poolId}`;
      const makePicks = (p: Page) => settle(p, p.getByTestId('game-card'));
      const manageWeeks = (p: Page) => settle(p, p.getByTestId('week-game-card'));

      // Before the games: the week open for picks.
      await audit('Landing page', e2e.page, '/', (p) => settle(p, p.getByText(LANDING_TAGLINE)));
      await audit('/api/docs', e2e.page, '/api/docs', (p) => p.getByRole('main').getByRole('heading', { level: 1 }).waitFor(), {
        cssTheme: { light: 'rgb(248, 250, 252)', dark: 'rgb(15, 19, 32)' },
      });
      await audit('Make Picks (picks saved)', player, '/', makePicks);
      await audit('Pool Management', commissioner, '/admin', (p) => settle(p, p.getByTestId('invitation-row')));
      await audit('Manage Weeks (published)', commissioner, weekUrl, manageWeeks);
      await audit('Live Leaderboard Demo', player, '/live-leaderboard-demo', (p) => settle(p, p.getByTestId('live-game')));
      e2e.allowConsoleErrors(isBlockedImageError);
      const noLogos = await e2e.signedInPage(ACCOUNTS.player);
      await blockTeamLogos(noLogos);
      await audit('Make Picks (team logos unavailable)', noLogos, '/', async (p) => {
        await makePicks(p);
        await expect.poll(() => p.locator('[data-testid="team-logo"][data-state="fallback"]').count()).toBeGreaterThan(0);
      });

      // During the games: the week started (the Testing tool) and the round half played.
      const started = await commissioner.request.post(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/transition/games-in-progress`, { data: { testing: true } });
      expect(started.status(), await started.text()).toBe(200);
      const replay = e2e.embedded.replay;
      expect(replay, 'the e2e app serves the ESPN replay').not.toBeNull();
      replay!.gameDay.start({ kickoffInSeconds: -Math.round((1.3 * GAME_MS) / 1000) });
      await audit('Live Results (games in progress)', player, '/live-results', async (p) => {
        await p.waitForURL((url) => url.pathname === `/live-leaderboard/${poolId}/${WILD_CARD_WEEK}`);
        await settle(p, p.getByTestId('live-game'));
        // The feed has brought the round as it stands: games with their clocks.
        await expect.poll(() => p.getByTestId('live-game-clock').count(), { timeout: 60_000 }).toBeGreaterThan(0);
        // Each game with how the pool picked it (docs/game.md#pick-consensus), audited too.
        await expect.poll(() => p.getByTestId('live-game-consensus').count(), { timeout: 15_000 }).toBe(4);
      });
      await audit('Make Picks (games in progress)', player, '/', makePicks);
      await audit('Manage Weeks (games in progress)', commissioner, weekUrl, manageWeeks);

      // After the games: the round played to its end, scored and completed.
      replay!.gameDay.start({ kickoffInSeconds: -(ROUND_MINUTES * 60 + 600) });
      const week = `/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}`;
      const scoring = await commissioner.request.post(`${week}/transition/scoring`, { data: { testing: true } });
      expect(scoring.status(), await scoring.text()).toBe(200);
      await expect.poll(async () => (await commissioner.request.post(`${week}/scores/calculate`)).status(), { timeout: 60_000 }).toBe(200);
      const complete = await commissioner.request.post(`${week}/transition/complete`, { data: { testing: true } });
      expect(complete.status(), await complete.text()).toBe(200);
      await expect
        .poll(async () => ((await (await player.request.get(`/api/pools/${poolId}/completed-weeks`)).json()) as unknown[]).length, { timeout: 20_000 })
        .toBe(1);
      await audit('Season Leaderboard (a week completed)', player, '/leaderboard', (p) => settle(p, p.getByTestId('leaderboard-row')));
      await audit('Live Results (week complete)', player, `/live-leaderboard/${poolId}/${WILD_CARD_WEEK}`, (p) => settle(p, p.getByTestId('live-game')));

      expect(found, `axe violations:\n${found.join('\n')}`).toEqual([]);
    },
  );
});
