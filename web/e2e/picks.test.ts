import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PICK_MESSAGES } from '@powerpool/contracts';
import { chromiumUnavailableReason } from '@powerpool/testing';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS, navLink, toast } from './support/sign-in.js';
import { recordRequests } from './support/request-log.js';
import { publishWildCardPool } from './support/wild-card.js';
import { pushSeasonToProduction } from './support/sports.js';

/**
 * Picks, locked picks on the live leaderboard, and the season standings (docs/screens.md#make-picks, #season-leaderboard), in the browser
 * against the real services, one story in order (the tests share the embedded app's state).
 *
 * The replay plays the 2025 Wild Card round in game-day mode: its kickoffs are a day ahead and
 * its games SCHEDULED while a commissioner publishes four of them, Pat Player makes picks on Make
 * Picks (meeting each refusal), saves, edits and saves again, and Casey Second saves hers through
 * the API. Then the round is played to its recorded finals while the week's deadline is still a
 * day away: a game the provider reports started takes no new pick (its card "Started: locked",
 * the server's 409 game_started). Games start (the Testing tool): Make Picks is locked and the
 * live board shows everyone's picks. The week is scored and completed: the Season Leaderboard
 * shows the points, checked by hand against the real finals below.
 *
 * Wild Card finals and the pool's spreads (home-relative):
 *   401772979 LAR 34 @ CAR 31, CAR +10.5: 31 + 10.5 > 34, CAR covers
 *   401772981 GB 27 @ CHI 31,  CHI -1.5:  31 - 1.5 > 27, CHI covers
 *   401772977 BUF 27 @ JAX 24, JAX +3:    24 + 3 = 27, push
 *   401772980 SF 23 @ PHI 19,  PHI -4.5:  19 - 4.5 < 23, SF covers
 * Pat: CAR 3 (wins), GB 2 (loses), BUF 1 (push), power SF (wins): (3 + 0 + 0) x2 = 6.
 * Casey: LAR 3 (loses), CHI 2 (wins), SF 1 (wins), power JAX (push): (0 + 2 + 1) x1 = 3.
 */

/** The replayed round plays in this many minutes of wall time once started (first kickoff to last final). */
const GAME_DAY_MINUTES = 1.5;

const POOL_NAME = 'E2E Picks Pool';

const card = (page: Page, gameId: string) => page.locator(`[data-testid="game-card"][data-game-id="${gameId}"]`);
const rankButton = (page: Page, gameId: string, label: '3pt' | '2pt' | '1pt' | 'Power') => card(page, gameId).getByRole('button', { name: label, exact: true });
const teamButton = (page: Page, gameId: string, team: string) => card(page, gameId).getByTestId('team-row').filter({ hasText: team });

