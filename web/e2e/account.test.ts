import { randomBytes } from 'node:crypto';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '@powerpool/contracts';
import { chromiumUnavailableReason } from '@powerpool/testing';
import { DESKTOP, freshEmail, PHONE, setupE2e } from './support/e2e.js';
import { ACCOUNTS, LANDING_TAGLINE, LOGIN_LINK, navLink, signIn, toast } from './support/sign-in.js';

/** The status of GET /api/auth/user sent by the page itself (its cookies, its origin). */
function currentUserStatus(page: Page): Promise<number> {
  return page.evaluate(async () => (await fetch('/api/auth/user', { credentials: 'include' })).status);
}

/** Every key and value in the page's localStorage and sessionStorage. */
async function webStorage(page: Page): Promise<Array<[string, string]>> {
  const json = await page.evaluate('JSON.stringify([...Object.entries(window.localStorage), ...Object.entries(window.sessionStorage)])');
  return JSON.parse(String(json)) as Array<[string, string]>;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Runs in the page (a string: the e2e files are typechecked without the DOM library). Resolves,
 * once the "Profile Updated" toast has appeared and finished sliding in, with its box and Save
 * Changes' box read in the same frame. The toast closes by itself after 5 s, and a loaded CI
 * machine has spent that between the test's round trips (seen twice), so the page measures it.
 */
const MEASURE_TOAST_AND_SAVE = `new Promise((resolve) => {
  const box = (el) => { const { x, y, width, height } = el.getBoundingClientRect(); return { x, y, width, height }; };
  const find = () => [...document.querySelectorAll('[aria-label^="Notifications"] li')]
    .find((item) => [...item.querySelectorAll('*')].some((child) => child.children.length === 0 && (child.textContent || '').trim() === 'Profile Updated'));
  const observer = new MutationObserver(() => {
    const item = find();
    if (!item) return;
    observer.disconnect();
    Promise.all(item.getAnimations().map((animation) => animation.finished)).then(() => {
      const save = [...document.querySelectorAll('button')].find((button) => (button.textContent || '').trim() === 'Save Changes');
      resolve({ shown: box(item), button: box(save) });
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
})`;

describe.skipIf(chromiumUnavailableReason())('profile, sign-out and the session cookie', () => {
  const e2e = setupE2e();

  it('should refuse an empty display name without a request, then save a new one that survives a reload, when the user edits the profile', async () => {
    const { page } = e2e;
    const email = freshEmail('profile');
    await signIn(page, email);
    const puts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/user/profile') puts.push(request);
    });

    await page.getByTestId('top-nav').getByRole('link', { name: 'Profile', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    const displayName = page.getByLabel('Display Name');
    await displayName.waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);

    await displayName.fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const required = toast(page, 'Display Name Required');
    await required.waitFor();
    expect(await required.innerText()).toContain('Please enter a display name for leaderboards and public display.');
    expect(await required.getAttribute('data-variant')).toBe('destructive');
    // Dismissed as a person would.
    await required.getByRole('button', { name: 'Close' }).click();
    await required.waitFor({ state: 'hidden' });

    const newName = `E2E Player ${randomBytes(3).toString('hex')}`;
    await displayName.fill(newName);
    await page.getByLabel('First Name').fill('Erin');
    await page.getByLabel('Last Name').fill('Tester');
    const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && new URL(res.url()).pathname === '/api/user/profile');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).status()).toBe(200);
    const updated = toast(page, 'Profile Updated');
    await updated.waitFor();
    expect(await updated.innerText()).toContain('Your profile has been saved.');

    // The empty attempt sent nothing: the only PUT is the successful one, with the trimmed names.
    expect(puts).toHaveLength(1);
    expect(puts[0]?.postDataJSON()).toEqual({ displayName: newName, firstName: 'Erin', lastName: 'Tester' });
    await expect.poll(() => page.getByTestId('current-display-name').textContent()).toContain(newName);

    await page.reload();
    await displayName.waitFor();
    await expect.poll(() => page.getByTestId('top-nav').textContent()).toContain(newName);
    expect(await displayName.inputValue()).toBe(newName);
    expect(await page.getByLabel('First Name').inputValue()).toBe('Erin');
    expect(await page.getByLabel('Last Name').inputValue()).toBe('Tester');
  });

  it('should show the saved, trimmed names in the fields and keep the toast off Save Changes when the user saves padded names, at 1280x800 and on a phone', async () => {
    const email = freshEmail('trim');
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await e2e.signedInPage(email, { viewport });
      await page.goto('/profile');
      const displayName = page.getByLabel('Display Name');
      await displayName.waitFor();
      const name = `Trim ${randomBytes(3).toString('hex')}`;
      await displayName.fill(`   ${name}   `);
      await page.getByLabel('First Name').fill('  Erin ');
      await page.getByLabel('Last Name').fill('   ');

      const save = page.getByRole('button', { name: 'Save Changes' });
      const measured = page.evaluate<{ shown: Box; button: Box }>(MEASURE_TOAST_AND_SAVE);
      const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && new URL(res.url()).pathname === '/api/user/profile');
      await save.click();
      expect((await saved).request().postDataJSON()).toEqual({ displayName: name, firstName: 'Erin', lastName: null });

      const where = `at ${viewport.width}x${viewport.height}`;
      // Once the toast has slid in, it and the button it answers do not overlap.
      const { shown, button } = await measured;
      const overlap =
        shown.x < button.x + button.width && button.x < shown.x + shown.width && shown.y < button.y + button.height && button.y < shown.y + shown.height;
      expect(overlap, `${where}: toast ${JSON.stringify(shown)} over Save Changes ${JSON.stringify(button)}`).toBe(false);
      expect(await displayName.inputValue(), where).toBe(name);
      expect(await page.getByLabel('First Name').inputValue(), where).toBe('Erin');
      expect(await page.getByLabel('Last Name').inputValue(), where).toBe('');
    }
  });

  it('should return to the landing page, end the session and drop the cookie when the user logs out', async () => {
    const { page, context, url } = e2e;
    await signIn(page, ACCOUNTS.player2);
    const session = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session).toBeDefined();

    // A request the signed-in page had already sent (its queries refresh in the background) can
    // reach the gateway just after the session ended: it is answered 401, as it must be, while the
    // page is leaving. Seen once in CI under load; nothing else may fail.
    e2e.allowConsoleErrors((message) => message.text().includes('status of 401'));
    await page.getByTestId('top-nav').getByRole('link', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: LANDING_TAGLINE }).waitFor();

    expect(page.url()).toBe(`${url}/`);
    expect(await page.getByRole('link', { name: LOGIN_LINK }).isVisible()).toBe(true);
    expect(await page.getByTestId('top-nav').count()).toBe(0);
    expect(await currentUserStatus(page)).toBe(401);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SIGNED_IN_HINT_COOKIE);
    // The session ended on the server too: the old cookie value no longer signs anyone in.
    const replay = await fetch(`${url}/api/auth/user`, { headers: { cookie: `${SESSION_COOKIE}=${session?.value}` } });
    expect(replay.status).toBe(401);
  });

  it('should keep the session in an HttpOnly SameSite=Lax cookie and no token in web storage when the user has signed in', async () => {
    const { page, context, url } = e2e;
    await signIn(page, ACCOUNTS.player);
    await navLink(page, 'Leaderboard').click();
    await page.waitForURL((target) => target.pathname === '/leaderboard');

    const cookies = await context.cookies(url);
    const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', domain: 'localhost' });
    // The readable signed-in hint beside it holds nothing secret and lives as long as the session.
    const hint = cookies.find((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE);
    expect(hint).toMatchObject({ value: '1', httpOnly: false, sameSite: 'Lax', path: '/' });
    expect(hint?.expires).toBeCloseTo(session?.expires ?? 0, 0);
    const sessionValue = session?.value ?? '';
    expect(sessionValue.length).toBeGreaterThan(16);

    const documentCookie = String(await page.evaluate('document.cookie'));
    expect(documentCookie).not.toContain(SESSION_COOKIE);
    expect(documentCookie).not.toContain(sessionValue);

    const jwt = /eyJ[\w-]{8,}\.[\w-]{8,}/;
    for (const [key, value] of await webStorage(page)) {
      expect(key).not.toMatch(/token|jwt|secret|session|credential/i);
      expect(value).not.toContain(sessionValue);
      expect(value).not.toMatch(jwt);
    }
  });
});
