import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason, wildCardBatch, type WildCardPick } from '@powerpool/testing';
import { DESKTOP, setupE2e, type E2e } from './support/e2e.js';
import { ACCOUNTS, LANDING_TAGLINE } from './support/sign-in.js';
import { pushSeasonToProduction } from './support/sports.js';
import { publishWildCardPool } from './support/wild-card.js';
import { nextPaint, settle, THEMES, useTheme } from './support/screens.js';

/**
 * Phones: no main screen scrolls sideways at 320, 360, 375 or 414 px, in the light and
 * the dark theme; and the live board at 1280 x 800 too, every column of its standings in sight
 * (docs/screens.md). Each screen is opened once per role and measured at every width and theme by
 * resizing the viewport: `document.documentElement.scrollWidth` must not pass its `clientWidth`
 * (the viewport's width). A failure names the screen, the width, the theme and the elements that
 * stick out.
 *
 * The longest texts are the real ones: the recorded 2025 Wild Card round of the ESPN replay, all
 * six games published, every spread set so that the longer-named team is the favourite (its row
 * carries the 'Fav: n' tag), and Pat's picks on New England Patriots, Philadelphia Eagles,
 * Jacksonville Jaguars and (power) Pittsburgh Steelers: bold, tagged and scored. The replay's game
 * day is placed mid-round (see MOMENT) so Make Picks, Manage Weeks and the live leaderboard show
 * every kind of status at once: Final, "End of 3rd", a running clock ("Q3 7:34"), "Halftime" and
 * a scheduled kickoff.
 *
 * Not reached here: a Season Leaderboard with standings. A week is COMPLETE only when every game
 * it published is final, and this test keeps the round mid-game for the longest status texts; the
 * leaderboard is measured in the state a pool has before its first completed week.
 */

/**
 * The game day lasts this long (first kickoff to last final, the replay's longest), so one game
 * lasts 0.4 x 1440 min = 9.6 h of wall time (L).
 */
const ROUND_MINUTES = 1_440;
const GAME_MS = 0.4 * ROUND_MINUTES * 60_000;
/**
 * Where the round stands while the test measures, in games (L) since the first kickoff. The
 * replay spreads the recorded kickoffs over the rest of the round (game-day.ts), so the games kick
 * off at 0, 0.10, 0.59, 0.70, 0.80 and 1.5 L, and a game is at halftime from 0.45 to 0.55 L into
 * it, at the end of the 3rd from 0.75 to 0.80. At 1.3455 L: LAR @ CAR and GB @ CHI are final,
 * BUF @ JAX is at "End of 3rd", SF @ PHI in the 3rd with its clock ("Q3 7:34"), LAC @ NE at "Halftime", and
 * HOU @ PIT not yet started. Both texts at once last 0.01 L (about 6 minutes), so the round is
 * placed there again before each screen that shows it (`placeRound`).
 */
const MOMENT = 1.3446;

const GAMES = { larCar: '401772979', gbChi: '401772981', bufJax: '401772977', sfPhi: '401772980', lacNe: '401772978', houPit: '401772976' } as const;
/** Home-relative spreads: the favourite of each game is the longer name (negative favours home). */
const SPREADS: Record<string, number> = {
  [GAMES.larCar]: -2.5, // Carolina Panthers
  [GAMES.gbChi]: 1.5, // Green Bay Packers
  [GAMES.bufJax]: -3, // Jacksonville Jaguars
  [GAMES.sfPhi]: -4.5, // Philadelphia Eagles
  [GAMES.lacNe]: -3.5, // New England Patriots
  [GAMES.houPit]: -1.5, // Pittsburgh Steelers
};
/** Pat (player@): every pick a favourite with one of the longest names. */
const PAT: readonly WildCardPick[] = [
  [GAMES.lacNe, '17', 3], // NE
  [GAMES.sfPhi, '21', 2], // PHI
  [GAMES.bufJax, '30', 1], // JAX
  [GAMES.houPit, '23', 0], // PIT, the power pick
];
/** Casey (player2@): the other sides. */
const CASEY: readonly WildCardPick[] = [
  [GAMES.lacNe, '24', 3], // LAC
  [GAMES.sfPhi, '25', 2], // SF
  [GAMES.larCar, '14', 1], // LAR
  [GAMES.gbChi, '3', 0], // CHI, the power pick
];

