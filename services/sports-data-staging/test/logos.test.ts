import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sportsEndpoints, TEAM_LOGO_SERVED_PX, TEAM_LOGO_SHOWN_PX, teamLogoPath, type Team } from '@powerpool/contracts';
import type { BusMessage } from '@powerpool/service-kit';
import { integrationSkipReason } from '@powerpool/testing';
import { LOGO_MAX_BYTES } from '../src/ports/espn/http.js';
import { imageFetchUrl } from '../src/ports/espn/client.js';
import { startSports, type SportsHarness } from './helpers.js';

const skip = await integrationSkipReason();
const S = '/api/admin/unified-staging';
/** A PNG's width and height, from its header (IHDR); throws on anything else. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error(`not a PNG: ${bytes.subarray(0, 16).toString('hex')}`);
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Our path with its content hash: `/api/teams/12/logo?v=<hex>`. */
const VERSIONED = (espnId: string) => new RegExp(`^/api/teams/${espnId}/logo\\?v=[0-9a-f]{20}$`);

describe.skipIf(skip)('sports-data-staging: team logos fetched once at the teams import and served from our origin', () => {
  let h: SportsHarness;
  const events: Array<{ subject: string; data: any }> = [];

  beforeAll(async () => {
    h = await startSports({ imageTimeoutMs: 500 });
    await h.runtime.bus.subscribe('sports.>', (m: BusMessage) => void events.push({ subject: m.subject, data: m.data }));
  });
  afterAll(async () => h?.close());

  const logoRequests = () => h.replay.requests.filter((r) => r.startsWith('/images/'));
  const staged = async (): Promise<Team[]> => (await h.get(`${S}/teams/1`)).body;
  /** As the gateway sends a signed-out browser's request: an anonymous assertion. */
  const fetchLogo = async (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers: { ...(await h.runtime.headersFor(null)), ...headers } });

  // One teams import and the ones after it: each step serves or re-imports what the step before
  // stored (they were separate tests run in this order), so one test.
  it(
    'should store the logos at the import, serve them, push them and survive failed or garbage logos at later imports, in order',
    { timeout: 120_000 },
    async () => {
      // Step 1: store every team logo at the import, fetching each once, and name our own path in logoUrl.
      {
        const report = await h.importTeams(2025);
        expect(report.at(-1)).toMatchObject({ type: 'complete', result: { total: 32 } });
        expect(report.some((e) => e.type === 'log' && e.message === 'Logos: 32 stored')).toBe(true);
        expect(logoRequests()).toHaveLength(32);
        expect(new Set(logoRequests()).size).toBe(32);
        expect(logoRequests()).toContain('/images/i/teamlogos/nfl/500/kc.png');
        const teams = await staged();
        expect(teams).toHaveLength(32);
        for (const t of teams) expect(t.logoUrl, t.abbreviation).toMatch(VERSIONED(t.espnId));
        const rows = await h.runtime.database.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM sports.team_logos');
        expect(rows[0]!.n).toBe('32');
      }

      // Step 2: serve a stored logo anonymously with its type, a year-long immutable cache, nosniff and a sandboxing CSP.
      {
        const kc = (await staged()).find((t) => t.abbreviation === 'KC')!;
        const res = await fetchLogo(kc.logoUrl!);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
        expect(res.headers.etag).toBe(`"${kc.logoUrl!.split('v=')[1]}"`);
      }

      // Step 3: serve every logo at the size shown twice over (a 56 px PNG of the 500 px image the provider sent), a few KB each.
      {
        expect(TEAM_LOGO_SERVED_PX).toBe(2 * TEAM_LOGO_SHOWN_PX);
        // What the provider's host answers (the replay's stand-in of /500/kc.png): 500 px.
        const provided = await fetch(new URL('i/teamlogos/nfl/500/kc.png', h.replay.imageUrl.replace(/\/?$/, '/')));
        expect(await provided.text()).toContain('width="500" height="500"');
        for (const team of await staged()) {
          const res = await fetchLogo(team.logoUrl!);
          expect(res.statusCode, team.abbreviation).toBe(200);
          expect(pngSize(res.rawPayload), team.abbreviation).toEqual({ width: TEAM_LOGO_SERVED_PX, height: TEAM_LOGO_SERVED_PX });
          expect(res.rawPayload.length, team.abbreviation).toBeLessThan(8 * 1024);
        }
      }

      // Step 4: serve the newest logo without a version (revalidated by ETag: 304), and 404 an unknown version or team.
      {
        const kc = (await staged()).find((t) => t.abbreviation === 'KC')!;
        const latest = await fetchLogo(teamLogoPath(kc.espnId));
        expect(latest.statusCode).toBe(200);
        expect(latest.headers['cache-control']).toBe('public, no-cache');
        expect((await fetchLogo(teamLogoPath(kc.espnId), { 'if-none-match': latest.headers.etag as string })).statusCode).toBe(304);
        const unknown = await fetchLogo(teamLogoPath(kc.espnId, '0123456789abcdef0123'));
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json().error).toBe('logo_not_found');
        expect((await fetchLogo('/api/teams/999999/logo')).statusCode).toBe(404);
        expect((await fetchLogo('/api/teams/kc/logo')).statusCode).toBe(400);
        expect((await fetchLogo(`/api/teams/${kc.espnId}/logo?v=../../etc`)).statusCode).toBe(400);
      }

      // Step 5: carry our logo path in sports.teams.pushed when the teams are pushed to production.
      {
        const pushed = await h.pushTeams();
        expect(pushed.statusCode).toBe(200);
        await vi.waitFor(() => {
          const pushedTeams = events.find((e) => e.subject === 'sports.teams.pushed')?.data.teams as Team[] | undefined;
          expect(pushedTeams).toHaveLength(32);
          for (const t of pushedTeams!) expect(t.logoUrl, t.abbreviation).toMatch(VERSIONED(t.espnId));
          expect(JSON.stringify(pushedTeams)).not.toMatch(/"logoUrl":"https?:/);
        });
      }

      // Step 6: finish the import when logos fail (404, error, timeout), keeping an earlier logo or answering 404 for a team that never had one.
      {
        // KC had a logo from the first import; a fresh database team would have none. Make three fail.
        h.replay.setFault('/500/kc.png', '404');
        h.replay.setFault('/500/phi.png', '500');
        h.replay.setFault('/500/dal.png', 'slow', { slowMs: 3_000 });
        await h.runtime.database.sql.query(
          "DELETE FROM sports.team_logos WHERE espn_id IN (SELECT espn_id FROM sports.staging_teams WHERE abbreviation IN ('PHI', 'DAL'))",
        );
        const started = Date.now();
        const report = await h.importTeams(2025);
        h.replay.clearFaults();
        expect(Date.now() - started).toBeLessThan(2_500);
        expect(report.at(-1)).toMatchObject({ type: 'complete', result: { total: 32 } });
        expect(report.find((e) => e.type === 'log' && e.message.startsWith('Logos:'))).toMatchObject({
          message: expect.stringMatching(/^Logos: 29 stored, 3 could not be fetched \((?=.*KC)(?=.*PHI)(?=.*DAL).*\)/),
        });
        expect(h.logs.filter((l) => l.msg?.startsWith('team logo could not be fetched'))).toHaveLength(3);

        const teams = await staged();
        const by = (abbr: string) => teams.find((t) => t.abbreviation === abbr)!;
        expect(by('KC').logoUrl).toMatch(VERSIONED(by('KC').espnId));
        expect((await fetchLogo(by('KC').logoUrl!)).statusCode).toBe(200);
        for (const abbr of ['PHI', 'DAL']) {
          expect(by(abbr).logoUrl).toBe(teamLogoPath(by(abbr).espnId));
          const res = await fetchLogo(by(abbr).logoUrl!);
          expect(res.statusCode).toBe(404);
          expect(res.json().error).toBe('logo_not_found');
        }
        expect(by('NE').logoUrl).toMatch(VERSIONED(by('NE').espnId));
      }

      // Step 7: store nothing for a garbage answer (not an image) and still finish the import.
      {
        h.replay.setFault('/500/sf.png', 'garbage');
        const report = await h.importTeams(2025);
        h.replay.clearFaults();
        expect(report.at(-1)).toMatchObject({ type: 'complete' });
        expect(report.find((e) => e.type === 'log' && e.message.startsWith('Logos:'))).toMatchObject({
          message: expect.stringContaining('1 could not be fetched (SF)'),
        });
      }
    },
  );

  it('should refuse a logo that is not an allowed image or is too large, and never fetch off ESPN image hosts', () => {
    expect(LOGO_MAX_BYTES).toBe(512 * 1024);
    expect(imageFetchUrl('https://a.espncdn.com/i/teamlogos/nfl/500/kc.png', 'http://127.0.0.1:9/images/')).toBe(
      'http://127.0.0.1:9/images/i/teamlogos/nfl/500/kc.png',
    );
    expect(imageFetchUrl('https://evil.example/i/kc.png', 'https://a.espncdn.com')).toBeNull();
    expect(imageFetchUrl('http://a.espncdn.com/i/kc.png', 'https://a.espncdn.com')).toBeNull();
    expect(imageFetchUrl('https://a.espncdn.com.evil.example/kc.png', 'https://a.espncdn.com')).toBeNull();
    expect(sportsEndpoints.teamLogo).toMatchObject({ access: 'public', produces: 'image' });
  });
});
