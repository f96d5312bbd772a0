import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { calendarSeasonYear, nearestPoolYear } from '@powerpool/contracts';
import { chromiumUnavailableReason } from '@powerpool/testing';
import { DESKTOP, freshEmail, PHONE, setupE2e } from './support/e2e.js';
import { ACCOUNTS, submitIdpSignIn, toast, watchToasts } from './support/sign-in.js';
import { pushSeasonToProduction } from './support/sports.js';

/** True when the element's whole box is inside `outer` (the viewport, a dialog), to the pixel. */
function inside(box: Box | null, outer: Box | null): boolean {
  if (!box || !outer) return false;
  return (
    box.x >= outer.x - 0.5 && box.y >= outer.y - 0.5 && box.x + box.width <= outer.x + outer.width + 0.5 && box.y + box.height <= outer.y + outer.height + 0.5
  );
}
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** True when a click at the centre of the element would reach it (nothing on top, not scrolled away). */
function reachable(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = element.ownerDocument.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && element.contains(hit);
  });
}

/** The JSON kept under `pendingInvitation` in the page's session storage, if any. */
async function pendingInvitation(page: Page): Promise<unknown> {
  const raw = await page.evaluate('window.sessionStorage.getItem("pendingInvitation")');
  return typeof raw === 'string' ? JSON.parse(raw) : null;
}

