import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fillPath, sportsEndpoints, STAGING_SCHEDULE_ID, type Endpoint } from '@powerpool/contracts';

/**
 * The super admin's staging flow through the API (the staging screen has its own browser test):
 * import `year`'s teams and games from the bundled ESPN replay, then push both to production.
 * `admin` is a page signed in as the super admin.
 */
export async function pushSeasonToProduction(admin: Page, year: number): Promise<void> {
  const params = { scheduleId: STAGING_SCHEDULE_ID };
  const steps: Array<[Endpoint, { year: number } | undefined]> = [
    [sportsEndpoints.importTeams, { year }],
    [sportsEndpoints.importGames, { year }],
    [sportsEndpoints.migrateTeams, undefined],
    [sportsEndpoints.migrateGames, undefined],
  ];
  for (const [endpoint, body] of steps) {
    const url = fillPath(endpoint.path, params);
    const res = await admin.request.fetch(url, { method: endpoint.method, ...(body ? { data: body } : {}), timeout: 60_000 });
    const text = await res.text();
    expect(res.status(), `${endpoint.method} ${url}: ${text.slice(0, 300)}`).toBe(200);
    // The streamed steps answer 200 at once; how they ended is in their last event.
    if (endpoint.produces === 'text/event-stream') expect(text, `${url}: ${text.slice(-300)}`).toContain('"type":"complete"');
  }
}
