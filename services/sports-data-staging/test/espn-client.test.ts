import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EspnClient } from '../src/domain/espn.js';
import { createEspnClient } from '../src/ports/espn/client.js';
import { EspnError } from '../src/domain/espn.js';
import { startEspnReplay, type EspnReplay } from '@powerpool/sports-data-staging/replay';
import { deadUrl, startInsideListener } from '@powerpool/testing';
import { seasonWeeks } from '../src/domain/espn-weeks.js';

describe('ESPN client against the replay of recorded responses', () => {
  let replay: EspnReplay;
  let espn: EspnClient;
  const client = (over: Partial<Parameters<typeof createEspnClient>[0]> = {}) =>
    createEspnClient({ siteUrl: replay.siteUrl, coreUrl: replay.coreUrl, timeoutMs: 2_000, retries: 1, backoffMs: 5, concurrency: 4, ...over });

  beforeAll(async () => {
    replay = await startEspnReplay();
    espn = client();
  });
  afterAll(async () => replay?.close());

  it('should read all 32 teams with default and dark logos when the teams list is recorded', async () => {
    const teams = await espn.teams();
    expect(teams).toHaveLength(32);
    expect(teams.find((t) => t.abbreviation === 'KC')).toEqual({
      espnId: '12',
      name: 'Kansas City Chiefs',
      shortName: 'Chiefs',
      abbreviation: 'KC',
      city: 'Kansas City',
      color: 'e31837',
      logoUrl: 'https://a.espncdn.com/i/teamlogos/nfl/500/kc.png',
      darkLogoUrl: 'https://a.espncdn.com/i/teamlogos/nfl/500-dark/kc.png',
    });
  });

  it('should pick logos by rel when the teams list has 12 logos per team', async () => {
    const r = await startEspnReplay({ overrides: { '/teams': 'teams-2024-extended-logos.json' } });
    try {
      const teams = await createEspnClient({ siteUrl: r.siteUrl, coreUrl: r.coreUrl, timeoutMs: 2000, retries: 0, backoffMs: 1, concurrency: 2 }).teams();
      expect(teams).toHaveLength(32);
      expect(teams.find((t) => t.abbreviation === 'PHI')?.logoUrl).toBe('https://a.espncdn.com/i/teamlogos/nfl/500/phi.png');
    } finally {
      await r.close();
    }
  });

  it('should read 16 games with DAL at PHI final 20-24 when reading 2025 week 1', async () => {
    const games = await espn.scoreboard({ year: 2025, seasonType: 2, espnWeek: 1 });
    expect(games).toHaveLength(16);
    const opener = games.find((g) => g.awayTeamAbbr === 'DAL' && g.homeTeamAbbr === 'PHI')!;
    expect(opener).toMatchObject({
      espnId: '401772510',
      weekNumber: 1,
      seasonType: 2,
      year: 2025,
      gameStatus: 'COMPLETE',
      awayScore: 20,
      homeScore: 24,
      winnerTeamEspnId: '21',
      spread: null,
      gameTimeUtc: '2025-09-05T00:20:00.000Z',
      gameTimeCdt: '2025-09-04T19:20:00-05:00',
    });
    const kc = games.find((g) => g.awayTeamAbbr === 'KC' && g.homeTeamAbbr === 'LAC')!;
    expect(kc).toMatchObject({ gameStatus: 'SCHEDULED', homeScore: null, winnerTeamEspnId: null, oddsProvider: 'ESPN BET' });
    expect(kc.spread).toBe(kc.oddsDetails!.startsWith('KC') ? Math.abs(kc.spread!) : -Math.abs(kc.spread!));
  });

  it('should map the 2024 Super Bowl to week 22 when reading postseason week 5', async () => {
    const [sb, ...rest] = await espn.scoreboard({ year: 2024, seasonType: 3, espnWeek: 5 });
    expect(rest).toHaveLength(0);
    expect(sb).toMatchObject({
      weekNumber: 22,
      seasonType: 3,
      year: 2024,
      awayTeamAbbr: 'KC',
      homeTeamAbbr: 'PHI',
      awayScore: 22,
      homeScore: 40,
      winnerTeamEspnId: '21',
    });
  });

  it('should read the line from details when 2022 odds have no spread field', async () => {
    const games = await espn.scoreboard({ year: 2022, seasonType: 2, espnWeek: 1 });
    expect(games).toHaveLength(16);
    const withOdds = games.filter((g) => g.oddsDetails);
    expect(withOdds).toHaveLength(15);
    expect(withOdds.every((g) => g.oddsProvider === 'Caesars Sportsbook (New Jersey)' && g.spread !== null)).toBe(true);
    for (const g of withOdds) {
      const favourite = g.oddsDetails!.split(' ')[0];
      if (g.spread !== 0) expect(g.spread! < 0).toBe(favourite === g.homeTeamAbbr);
    }
  });

  it('should read the live game without odds and with its clock when a game is in progress', async () => {
    const games = await espn.scoreboard({ year: 2025, seasonType: 2, espnWeek: 17 });
    expect(games).toHaveLength(16);
    const live = games.find((g) => g.gameStatus === 'IN_PROGRESS')!;
    expect(live).toMatchObject({
      awayTeamAbbr: 'LAR',
      homeTeamAbbr: 'ATL',
      homeScore: 7,
      awayScore: 0,
      currentPeriod: 1,
      gameClock: '4:11',
      spread: null,
      oddsDetails: null,
      winnerTeamEspnId: null,
    });
    expect(games.filter((g) => g.gameStatus === 'COMPLETE')).toHaveLength(15);
  });

  it('should read every recorded week of every season when importing whole seasons', async () => {
    const counts: Record<number, number> = {};
    for (const year of [2022, 2024, 2025]) {
      counts[year] = 0;
      for (const w of seasonWeeks()) counts[year] += (await espn.scoreboard({ year, seasonType: w.seasonType, espnWeek: w.espnWeek })).length;
    }
    expect(counts).toEqual({ 2022: 16, 2024: 14, 2025: 53 });
    const pre = await espn.scoreboard({ year: 2025, seasonType: 1, espnWeek: 1 });
    expect(pre[0]).toMatchObject({ weekNumber: -4, homeTeamAbbr: 'DET', awayTeamAbbr: 'LAC', oddsProvider: 'ESPN BET' });
    expect((await espn.scoreboard({ year: 2025, seasonType: 3, espnWeek: 1 })).map((g) => g.weekNumber)).toEqual([19, 19, 19, 19, 19, 19]);
    const week12 = await espn.scoreboard({ year: 2025, seasonType: 2, espnWeek: 12 });
    expect(week12).toHaveLength(14);
    expect(week12.every((g) => g.spread !== null && g.gameStatus === 'SCHEDULED')).toBe(true);
  });

  it('should read venues, venue list pages, core odds and summary lines when those documents are recorded', async () => {
    expect(await espn.venue('3622')).toMatchObject({
      fullName: 'GEHA Field at Arrowhead Stadium',
      zipCode: '64129',
      grass: true,
      indoor: false,
      exteriorImageUrl: 'https://a.espncdn.com/i/venues/nfl/day/3622.jpg',
    });
    expect(await espn.venue('5348')).toMatchObject({
      fullName: 'Mercedes-Benz Stadium',
      exteriorImageUrl: null,
      interiorImageUrl: 'https://a.espncdn.com/i/venues/nfl/day/interior/5348.jpg',
    });
    expect(await espn.venue('3663')).toMatchObject({ fullName: 'Burke-Tarr Stadium', city: null, exteriorImageUrl: null, interiorImageUrl: null });
    expect(await espn.venue('1')).toBeNull();
    expect(await espn.teamVenue('12')).toMatchObject({ espnVenueId: '3622' });
    const page = await espn.venueIds(1);
    expect(page.ids).toHaveLength(25);
    expect(page.pageCount).toBe(27);
    expect(await espn.coreOdds({ eventId: '401671854', competitionId: '401671854', homeAbbr: 'CLE', awayAbbr: 'KC' })).toEqual({
      provider: 'ESPN BET',
      details: 'KC -3.5',
      spread: 3.5,
    });
    expect((await espn.coreOdds({ eventId: '401547417', competitionId: '401547417', homeAbbr: 'ATL', awayAbbr: 'GB' }))?.provider).toBe('ESPN BET');
    expect(await espn.summaryOdds('401772838', 'CAR', 'ATL')).toEqual({ provider: 'ESPN BET', details: 'ATL -4.5', spread: 4.5 });
    expect(await espn.summaryOdds('401547505', 'DAL', 'LAR')).toMatchObject({ details: 'DAL -7.5', spread: -7.5 });
    expect(await espn.summaryOdds('401547417', 'ATL', 'GB')).toBeNull();
  });

  it('should answer an empty scoreboard of the right shape when a week was not recorded', async () => {
    expect(await espn.scoreboard({ year: 2025, seasonType: 2, espnWeek: 5 })).toEqual([]);
  });

  it('should shift every kickoff when the replay runs with a date offset', async () => {
    const r = await startEspnReplay({ dateShiftDays: 7 });
    try {
      const games = await createEspnClient({ siteUrl: r.siteUrl, coreUrl: r.coreUrl, timeoutMs: 2000, retries: 0, backoffMs: 1, concurrency: 2 }).scoreboard({
        year: 2025,
        seasonType: 2,
        espnWeek: 1,
      });
      expect(games.find((g) => g.espnId === '401772510')?.gameTimeUtc).toBe('2025-09-12T00:20:00.000Z');
    } finally {
      await r.close();
    }
  });

  describe('failures', () => {
    /**
     * How many times the replay was asked for 2025's regular season week `espnWeek`. Counted by URL,
     * not all requests: a request another test gave up on (its time limit ran out while the event
     * loop was busy) can reach the replay, which runs in this process, after that test has ended.
     */
    const scoreboardAsks = (espnWeek: number) => replay.requests.filter((r) => r.includes(`/scoreboard?dates=2025&seasontype=2&week=${espnWeek}&`)).length;

    it('should retry and then name the request and the status when ESPN answers 500', async () => {
      replay.setFault('week=3', '500');
      const before = scoreboardAsks(3);
      await expect(espn.scoreboard({ year: 2025, seasonType: 2, espnWeek: 3 })).rejects.toThrow(
        /ESPN scoreboard 2025 regular season week 3 \(Week 3\): HTTP 500 \(after 2 attempts\)/,
      );
      expect(scoreboardAsks(3) - before).toBe(2);
      replay.clearFaults();
    });

    it('should report invalid JSON without retrying when the body is garbage', async () => {
      replay.setFault('/teams', 'garbage');
      await expect(espn.teams()).rejects.toThrow('ESPN teams list: the response is not valid JSON');
      replay.clearFaults();
    });

    it('should name the missing field when a required field is missing', async () => {
      replay.setFault('week=1', 'missing-field');
      await expect(espn.scoreboard({ year: 2025, seasonType: 2, espnWeek: 1 })).rejects.toThrow(
        /unexpected response \(events\.0\.competitions\.0\.competitors: /,
      );
      replay.clearFaults();
    });

    it('should time out when ESPN is slow', async () => {
      replay.setFault('/teams', 'slow', { slowMs: 1_000 });
      const err = await client({ timeoutMs: 100, retries: 0 })
        .teams()
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EspnError);
      expect((err as EspnError).message).toMatch(/ESPN teams list: no answer within 100 ms/);
      replay.clearFaults();
    });

    it('should stop asking a slow ESPN at the deadline its caller waits for, instead of retrying past it', async () => {
      // Alone, 3 retries of 5 s (20 s and more); the caller waits 300 ms: one attempt, cut short, then the error.
      replay.setFault('week=4', 'slow', { slowMs: 3_000 });
      const before = scoreboardAsks(4);
      const err = await client({ timeoutMs: 5_000, retries: 3, backoffMs: 50 })
        .scoreboard({ year: 2025, seasonType: 2, espnWeek: 4, call: { deadline: Date.now() + 300 } })
        .catch((e: unknown) => e);
      replay.clearFaults();
      expect(err).toBeInstanceOf(EspnError);
      expect((err as EspnError).kind).toBe('timeout');
      expect((err as EspnError).message).toMatch(/^ESPN scoreboard 2025 regular season week 4 \(Week 4\): no answer within \d+ ms \(after 1 attempt\)$/);
      // Its one request may itself reach the replay just after the client gave it up (as above).
      await expect.poll(() => scoreboardAsks(4) - before).toBe(1);
    });

    it('should refuse a redirect in an answer of ESPN to an inside address, without connecting and without retrying', async () => {
      // "ESPN" (a configured origin) answers the teams list with a redirect to a service inside.
      const inside = await startInsideListener();
      let asked = 0;
      const provider = http.createServer((_req, res) => {
        asked += 1;
        res.writeHead(302, { location: `http://127.0.0.1:${inside.port}/admin` }).end();
      });
      await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
      const origin = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      try {
        const redirected = createEspnClient({
          siteUrl: `${origin}/site`,
          coreUrl: `${origin}/core`,
          timeoutMs: 2000,
          retries: 2,
          backoffMs: 5,
          concurrency: 1,
        });
        await expect(redirected.teams()).rejects.toThrow(`ESPN teams list: Outbound request refused: 127.0.0.1 is not a public address (loopback)`);
        expect(asked).toBe(1);
        expect(inside.connections()).toBe(0);
      } finally {
        await new Promise<void>((resolve) => provider.close(() => resolve()));
        await inside.close();
      }
    });

    it('should say it could not connect when ESPN is down', async () => {
      const dead = await deadUrl();
      const down = createEspnClient({ siteUrl: `${dead}/site`, coreUrl: `${dead}/core`, timeoutMs: 500, retries: 1, backoffMs: 5, concurrency: 1 });
      await expect(down.teams()).rejects.toThrow(/ESPN teams list: could not connect \(ECONNREFUSED\) \(after 2 attempts\)/);
    });
  });
});
