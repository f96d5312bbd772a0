import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason } from '@powerpool/testing';
import { setupE2e } from './support/e2e.js';
import { ACCOUNTS, LANDING_TAGLINE, LOGIN_LINK, navLink, signIn, submitIdpSignIn } from './support/sign-in.js';

const ALL_ITEMS = ['Make Picks', 'Leaderboard', 'Live Results', 'Manage Pool', 'Manage Weeks', 'Site Admin'] as const;

describe.skipIf(chromiumUnavailableReason())('landing page and sign-in through the dev IdP', () => {
  const e2e = setupE2e();

  /** The labels of ALL_ITEMS the top bar shows, in order. */
  async function visibleNavItems(): Promise<string[]> {
    const shown: string[] = [];
    for (const name of ALL_ITEMS) if (await navLink(e2e.page, name).isVisible()) shown.push(name);
    return shown;
  }

  it('should show the tagline, a Login / Sign Up link to /api/login and no navigation when the visitor is signed out', async () => {
    const { page } = e2e;
    // No signed-in hint cookie: the page does not ask who is signed in, so no 401 reaches the
    // console (the harness fails the test on any console error).
    const askedWhoAmI: string[] = [];
    page.on('request', (request: Request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') askedWhoAmI.push(request.url());
    });
    await page.goto('/');

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(LANDING_TAGLINE);
    const login = page.getByRole('link', { name: LOGIN_LINK });
    await login.waitFor();
    expect(await login.getAttribute('href')).toBe('/api/login');
    expect(await page.getByTestId('top-nav').count()).toBe(0);
    expect(await page.getByTestId('bottom-nav').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Log out' }).count()).toBe(0);
    expect(await page.title()).toBe('PowerPool · Weekly NFL Power Pool');
    await page.waitForLoadState('networkidle');
    expect(askedWhoAmI).toEqual([]);
  });

  it('should land signed in with only the player items when a player signs in through the dev IdP form', async () => {
    const { page } = e2e;
    await signIn(page, ACCOUNTS.player);

    expect(new URL(page.url()).pathname).toBe('/');
    expect(await visibleNavItems()).toEqual(['Make Picks', 'Leaderboard', 'Live Results']);
    await expect.poll(() => page.getByTestId('top-nav').textContent()).toContain('Pat Player');
  });

  it('should show Manage Pool and Manage Weeks but not Site Admin when a commissioner signs in', async () => {
    await signIn(e2e.page, ACCOUNTS.commissioner);

    expect(await visibleNavItems()).toEqual(['Make Picks', 'Leaderboard', 'Live Results', 'Manage Pool', 'Manage Weeks']);
  });

  it('should show every item including Site Admin when a super admin signs in', async () => {
    await signIn(e2e.page, ACCOUNTS.admin);

    expect(await visibleNavItems()).toEqual([...ALL_ITEMS]);
  });

  it('should end on /profile when a signed-out visitor opens /profile and signs in from the landing page', async () => {
    const { page } = e2e;
    await page.goto('/profile');
    await page.getByRole('heading', { name: LANDING_TAGLINE }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(await page.getByRole('link', { name: LOGIN_LINK }).getAttribute('href')).toBe('/api/login?returnTo=%2Fprofile');

    await page.getByRole('link', { name: LOGIN_LINK }).click();
    await submitIdpSignIn(page, ACCOUNTS.player);

    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  });

  it('should land on the app root and never on the other site when the login link carries an absolute returnTo', async () => {
    const { page, context, url } = e2e;
    const foreign: string[] = [];
    const onRequest = (request: Request) => {
      if (new URL(request.url()).hostname === 'evil.example') foreign.push(request.url());
    };
    context.on('request', onRequest);
    // Nothing may reach the network: the test would only fail, never leak.
    await context.route(
      (target) => target.hostname === 'evil.example',
      (route) => route.abort(),
    );

    await page.goto('/api/login?returnTo=https://evil.example/x');
    await submitIdpSignIn(page, ACCOUNTS.player);

    expect(page.url()).toBe(`${url}/`);
    expect(foreign).toEqual([]);
    await navLink(page, 'Make Picks').waitFor();
  });
});
