import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason, WILD_CARD_WEEK } from '@powerpool/testing';
import { describeViolations, runAxe } from './support/axe.js';
import { setupE2e, type E2e } from './support/e2e.js';
import { nextPaint, settle, THEMES, transitionsDone, useTheme } from './support/screens.js';
import { ACCOUNTS, toast } from './support/sign-in.js';
import { pushSeasonToProduction } from './support/sports.js';
import { pickFirstThreeGames, publishWildCardPool } from './support/wild-card.js';

/**
 * The notification screens (docs/screens.md#profile, #make-picks-reminder-offer,
 * #week-management, #pool-management) in the browser through the real sign-in, against the
 * embedded app's notifications service and its mail catcher (`/dev-mail/messages.json`): Profile's
 * switches saved and read back; the commissioner's Nudge e-mails exactly the players who have not
 * picked and the second one inside the hour is refused with the server's words; Make Picks offers
 * reminders after the first save, and never again once answered; the pool's reminders saved on
 * /admin. Axe finds nothing on each new part at 375 and 1280 px in both themes, and its controls
 * are 44 px high under a thumb.
 */

const THUMB_PX = 44;
const WIDTHS = [375, 1280] as const;

interface CaughtMail {
  envelopeTo: string[];
  to: string;
  cc: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** What the mail catcher got so far (embedded mode's `/dev-mail/messages.json`). */
async function caughtMail(page: Page): Promise<CaughtMail[]> {
  return (await (await page.request.get('/dev-mail/messages.json')).json()) as CaughtMail[];
}

/**
 * Axe on the page at both widths and in both themes, once the toasts have closed themselves (an open
 * toast is the toaster's, audited by accessibility.test.ts, not this screen's); the violations, described.
 */
async function audit(name: string, page: Page): Promise<string[]> {
  await expect
    .poll(
      () =>
        page
          .getByRole('region', { name: /^Notifications/ })
          .locator('li')
          .count(),
      { timeout: 15_000 },
    )
    .toBe(0);
  const found: string[] = [];
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await nextPaint(page);
      await transitionsDone(page);
      found.push(...describeViolations(`${name} at ${width} px (${theme})`, await runAxe(page)));
    }
  }
  await page.setViewportSize(size);
  return found;
}

/** Controls lower than a thumb's 44 px, described. */
async function shortTargets(what: string, controls: Locator): Promise<string[]> {
  const short: string[] = [];
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (!box || box.height < THUMB_PX || box.width < THUMB_PX) short.push(`${what}: ${box ? `${Math.round(box.width)}x${box.height}` : 'not shown'}`);
  }
  return short;
}

const isCall = (method: string, path: (p: string) => boolean) => (r: { url(): string; request(): { method(): string } }) =>
  r.request().method() === method && path(new URL(r.url()).pathname);

/** Picks 3/2/1 on the first three game cards (the first team of each) and saves them; resolves with the save's status. */
async function makeAndSavePicks(page: Page): Promise<number> {
  await pickFirstThreeGames(page);
  const saved = page.waitForResponse(isCall('POST', (p) => p === '/api/picks/batch'));
  await page.getByTestId('picks-button').click();
  const status = (await saved).status();
  await page.getByTestId('picks-saved').waitFor();
  return status;
}

/** These people turn the picks reminder and week-published e-mails off on their Profile (through its endpoint). */
async function turnRemindersOff(e2e: E2e, emails: readonly string[]): Promise<void> {
  for (const email of emails) {
    const page = await e2e.signedInPage(email);
    const off = await page.request.put('/api/notifications/preferences', {
      data: {
        preferences: [
          { kind: 'picks_reminder', channel: 'email', enabled: false },
          { kind: 'week_published', channel: 'email', enabled: false },
        ],
      },
    });
    expect(off.status()).toBe(200);
    await page.close();
  }
}

