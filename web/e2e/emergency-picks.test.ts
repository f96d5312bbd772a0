import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason, WILD_CARD_SPREADS } from '@powerpool/testing';
import { stubExternalImages } from './support/images.js';
import { expectOneDateFamily } from './support/dates.js';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS, toast } from './support/sign-in.js';
import { pushSeasonToProduction } from './support/sports.js';

/**
 * Week management's picks tools and the live leaderboard (docs/week.md#emergency-pick-entry, docs/screens.md#live-leaderboard) in the browser against the real
 * services: the pick completion card of a PUBLISHED week, the emergency pick entry, the live board
 * before the deadline (a player: not yet; the commissioner: everyone's picks, the override), and
 * the SCORING and COMPLETE bodies (calculate, the scoring review checked by hand, its CSV). The replay's dates put the
 * 2025 Wild Card round a few days ahead; a commissioner publishes four of its six games, Pat Player
 * joins, and the commissioner enters Pat's picks for him, the power pick on a game the pool did
 * not publish, and his prediction for the pool's weekly tiebreaker (docs/game.md#weekly-winners).
 */

const DAY = 86_400_000;
const WILD_CARD_FIRST_KICKOFF = Date.parse('2026-01-10T21:30:00Z');
/** Whole weeks that put the first Wild Card kickoff 2 to 9 days ahead. */
const SHIFT_DAYS = 7 * Math.ceil((Date.now() + 2 * DAY - WILD_CARD_FIRST_KICKOFF) / (7 * DAY));
/** The four published games (home-relative spreads); LAC @ NE and HOU @ PIT stay unpublished. */
const SPREADS = WILD_CARD_SPREADS;

