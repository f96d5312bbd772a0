import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WILD_CARD_SPREADS, WILD_CARD_WEEK } from '@powerpool/testing';
import type { E2e } from './e2e.js';
import { ACCOUNTS } from './sign-in.js';

/** A new pool with the Wild Card week published (the replay's dates must make it the current week). */
export interface WildCardPool {
  poolId: string;
  commissioner: Page;
  /** The members who joined by invitation, in the order asked. */
  members: Page[];
  /** The pool's game id of each published game, by ESPN id. */
  poolGames: Record<string, string>;
}

/**
 * Through the API, as the pages do it: the commissioner creates a pool that plays the postseason
 * (named `name`), `members` join by invitation, the week is checked to be the Wild Card (the
 * current week), the games of `spreads` (by default the four of libs/testing's WILD_CARD_SPREADS)
 * get their spreads and are published (`pool`: more fields of its creation). The season must be in
 * production already (pushSeasonToProduction).
 */
export async function publishWildCardPool(
  e2e: E2e,
  name: string,
  members: readonly string[] = [ACCOUNTS.player, ACCOUNTS.player2],
  spreads: Readonly<Record<string, number>> = WILD_CARD_SPREADS,
  /** More fields of the pool's creation (e.g. its weekly tiebreaker). */
  pool: Readonly<Record<string, unknown>> = {},
): Promise<WildCardPool> {
  const commissioner = await e2e.signedInPage(ACCOUNTS.commissioner);
  const created = await commissioner.request.post('/api/pools', { data: { name, allowsPostseason: true, ...pool } });
  expect(created.status()).toBe(201);
  const poolId = ((await created.json()) as { id: string }).id;
  const invitation = (await (await commissioner.request.post(`/api/pools/${poolId}/invitations`, { data: {} })).json()) as { invitationToken: string };
  const pages: Page[] = [];
  for (const email of members) {
    const page = await e2e.signedInPage(email);
    expect((await page.request.post(`/api/invitations/${invitation.invitationToken}/use`)).status()).toBe(200);
    pages.push(page);
  }
  await expect.poll(async () => (await commissioner.request.get(`/api/weeks/current?poolId=${poolId}`)).status(), { timeout: 10_000 }).toBe(200);
  const current = (await (await commissioner.request.get(`/api/weeks/current?poolId=${poolId}`)).json()) as { weekNumber: number };
  expect(current.weekNumber).toBe(WILD_CARD_WEEK);
  for (const [gameId, spread] of Object.entries(spreads))
    expect((await commissioner.request.put(`/api/pools/${poolId}/spreads/${gameId}`, { data: { spread } })).status()).toBe(200);
  const published = await commissioner.request.post(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/games/publish`, { data: { gameIds: Object.keys(spreads) } });
  expect(published.status(), await published.text()).toBe(200);
  const games = (await (await commissioner.request.get(`/api/pools/${poolId}/weeks/${WILD_CARD_WEEK}/games/published`)).json()) as Array<{
    id: string;
    poolGameId: string;
  }>;
  return { poolId, commissioner, members: pages, poolGames: Object.fromEntries(games.map((g) => [g.id, g.poolGameId])) };
}

/** On Make Picks of a published Wild Card pool (four game cards): picks 3/2/1 on the first three cards, the first team of each. */
export async function pickFirstThreeGames(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('game-card').count(), { timeout: 15_000 }).toBe(4);
  const cards = page.getByTestId('game-card');
  for (const [index, rank] of [
    [0, '3pt'],
    [1, '2pt'],
    [2, '1pt'],
  ] as const) {
    await cards.nth(index).getByRole('button', { name: rank, exact: true }).click();
    await cards.nth(index).getByTestId('team-row').first().click();
  }
}