async function preference(page: Page, kind: string, channel: string): Promise<boolean | undefined> {
  const reply = (await (await page.request.get('/api/notifications/preferences')).json()) as {
    preferences: Array<{ kind: string; channel: string; enabled: boolean }>;
  };
  return reply.preferences.find((p) => p.kind === kind && p.channel === channel)?.enabled;
}

describe.skipIf(chromiumUnavailableReason())('the notification screens', () => {
  const e2e = setupE2e({ espnReplay: { gameDay: { minutes: 1.5, kickoffInMinutes: 24 * 60 } } });
  let poolId = '';

  it(
    'should save the Profile switches at once and show them again after a reload, and say why push cannot be on in this browser',
    { timeout: 120_000 },
    async () => {
      const player = await e2e.signedInPage(ACCOUNTS.player);
      await player.goto('/profile');
      const published = player.getByTestId('switch-week_published-email');
      const results = player.getByTestId('switch-week_results-email');
      const nudgePush = player.getByTestId('switch-nudge-push');
      await settle(player, published);
      // The defaults (docs/notifications.md#preferences): week published by e-mail off, results on.
      expect(await published.getAttribute('aria-checked')).toBe('false');
      expect(await results.getAttribute('aria-checked')).toBe('true');
      expect(await player.getByRole('switch', { name: 'Picks reminders by E-mail' }).getAttribute('aria-checked')).toBe('true');
      // Push is on by default, but this browser cannot receive it (no service worker here): its
      // switches say what is really on here, off, and cannot be moved; a note says why.
      await expect.poll(() => nudgePush.getAttribute('aria-checked')).toBe('false');
      expect(await nudgePush.isDisabled()).toBe(true);
      for (const control of await player.getByRole('switch', { name: / by Push$/ }).all()) expect(await control.getAttribute('aria-checked')).toBe('false');
      expect(await player.getByTestId('push-unreachable-note').textContent()).toContain('this browser cannot show PowerPool notifications');

      for (const [control, expected] of [
        [published, 'true'],
        [results, 'false'],
      ] as const) {
        const saved = player.waitForResponse(isCall('PUT', (p) => p === '/api/notifications/preferences'));
        await control.click();
        expect((await saved).status()).toBe(200);
        expect(await control.getAttribute('aria-checked')).toBe(expected);
      }
      expect(await preference(player, 'week_published', 'email')).toBe(true);
      expect(await preference(player, 'week_results', 'email')).toBe(false);

      await player.reload();
      await settle(player, published);
      expect(await published.getAttribute('aria-checked')).toBe('true');
      expect(await results.getAttribute('aria-checked')).toBe('false');
      // The test contexts block service workers (support/e2e.ts): the row says so and offers no button.
      const row = player.getByTestId('browser-push');
      await expect.poll(() => row.getAttribute('data-state')).toBe('no-service-worker');
      expect(await row.textContent()).toContain('Push needs the installed app');
      expect(await row.getByRole('button').count()).toBe(0);

      expect(await audit('Profile', player)).toEqual([]);

      const phone = await e2e.signedInPage(ACCOUNTS.player, { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
      await phone.goto('/profile');
      await settle(phone, phone.getByTestId('switch-nudge-email'));
      expect(await shortTargets('Profile switch', phone.getByRole('switch'))).toEqual([]);
    },
  );

  it(
    'should nudge the players who have not picked by e-mail, then refuse a second nudge inside the hour with the server words',
    { timeout: 180_000 },
    async () => {
      await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
      // The deadline is a day ahead: the 24-hour reminder goes at publishing, and a player gets one
      // picks e-mail at a time. The players turned reminder (and week-published) e-mails off, so the
      // nudge is their e-mail.
      await turnRemindersOff(e2e, [ACCOUNTS.player, ACCOUNTS.player2]);
      const pool = await publishWildCardPool(e2e, 'E2E Nudge Pool', [ACCOUNTS.player, ACCOUNTS.player2]);
      poolId = pool.poolId;
      const commissioner = pool.commissioner;
      await commissioner.goto(`/weeks/${WILD_CARD_WEEK}?pool=${poolId}`);
      const button = commissioner.getByTestId('nudge-button');
      await settle(commissioner, button);
      expect(await button.textContent()).toBe('Nudge');

      const nudged = commissioner.waitForResponse(isCall('POST', (p) => p.endsWith(`/weeks/${WILD_CARD_WEEK}/nudge`)));
      await button.click();
      expect((await nudged).status()).toBe(200);
      // The pool's two other active members, none of whom has picked: the commissioner plays too, but
      // the one who presses Nudge is not nudged (docs/notifications.md#nudge).
      await expect.poll(() => commissioner.getByTestId('nudge-result').textContent()).toBe('Nudged 2 players who have not picked.');
      await toast(commissioner, 'Nudge Sent').waitFor();
      await expect.poll(() => button.textContent()).toMatch(/^Nudged at \d{1,2}:\d{2}:\d{2} [AP]M C[SD]T$/);
      expect(await button.isDisabled()).toBe(true);

      // The mail catcher got one nudge per nudged member, each to that member alone (docs/notifications.md#who).
      const nudges = async () => (await caughtMail(commissioner)).filter((m) => m.subject.startsWith('Your commissioner reminds you'));
      await expect.poll(async () => (await nudges()).length, { timeout: 30_000, interval: 500 }).toBe(2);
      const mails = await nudges();
      expect(mails.map((m) => m.envelopeTo.join(', ')).sort()).toEqual([ACCOUNTS.player, ACCOUNTS.player2].sort());
      expect(
        mails.every(
          (m) => m.cc === '' && m.subject.includes('E2E Nudge Pool') && (m.headers['list-unsubscribe'] ?? '').includes('/api/notifications/unsubscribe/'),
        ),
      ).toBe(true);

      expect(await audit('Manage Weeks (nudged)', commissioner)).toEqual([]);

      expect((await nudges()).length).toBe(2);
    },
  );

  it('should show a page opened after a nudge that the next one is possible only in an hour, before anyone presses', async () => {
    expect(poolId, 'the nudge test nudges the pool').not.toBe('');
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    await commissioner.goto(`/weeks/${WILD_CARD_WEEK}?pool=${poolId}`);
    const button = commissioner.getByTestId('nudge-button');
    await settle(commissioner, button);
    // A fresh page knows of the first nudge from the server before anyone presses: the button is
    // disabled and says when the next one is possible (by the server's clock).
    await expect.poll(() => button.textContent()).toMatch(/^Nudged at \d{1,2}:\d{2}:\d{2} [AP]M C[SD]T$/);
    expect(await button.isDisabled()).toBe(true);
    expect(await commissioner.getByTestId('nudge-next').textContent()).toMatch(/^Next nudge possible at \d{1,2}:\d{2}:\d{2} [AP]M C[SD]T\.$/);
    // The server still refuses a second nudge inside the hour, with its words.
    const refused = await commissioner.request.post(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/nudge`);
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain('was nudged less than an hour ago: the next nudge is possible at');
    const nudges = (await caughtMail(commissioner)).filter((m) => m.subject.startsWith('Your commissioner reminds you'));
    expect(nudges.length).toBe(2);
  });

  it(
    'should offer reminders after the first save of picks, turn the e-mail reminder on in one tap, and never offer again once answered',
    { timeout: 180_000 },
    async () => {
      expect(poolId, 'the nudge test publishes the pool').not.toBe('');
      // Both players have turned the e-mail reminder off, so the offer has something to turn on.
      await turnRemindersOff(e2e, [ACCOUNTS.player, ACCOUNTS.player2]);

      // Pat: the first save shows the offer; one tap turns the e-mail reminder on.
      const pat = await e2e.signedInPage(ACCOUNTS.player);
      await pat.goto('/');
      expect(await makeAndSavePicks(pat)).toBe(200);
      const offer = pat.getByTestId('reminders-offer');
      await offer.waitFor();
      expect(await offer.getByRole('heading').textContent()).toBe('Get a reminder before the deadline?');
      expect(await audit('Make Picks (reminder offer)', pat)).toEqual([]);
      const turnedOn = pat.waitForResponse(isCall('PUT', (p) => p === '/api/notifications/preferences'));
      await offer.getByTestId('reminders-offer-accept').click();
      expect((await turnedOn).request().postDataJSON()).toEqual({ preferences: [{ kind: 'picks_reminder', channel: 'email', enabled: true }] });
      await toast(pat, 'Reminders On').waitFor();
      await offer.waitFor({ state: 'detached' });
      expect(await preference(pat, 'picks_reminder', 'email')).toBe(true);

      // Casey: the offer, dismissed; after a reload, the first save in another pool does not bring it back.
      const casey = await e2e.signedInPage(ACCOUNTS.player2, { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
      await casey.goto('/');
      expect(await makeAndSavePicks(casey)).toBe(200);
      const caseyOffer = casey.getByTestId('reminders-offer');
      await caseyOffer.waitFor();
      expect(await shortTargets('Offer button', caseyOffer.getByRole('button'))).toEqual([]);
      await caseyOffer.getByRole('button', { name: 'No thanks' }).click();
      await caseyOffer.waitFor({ state: 'detached' });
      expect(await preference(casey, 'picks_reminder', 'email')).toBe(false);

      const second = await publishWildCardPool(e2e, 'E2E Second Pool', [ACCOUNTS.player2]);
      await casey.reload();
      await casey.getByTestId('player-pool-selector').locator('select').selectOption(second.poolId);
      // The offer's code loads after the save; once it has, the answer kept in this browser hides it.
      const offerCode = casey.waitForResponse((r) => new URL(r.url()).pathname.includes('/reminders-offer-'));
      expect(await makeAndSavePicks(casey)).toBe(200);
      await offerCode;
      await nextPaint(casey);
      await nextPaint(casey);
      expect(await caseyOffer.count()).toBe(0);
    },
  );

  it('should save the pool reminder settings on Pool Management and show them again after a reload', { timeout: 120_000 }, async () => {
    expect(poolId, 'the nudge test publishes the pool').not.toBe('');
    const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
    await commissioner.goto('/admin');
    await settle(commissioner, commissioner.getByTestId('selected-pool-name'));
    await commissioner.getByTestId('pool-selector').locator('select').selectOption(poolId);
    const day = commissioner.getByTestId('switch-reminder24h');
    const hour = commissioner.getByTestId('switch-reminder1h');
    await settle(commissioner, day);
    expect(await day.getAttribute('aria-checked')).toBe('true');
    expect(await hour.getAttribute('aria-checked')).toBe('true');

    const saved = commissioner.waitForResponse(isCall('PUT', (p) => p === `/api/pools/${poolId}/notification-settings`));
    await day.click();
    expect((await saved).status()).toBe(200);
    const updated = toast(commissioner, 'Reminders Updated');
    await updated.waitFor();
    await expect.poll(() => day.getAttribute('aria-checked')).toBe('false');
    const stored = (await (await commissioner.request.get(`/api/pools/${poolId}/notification-settings`)).json()) as {
      reminder24h: boolean;
      reminder1h: boolean;
    };
    expect(stored).toMatchObject({ reminder24h: false, reminder1h: true });

    expect(await audit('Pool Management (reminders)', commissioner)).toEqual([]);

    await commissioner.reload();
    await commissioner.getByTestId('pool-selector').locator('select').selectOption(poolId);
    await settle(commissioner, day);
    expect(await day.getAttribute('aria-checked')).toBe('false');
    expect(await hour.getAttribute('aria-checked')).toBe('true');
  });
});

/**
 * Picks e-mails near the deadline (docs/notifications.md#reminders, #one-picks-e-mail-at-a-time,
 * #nudge): a week published 26 minutes before its deadline sends the 1-hour reminder saying the
 * time really left; a player who joins after it is not reminded the moment he joins; the
 * commissioner's Nudge a moment later e-mails neither himself nor a player reminded a moment ago,
 * and says so. At 390 px /dev-mail keeps the long links inside their card, and the HTML e-mail
 * names its links instead of spelling their addresses.
 */
describe.skipIf(chromiumUnavailableReason())('picks e-mails near the deadline', () => {
  // Kickoff in 36 minutes: the picks deadline (10 minutes before it) is 26 minutes ahead.
  const e2e = setupE2e({ espnReplay: { gameDay: { minutes: 1.5, kickoffInMinutes: 36 } } });

  it('should say the real time left, remind a late joiner only by the nudge, and never e-mail a player twice in a moment', { timeout: 180_000 }, async () => {
    await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
    const pool = await publishWildCardPool(e2e, 'E2E Close Pool', [ACCOUNTS.player]);
    const commissioner = pool.commissioner;
    const mailTo = async (email: string, subject: string) =>
      (await caughtMail(commissioner)).filter((m) => m.envelopeTo.includes(email) && m.subject.startsWith(subject));

    // The 1-hour reminder at once, to the two members without picks, with the time really left.
    await expect.poll(async () => (await mailTo(ACCOUNTS.player, 'Reminder:')).length, { timeout: 30_000, interval: 500 }).toBe(1);
    const [reminder] = await mailTo(ACCOUNTS.player, 'Reminder:');
    expect(reminder!.text).toMatch(/\(in (1\d|2[0-6]) minutes\)/);
    expect(reminder!.text).not.toContain('about an hour');
    expect((await mailTo(ACCOUNTS.commissioner, 'Reminder:')).length).toBe(1);
    // Short links in the HTML e-mail: named by what they do, not their long addresses.
    expect(reminder!.html).toContain('>Make your picks</a>');
    expect(reminder!.html).toContain('>Unsubscribe from these e-mails</a>');
    expect(reminder!.html).not.toMatch(/>https?:\/\//);

    // Casey joins now, inside the reminder's hour: no reminder the moment he joins.
    const invitation = (await (await commissioner.request.post(`/api/pools/${pool.poolId}/invitations`, { data: {} })).json()) as { invitationToken: string };
    const casey = await e2e.signedInPage(ACCOUNTS.player2);
    expect((await casey.request.post(`/api/invitations/${invitation.invitationToken}/use`)).status()).toBe(200);

    // The Nudge: Casey alone; not the commissioner, and not Pat, reminded a moment ago; the result says so.
    await commissioner.goto(`/weeks/${WILD_CARD_WEEK}?pool=${pool.poolId}`);
    const button = commissioner.getByTestId('nudge-button');
    await settle(commissioner, button);
    await button.click();
    await expect
      .poll(() => commissioner.getByTestId('nudge-result').textContent(), { timeout: 15_000 })
      .toBe('Nudged 1 player who has not picked. 1 player who got a picks e-mail in the last 30 minutes is not nudged again.');
    await expect.poll(async () => (await mailTo(ACCOUNTS.player2, 'Your commissioner reminds you')).length, { timeout: 30_000, interval: 500 }).toBe(1);
    const [nudge] = await mailTo(ACCOUNTS.player2, 'Your commissioner reminds you');
    expect(nudge!.text).toMatch(/\(in (1\d|2[0-6]) minutes\)/);
    // Planning passes have run since Casey joined (the nudge went out in one): still no reminder for him.
    expect(await mailTo(ACCOUNTS.player2, 'Reminder:')).toEqual([]);
    expect(await mailTo(ACCOUNTS.player, 'Your commissioner reminds you')).toEqual([]);
    expect(await mailTo(ACCOUNTS.commissioner, 'Your commissioner reminds you')).toEqual([]);

    // /dev-mail on a phone: every card holds its text, long links broken to fit.
    const phone = await e2e.signedInPage(ACCOUNTS.commissioner, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await phone.goto('/dev-mail');
    await phone.locator('article').first().waitFor();
    const overflowing = await phone.evaluate<string[]>(
      `[...document.querySelectorAll('article, article *')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.tagName)`,
    );
    expect(overflowing).toEqual([]);
    expect(await phone.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  });
});