describe.skipIf(chromiumUnavailableReason())('emergency pick entry', () => {
  const e2e = setupE2e({ espnReplay: { dateShiftDays: SHIFT_DAYS } });

  it(
    "should save a member's picks with a reason, record the override, count the member as done and show it on the live board and in the scoring review when the commissioner enters them",
    { timeout: 180_000 },
    async () => {
      await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
      const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
      const created = await commissioner.request.post('/api/pools', {
        data: { name: 'E2E Emergency Picks Pool', allowsPostseason: true, weeklyTiebreaker: 'last_game_total' },
      });
      expect(created.status()).toBe(201);
      const poolId = ((await created.json()) as { id: string }).id;
      const invitation = (await (await commissioner.request.post(`/api/pools/${poolId}/invitations`, { data: {} })).json()) as { invitationToken: string };
      const player = await e2e.signedInPage(ACCOUNTS.player);
      expect((await player.request.post(`/api/invitations/${invitation.invitationToken}/use`)).status()).toBe(200);
      await expect.poll(async () => (await commissioner.request.get(`/api/weeks/current?poolId=${poolId}`)).status(), { timeout: 10_000 }).toBe(200);
      for (const [gameId, spread] of Object.entries(SPREADS))
        expect((await commissioner.request.put(`/api/pools/${poolId}/spreads/${gameId}`, { data: { spread } })).status()).toBe(200);
      const published = await commissioner.request.post(`/api/pools/${poolId}/weeks/19/games/publish`, { data: { gameIds: Object.keys(SPREADS) } });
      expect(published.status(), await published.text()).toBe(200);

      // PUBLISHED: nobody has picked yet (the commissioner is a member too).
      await stubExternalImages(commissioner.context(), e2e.url);
      await commissioner.goto(`/weeks/19?pool=${poolId}`);
      const completion = commissioner.getByTestId('pick-completion');
      await expect.poll(() => completion.textContent(), { timeout: 15_000 }).toContain('0 / 2 users completed');

      // The form names what is missing and keeps Submit disabled until it is complete.
      await commissioner.getByRole('button', { name: /Emergency Pick Entry/ }).click();
      const form = commissioner.getByRole('form', { name: 'Emergency pick entry' });
      const submit = form.getByRole('button', { name: 'Submit Override' });
      const problem = form.getByTestId('override-problem');
      await expect.poll(() => problem.textContent(), { timeout: 15_000 }).toBe('Please fill in all required fields');
      expect(await submit.isDisabled()).toBe(true);
      const member = form.getByLabel('Member');
      const pat = (await member.locator('option').allTextContents()).find((text) => text.startsWith('Pat Player'));
      expect(pat, 'Pat is a member (with his e-mail: the viewer manages the pool)').toBe('Pat Player (player@powerpool.test)');
      await member.selectOption({ label: pat! });
      await form.getByLabel('Reason').fill('Phone died before the deadline');
      expect(await problem.textContent()).toBe('Must select all 3 confidence picks');
      await form.getByLabel('3pt pick').selectOption({ label: 'CAR (LAR @ CAR)' });
      await form.getByLabel('2pt pick').selectOption({ label: 'CHI (GB @ CHI)' });
      expect(await submit.isDisabled()).toBe(true);
      await form.getByLabel('1pt pick').selectOption({ label: 'SF (SF @ PHI)' });
      // The power pick may be on any game of the week: HOU @ PIT was not published by the pool.
      await form.getByLabel('Power pick (optional)').selectOption({ label: 'PIT (HOU @ PIT)' });
      expect(await problem.count()).toBe(0);
      // The week has a tiebreaker game: the Make Picks field, checked as there; empty keeps Pat's.
      const tiebreaker = form.getByLabel('Tiebreaker');
      await tiebreaker.fill('201');
      expect(await problem.textContent()).toMatch(/^Please enter your tiebreaker: the total points scored in .+, a whole number from 0 to 200\.$/);
      expect(await submit.isDisabled()).toBe(true);
      await tiebreaker.fill('41');
      expect(await problem.count()).toBe(0);

      const sent = commissioner.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/picks/commissioner-override');
      await submit.click();
      const reply = await sent;
      expect(reply.status(), await reply.text()).toBe(200);
      expect(reply.request().postDataJSON()).toMatchObject({
        poolId,
        weekNumber: 19,
        overrideReason: 'Phone died before the deadline',
        tiebreaker: 41,
        picks: [
          expect.objectContaining({ gameEspnCompetitionId: '401772979', selectedTeamEspnId: '29', confidenceRank: 3, isPowerPick: false }),
          expect.objectContaining({ gameEspnCompetitionId: '401772981', confidenceRank: 2, isPowerPick: false }),
          expect.objectContaining({ gameEspnCompetitionId: '401772980', selectedTeamEspnId: '25', confidenceRank: 1, isPowerPick: false }),
          expect.objectContaining({ poolGameId: null, confidenceRank: 0, isPowerPick: true }),
        ],
      });
      await toast(commissioner, 'Override Saved').waitFor();
      // Not scored yet: nothing was recalculated, and the page says so.
      expect(await form.getByTestId('override-result').textContent()).toBe(
        'Picks saved for Pat Player. The week has not been scored yet: nothing to recalculate.',
      );
      const recorded = commissioner.getByTestId('recorded-overrides');
      await recorded.waitFor();
      expect((await recorded.textContent())?.replace(/\s+/g, ' ')).toMatch(
        /Chris Commissioner entered picks for Pat Player on .+\. Reason: Phone died before the deadline/,
      );
      await expect.poll(() => completion.textContent()).toContain('1 / 2 users completed');
      // Every date on Manage Weeks is of the one family (lib/dates.ts): the picks deadline and the
      // override's time with their year, the kickoffs without, all in Central time.
      const shown = await expectOneDateFamily(commissioner, 3);
      expect(shown.filter((d) => /, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/.test(d)).length, shown.join(' | ')).toBeGreaterThanOrEqual(2);
      expect(shown.filter((d) => /^\w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M C[SD]T$/.test(d)).length, shown.join(' | ')).toBeGreaterThanOrEqual(4);

      // Pat's Make Picks shows the power pick the commissioner entered on a game his pool did not publish.
      await stubExternalImages(player.context(), e2e.url);
      await player.goto('/');
      await expect
        .poll(() => player.getByTestId('power-box').textContent(), { timeout: 15_000 })
        .toContain('Power pick entered by commissioner (game not available in this pool)');
      // ... and the tiebreaker prediction entered with them.
      await expect.poll(() => player.getByTestId('tiebreaker-input').inputValue(), { timeout: 15_000 }).toBe('41');

      // The live board before the deadline: Pat sees only that the picks are coming.
      e2e.allowConsoleErrors((message) => message.text().includes('status of 403'));
      await player.goto(`/live-leaderboard/${poolId}/19`);
      await player.getByText('Pick Data Coming Soon').waitFor();
      await player.getByText('Pick data will be available once the pick window closes, 10 minutes before the first game.').waitFor();
      expect(await player.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);

      // The commissioner sees the board at any time: Pat's picks as entered, and the override.
      await commissioner.goto(`/live-leaderboard/${poolId}/19`);
      await commissioner.getByRole('heading', { name: 'Live Leaderboard - Week 19' }).waitFor();
      const heading = commissioner.getByTestId('live-heading');
      for (const part of ['E2E Emergency Picks Pool', 'Wild Card (Week 19)', 'Published']) await heading.getByText(part, { exact: true }).waitFor();
      const patRow = commissioner.getByTestId('live-standing-row').filter({ hasText: 'Pat Player' });
      // The recorded Wild Card games are final: the board scores them as the calculation below does, the
      // power pick on the unpublished HOU @ PIT straight up (docs/game.md#unpublished-games; HOU won 30-6).
      expect(await patRow.getByTestId('live-pick').allTextContents()).toEqual(['CARWon', 'CHIWon', 'SFWon', 'PITLost']);
      expect((await commissioner.getByTestId('override').textContent())?.replace(/\s+/g, ' ')).toMatch(
        /^Chris Commissioner entered picks for Pat Player on .+\. Reason: Phone died before the deadline$/,
      );
      expect(await commissioner.getByTestId('live-game').count()).toBe(4);
      expect(await commissioner.getByTestId('showing-text').textContent()).toBe('Showing 1-2 of 2 users');

      // Export CSV: the file name the server gives.
      const download = commissioner.waitForEvent('download');
      await commissioner.getByRole('button', { name: 'Export CSV' }).click();
      expect((await download).suggestedFilename()).toMatch(/week-19-leaderboard\.csv$/);
      await toast(commissioner, 'CSV Exported').filter({ hasText: 'Leaderboard exported successfully' }).waitFor();

      // Games played (the Testing tool), then SCORING: calculate, review, export, complete.
      for (const target of ['games-in-progress', 'scoring']) {
        const moved = await commissioner.request.post(`/api/pools/${poolId}/weeks/19/transition/${target}`, { data: { testing: true } });
        expect(moved.status(), await moved.text()).toBe(200);
      }
      await commissioner.goto(`/weeks/19?pool=${poolId}`);
      const review = commissioner.getByTestId('scoring-review');
      await review.getByText('2 users · not calculated yet').waitFor();
      await commissioner.getByRole('button', { name: 'Calculate User Scores' }).click();
      await toast(commissioner, 'Scores Calculated').filter({ hasText: 'Scores calculated for 2 player(s)' }).waitFor();
      await review.getByText(/· calculated /).waitFor();
      await expectOneDateFamily(commissioner, 2);
      // CAR +10.5 (31 + 10.5 > 34), CHI -1.5 (29.5 > 27) and SF (PHI -4.5: 14.5 < 23) all cover: 3 + 2 + 1 = 6;
      // the power pick PIT lost (HOU won 30-6): x0, final 0. Ties sort by name: Chris (no picks) first.
      // Pat is the week's winner (Chris made no picks) and his tiebreaker, entered by the commissioner, shows.
      const patReview = commissioner.getByTestId('review-row').filter({ hasText: 'Pat Player' });
      await expect
        .poll(() => patReview.locator('td').allTextContents())
        .toEqual(['Pat PlayerWeek Winnerplayer@powerpool.test', '3pt CAR *2pt CHI *1pt SF *Power PIT *', '6', 'x0', '0', '41']);
      expect(await commissioner.getByTestId('review-row').locator('td:first-child').allTextContents()).toEqual([
        'Chris Commissionercommissioner@powerpool.test',
        'Pat PlayerWeek Winnerplayer@powerpool.test',
      ]);
      const weekCsv = commissioner.waitForEvent('download');
      await review.getByRole('button', { name: 'Export CSV' }).click();
      expect((await weekCsv).suggestedFilename()).toMatch(/week-19-scores\.csv$/);

      // Complete Week freezes the week: it asks first, and Cancel leaves the week in SCORING.
      await commissioner.getByRole('button', { name: 'Complete Week' }).click();
      const confirm = commissioner.getByRole('alertdialog');
      await confirm.getByRole('heading', { name: 'Complete Wild Card (Week 19)?' }).waitFor();
      expect(await confirm.textContent()).toContain(
        'Results become final and count in the season standings. After this only a commissioner correction changes them.',
      );
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      const state = (await (await commissioner.request.get(`/api/pools/${poolId}/weeks/19/state`)).json()) as { currentState: string };
      expect(state.currentState).toBe('SCORING');
      expect(await commissioner.getByRole('heading', { name: 'Review and Complete' }).count()).toBe(1);

      await commissioner.getByRole('button', { name: 'Complete Week' }).click();
      await confirm.getByRole('button', { name: 'Complete Week' }).click();
      await commissioner.getByRole('heading', { name: 'Final Standings' }).waitFor();
      await confirm.waitFor({ state: 'detached' });
      expect((await commissioner.getByTestId('week-participation').textContent())?.replace(/\s+/g, '')).toBe(
        'Participants1of2membersPicksCompleted1allthreeconfidencepicks',
      );
      await expect.poll(() => commissioner.getByTestId('review-row').filter({ hasText: 'Pat Player' }).locator('td').nth(4).textContent()).toBe('0');
    },
  );
});
