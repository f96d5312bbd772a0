import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importEventSchema, RPC, refreshWeekReplySchema, type EventPayload } from '@powerpool/contracts';
import type { BusMessage } from '@powerpool/service-kit';
import { integrationSkipReason } from '@powerpool/testing';
import { startSports, type SportsHarness } from './helpers.js';

const skip = await integrationSkipReason();
const S = '/api/admin/unified-staging';

/** What is answered and refused before anything is staged; no test here changes staging. */
describe.skipIf(skip)('sports-data-staging: roles and an empty staging', () => {
  let h: SportsHarness;

  beforeAll(async () => {
    h = await startSports();
  });
  afterAll(async () => h?.close());

  describe('roles', () => {
    const calls: Array<[string, string]> = [
      ['GET', `${S}/teams/1`],
      ['GET', `${S}/games/1`],
      ['GET', `${S}/teams-diff/1`],
      ['GET', `${S}/games-diff/1`],
      ['GET', `${S}/validate-games/1`],
      ['POST', `${S}/import-teams/1`],
      ['POST', `${S}/import-games/1`],
      ['POST', `${S}/migrate-teams/1`],
      ['GET', `${S}/migrate-games/1/stream`],
      ['DELETE', `${S}/clear-staging/1`],
      ['GET', '/api/unified-staging/venues/stats'],
      ['POST', '/api/unified-staging/venues/import'],
    ];
    it.each(calls)('should refuse %s %s with 403 when the caller is a player or a commissioner', async (method, url) => {
      for (const headers of [h.player, h.commissioner]) {
        const res = await h.app.inject({ method: method as 'GET', url, headers, payload: method === 'POST' ? { year: 2025 } : undefined });
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe('forbidden');
      }
    });

    it('should list venues for any signed-in user and 401 when signed out', async () => {
      expect((await h.get('/api/venues', h.player)).statusCode).toBe(200);
      expect((await h.app.inject({ method: 'GET', url: '/api/venues' })).statusCode).toBe(401);
    });

    it('should answer 200 with empty lists when a super admin reads an empty staging', async () => {
      expect(await h.get(`${S}/teams/1`)).toEqual({ statusCode: 200, body: [] });
      expect(await h.get(`${S}/games/1`)).toEqual({ statusCode: 200, body: [] });
    });

    it('should refuse any schedule but 1 and a missing year', async () => {
      expect((await h.get(`${S}/teams/2`)).statusCode).toBe(400);
      const res = await h.app.inject({ method: 'POST', url: `${S}/import-teams/1`, headers: h.admin, payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'year', problem: 'is required' }]);
    });

    it('should refuse a year sent as a string (bodies keep JSON types)', async () => {
      const res = await h.app.inject({ method: 'POST', url: `${S}/import-teams/1`, headers: h.admin, payload: { year: '2025' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'year', problem: 'must be a year (a number)' }]);
      expect(await h.get(`${S}/teams/1`)).toEqual({ statusCode: 200, body: [] });
    });
  });

  it('should refuse a games import with a clear error when no teams are staged', async () => {
    const res = await h.app.inject({ method: 'POST', url: `${S}/import-games/1`, headers: h.admin, payload: { year: 2025 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'teams_not_imported', message: 'Import teams before games: staging has no teams yet.' });
  });

  it('should leave staging and production as they were when ESPN fails during an import', async () => {
    const before = await h.snapshot();
    h.replay.setFault('/teams', '500');
    const teamsEvents = await h.importTeams();
    expect(teamsEvents.at(-1)).toEqual({
      type: 'error',
      message: 'Teams import failed: ESPN teams list: HTTP 500 (after 3 attempts). Staging was not changed.',
    });
    h.replay.clearFaults();
    expect(await h.snapshot()).toEqual(before);
  });
});

/**
 * One season from import to production and on: each step starts from where the one before left
 * staging and production (the steps were separate tests that ran in this order), so they are one
 * test, each step in a block of its own.
 */