describe.skipIf(chromiumUnavailableReason())('picks, the live leaderboard and the season standings', () => {
  // The kickoffs the services know stay a day ahead (the deadline with them) until the round is started.
  const e2e = setupE2e({
    espnReplay: { gameDay: { minutes: GAME_DAY_MINUTES, kickoffInMinutes: 24 * 60 } },
    liveFeed: { intervalMs: 500, idleIntervalMs: 1_000 },
  });
  let poolId = '';
  /** poolGameId by game id. */
  let poolGames: Record<string, string> = {};
  /** One pick of a POST /api/picks/batch body for week 19. */
  const pick = (gameId: string, team: string, rank: number) => ({
    poolId,
    poolGameId: poolGames[gameId],
    gameEspnCompetitionId: gameId,
    selectedTeamEspnId: team,
    confidenceRank: rank,
    isPowerPick: rank === 0,
    weekNumber: 19,
  });

  it('should let a player pick 3/2/1 and a power pick, refuse what the rules refuse, save, edit and save again', async () => {
    await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);

    // The commissioner's pool, its two players, and four Wild Card games published with spreads.
    const published = await publishWildCardPool(e2e, POOL_NAME);
    poolId = published.poolId;
    poolGames = published.poolGames;
    const [player, player2] = published.members as [Page, Page];

    // Make Picks: the Wild Card week, four game cards, nothing picked yet.
    const requested: string[] = [];
    player.on('request', (request) => void requested.push(request.url()));
    await player.goto('/');
    await player.getByRole('heading', { name: 'Make Picks', level: 1 }).waitFor();
    await expect.poll(() => player.getByTestId('game-card').count(), { timeout: 15_000 }).toBe(4);

    // Team logos come from our own origin (deploy/README.md, "Team logos"): fetched once at the teams import (the replay's
    // stand-in images), every one loads, and the page asks nothing of the provider's image host.
    const logos = player.locator('[data-testid="game-card"] img');
    await expect.poll(() => logos.count()).toBe(8);
    for (let i = 0; i < 8; i += 1) await logos.nth(i).scrollIntoViewIfNeeded(); // they load lazily
    const origin = e2e.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect
      .poll(() =>
        logos.evaluateAll((imgs) =>
          imgs.map((img) => {
            const image = img as unknown as { complete: boolean; naturalWidth: number; src: string };
            return image.complete && image.naturalWidth > 0 ? image.src : `not loaded: ${image.src}`;
          }),
        ),
      )
      .toEqual(Array.from({ length: 8 }, () => expect.stringMatching(new RegExp(`^${origin}/api/teams/\\d+/logo\\?v=[0-9a-f]{20}$`))));
    expect(requested.filter((url) => url.includes('/api/teams/') && url.includes('/logo')).length).toBeGreaterThanOrEqual(8);
    expect(requested.filter((url) => !url.startsWith(e2e.url))).toEqual([]);
    expect(requested.filter((url) => /espncdn|espn\.com/.test(url))).toEqual([]);
    await player.getByRole('heading', { name: 'Wild Card (Week 19)', level: 2 }).waitFor();
    expect(await player.getByTestId('picks-summary').textContent()).toContain('Not selected');
    expect(await player.getByTestId('power-box').textContent()).toContain('No power pick selected');
    const button = player.getByTestId('picks-button');
    expect(await button.textContent()).toBe('Save Picks');

    // Saving nothing: Incomplete Picks, all three ranks named.
    await button.click();
    const incomplete = toast(player, 'Incomplete Picks');
    await incomplete.waitFor();
    expect(await incomplete.textContent()).toContain(
      'You must select all three confidence picks: 3pt, 2pt, 1pt are missing. Each pick must be on a different game.',
    );

    // 3pt on LAR @ CAR: a team must be chosen; the same game cannot be the power pick.
    await rankButton(player, '401772979', '3pt').click();
    await card(player, '401772979').getByText('Choose a team below').waitFor();
    await teamButton(player, '401772979', 'Carolina Panthers').click();
    expect(await card(player, '401772979').getByText('Choose a team below').count()).toBe(0);
    // Refused buttons look disabled (aria-disabled) but answer a press with the reason.
    expect(await rankButton(player, '401772979', 'Power').getAttribute('aria-disabled')).toBe('true');
    await rankButton(player, '401772979', 'Power').click({ force: true });
    await toast(player, 'Cannot select power pick').waitFor();
    // The power pick on SF @ PHI: that game cannot take a rank then.
    await rankButton(player, '401772980', 'Power').click();
    expect(await player.getByTestId('power-box').textContent()).toContain('Power pick selected (choose team)');
    await teamButton(player, '401772980', 'San Francisco 49ers').click();
    await rankButton(player, '401772980', '2pt').click({ force: true });
    await toast(player, 'Cannot select confidence pick').waitFor();
    // 2pt GB, 1pt JAX (changed to BUF after the first save).
    await rankButton(player, '401772981', '2pt').click();
    await teamButton(player, '401772981', 'Green Bay Packers').click();
    await rankButton(player, '401772977', '1pt').click();
    await teamButton(player, '401772977', 'Jacksonville Jaguars').click();

    const save = () => player.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/picks/batch');
    let saved = save();
    await button.click();
    expect((await saved).status()).toBe(200);
    expect((await saved).request().postDataJSON()).toMatchObject({
      weekId: '2025:19',
      picks: expect.arrayContaining([
        expect.objectContaining({
          gameEspnCompetitionId: '401772979',
          selectedTeamEspnId: '29',
          confidenceRank: 3,
          isPowerPick: false,
          poolGameId: poolGames['401772979'],
        }),
        expect.objectContaining({ gameEspnCompetitionId: '401772980', selectedTeamEspnId: '25', confidenceRank: 0, isPowerPick: true }),
      ]),
    });
    await toast(player, 'Success').filter({ hasText: 'Picks for Week 19 have been saved' }).waitFor();
    await expect.poll(() => button.textContent()).toBe('Edit Picks');
    await player.getByTestId('picks-saved').getByText('Picks for Week 19 have been saved').waitFor();

    // Edit: JAX -> BUF on the 1pt game, save again.
    await button.click();
    expect(await button.textContent()).toBe('Save Picks');
    await teamButton(player, '401772977', 'Buffalo Bills').click();
    saved = save();
    await button.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => button.textContent()).toBe('Edit Picks');
    const mine = (await (await player.request.get(`/api/weeks/2025:19/picks?poolId=${poolId}`)).json()) as Array<{
      gameId: string;
      selectedTeamEspnId: string;
      confidenceRank: number;
    }>;
    expect(mine.map((p) => [p.confidenceRank, p.gameId, p.selectedTeamEspnId])).toEqual([
      [3, '401772979', '29'],
      [2, '401772981', '9'],
      [1, '401772977', '2'],
      [0, '401772980', '25'],
    ]);

    // Casey saves hers through the API.
    const casey = await player2.request.post('/api/picks/batch', {
      data: { weekId: '2025:19', picks: [pick('401772979', '14', 3), pick('401772981', '3', 2), pick('401772980', '25', 1), pick('401772977', '30', 0)] },
    });
    expect(casey.status(), await casey.text()).toBe(200);

    // Before the deadline the live board keeps everyone's picks to themselves (the call's 403 is expected).
    e2e.allowConsoleErrors((message) => message.text().includes('status of 403'));
    await player.goto(`/live-leaderboard/${poolId}/19`);
    await player.getByText('Pick Data Coming Soon').waitFor();
  });

  it('should ask before leaving Make Picks with changes not saved, and ask nothing once they are saved or undone', async () => {
    expect(poolId, 'the first test creates the pool').not.toBe('');
    const player = await e2e.signedInPage(ACCOUNTS.player);
    await player.goto('/');
    const button = player.getByTestId('picks-button');
    await expect.poll(() => button.textContent(), { timeout: 15_000 }).toBe('Edit Picks');
    const leave = player.getByRole('alertdialog', { name: 'Leave without saving?' });
    const leaderboard = player.getByRole('heading', { name: 'Season Leaderboard', level: 1 });
    const jax = teamButton(player, '401772977', 'Jacksonville Jaguars');
    const buf = teamButton(player, '401772977', 'Buffalo Bills');
    const backToPicks = async () => {
      await navLink(player, 'Make Picks').click();
      await expect.poll(() => button.textContent(), { timeout: 15_000 }).toBe('Edit Picks');
    };
    const savedTeams = async () =>
      ((await (await player.request.get(`/api/weeks/2025:19/picks?poolId=${poolId}`)).json()) as Array<{ gameId: string; selectedTeamEspnId: string }>)
        .filter((p) => p.gameId === '401772977')
        .map((p) => p.selectedTeamEspnId);
    // The browser's own prompt (beforeunload) on a reload: accepted, and counted.
    const prompts: string[] = [];
    player.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.accept();
    });

    // Edit Picks, the 1pt game BUF -> JAX, then the Leaderboard link: asked, with why; Stay keeps the page and the change.
    await button.click();
    await jax.click();
    await player.getByText('You have unsaved changes.').waitFor();
    await navLink(player, 'Leaderboard').click();
    await leave.waitFor();
    expect(await leave.getByRole('button').allTextContents()).toEqual(expect.arrayContaining(['Stay', 'Leave']));
    expect(await leave.textContent()).toContain("Your changes to this week's picks have not been saved.");
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(player.url()).pathname).toBe('/');
    expect(await jax.getAttribute('aria-pressed')).toBe('true');
    expect(await button.textContent()).toBe('Save Picks');

    // Reloading asks too (the browser's prompt); once accepted, the saved picks come back.
    await player.reload();
    expect(prompts).toEqual(['beforeunload']);
    await expect.poll(() => button.textContent(), { timeout: 15_000 }).toBe('Edit Picks');
    expect(await buf.getAttribute('aria-pressed')).toBe('true');

    // The change undone: nothing to lose, nothing asked.
    await button.click();
    await jax.click();
    await buf.click();
    await navLink(player, 'Leaderboard').click();
    await leaderboard.waitFor();
    expect(await leave.count()).toBe(0);

    // Leave: the navigation goes on and nothing is saved.
    await backToPicks();
    await button.click();
    await jax.click();
    await navLink(player, 'Leaderboard').click();
    await leave.getByRole('button', { name: 'Leave' }).click();
    await leaderboard.waitFor();
    expect(await savedTeams()).toEqual(['2']);

    // Saved: leaving asks nothing (JAX saved), nor does reloading (BUF saved again, as the story goes on with it).
    await backToPicks();
    const saveAs = async (team: typeof jax) => {
      await button.click();
      await team.click();
      const saved = player.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/picks/batch');
      await button.click();
      expect((await saved).status()).toBe(200);
      await expect.poll(() => button.textContent()).toBe('Edit Picks');
    };
    await saveAs(jax);
    await navLink(player, 'Leaderboard').click();
    await leaderboard.waitFor();
    expect(await leave.count()).toBe(0);
    await backToPicks();
    await saveAs(buf);
    await player.reload();
    await expect.poll(() => button.textContent(), { timeout: 15_000 }).toBe('Edit Picks');
    expect(prompts).toEqual(['beforeunload']);
    expect(await savedTeams()).toEqual(['2']);

    // A second pool: choosing it with changes not saved asks the same (Stay keeps the pool and the
    // change); Leave shows the other pool, and Back the first one again. The pool goes afterwards.
    const second = await publishWildCardPool(e2e, 'Second Pool', [ACCOUNTS.player]);
    await player.reload();
    const selector = player.getByLabel('Pool', { exact: true });
    await selector.waitFor();
    await selector.selectOption(poolId);
    await expect.poll(() => button.textContent(), { timeout: 15_000 }).toBe('Edit Picks');
    await button.click();
    await jax.click();
    await selector.selectOption(second.poolId);
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(await selector.inputValue()).toBe(poolId);
    expect(await jax.getAttribute('aria-pressed')).toBe('true');
    await selector.selectOption(second.poolId);
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => selector.inputValue(), { timeout: 15_000 }).toBe(second.poolId);
    await expect.poll(() => button.textContent(), { timeout: 15_000 }).toBe('Save Picks');
    await player.goBack();
    await expect.poll(() => selector.inputValue(), { timeout: 15_000 }).toBe(poolId);
    await expect.poll(() => button.textContent(), { timeout: 15_000 }).toBe('Edit Picks');
    expect(await buf.getAttribute('aria-pressed')).toBe('true');
    expect(await savedTeams()).toEqual(['2']);
    const admin = await e2e.signedInPage(ACCOUNTS.admin);
    expect((await admin.request.delete(`/api/admin/pools/${second.poolId}`)).status()).toBe(200);
  });

  it('should start the data requests of Make Picks together with its code, each only once its own input is known, when a signed-in player opens it', async () => {
    expect(poolId, 'the first test creates the pool').not.toBe('');
    // A fresh tab: nothing cached, the signed-in hint cookie from the sign-in (docs/screens.md#data-loading).
    const player = await e2e.signedInPage(ACCOUNTS.player);
    const log = recordRequests(player);
    const user = /^\/api\/auth\/user$/;
    const pools = /^\/api\/user\/pools$/;
    const week = /^\/api\/weeks\/current\?poolId=/;
    const games = new RegExp(`^/api/pools/${poolId}/weeks/19/games/published$`);
    const picks = new RegExp(`^/api/weeks/2025(:|%3A)19/picks\\?poolId=${poolId}$`);
    const code = /^\/assets\/picks-page-[\w-]+\.js$/;
    // The screen's code is held back until the pools are asked (10 s at most): from localhost it can
    // otherwise arrive before the app's entry has even run, and the order below would say nothing.
    // A first load that waited for the code would ask the pools only after the hold, and fail below.
    const poolsAsked = player.waitForRequest((request) => pools.test(new URL(request.url()).pathname), { timeout: 10_000 }).catch(() => undefined);
    const isCode = (url: URL) => code.test(url.pathname);
    await player.route(isCode, async (route) => {
      await poolsAsked;
      await route.continue();
    });
    await player.goto('/');
    await expect.poll(() => player.getByTestId('game-card').count(), { timeout: 15_000 }).toBe(4);
    const firstScreen = log.now();
    await player.unroute(isCode);

    // The pools are asked with the user, not after the reply, and not after the screen's code arrived.
    expect(log.startOf(pools)).toBeLessThan(log.endOf(user));
    expect(log.startOf(pools)).toBeLessThan(log.endOf(code));
    // The screen's code is fetched with the user, not after the reply.
    expect(log.startOf(code)).toBeLessThan(log.endOf(user));
    // The current week needs the pool (its id), so it follows the pools' reply; games and picks need
    // the week, and start together: neither waits for the other.
    expect(log.startOf(week)).toBeGreaterThan(log.endOf(pools));
    expect(log.startOf(games)).toBeGreaterThan(log.endOf(week));
    expect(log.startOf(games)).toBeLessThan(log.endOf(picks));
    expect(log.startOf(picks)).toBeLessThan(log.endOf(games));
    // What was fetched early is what the screen shows: each asked once.
    for (const path of [user, pools, week, games, picks]) expect(log.count(path), String(path)).toBe(1);
    // Few scripts before the first paint: theme-init.js, the entry and its chunks, Make Picks' two
    // (bench/README.md, first load: 21 before the small chunks were merged).
    const scripts = log.scriptsBefore(firstScreen);
    expect(scripts.length, scripts.join(', ')).toBeLessThanOrEqual(7);
  });

  it('should lock a game the provider reports started, on Make Picks and on the server, while the week is still open', async () => {
    expect(poolId, 'the first test creates the pool').not.toBe('');
    // The round is played to its finals now; the kickoffs the services know, and the deadline, stay a day ahead.
    const replay = e2e.embedded.replay;
    expect(replay, 'the e2e app serves the ESPN replay').not.toBeNull();
    replay!.gameDay.start({ kickoffInSeconds: -10 * 60 });
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    await expect
      .poll(
        async () => {
          const games = (await (await commissioner.request.get(`/api/pools/${poolId}/weeks/19/games/published`)).json()) as Array<{ isComplete: boolean }>;
          return games.filter((g) => g.isComplete).length;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(4);
    const state = (await (await commissioner.request.get(`/api/pools/${poolId}/weeks/19/state`)).json()) as { currentState: string; pickDeadline: string };
    expect(state.currentState).toBe('PUBLISHED');
    expect(Date.parse(state.pickDeadline)).toBeGreaterThan(Date.now());

    // Make Picks: the round's opener (LAR @ CAR, final) is locked on its own; the week is not.
    const player = await e2e.signedInPage(ACCOUNTS.player);
    await player.goto('/');
    await expect.poll(() => player.getByTestId('game-card').count(), { timeout: 15_000 }).toBe(4);
    await card(player, '401772979').getByText(PICK_MESSAGES.gameStartedLabel, { exact: true }).waitFor({ timeout: 15_000 });
    for (const label of ['3pt', '2pt', '1pt', 'Power'] as const) expect(await rankButton(player, '401772979', label).isDisabled(), label).toBe(true);
    expect(await player.getByTestId('picks-button').isDisabled()).toBe(false);

    // The server: a new pick on it (Casey moving her 3pt from LAR to CAR) is 409 game_started, and her picks stay as saved.
    const player2 = await e2e.signedInPage(ACCOUNTS.player2);
    const caseyPicks = async () =>
      ((await (await player2.request.get(`/api/weeks/2025:19/picks?poolId=${poolId}`)).json()) as Array<{ gameId: string; selectedTeamEspnId: string }>).map(
        (p) => `${p.gameId} ${p.selectedTeamEspnId}`,
      );
    const before = await caseyPicks();
    const moved = await player2.request.post('/api/picks/batch', {
      data: { weekId: '2025:19', picks: [pick('401772979', '29', 3), pick('401772981', '3', 2), pick('401772980', '25', 1), pick('401772977', '30', 0)] },
    });
    expect(moved.status(), await moved.text()).toBe(409);
    expect(await moved.json()).toMatchObject({
      error: 'game_started',
      message: expect.stringContaining('has already started: picks on it are locked.'),
      details: { gameId: '401772979' },
    });
    expect(await caseyPicks()).toEqual(before);
    // Pat's picks, saved before the games started and sent again unchanged, stay.
    const unchanged = await player.request.post('/api/picks/batch', {
      data: { weekId: '2025:19', picks: [pick('401772979', '29', 3), pick('401772981', '9', 2), pick('401772977', '2', 1), pick('401772980', '25', 0)] },
    });
    expect(unchanged.status(), await unchanged.text()).toBe(200);
  });

  it("should lock Make Picks once games start and show everyone's picks on the live leaderboard", async () => {
    expect(poolId, 'the first test creates the pool').not.toBe('');
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    const started = await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/games-in-progress`, { data: { testing: true } });
    expect(started.status(), await started.text()).toBe(200);

    const player = await e2e.signedInPage(ACCOUNTS.player);
    // picks-scoring hears of the start over the bus: the board opens to members, and the server refuses a save.
    await expect.poll(async () => (await player.request.get(`/api/pools/${poolId}/weeks/19/live-leaderboard`)).status(), { timeout: 10_000 }).toBe(200);
    const again = [
      ['401772979', '29', 3],
      ['401772981', '9', 2],
      ['401772977', '2', 1],
    ] as const;
    const refused = await player.request.post('/api/picks/batch', {
      data: {
        weekId: '2025:19',
        picks: again.map(([gameId, team, rank]) => ({
          poolId,
          poolGameId: poolGames[gameId],
          gameEspnCompetitionId: gameId,
          selectedTeamEspnId: team,
          confidenceRank: rank,
          isPowerPick: false,
          weekNumber: 19,
        })),
      },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'picks_locked' });
    await player.goto('/');
    await expect.poll(() => player.getByTestId('game-card').count(), { timeout: 15_000 }).toBe(4);
    expect(await player.getByTestId('picks-button').isDisabled()).toBe(true);
    expect(await rankButton(player, '401772981', '3pt').isDisabled()).toBe(true);

    await player.goto(`/live-leaderboard/${poolId}/19`);
    await player.getByRole('heading', { name: 'Live Leaderboard', level: 1 }).waitFor();
    const table = player.getByText('Live Leaderboard - Week 19');
    await table.waitFor();
    // Both players' rows, with Casey's picks visible to Pat now: LAR 3pt, CHI 2pt, SF 1pt, power JAX.
    const caseyRow = player.getByRole('row').filter({ hasText: 'Casey Second' });
    await caseyRow.waitFor();
    await player.getByRole('row').filter({ hasText: 'Pat Player' }).waitFor();
    const caseyText = (await caseyRow.textContent()) ?? '';
    for (const team of ['LAR', 'CHI', 'SF', 'JAX']) expect(caseyText).toContain(team);

    // While the week is live the page listens to the live stream, and a change reaches it
    // without a reload. The commissioner moves Casey's 1pt pick from SF to PHI, then back.
    const heading = player.getByTestId('live-heading');
    await expect.poll(() => heading.getAttribute('data-stream'), { timeout: 15_000 }).toBe('live');
    const live = (await (await commissioner.request.get(`/api/pools/${poolId}/weeks/19/live-leaderboard`)).json()) as {
      standings: Array<{ userId: string; displayName: string }>;
    };
    const caseyId = live.standings.find((s) => s.displayName === 'Casey Second')!.userId;
    const override = (onePt: string) =>
      commissioner.request.post('/api/picks/commissioner-override', {
        data: {
          targetUserId: caseyId,
          poolId,
          weekNumber: 19,
          overrideReason: 'Live push check',
          picks: [
            ['401772979', '14', 3],
            ['401772981', '3', 2],
            ['401772980', onePt, 1],
            ['401772977', '30', 0],
          ].map(([gameId, team, rank]) => ({
            poolGameId: poolGames[gameId as string],
            gameEspnCompetitionId: gameId,
            selectedTeamEspnId: team,
            confidenceRank: rank,
            isPowerPick: rank === 0,
          })),
        },
      });
    const url = player.url();
    expect((await override('21')).status()).toBe(200);
    await expect.poll(async () => (await caseyRow.textContent()) ?? '', { timeout: 10_000 }).toContain('PHI');
    expect((await override('25')).status()).toBe(200);
    await expect.poll(async () => (await caseyRow.textContent()) ?? '', { timeout: 10_000 }).not.toContain('PHI');
    expect(player.url()).toBe(url);
  });

  it('should show the points on the season leaderboard once the week is scored and complete', async () => {
    expect(poolId, 'the first test creates the pool').not.toBe('');
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    expect((await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/scoring`, { data: { testing: true } })).status()).toBe(200);
    await expect.poll(async () => (await commissioner.request.post(`/api/pools/${poolId}/weeks/19/scores/calculate`)).status(), { timeout: 10_000 }).toBe(200);
    // The live board counts the finals too: Pat 6, Casey 3, every pick decided.
    const board = (await (await commissioner.request.get(`/api/pools/${poolId}/weeks/19/live-leaderboard`)).json()) as {
      standings: Array<{ displayName: string; weekPoints: number; picks: Array<{ result: string }> }>;
    };
    const pointsOf = (name: string) => board.standings.find((s) => s.displayName === name);
    expect(pointsOf('Pat Player')).toMatchObject({ weekPoints: 6 });
    expect(pointsOf('Casey Second')).toMatchObject({ weekPoints: 3 });
    expect(pointsOf('Pat Player')!.picks.map((p) => p.result)).toEqual(['WIN', 'LOSS', 'PUSH', 'WIN']);
    expect((await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/complete`, { data: { testing: true } })).status()).toBe(200);

    const player = await e2e.signedInPage(ACCOUNTS.player);
    await expect
      .poll(async () => ((await (await player.request.get(`/api/pools/${poolId}/completed-weeks`)).json()) as unknown[]).length, { timeout: 10_000 })
      .toBe(1);
    await player.goto('/leaderboard');
    await player.getByRole('heading', { name: 'Season Leaderboard', level: 1 }).waitFor();
    const pat = player.getByRole('row').filter({ hasText: 'Pat Player' });
    const casey = player.getByRole('row').filter({ hasText: 'Casey Second' });
    await pat.waitFor();
    // Total, weeks played, average, best week.
    expect((await pat.textContent())?.replace(/\s+/g, ' ')).toMatch(/6.*Pat Player.*1.*6.*6/);
    expect((await casey.textContent())?.replace(/\s+/g, ' ')).toMatch(/3.*Casey Second.*1.*3.*3/);
  });
});