/** The Season Year the Create New Pool form shows once the server's default has arrived. */
async function formSeasonYear(page: Page): Promise<string> {
  const defaults = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/pools/defaults' && r.ok());
  await page.getByRole('button', { name: 'Create New Pool' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Pool' });
  await dialog.waitFor();
  const year = (await (await defaults).json()) as { year: number };
  const select = dialog.getByLabel('Season Year');
  await expect.poll(() => select.inputValue()).toBe(String(year.year));
  const shown = await select.inputValue();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return shown;
}

/**
 * Pools, invitations and members (docs/screens.md#pool-management) in the browser, one story in order (the tests share the embedded app's state): a
 * commissioner creates a pool and a two-use invitation; a signed-out newcomer follows the link,
 * signs in and is joined automatically; a second person joins by button; a third sees the limit;
 * the commissioner marks a member paid; a player is refused /admin; the super admin finds the
 * pool, changes its commissioner and deletes it.
 */
describe.skipIf(chromiumUnavailableReason())('pools, invitations and members', () => {
  const e2e = setupE2e();
  const poolName = `E2E Pool ${randomBytes(3).toString('hex')}`;
  const newcomer = freshEmail('joiner');
  const secondcomer = freshEmail('second');
  const latecomer = freshEmail('third');
  /**
   * The form's default year once the bundled replay's 2025 season is in production: over today
   * (its games are not date-shifted in tests) and the newest, so 2025 whatever the calendar says.
   */
  const poolYear = 2025;
  let link = '';

  it('should default the Season Year to the season in production, not the calendar year, when the super admin has pushed the 2025 season', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.commissioner);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Pool Management', level: 1 }).waitFor();
    // Nothing in production yet: the season by the calendar (2026 in November 2026).
    expect(await formSeasonYear(page)).toBe(String(nearestPoolYear(calendarSeasonYear(new Date()))));

    await pushSeasonToProduction(await e2e.signedInPage(ACCOUNTS.admin), 2025);
    await expect.poll(() => formSeasonYear(page), { timeout: 15_000 }).toBe(String(poolYear));
  });

  it('should create a pool and a two-use invitation and copy its link when a commissioner uses /admin', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.commissioner);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Pool Management', level: 1 }).waitFor();
    expect(await page.getByText('Pool Commissioner', { exact: true }).first().isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Create New Pool' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Pool' });
    await dialog.waitFor();
    // Said before the pool exists: the commissioner plays in it, and sees every pick before the deadline.
    const note = (await dialog.getByTestId('commissioner-plays-note').textContent()) ?? '';
    expect(note).toContain('You also play in this pool');
    expect(note).toContain("every member's picks, before the picks deadline too");
    const submit = dialog.getByRole('button', { name: 'Create Pool' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Pool Name').fill(poolName);
    expect(await dialog.getByLabel('Slug (optional)').getAttribute('placeholder')).toBe(poolName.toLowerCase().replace(/ /g, '-'));
    expect(await dialog.getByLabel('Max Members').inputValue()).toBe('50');
    expect(await dialog.getByLabel('Regular Season').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Preseason').isChecked()).toBe(false);
    await expect.poll(() => dialog.getByLabel('Season Year').inputValue()).toBe(String(poolYear));
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/pools');
    await submit.click();
    expect((await created).status()).toBe(201);
    expect(((await (await created).json()) as { year: number }).year).toBe(poolYear);
    await toast(page, 'Success').filter({ hasText: 'Pool created successfully' }).waitFor();
    await expect.poll(() => page.getByTestId('selected-pool-name').textContent()).toBe(poolName);

    // Validation texts come from the form, before any request.
    await page.getByLabel('Days Valid').fill('0');
    await page.getByRole('button', { name: 'Create Invitation' }).click();
    const invalid = toast(page, 'Invalid Input');
    await invalid.waitFor();
    expect(await invalid.innerText()).toContain('Days valid must be greater than 0');

    await page.getByLabel('Days Valid').fill('30');
    await page.getByLabel('Maximum Uses (optional)').fill('2');
    await page.getByLabel('Notes (optional)').fill('Friends and family');
    await page.getByRole('button', { name: 'Create Invitation' }).click();
    await toast(page, 'Invitation Created').waitFor();
    const row = page.getByTestId('invitation-row');
    await row.waitFor();
    expect(await row.getByTestId('invitation-status').textContent()).toBe('Active');
    expect(await row.innerText()).toContain('0 / 2');

    await row.getByRole('button', { name: 'Copy Link' }).click();
    await toast(page, 'Link Copied').waitFor();
    await row.getByRole('button', { name: 'Copied' }).waitFor();
    link = String(await page.evaluate('navigator.clipboard.readText()'));
    const token = await row.getAttribute('data-token');
    expect(link).toBe(`${e2e.url}/join/${token}`);
    // The copied indicator goes back after 3 seconds.
    await row.getByRole('button', { name: 'Copy Link' }).waitFor({ timeout: 5_000 });

    // A second invitation: deactivated, then deleted after the confirmation.
    await page.getByRole('button', { name: 'Create Invitation' }).click();
    await expect.poll(() => page.getByTestId('invitation-row').count()).toBe(2);
    const spare = page.locator(`[data-testid="invitation-row"]:not([data-token="${token}"])`);
    await spare.getByRole('button', { name: 'Deactivate' }).click();
    await toast(page, 'Invitation Updated').waitFor();
    await expect.poll(() => spare.getByTestId('invitation-status').textContent()).toBe('Deactivated');
    await spare.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain('Are you sure you want to permanently delete this invitation? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Invitation Deleted').waitFor();
    await expect.poll(() => page.getByTestId('invitation-row').count()).toBe(1);
  });

  it('should keep Cancel and Create Pool in view and line up Season Year with Max Members when the Create New Pool dialog opens at 1280x800 and on a phone', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await e2e.signedInPage(ACCOUNTS.commissioner, { viewport });
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Create New Pool' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create New Pool' });
      await dialog.waitFor();
      // A name enables Create Pool (a disabled button lets clicks through, so it could not be hit-tested).
      await dialog.getByLabel('Pool Name').fill('Not created');
      const screen = { x: 0, y: 0, ...viewport };
      const buttons = [dialog.getByRole('button', { name: 'Cancel' }), dialog.getByRole('button', { name: 'Create Pool' })];
      const where = `at ${viewport.width}x${viewport.height}`;

      for (const button of buttons) {
        expect(inside(await button.boundingBox(), await dialog.boundingBox()), `${where}: button inside the dialog`).toBe(true);
        expect(inside(await dialog.boundingBox(), screen), `${where}: dialog on the screen`).toBe(true);
        expect(await reachable(button), `${where}: button not covered`).toBe(true);
      }
      // The last field scrolls into view inside the dialog; the buttons stay where they were.
      const slug = dialog.getByLabel('Slug (optional)');
      await slug.scrollIntoViewIfNeeded();
      expect(await reachable(slug), `${where}: slug reachable`).toBe(true);
      for (const button of buttons) expect(await reachable(button), `${where}: button after scrolling`).toBe(true);

      if (viewport === DESKTOP) {
        // Side by side: the two labels on one line, the select and the input on the next.
        const year = await dialog.getByLabel('Season Year').boundingBox();
        const members = await dialog.getByLabel('Max Members').boundingBox();
        expect(Math.abs((year?.y ?? 0) - (members?.y ?? 100))).toBeLessThanOrEqual(1);
        expect(Math.abs((year?.height ?? 0) - (members?.height ?? 100))).toBeLessThanOrEqual(1);
        const labels = await Promise.all(['Season Year', 'Max Members'].map((text) => dialog.getByText(text, { exact: true }).boundingBox()));
        expect(Math.abs((labels[0]?.y ?? 0) - (labels[1]?.y ?? 100))).toBeLessThanOrEqual(1);
      }
      await buttons[0]!.click();
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it('should keep the invitation across sign-in and join automatically when a signed-out newcomer opens the link', async () => {
    expect(link).not.toBe('');
    const { page } = e2e;
    await page.goto(link);
    await page.getByTestId('join-pool-name').waitFor();
    expect(await page.getByTestId('join-pool-name').textContent()).toBe(poolName);
    expect(await page.getByText('You need to sign in to join this pool').isVisible()).toBe(true);
    expect(await page.getByText('Friends and family').isVisible()).toBe(true);

    const login = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/login');
    await page.getByRole('button', { name: 'Sign In to Join Pool' }).click();
    const loginUrl = new URL((await login).url());
    const path = new URL(link).pathname;
    expect(loginUrl.searchParams.get('returnTo')).toBe(path);
    await submitIdpSignIn(page, newcomer);

    // Back on the join page, signed in, with the pending invitation: joined without a click.
    await page.waitForURL((url) => url.pathname === path);
    await page.getByText('Welcome to the Pool!').waitFor();
    expect(await pendingInvitation(page)).toBeNull();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 6_000 });
  });

  it('should join by button for a second person and show Usage Limit Reached to a third when the limit is 2', async () => {
    const second = await e2e.signedInPage(secondcomer);
    await second.goto(link);
    const joined = second.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/use'));
    await second.getByRole('button', { name: 'Join Pool', exact: true }).click();
    expect((await joined).status()).toBe(200);
    await second.getByText('Welcome to the Pool!').waitFor();

    const third = await e2e.signedInPage(latecomer);
    await third.goto(link);
    await third.getByText('Usage Limit Reached').waitFor();
    expect(await third.getByRole('button', { name: 'Cannot Join Pool' }).isDisabled()).toBe(true);
    expect(await third.getByRole('button', { name: 'Join Pool', exact: true }).count()).toBe(0);
  });

  it('should say the user is already a member and offer Go to Pool instead of Join Pool when a member opens the invitation again', async () => {
    const page = await e2e.signedInPage(secondcomer);
    const uses: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') uses.push(request.url());
    });
    await page.goto(link);
    await page.getByText('Already a member', { exact: true }).waitFor();
    expect(await page.getByText('You are already a member of this pool.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Join Pool', exact: true }).count()).toBe(0);
    // The member view wins over the invitation's own state (this one is at its limit by now).
    expect(await page.getByText('Usage Limit Reached').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cannot Join Pool' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Go to Pool' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Make Picks', level: 1 }).waitFor();
    expect(uses).toEqual([]);
  });

  it('should list the newcomer and mark them paid when the commissioner clicks the payment badge', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.commissioner);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByText('Total Members').waitFor();
    await page.getByLabel('Search members').fill(newcomer.toUpperCase());
    const row = page.getByTestId('member-row').filter({ hasText: newcomer });
    await row.waitFor();
    expect(await page.getByTestId('member-row').count()).toBe(1);
    expect(await row.innerText()).toContain('Unpaid');

    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH');
    await row.getByRole('button', { name: /^Unpaid: mark/ }).click();
    const reply = await patched;
    expect(reply.status()).toBe(200);
    expect(reply.request().postDataJSON()).toEqual({ hasPaid: true });
    await toast(page, 'Payment Status Updated').waitFor();
    await row.getByRole('button', { name: /^Paid: mark/ }).waitFor();
  });

  it('should move between the /admin tabs with the arrow keys, Home and End, showing the focused tab, with one Tab stop', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.commissioner);
    await page.goto('/admin');
    const tablist = page.getByRole('tablist', { name: 'Pool management sections' });
    const tab = (name: string) => tablist.getByRole('tab', { name, exact: true });
    const selected = async () => tablist.locator('[role="tab"][aria-selected="true"]').innerText();
    const focused = () => page.evaluate<string>("document.activeElement?.textContent ?? ''");
    await page.getByTestId('invitation-row').first().waitFor();
    // Only the selected tab is in the Tab order (roving tabindex).
    expect(await tablist.locator('[role="tab"][tabindex="0"]').count()).toBe(1);

    await tab('Pool Management').focus();
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('User Management');
    expect(await selected()).toBe('User Management');
    await page.getByText('Total Members').waitFor();
    const panel = page.getByRole('tabpanel', { name: 'User Management' });
    expect(await panel.isVisible()).toBe(true);
    expect(await page.getByTestId('invitation-row').count()).toBe(0);

    await page.keyboard.press('End');
    expect(await selected()).toBe('Testing');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Pool Management');
    await page.keyboard.press('ArrowLeft');
    expect(await selected()).toBe('Testing');
    await page.keyboard.press('Home');
    expect(await selected()).toBe('Pool Management');
    await page.getByTestId('invitation-row').first().waitFor();
    // Tab leaves the tablist for the shown panel.
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string | null>("document.activeElement?.getAttribute('role') ?? null")).toBe('tabpanel');
  });

  it('should show the Unauthorized toast and go to sign-in when a player opens /admin', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player);
    const toasts = await watchToasts(page);
    const login = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login');
    await page.goto('/admin');
    await login;
    await expect.poll(() => toasts.seen()).toContain('Unauthorized Pool commissioner access required. Redirecting...');
  });

  it('should show Invalid Invitation with Go to Home when the token is unknown', async () => {
    const { page } = e2e;
    e2e.allowConsoleErrors((m) => m.text().includes('status of 404'));
    await page.goto('/join/not-a-real-token');
    await page.getByText('Invalid Invitation').waitFor();
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('should mark a user paid with notes through Update Payment Status when the super admin uses /admin/payments', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.admin);
    await page.goto('/admin/payments');
    await page.getByRole('button', { name: /^Paid \(\d+\)$/ }).waitFor();
    const paidBefore = Number(/\d+/.exec((await page.getByRole('button', { name: /^Paid \(/ }).textContent()) ?? '')?.[0]);
    await page.getByLabel('Search users').fill(newcomer.slice(0, 12));
    const row = page.getByTestId('payment-row').filter({ hasText: newcomer });
    await row.waitFor();
    expect(await page.getByTestId('payment-row').count()).toBe(1);
    await row.getByRole('button', { name: 'Mark Paid' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Payment Status' });
    await dialog.getByLabel('Payment Notes (optional)').fill('Paid by Venmo');
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/payment'));
    await dialog.getByRole('button', { name: 'Mark Paid' }).click();
    const reply = await put;
    expect(reply.status()).toBe(200);
    expect(reply.request().postDataJSON()).toEqual({ hasPaid: true, notes: 'Paid by Venmo' });
    await toast(page, 'Payment Status Updated').waitFor();
    await row.getByRole('button', { name: 'Mark Unpaid' }).waitFor();
    await page.getByLabel('Search users').fill('venmo');
    await row.waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Paid \(/ }).textContent()).toBe(`Paid (${paidBefore + 1})`);
  });

  it('should filter by pool, add a user to it and remove them again when the super admin uses Global User Management', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.admin);
    await page.goto('/site-admin?tab=users');
    const filter = page.getByLabel('Pool', { exact: true });
    await filter.waitFor();
    await filter.selectOption({ label: `${poolName} (${poolYear})` });
    const rows = page.getByTestId('global-user-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.filter({ hasText: latecomer }).count()).toBe(0);

    await filter.selectOption('unassigned');
    const late = rows.filter({ hasText: latecomer });
    await late.waitFor();
    await late.getByLabel(/^Add .* to a pool$/).selectOption({ label: `${poolName} (${poolYear})` });
    await late.getByRole('button', { name: 'Add' }).click();
    await toast(page, 'Success').filter({ hasText: 'User added successfully' }).waitFor();

    await filter.selectOption('all');
    await page.getByLabel('Search users').fill(latecomer);
    await late.getByRole('button', { name: `Remove ${await late.locator('p').first().textContent()} from ${poolName}` }).click();
    await toast(page, 'Success').filter({ hasText: 'User removed successfully' }).waitFor();
    await late.getByText('Not in any pool').waitFor();
  });

  it('should show the same Super Admin badge on /admin and /site-admin when the super admin opens them', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.admin);
    const looks: string[] = [];
    for (const path of ['/admin', '/site-admin']) {
      await page.goto(path);
      const badge = page.getByTestId('role-badge');
      await badge.waitFor();
      expect(await badge.innerText()).toBe('Super Admin');
      looks.push(
        await badge.evaluate((element) => {
          const style = element.ownerDocument.defaultView!.getComputedStyle(element);
          const { width, height } = element.getBoundingClientRect();
          return JSON.stringify([element.className, style.color, style.backgroundColor, style.borderColor, style.fontSize, style.padding, width, height]);
        }),
      );
    }
    expect(looks[1]).toBe(looks[0]);
  });

  it('should list Global User Management as a table on a wide screen and as cards on a phone', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await e2e.signedInPage(ACCOUNTS.admin, { viewport });
      await page.goto('/site-admin?tab=users');
      const table = page.getByRole('table', { name: 'Users', exact: true });
      const cards = page.getByRole('list', { name: 'Users', exact: true });
      await page.getByText(/^Showing \d+ of \d+ users$/).waitFor();
      const wide = viewport === DESKTOP;
      expect(await table.isVisible()).toBe(wide);
      expect(await cards.isVisible()).toBe(!wide);
      const shown = wide ? table.getByTestId('global-user-row') : cards.getByTestId('global-user-card');
      const admin = shown.filter({ hasText: ACCOUNTS.admin });
      expect(await admin.getByLabel(/^Role of /).inputValue()).toBe('super_admin');
      expect(
        await admin
          .getByText('Unpaid', { exact: true })
          .or(admin.getByText('Paid', { exact: true }))
          .isVisible(),
      ).toBe(true);
    }
  });

  it('should find the pool, change its commissioner and delete it when the super admin uses Global Pool Management', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.admin);
    await page.goto('/site-admin?tab=pools');
    await page.getByTestId('pool-count').waitFor();
    await page.getByLabel('Search pools').fill(poolName.toLowerCase());
    await expect.poll(() => page.getByTestId('pool-count').textContent()).toMatch(/^Showing 1 of \d+ pools$/);
    const card = page.getByTestId('admin-pool-card').filter({ hasText: poolName });
    // Members as active/total: the commissioner and the two who joined (the Users tab may have changed it since).
    expect(await card.innerText()).toMatch(/Members\s+\d+\/\d+/);
    expect(await card.innerText()).toContain(ACCOUNTS.commissioner);

    await card.getByRole('button', { name: 'Change Commissioner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Commissioner' });
    const select = dialog.getByLabel('New commissioner');
    await select.waitFor();
    const options = await select.locator('option').allTextContents();
    // Only commissioners and super admins are offered (the newcomer and players are not).
    expect(options.some((o) => o.includes('Super Admin'))).toBe(true);
    expect(options.some((o) => o.includes(newcomer))).toBe(false);
    await select.selectOption({ label: options.find((o) => o.includes('Super Admin')) ?? '' });
    await dialog.getByRole('button', { name: 'Change Commissioner' }).click();
    await toast(page, 'Success').filter({ hasText: 'Pool commissioner updated successfully' }).waitFor();
    await expect.poll(() => card.innerText()).toContain(ACCOUNTS.admin);

    await card.getByRole('button', { name: `Delete ${poolName}` }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain('This action cannot be undone!');
    await confirm.getByRole('button', { name: 'Delete Pool Permanently' }).click();
    // The commissioner toast may still be leaving: wait for this one by its own text.
    const done = toast(page, 'Success').filter({ hasText: 'Pool permanently deleted' });
    await done.waitFor();
    // Three members joined; the new commissioner became the pool's admin member as well.
    const text = await done.innerText();
    expect(text).toMatch(/Pool permanently deleted\. Removed \d+ members, 1 invitations, and \d+ games\./);
    expect(Number(/Removed (\d+) members/.exec(text)?.[1])).toBeGreaterThanOrEqual(3);
    await page.getByText('No pools found').waitFor();
  });
});
