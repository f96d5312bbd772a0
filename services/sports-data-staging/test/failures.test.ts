import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RPC } from '@powerpool/contracts';
import { DomainError } from '@powerpool/service-kit';
import { integrationSkipReason } from '@powerpool/testing';
import { startSports, type SportsHarness } from './helpers.js';

const skip = await integrationSkipReason();

/** The service with the 2025 season staged, in production and its venues imported. */
async function startWithSeason(): Promise<SportsHarness> {
  const h = await startSports({ timeoutMs: 300, retries: 1 });
  await h.importTeams(2025);
  await h.importGames(2025);
  expect((await h.pushTeams()).statusCode).toBe(200);
  expect((await h.pushGames()).at(-1)?.type).toBe('complete');
  expect((await h.app.inject({ method: 'POST', url: '/api/unified-staging/venues/import', headers: h.admin })).statusCode).toBe(200);
  return h;
}

describe.skipIf(skip)('sports-data-staging when ESPN is slow or down', () => {
  let h: SportsHarness;

  beforeAll(async () => {
    h = await startWithSeason();
  });
  afterAll(async () => h?.close());

  it('should report the timeout and change nothing when one week answers too slowly', async () => {
    const before = await h.snapshot();
    h.replay.setFault('seasontype=3&week=5', 'slow', { slowMs: 1_000 });
    const out = await h.importGames(2025);
    h.replay.clearFaults();
    expect(out.at(-1)).toEqual({
      type: 'error',
      message: 'Games import failed: ESPN scoreboard 2025 postseason week 5 (Super Bowl): no answer within 300 ms (after 2 attempts). Staging was not changed.',
    });
    expect(await h.snapshot()).toEqual(before);
  });

  it('should report a 502 naming the venue and change nothing when a venue document fails', async () => {
    const before = await h.snapshot();
    h.replay.setFault('/venues/3806', '500');
    const res = await h.app.inject({ method: 'POST', url: '/api/unified-staging/venues/import', headers: h.admin });
    h.replay.clearFaults();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'espn_unavailable', message: 'Venue import failed: ESPN venue 3806: HTTP 500 (after 2 attempts)' });
    expect(await h.snapshot()).toEqual(before);
  });

  it('should answer espn_unavailable naming the week and change nothing when a score refresh cannot read ESPN', async () => {
    const before = await h.snapshot();
    h.replay.setFault('seasontype=2&week=1', '500');
    const err: unknown = await h.runtime.bus.request(RPC.sportsRefreshScores, { weekNumber: 1, year: 2025 }, { timeoutMs: 10_000 }).catch((e: unknown) => e);
    h.replay.clearFaults();
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: 'espn_unavailable', status: 502 });
    expect((err as Error).message).toBe('Refreshing scores failed: ESPN scoreboard 2025 regular season week 1 (Week 1): HTTP 500 (after 2 attempts)');
    expect(await h.snapshot()).toEqual(before);
  });
});

/** ESPN gone for good: a service of its own, so that the other tests still reach ESPN. */
describe.skipIf(skip)('sports-data-staging when ESPN is gone', () => {
  let h: SportsHarness;

  beforeAll(async () => {
    h = await startWithSeason();
  });
  afterAll(async () => h?.close());

  it('should say it could not connect and change nothing when ESPN is down', async () => {
    const before = await h.snapshot();
    await h.replay.close();
    const teams = await h.importTeams(2025);
    expect(teams.at(-1)).toEqual({
      type: 'error',
      message: expect.stringMatching(
        /^Teams import failed: ESPN teams list: could not connect \(ECONNREFUSED\) \(after 2 attempts\)\. Staging was not changed\.$/,
      ),
    });
    const games = await h.importGames(2025);
    expect(games.at(-1)).toMatchObject({ type: 'error', message: expect.stringMatching(/could not connect/) });
    expect(await h.snapshot()).toEqual(before);
  });
});