/** Their tiebreaker predictions (the pool plays with one: the last game, HOU @ PIT, not started at MOMENT). */
const PAT_TIEBREAKER = 47;
const CASEY_TIEBREAKER = 38;

const WIDTHS = [320, 360, 375, 414] as const;
/** The least height of a control a thumb taps (Apple's and WCAG 2.5.5's 44 px). */
const THUMB_PX = 44;
const PHONE_HEIGHT = 812;

/** What sticks out of the viewport (the deepest elements whose right edge passes it), or null when nothing does. */
interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  culprits: string[];
}

/**
 * Runs in the page (a string: the e2e files are typechecked without the DOM library): null when
 * the document is no wider than the viewport, else its widths and the deepest elements whose right
 * edge passes the viewport.
 */
const MEASURE_OVERFLOW = `(() => {
  const { scrollWidth, clientWidth } = document.documentElement;
  if (scrollWidth <= clientWidth) return null;
  const sticksOut = (el) => el.getBoundingClientRect().right > clientWidth + 0.5;
  const describe = (el) => {
    const testId = el.getAttribute('data-testid');
    const text = (el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 40);
    const right = Math.round(el.getBoundingClientRect().right);
    return '<' + el.tagName.toLowerCase() + (testId ? ' data-testid="' + testId + '"' : '') + '> right=' + right + ' "' + text + '"';
  };
  const culprits = [...document.body.querySelectorAll('*')].filter((el) => sticksOut(el) && ![...el.children].some(sticksOut)).slice(0, 4).map(describe);
  return { scrollWidth, clientWidth, culprits };
})()`;

async function measureOverflow(page: Page): Promise<Overflow | null> {
  await nextPaint(page);
  return await page.evaluate<Overflow | null>(MEASURE_OVERFLOW);
}

/** Puts the replayed round at MOMENT (again): the live feed brings it to the pages within a second or two. */
function placeRoundAtMoment(e2e: E2e): void {
  const replay = e2e.embedded.replay;
  expect(replay, 'the e2e app serves the ESPN replay').not.toBeNull();
  replay!.gameDay.start({ kickoffInSeconds: -Math.round((MOMENT * GAME_MS) / 1000) });
  const atMoment = replay!.gameDay.status();
  if (!atMoment.on) throw new Error('the replay runs without game-day mode');
  expect(Object.fromEntries(atMoment.games.map((g) => [g.espnId, g.status]))).toEqual({
    [GAMES.larCar]: 'STATUS_FINAL',
    [GAMES.gbChi]: 'STATUS_FINAL',
    [GAMES.bufJax]: 'STATUS_END_PERIOD',
    [GAMES.sfPhi]: 'STATUS_IN_PROGRESS',
    [GAMES.lacNe]: 'STATUS_HALFTIME',
    [GAMES.houPit]: 'STATUS_SCHEDULED',
  });
}

/**
 * Runs in the page: scrolls it from `from` px to the end in steps of `step` and, at each, names the
 * scores (the games list's and the impact cards') that the fixed scroll-to-top button covers.
 */
const SCORES_UNDER_SCROLL_TOP = (from: number, step: number) => `(() => {
  const button = document.querySelector('[aria-label="Scroll to top"]');
  if (!button) return ['no scroll-to-top button at ' + scrollY + ' px'];
  const b = button.getBoundingClientRect();
  const covered = [];
  const end = document.documentElement.scrollHeight - innerHeight;
  for (let y = ${from}; y <= end + ${step}; y += ${step}) {
    window.scrollTo(0, Math.min(y, end));
    for (const score of document.querySelectorAll('[data-testid="live-game-away-score"], [data-testid="live-game-home-score"], [data-testid="impact-game-score"]')) {
      const s = score.getBoundingClientRect();
      if (s.width > 0 && s.left < b.right && b.left < s.right && s.top < b.bottom && b.top < s.bottom) {
        const game = score.closest('[data-game-id]');
        covered.push(score.getAttribute('data-testid') + ' of ' + (game ? game.getAttribute('data-game-id') : '?') + ' at scrollY ' + Math.round(scrollY));
      }
    }
  }
  return covered;
})()`;