describe.skipIf(skip)('sports-data-staging: a season from import to production', () => {
  let h: SportsHarness;
  const events: Array<{ subject: string; data: any }> = [];

  beforeAll(async () => {
    h = await startSports();
    await h.runtime.bus.subscribe('sports.>', (m: BusMessage) => void events.push({ subject: m.subject, data: m.data }));
  });
  afterAll(async () => h?.close());

  it('should stage, validate, push, re-import, break, roll back, refresh, import venues and clear one season, in order', { timeout: 180_000 }, async () => {
    // Step 1: stage 32 teams and 53 games of 2025 with progress lines and touch no production table.
    {
      const teamEvents = await h.importTeams(2025);
      // The second log line is ESPN's count, the third the logos stored (logos.test.ts).
      expect(teamEvents.map((e) => e.type)).toEqual(['log', 'progress', 'progress', 'log', 'log', 'complete']);
      expect(teamEvents[4]).toEqual({ type: 'log', message: 'Logos: 32 stored' });
      expect(teamEvents.at(-1)).toMatchObject({ type: 'complete', result: { total: 32, new: 32, updated: 0, unchanged: 0 } });

      const gameEvents = await h.importGames(2025);
      const progress = gameEvents.filter((e) => e.type === 'progress');
      expect(progress).toHaveLength(26);
      expect(progress.at(-1)).toMatchObject({ current: 26, total: 26 });
      expect(gameEvents.at(-1)).toMatchObject({ type: 'complete', result: { total: 53, new: 53, updated: 0, unchanged: 0, removed: 0 } });

      const games = (await h.get(`${S}/games/1`)).body;
      expect(games).toHaveLength(53);
      expect(games.find((g: any) => g.espnId === '401772510')).toMatchObject({
        scheduleId: 1,
        awayTeamAbbr: 'DAL',
        homeTeamAbbr: 'PHI',
        awayScore: 20,
        homeScore: 24,
        gameStatus: 'COMPLETE',
      });
      const prod = await h.runtime.database.sql.query<{ n: number }>('SELECT (SELECT count(*) FROM sports.games) + (SELECT count(*) FROM sports.teams) AS n');
      expect(Number(prod[0]!.n)).toBe(0);

      const diff = (await h.get(`${S}/games-diff/1`)).body;
      expect([diff.new.length, diff.updated.length, diff.toDelete.length, diff.unchanged.length]).toEqual([53, 0, 0, 0]);
      const teamsDiff = (await h.get(`${S}/teams-diff/1`)).body;
      expect(teamsDiff.new).toHaveLength(32);
    }

    // Step 2: report WARNINGS for the partial recorded season when teams, data and winners are sound.
    {
      const report = (await h.get(`${S}/validate-games/1`)).body;
      expect(report.totalGames).toBe(53);
      expect(report.summary).toEqual({ overallStatus: 'WARNINGS', passed: 6, failed: 1, totalChecks: 7 });
      expect(report.validationResults.regularSeasonStructure.passed).toBe(false);
      expect(report.validationResults.regularSeasonStructure.errors).toContain('2025 week 2 has no games');
      for (const c of ['teamStructure', 'dataIntegrity', 'winnerLogic', 'oddsValidation', 'preseasonStructure', 'postseasonStructure']) {
        expect(report.validationResults[c].passed, c).toBe(true);
      }
    }

    // Step 3: refuse to push games to production before teams are there and change nothing.
    {
      const before = await h.snapshot();
      const out = await h.pushGames();
      expect(out.at(-1)).toEqual({ type: 'error', message: expect.stringMatching(/^Migrate teams before games: production has no team /) });
      expect(await h.snapshot()).toEqual(before);
    }

    // Step 4: push teams then games to production, validate them and announce them.
    {
      const teams = await h.pushTeams();
      expect(teams.statusCode).toBe(200);
      expect(teams.body).toMatchObject({
        success: true,
        details: { created: 32, updated: 0, unchanged: 0, deleted: 0 },
        validation: { passed: true, stagingCount: 32, productionCount: 32, missingCount: 0 },
      });

      const out = await h.pushGames();
      expect(out[0]).toMatchObject({ type: 'log' });
      const done = out.at(-1)!;
      expect(done).toMatchObject({
        type: 'complete',
        result: {
          created: 53,
          updated: 0,
          unchanged: 0,
          deleted: 0,
          validation: { passed: true, stagingCount: 53, productionCount: 53, weekValidationPassed: true, missingCount: 0, dataIntegrityPassed: true },
        },
      });
      const diff = (await h.get(`${S}/games-diff/1`)).body;
      expect(diff.unchanged).toHaveLength(53);
      await vi.waitFor(() => {
        expect(events.find((e) => e.subject === 'sports.teams.pushed')?.data.teams).toHaveLength(32);
        const games = events.find((e) => e.subject === 'sports.games.pushed')?.data as EventPayload<'sports.games.pushed'>;
        expect(games.years).toEqual([2025]);
        expect(games.games).toHaveLength(53);
      });
    }

    // Step 5: find everything unchanged when the same season is imported again.
    {
      const teamEvents = await h.importTeams(2025);
      expect(teamEvents.at(-1)).toMatchObject({ type: 'complete', result: { total: 32, new: 0, updated: 0, unchanged: 32 } });
      const gameEvents = await h.importGames(2025);
      expect(gameEvents.at(-1)).toMatchObject({ type: 'complete', result: { total: 53, new: 0, updated: 0, unchanged: 53, removed: 0 } });
      const diff = (await h.get(`${S}/games-diff/1`)).body;
      expect([diff.new.length, diff.updated.length, diff.toDelete.length, diff.unchanged.length]).toEqual([0, 0, 0, 53]);
      expect((await h.get(`${S}/teams-diff/1`)).body.unchanged).toHaveLength(32);
    }

    // Step 6: send each event as one data frame with the event-stream headers when a client reads it over HTTP.
    {
      const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${base}${S}/import-teams/1`, {
        method: 'POST',
        headers: { ...h.admin, 'content-type': 'application/json' },
        body: JSON.stringify({ year: 2025 }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('x-accel-buffering')).toBe('no');
      const body = await res.text();
      const frames = body.split('\n\n');
      expect(frames.pop()).toBe('');
      for (const frame of frames) expect(frame).toMatch(/^data: \{.*\}$/);
      const events = frames.map((f) => importEventSchema.parse(JSON.parse(f.slice('data: '.length))));
      expect(events.map((e) => e.type)).toEqual(['log', 'progress', 'progress', 'log', 'log', 'complete']);
      expect(events.at(-1)).toMatchObject({ result: { total: 32, unchanged: 32 } });
    }

    // Step 7: leave staging as it was when a week fails mid-import.
    {
      const before = await h.snapshot();
      for (const [match, fault, pattern] of [
        ['week=12', '500', /HTTP 500/],
        ['week=17', 'garbage', /not valid JSON/],
        ['week=1&', 'missing-field', /competitors/],
      ] as const) {
        h.replay.setFault(match, fault);
        const out = await h.importGames(2025);
        h.replay.clearFaults();
        expect(out.at(-1)?.type).toBe('error');
        expect(out.at(-1)).toMatchObject({ message: expect.stringMatching(pattern) });
        expect(out.some((e) => e.type === 'complete')).toBe(false);
        expect(await h.snapshot()).toEqual(before);
      }
    }

    // Step 8: fail the right checks when the staged set is deliberately broken.
    {
      const sql = h.runtime.database.sql;
      await sql.exec(`
        -- PHI won 24-20; name DAL the winner
        UPDATE sports.staging_games SET winner_team_espn_id = away_team_espn_id WHERE espn_id = '401772510';
        UPDATE sports.staging_games SET away_team_espn_id = home_team_espn_id WHERE espn_id = '401772714';
        UPDATE sports.staging_games SET spread = 7.3 WHERE espn_id = '401772946';
        DELETE FROM sports.staging_teams WHERE abbreviation = 'KC';
      `);
      const report = (await h.get(`${S}/validate-games/1`)).body;
      expect(report.summary.overallStatus).toBe('FAILED');
      const r = report.validationResults;
      expect(r.teamStructure.passed).toBe(false);
      expect(r.teamStructure.errors).toContain('Staging has 31 teams; the NFL has 32');
      expect(r.winnerLogic.passed).toBe(false);
      expect(r.winnerLogic.errors[0]).toMatch(/DAL at PHI \(401772510, week 1\): 20-24 but the winner is 6/);
      expect(r.dataIntegrity.passed).toBe(false);
      expect(r.dataIntegrity.errors.some((e: string) => e.includes('home and away are the same team'))).toBe(true);
      expect(r.oddsValidation.passed).toBe(false);
      expect(r.oddsValidation.errors.some((e: string) => e.includes('spread 7.3 is not in half points'))).toBe(true);
      expect(r.preseasonStructure.passed).toBe(true);
      expect(r.postseasonStructure.passed).toBe(true);
    }

    // Step 9: store cancelled and postponed games in staging and production and refuse an unknown status.
    {
      const sql = h.runtime.database.sql;
      // Staged DAL at PHI now has DAL as winner (the test above): cancelled, the winner is still wrong.
      await sql.exec(`UPDATE sports.staging_games SET game_status = 'CANCELLED', home_score = NULL, away_score = NULL WHERE espn_id = '401772510'`);
      await sql.exec(`UPDATE sports.staging_games SET game_status = 'POSTPONED' WHERE espn_id = '401772946'`);
      await sql.exec(`UPDATE sports.games SET game_status = 'POSTPONED', winner_team_espn_id = NULL WHERE espn_id = '401772510'`);
      await sql.exec(`UPDATE sports.games SET game_status = 'CANCELLED' WHERE espn_id = '401772946'`);
      const statuses = async (table: string) =>
        Object.fromEntries(
          (
            await sql.query<{ espn_id: string; game_status: string }>(
              `SELECT espn_id, game_status FROM sports.${table} WHERE espn_id IN ('401772510', '401772946')`,
            )
          ).map((r) => [r.espn_id, r.game_status]),
        );
      expect(await statuses('staging_games')).toEqual({ '401772510': 'CANCELLED', '401772946': 'POSTPONED' });
      expect(await statuses('games')).toEqual({ '401772510': 'POSTPONED', '401772946': 'CANCELLED' });
      await expect(sql.exec(`UPDATE sports.staging_games SET game_status = 'FINAL' WHERE espn_id = '401772510'`)).rejects.toThrow(
        /staging_games_game_status_check/,
      );
      await expect(sql.exec(`UPDATE sports.games SET game_status = 'FINAL' WHERE espn_id = '401772510'`)).rejects.toThrow(/games_game_status_check/);

      const r = (await h.get(`${S}/validate-games/1`)).body.validationResults;
      expect(r.winnerLogic.errors).toContain('DAL at PHI (401772510, week 1): has a winner but is cancelled, not complete');
      expect(r.dataIntegrity.errors.filter((e: string) => e.includes('401772510') || e.includes('401772946'))).toEqual([]);
      // Production back as ESPN has it (the refresh test below starts from it).
      await sql.exec(`UPDATE sports.games SET game_status = 'COMPLETE', winner_team_espn_id = home_team_espn_id WHERE espn_id = '401772510'`);
      await sql.exec(`UPDATE sports.games SET game_status = 'SCHEDULED' WHERE espn_id = '401772946'`);
    }

    // Step 10: roll the whole push of games back when one game cannot be written.
    {
      // A fresh staging set where an early game changed and the Wild Card games cannot be written.
      await h.importTeams(2025);
      await h.importGames(2025);
      const sql = h.runtime.database.sql;
      await sql.exec(`UPDATE sports.staging_games SET home_score = 99 WHERE espn_id = '401772510'`);
      await sql.exec(`ALTER TABLE sports.games ADD CONSTRAINT test_no_week_19 CHECK (week_number <> 19) NOT VALID`);
      await sql.exec(`UPDATE sports.staging_games SET game_name = game_name || ' (changed)' WHERE week_number = 19`);
      const before = await h.snapshot();
      const out = await h.pushGames();
      expect(out.at(-1)).toMatchObject({ type: 'error', message: expect.stringMatching(/^Migration failed and was rolled back; production was not changed/) });
      expect(await h.snapshot()).toEqual(before);
      await sql.exec(`ALTER TABLE sports.games DROP CONSTRAINT test_no_week_19`);
    }

    // Step 11: announce score changes and refresh a week from ESPN when asked over the bus.
    {
      // Production holds DAL at PHI as scheduled (an older state); ESPN now says final 20-24.
      await h.runtime.database.sql.exec(
        `UPDATE sports.games SET game_status = 'SCHEDULED', home_score = NULL, away_score = NULL, winner_team_espn_id = NULL, current_period = NULL WHERE espn_id = '401772510'`,
      );
      const reply = refreshWeekReplySchema.parse(await h.runtime.bus.request(RPC.sportsRefreshScores, { weekNumber: 1 }, { timeoutMs: 10_000 }));
      expect(reply).toMatchObject({ ok: true, year: 2025, weekNumber: 1, updated: 1 });
      await vi.waitFor(() => {
        const e = events.find((x) => x.subject === 'sports.game.updated' && x.data.game.espnId === '401772510');
        expect(e?.data.game).toMatchObject({ gameStatus: 'COMPLETE', homeScore: 24, awayScore: 20, winnerTeamEspnId: '21' });
        expect(e?.data.changed).toEqual(expect.arrayContaining(['gameStatus', 'homeScore', 'awayScore', 'winnerTeamEspnId']));
      });
      const again = refreshWeekReplySchema.parse(await h.runtime.bus.request(RPC.sportsRefreshOdds, { weekNumber: 1, year: 2025 }, { timeoutMs: 10_000 }));
      expect(again).toMatchObject({ ok: true, updated: 0 });
    }

    // Step 12: import the venues of the staged games with their images and count them.
    {
      const res = await h.app.inject({ method: 'POST', url: '/api/unified-staging/venues/import', headers: h.admin });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.data.imported).toBeGreaterThan(20);
      expect(body.data.updated).toBe(0);
      const venues = (await h.get('/api/venues', h.player)).body;
      expect(venues.find((v: any) => v.espnVenueId === '3806')).toMatchObject({
        fullName: 'Lincoln Financial Field',
        exteriorImageUrl: 'https://a.espncdn.com/i/venues/nfl/day/3806.jpg',
      });
      const stats = (await h.get('/api/unified-staging/venues/stats')).body;
      expect(stats.data.total).toBe(body.data.imported);
      expect(stats.data.withExteriorImages).toBeGreaterThanOrEqual(1);
      const second = (await h.app.inject({ method: 'POST', url: '/api/unified-staging/venues/import', headers: h.admin })).json();
      expect(second.data).toEqual({ imported: 0, updated: 0, skipped: body.data.imported + body.data.skipped });
    }

    // Step 13: empty staging and keep production when staging is cleared.
    {
      const res = await h.app.inject({ method: 'DELETE', url: `${S}/clear-staging/1`, headers: h.admin });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, deleted: { teams: 32, games: 53 } });
      expect((await h.get(`${S}/games/1`)).body).toEqual([]);
      const prod = await h.runtime.database.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM sports.games');
      expect(prod[0]!.n).toBe(53);
    }
  });
});
