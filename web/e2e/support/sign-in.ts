import type { Locator, Page } from 'playwright-core';
import { DEV_PASSWORD, TEXT } from '@powerpool/dev-idp';

/** The seeded dev IdP accounts (password `powerpool`). */
export const ACCOUNTS = {
  player: 'player@powerpool.test',
  player2: 'player2@powerpool.test',
  commissioner: 'commissioner@powerpool.test',
  admin: 'admin@powerpool.test',
} as const;

export const LANDING_TAGLINE = 'Make your weekly NFL picks with confidence rankings and power picks';
export const LOGIN_LINK = 'Login / Sign Up';

/** True once the browser has left the dev IdP and the sign-in endpoints (any origin: callers check where it went). */
function leftSignIn(url: URL): boolean {
  return !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/api/');
}

/**
 * On the dev IdP's sign-in page (reached through /api/login): fills in the form, presses
 * "Sign in" and waits until the redirects are over and a page has loaded.
 */
export async function submitIdpSignIn(page: Page, email: string, password = DEV_PASSWORD): Promise<void> {
  await page.waitForURL((url) => url.pathname.startsWith('/dev-idp/'));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: TEXT.signIn, exact: true }).click();
  await page.waitForURL(leftSignIn);
}

/** The navigation's landmark for the page's size: the top bar from 768 px, else the tab bar. */
export function mainNav(page: Page): Locator {
  const width = page.viewportSize()?.width ?? 1280;
  return page.getByTestId(width >= 768 ? 'top-nav' : 'bottom-nav');
}

/**
 * Signs in the way a person does: opens `from` (the landing page when signed out), follows the
 * "Login / Sign Up" link through the dev IdP's form, and waits for the signed-in navigation.
 */
export async function signIn(page: Page, email: string, options: { from?: string } = {}): Promise<void> {
  await page.goto(options.from ?? '/');
  await page.getByRole('link', { name: LOGIN_LINK }).click();
  await submitIdpSignIn(page, email);
  await mainNav(page).waitFor({ state: 'visible' });
}

/** The navigation link labelled exactly `name`. */
export function navLink(page: Page, name: string): Locator {
  return mainNav(page).getByRole('link', { name, exact: true });
}

/**
 * Records the text of every toast the page shows from now on, across navigations. A guard's
 * "Unauthorized" toast lives 500 ms before the redirect to sign-in: shorter than a locator's
 * polling interval on a loaded machine, so a `waitFor` can miss it (seen in CI). A MutationObserver
 * in the page sees each toast as it is added and reports it to the test.
 */
export async function watchToasts(page: Page): Promise<{ seen: () => string[] }> {
  const seen: string[] = [];
  await page.exposeBinding('__powerpoolToastShown', (_source, text: string) => {
    if (!seen.includes(text)) seen.push(text);
  });
  // A string, not a function: this file is compiled without the DOM's types.
  await page.addInitScript(`
    new MutationObserver(() => {
      for (const item of document.querySelectorAll('[aria-label^="Notifications"] li')) {
        const text = item.innerText.replace(/\\s+/g, ' ').trim();
        if (text) window.__powerpoolToastShown(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  `);
  return { seen: () => [...seen] };
}

/** The open toast whose title is exactly `title` (Radix renders each as an <li> in the Notifications region). */
export function toast(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: /^Notifications/ })
    .locator('li')
    .filter({ has: page.getByText(title, { exact: true }) });
}