const poolTabs = (p: Page) => p.getByRole('tablist', { name: 'Pool management sections' }).getByRole('tab');
const gameCard = (page: Page, gameId: string) => page.locator(`[data-testid="game-card"][data-game-id="${gameId}"]`);
const text = async (locator: Locator) => ((await locator.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe.skipIf(chromiumUnavailableReason())('phones: no screen scrolls sideways', () => {
  const e2e = setupE2e({
    espnReplay: { gameDay: { minutes: ROUND_MINUTES, kickoffInMinutes: 24 * 60 } },
    liveFeed: { intervalMs: 500, idleIntervalMs: 1_000 },
  });
  /** The pool the first test publishes (the tests share the embedded app's state, in order). */
  let round: Awaited<ReturnType<typeof publishWildCardPool>> | undefined;

  it(
    'should fit every main screen at 320, 360, 375 and 414 px in both themes, Make Picks with the longest names, tags, scores and statuses',
    { timeout: 600_000 },
    async () => {
      const admin = await e2e.signedInPage(ACCOUNTS.admin);
      await pushSeasonToProduction(admin, 2025);
      const { poolId, commissioner, members, poolGames } = (round = await publishWildCardPool(
        e2e,
        'Wild Card Weekend Office Pool',
        [ACCOUNTS.player, ACCOUNTS.player2],
        SPREADS,
        // A tiebreaker: its column on the board, its field on Make Picks (the longest screens).
        { weeklyTiebreaker: 'last_game_total' },
      ));
      const [player, player2] = members as [Page, Page];
      for (const [who, picks, tiebreaker] of [
        [player, PAT, PAT_TIEBREAKER],
        [player2, CASEY, CASEY_TIEBREAKER],
      ] as const) {
        const saved = await who.request.post('/api/picks/batch', { data: { ...wildCardBatch(poolId, poolGames, picks), tiebreaker } });
        expect(saved.status(), await saved.text()).toBe(200);
      }
      // Games on: the Testing tool (the deadline is a day away), and the round placed at MOMENT.
      const started = await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/games-in-progress`, { data: { testing: true } });
      expect(started.status(), await started.text()).toBe(200);
      const placeRound = () => placeRoundAtMoment(e2e);
      placeRound();

      const anonymous = e2e.page;
      const screens: Array<{ name: string; page: Page; url: string; live?: boolean; ready: (page: Page) => Promise<void> }> = [
        { name: 'Landing page', page: anonymous, url: '/', ready: (p) => settle(p, p.getByText(LANDING_TAGLINE)) },
        {
          name: 'Make Picks',
          page: player,
          url: '/',
          live: true,
          ready: async (p) => {
            await settle(p, p.getByTestId('game-card'));
            // The feed has brought the round as it stands: Pat's bold, tagged picks have scores.
            await expect.poll(() => text(gameCard(p, GAMES.lacNe).getByTestId('game-live-status')), { timeout: 60_000 }).toBe('Halftime');
            await expect.poll(() => text(gameCard(p, GAMES.bufJax).getByTestId('game-live-status')), { timeout: 30_000 }).toBe('End of 3rd');
            await expect.poll(() => text(gameCard(p, GAMES.sfPhi).getByTestId('game-live-status')), { timeout: 30_000 }).toMatch(/^Q3 \d+:\d\d$/);
            await expect.poll(() => text(gameCard(p, GAMES.larCar).getByTestId('game-live-status')), { timeout: 30_000 }).toBe('Final');
            const ne = gameCard(p, GAMES.lacNe).getByTestId('team-row').filter({ hasText: 'New England Patriots' });
            expect(await ne.getAttribute('aria-pressed')).toBe('true');
            expect(await text(ne)).toMatch(/^New England Patriots\s?Fav: -3\.5\s?\d+$/);
          },
        },
        {
          name: 'Season Leaderboard',
          page: player,
          url: '/leaderboard',
          ready: (p) => settle(p, p.getByRole('heading', { level: 1, name: 'Season Leaderboard' })),
        },
        {
          name: 'Live Results (live leaderboard)',
          page: player,
          url: '/live-results',
          live: true,
          ready: async (p) => {
            await p.waitForURL((url) => url.pathname === `/live-leaderboard/${poolId}/19`);
            await settle(p, p.getByTestId('live-game'));
            await expect.poll(() => p.getByTestId('live-game').count(), { timeout: 30_000 }).toBe(6);
            // Each game with how the pool picked it (docs/game.md#pick-consensus): it fits too.
            expect(await p.getByTestId('live-game-consensus').count()).toBe(6);
            await expect
              .poll(() => p.getByTestId('live-game-clock').allTextContents(), { timeout: 60_000 })
              .toEqual(expect.arrayContaining(['Halftime', 'End of 3rd']));
            // A phone gets the standings as cards only (the table is not rendered hidden beside them: docs/screens.md#main-thread-time).
            await p.getByTestId('live-standing-card').first().waitFor();
            expect(await p.getByTestId('live-standing-row').count()).toBe(0);
          },
        },
        { name: 'Profile', page: player, url: '/profile', ready: (p) => settle(p, p.getByTestId('current-display-name')) },
        { name: 'Live Leaderboard Demo', page: player, url: '/live-leaderboard-demo', ready: (p) => settle(p, p.getByTestId('live-game')) },
        { name: 'Pool Management', page: commissioner, url: '/admin', ready: (p) => settle(p, p.getByTestId('invitation-row')) },
        {
          name: 'Pool Management, User Management tab',
          page: commissioner,
          url: '/admin',
          ready: async (p) => {
            await settle(p, p.getByRole('tab', { name: 'User Management' }));
            await p.getByRole('tab', { name: 'User Management' }).click();
            await settle(p, p.getByText('Pat Player'));
          },
        },
        {
          name: 'Manage Weeks (games in progress, scored)',
          page: commissioner,
          url: `/weeks/19?pool=${poolId}`,
          live: true,
          ready: async (p) => {
            await settle(p, p.getByRole('button', { name: 'Update Scores from ESPN' }));
            await expect.poll(() => p.getByText('Halftime', { exact: true }).count(), { timeout: 60_000 }).toBeGreaterThan(0);
            await p.getByText('End of 3rd', { exact: true }).first().waitFor();
            // One games layout in the DOM (docs/screens.md#main-thread-time): the cards, not a hidden table beside them.
            expect(await p.getByTestId('week-game-card').count()).toBe(6);
            expect(await p.getByTestId('week-game-row').count()).toBe(0);
            console.info(
              `[e2e] Manage Weeks (6 games in progress) at 375 px: ${await p.evaluate<number>('document.querySelectorAll("*").length')} DOM elements`,
            );
          },
        },
        {
          name: 'Site Admin, ESPN Data Staging',
          page: admin,
          url: '/site-admin',
          ready: (p) => settle(p, p.getByRole('heading', { level: 1, name: 'Site Administration' })),
        },
        { name: 'Site Admin, Users', page: admin, url: '/site-admin?tab=users', ready: (p) => settle(p, p.getByText('player@powerpool.test')) },
        { name: 'Site Admin, Pools', page: admin, url: '/site-admin?tab=pools', ready: (p) => settle(p, p.getByText('Wild Card Weekend Office Pool')) },
      ];

      const overflows: string[] = [];
      for (const screen of screens) {
        const { page } = screen;
        if (screen.live) placeRound();
        await page.setViewportSize({ width: 375, height: PHONE_HEIGHT });
        await page.goto(screen.url);
        await screen.ready(page);
        for (const theme of THEMES) {
          await useTheme(page, theme);
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: PHONE_HEIGHT });
            const overflow = await measureOverflow(page);
            if (overflow) {
              overflows.push(
                `${screen.name} at ${width} px (${theme}): ${overflow.scrollWidth} px wide, ${overflow.scrollWidth - overflow.clientWidth} px too wide; sticking out: ${overflow.culprits.join('; ')}`,
              );
            }
          }
        }
      }
      expect(overflows, overflows.join('\n')).toEqual([]);
    },
  );

  it('should fit the API reference (/api/docs) at 375 px with every endpoint opened', async () => {
    const page = e2e.page;
    await page.setViewportSize({ width: 375, height: PHONE_HEIGHT });
    await page.goto('/api/docs');
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'PowerPool API reference' }).waitFor();
    // Open every endpoint: their parameter tables and schemas are the widest content.
    await page.evaluate(`document.querySelectorAll('details').forEach((d) => { d.open = true; })`);
    const overflow = await measureOverflow(page);
    expect(overflow, overflow ? `${overflow.scrollWidth} px wide; sticking out: ${overflow.culprits.join('; ')}` : '').toBeNull();
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
  });

  it(
    'should show the live board at 1280 x 800 with every column of the standings in sight, on a 390 px phone the standings before Impact Games, impact cards with the score and clock of games being played, and the scroll-to-top button over no score',
    { timeout: 300_000 },
    async () => {
      expect(round, 'the first test publishes the pool').toBeDefined();
      const { poolId } = round!;
      placeRoundAtMoment(e2e);
      const player = await e2e.signedInPage(ACCOUNTS.player2, { viewport: DESKTOP });
      await player.goto(`/live-leaderboard/${poolId}/19`);
      await settle(player, player.getByTestId('live-standing-row'));
      await expect.poll(() => player.getByTestId('live-game').count(), { timeout: 30_000 }).toBe(6);
      await expect
        .poll(() => player.getByTestId('live-game-clock').allTextContents(), { timeout: 60_000 })
        .toEqual(expect.arrayContaining(['Halftime', 'End of 3rd']));

      // Each check is soft: a failure names every part of the board that is wrong at once. Reads of
      // what may be missing do not wait for it (allTextContents, count).
      const all = async (locator: Locator) => (await locator.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());

      // 1280 x 800 (docs/screens.md#live-leaderboard): the page and the table both without a sideways scroll, every header in sight.
      const overflow = await measureOverflow(player);
      expect.soft(overflow, overflow ? overflow.culprits.join('; ') : '').toBeNull();
      const table = player.getByTestId('live-table').locator('table');
      const tableBox = await table.evaluate((t) => ({
        scrollWidth: t.parentElement!.scrollWidth,
        clientWidth: t.parentElement!.clientWidth,
        right: t.parentElement!.getBoundingClientRect().right,
      }));
      expect.soft(tableBox.scrollWidth, 'the standings scroll sideways at 1280 px').toBeLessThanOrEqual(tableBox.clientWidth);
      const headers = ['Season Pts', 'Name', '3pt', '2pt', '1pt', 'Power', 'Raw Pts', 'Power Bonus', 'Final Score', 'Tiebreaker'];
      expect((await table.getByRole('columnheader').allInnerTexts()).map((h) => h.replace(/\s+/g, ' ').trim())).toEqual(headers);
      for (const name of ['Final Score', 'Tiebreaker']) {
        const box = (await table.getByRole('columnheader', { name }).boundingBox())!;
        expect.soft(box.x + box.width, `${name} ends past the table's visible edge`).toBeLessThanOrEqual(Math.min(tableBox.right, DESKTOP.width));
      }
      const casey = table.getByTestId('live-standing-row').filter({ hasText: 'Casey Second' });
      expect(await casey.getByTestId('tiebreaker-cell').textContent()).toBe(String(CASEY_TIEBREAKER));
      // The tiebreaker game above the predictions; HOU @ PIT has not started: no total yet.
      expect.soft(await all(player.getByTestId('tiebreaker-game-line'))).toEqual(['Tiebreaker: HOU @ PIT, total when final']);
      expect.soft(await player.getByTestId('tiebreaker-total').count()).toBe(0);
      // Casey's 1pt pick (LAR) won: "1 pt", not "1 pts".
      expect.soft(await casey.getByTestId('live-pick').filter({ hasText: 'LAR' }).getAttribute('title')).toBe('LAR: Won, 1 pt');

      const covered: string[] = [];
      const scrollTopCovers = async (width: number) => {
        await player.evaluate('window.scrollTo(0, 400)');
        await player.getByRole('button', { name: 'Scroll to top' }).waitFor();
        for (const score of await player.evaluate<string[]>(SCORES_UNDER_SCROLL_TOP(250, 40))) covered.push(`${width} px: ${score}`);
      };
      await scrollTopCovers(DESKTOP.width);

      // A 390 px phone: the standings come first, their first card on the first screen, Impact Games after them.
      await player.setViewportSize({ width: 390, height: 844 });
      await player.evaluate('window.scrollTo(0, 0)');
      const firstCard = player.getByTestId('live-standing-card').first();
      await firstCard.waitFor();
      const cardTop = (await firstCard.boundingBox())!.y;
      const impactTop = (await player.getByTestId('impact-games').boundingBox())!.y;
      expect.soft(cardTop, 'the standings start below Impact Games').toBeLessThan(impactTop);
      expect
        .soft(cardTop, "the standings start past the first screen's 680 px (844 px, 64 of them the tab bar, 100 for the first card)")
        .toBeLessThan(844 - 64 - 100);
      await scrollTopCovers(390);
      expect.soft(covered, `scores under the scroll-to-top button:\n${covered.join('\n')}`).toEqual([]);

      // Impact cards (last: a wait that fails ends the test; the phone shows the same cards): a game
      // being played shows its score and clock (as the games list has them), one not started its kickoff.
      const impact = (gameId: string) => player.locator(`[data-testid="impact-card"][data-game-id="${gameId}"]`);
      const listed = (gameId: string) => player.locator(`[data-testid="live-game"][data-game-id="${gameId}"]`);
      const shown = async (gameId: string) => ({
        score: await all(impact(gameId).getByTestId('impact-game-score')),
        clock: await all(impact(gameId).getByTestId('impact-game-clock')),
        kickoff: await impact(gameId).getByTestId('impact-game-kickoff').count(),
      });
      const played = async (gameId: string, away: string, home: string) => ({
        score: [
          `${away} ${await text(listed(gameId).getByTestId('live-game-away-score'))} · ${home} ${await text(listed(gameId).getByTestId('live-game-home-score'))}`,
        ],
        clock: await all(listed(gameId).getByTestId('live-game-clock')),
        kickoff: 0,
      });
      await expect
        .poll(async () => [await shown(GAMES.lacNe), await shown(GAMES.sfPhi)], { timeout: 10_000 })
        .toEqual([await played(GAMES.lacNe, 'LAC', 'NE'), await played(GAMES.sfPhi, 'SF', 'PHI')]);
      expect.soft(await shown(GAMES.houPit)).toEqual({ score: [], clock: [], kickoff: 1 });
    },
  );

  it(
    'should make the pick buttons, the leaderboard names, the demo checkbox and the Pool Management tabs 44 px high under a thumb at 375 px, start "Picks due" where its date starts, and leave them as they were on a desktop',
    { timeout: 300_000 },
    async () => {
      expect(round, 'the first test publishes the pool').toBeDefined();
      const { poolId } = round!;
      const thumb = { viewport: { width: 375, height: PHONE_HEIGHT }, hasTouch: true, isMobile: true };
      const player = await e2e.signedInPage(ACCOUNTS.player, thumb);
      const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner, thumb);
      expect(await player.evaluate<boolean>('matchMedia("(pointer: coarse)").matches'), 'the phone has a coarse pointer').toBe(true);

      const short: string[] = [];
      const measure = async (what: string, controls: Locator, expected: number) => {
        const found = await controls.all();
        expect(found.length, `${what}: none found`).toBeGreaterThanOrEqual(expected);
        for (const control of found) {
          const box = await control.boundingBox();
          if (!box || box.height < THUMB_PX) short.push(`${what} "${await text(control)}": ${box ? `${Math.round(box.width)}x${box.height}` : 'not shown'}`);
        }
      };
      const pickButtons = (p: Page) =>
        p
          .getByTestId('game-card')
          .getByRole('group', { name: /^Picks for / })
          .getByRole('button');

      await player.goto('/');
      await settle(player, player.getByTestId('game-card'));
      await measure('Make Picks: pick button', pickButtons(player), 6 * 4);
      // The header's "Picks due" wraps under the title on a phone, to the left: its label starts where its date starts.
      const due = player.getByTestId('picks-due');
      const [dueLabel, dueDate] = await Promise.all([due.getByText('Picks due').boundingBox(), due.locator('span').last().boundingBox()]);
      expect(Math.round(dueLabel!.x), '"Picks due" starts where its date starts').toBe(Math.round(dueDate!.x));

      await player.goto('/live-leaderboard-demo');
      await settle(player, player.getByTestId('live-game'));
      // The label toggles the box: it is the target a thumb aims at.
      await measure('Demo: checkbox label', player.locator('label').filter({ hasText: 'Show players with no picks' }), 1);

      await commissioner.goto('/admin');
      await settle(commissioner, commissioner.getByTestId('invitation-row'));
      await measure('Pool Management: tab', poolTabs(commissioner), 3);

      // The Season Leaderboard lists players once a week is complete: the round is played to its end and scored.
      e2e.embedded.replay!.gameDay.start({ kickoffInSeconds: -(ROUND_MINUTES * 60 + 600) });
      const scoring = await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/scoring`, { data: { testing: true } });
      expect(scoring.status(), await scoring.text()).toBe(200);
      await expect
        .poll(async () => (await commissioner.request.post(`/api/pools/${poolId}/weeks/19/scores/calculate`)).status(), { timeout: 60_000 })
        .toBe(200);
      const complete = await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/complete`, { data: { testing: true } });
      expect(complete.status(), await complete.text()).toBe(200);
      await expect
        .poll(async () => ((await (await player.request.get(`/api/pools/${poolId}/completed-weeks`)).json()) as unknown[]).length, { timeout: 20_000 })
        .toBe(1);
      await player.goto('/leaderboard');
      await settle(player, player.getByTestId('leaderboard-row'));
      await measure('Season Leaderboard: player name', player.getByTestId('leaderboard-row').getByRole('button'), 2);

      expect(short, `under ${THUMB_PX} px high at 375 px with a touch screen:\n${short.join('\n')}`).toEqual([]);

      // A mouse on a desktop keeps the compact controls.
      const desktop = await e2e.signedInPage(ACCOUNTS.commissioner);
      await desktop.goto('/admin');
      await settle(desktop, desktop.getByTestId('invitation-row'));
      const tab = await poolTabs(desktop).first().boundingBox();
      expect(tab?.height).toBeLessThan(THUMB_PX);
    },
  );

  it('should fit a player\'s opened weeks on the Season Leaderboard at 390 px, start a name on two lines at the left, write one point "1 pt", and show the tiebreaker game\'s total on the board once it is final', async () => {
    expect(round, 'the first test publishes the pool').toBeDefined();
    const { poolId } = round!;
    // The week was completed by the test before (the round played to its end).
    const player = await e2e.signedInPage(ACCOUNTS.player, { viewport: { width: 390, height: PHONE_HEIGHT } });
    await player.goto('/leaderboard');
    await settle(player, player.getByTestId('leaderboard-row'));
    // A name on two lines ("Chris Commissioner" at 390 px) starts both at the left, by its chevron.
    const lineStarts = await player
      .getByTestId('leaderboard-row')
      .filter({ hasText: 'Chris Commissioner' })
      .getByRole('button')
      .evaluate((button) => {
        const range = button.ownerDocument.createRange();
        range.selectNodeContents(button.lastChild);
        return [...range.getClientRects()].map((r) => Math.round(r.left));
      });
    expect.soft(lineStarts.length, 'the name is on two lines at 390 px').toBeGreaterThan(1);
    expect.soft(new Set(lineStarts).size, `the name's lines start at ${lineStarts.join(', ')} px`).toBe(1);
    await player.getByTestId('leaderboard-row').filter({ hasText: 'Casey Second' }).getByRole('button').click();
    const week = player.getByTestId('breakdown-week');
    await week.waitFor();
    const fit = await week.evaluate((el) => ({
      right: el.getBoundingClientRect().right,
      visibleRight: el.closest('table')!.parentElement!.getBoundingClientRect().right,
    }));
    expect.soft(fit.right, "Casey's opened week is cut at the table's right edge").toBeLessThanOrEqual(fit.visibleRight);
    const overflow = await measureOverflow(player);
    expect.soft(overflow, overflow ? overflow.culprits.join('; ') : '').toBeNull();
    // Casey's 1pt pick (LAR) won: one point.
    expect.soft(await text(week.getByRole('listitem').filter({ hasText: 'LAR' }))).toMatch(/\D1 pt$/);
    expect.soft(await player.locator('main').innerText()).not.toMatch(/\b1 pts\b/);

    // The board of the completed week: the tiebreaker game's total beside the predictions.
    await player.goto(`/live-leaderboard/${poolId}/19`);
    await settle(player, player.getByTestId('live-standing-card'));
    const houPit = player.locator(`[data-testid="live-game"][data-game-id="${GAMES.houPit}"]`);
    const total = Number(await text(houPit.getByTestId('live-game-away-score'))) + Number(await text(houPit.getByTestId('live-game-home-score')));
    expect(total).toBeGreaterThan(0);
    const lines = (await player.getByTestId('tiebreaker-game-line').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(lines).toEqual([`Tiebreaker: HOU @ PIT, final total ${total}`]);
    expect(await player.getByTestId('tiebreaker-total').allTextContents()).toEqual([String(total)]);
  });

  it('should keep the Pool Management tabs on one row from 320 to 414 px, and leave the staging page where it was after Push to Production at 390 px', async () => {
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner, { viewport: { width: 390, height: PHONE_HEIGHT } });
    await commissioner.goto('/admin');
    await settle(commissioner, commissioner.getByTestId('invitation-row'));
    const wrapped: string[] = [];
    for (const width of [...WIDTHS, 390]) {
      await commissioner.setViewportSize({ width, height: PHONE_HEIGHT });
      await nextPaint(commissioner);
      const tabs = await poolTabs(commissioner).all();
      const tops = await Promise.all(tabs.map(async (tab) => Math.round((await tab.boundingBox())!.y)));
      if (tabs.length !== 3 || new Set(tops).size !== 1) wrapped.push(`${width} px: ${tabs.length} tabs at y ${tops.join(', ')}`);
    }
    expect.soft(wrapped, `Pool Management's tabs on more than one row:\n${wrapped.join('\n')}`).toEqual([]);

    // Push to Production on a phone: the run's log follows itself, the page stays where it was.
    const admin = await e2e.signedInPage(ACCOUNTS.admin, { viewport: { width: 390, height: PHONE_HEIGHT } });
    await admin.goto('/site-admin');
    await settle(admin, admin.getByRole('heading', { level: 1, name: 'Site Administration' }));
    const push = admin.getByRole('button', { name: 'Push to Production' });
    await expect.poll(() => push.isEnabled(), { timeout: 30_000 }).toBe(true);
    await push.scrollIntoViewIfNeeded();
    const before = await admin.evaluate<number>('scrollY');
    await push.click();
    await admin.getByTestId('run-log').getByText('Complete', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await admin.evaluate<number>('scrollY'), 'the page scrolled by itself during the push').toBe(before);
    const header = (await admin.locator('header').first().boundingBox())!;
    const title = (await admin.getByRole('heading', { name: 'ESPN Data Staging' }).boundingBox())!;
    expect(title.y, "the staging card's title is under the sticky header").toBeGreaterThanOrEqual(header.y + header.height);
  });
});
