import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, renderApiRoutes, spaEndpoints } from '../../build/api-routes';

// The SPA's routes, generated from the contracts by web/build/api-routes.ts (docs/screens.md#data-loading).
describe('api-routes.gen.ts', () => {
  it('should be what the generator writes from the contracts, so it is never stale (npm run gen:api-routes)', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await renderApiRoutes());
  });

  it('should hold every declared endpoint but the browser navigations, pages and images', () => {
    const names = spaEndpoints().map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['currentUser', 'members', 'weekState', 'liveGamesStream', 'exportWeek', 'importTeams']));
    expect(names).not.toEqual(expect.arrayContaining(['login']));
    expect(names).not.toContain('logout');
    expect(names).not.toContain('unsubscribePage');
    expect(names).not.toContain('teamLogo');
  });
});
