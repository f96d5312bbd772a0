import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's import rules (STYLE.md), checked over the real source tree: services never
 * import each other, libs never import apps, SQL stays in store/, routes stay thin, the domain never
 * imports the inbound adapters (events/, routes/) or the outbound ports (ports/), and web features
 * do not import each other.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const SERVICES = ['identity', 'pools-invitations', 'picks-scoring', 'weeks-workflow', 'sports-data-staging', 'notifications'];

function walk(dir: string): string[] {
  let out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out = out.concat(walk(full));
    else if (/\.(ts|tsx)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Every module specifier a file imports (static, dynamic, re-export). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:import|export)\s[^'"`;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)];
  return specs.map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** The repo path a specifier points at, for relative imports; the package name otherwise. */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  return path.relative(root, path.resolve(path.dirname(file), spec));
}

function violations(files: string[], bad: (file: string, to: string) => boolean): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const spec of importsOf(file)) {
      const to = target(file, spec);
      if (bad(path.relative(root, file), to)) found.push(`${path.relative(root, file)} imports ${spec}`);
    }
  }
  return found;
}

const rel = (dir: string) => walk(path.join(root, dir));

describe('architecture', () => {
  it('should find the source tree when it runs', () => {
    expect(rel('services').length).toBeGreaterThan(10);
    expect(rel('web/src').length).toBeGreaterThan(10);
  });

  it('should keep every service free of other services, the gateway and the web app', () => {
    for (const service of SERVICES) {
      const others = SERVICES.filter((s) => s !== service);
      const found = violations(
        rel(`services/${service}`),
        (_from, to) =>
          others.some((o) => to === `@powerpool/${o}` || to.startsWith(`@powerpool/${o}/`) || to.startsWith(`services/${o}/`)) ||
          /^@powerpool\/(gateway|web|embedded)/.test(to) ||
          /^(gateway|web|deploy)\//.test(to),
      );
      expect(found, `${service}`).toEqual([]);
    }
  });

  it('should keep libs free of services, the gateway, the web app and deploy', () => {
    const found = violations(
      rel('libs'),
      (_from, to) =>
        /^@powerpool\/(identity|pools-invitations|picks-scoring|weeks-workflow|sports-data-staging|notifications|gateway|web|embedded)/.test(to) ||
        /^(services|gateway|web|deploy)\//.test(to),
    );
    expect(found).toEqual([]);
  });

  it('should keep contracts free of everything but zod', () => {
    const found = violations(rel('libs/contracts/src'), (_from, to) => !to.startsWith('libs/contracts/') && to !== 'zod' && !to.startsWith('vitest'));
    expect(found).toEqual([]);
  });

  it('should keep the gateway free of service code', () => {
    const found = violations(rel('gateway'), (_from, to) => SERVICES.some((s) => to.startsWith(`@powerpool/${s}`)) || to.startsWith('services/'));
    expect(found).toEqual([]);
  });

  it('should keep SQL and the ORM inside store/ in every service', () => {
    const found = violations(
      SERVICES.flatMap((s) => rel(`services/${s}/src`)),
      (from, to) => !from.includes('/src/store/') && (to === 'pg' || to.startsWith('drizzle-orm') || to === '@electric-sql/pglite'),
    );
    expect(found).toEqual([]);
  });

  it('should keep dev and test tools (dev/ folders, the ESPN replay) out of every service src', () => {
    const found = violations(
      SERVICES.flatMap((s) => rel(`services/${s}/src`)),
      (_from, to) => /^services\/[^/]+\/dev(\/|$)/.test(to) || to.startsWith('@powerpool/sports-data-staging/replay'),
    );
    expect(found).toEqual([]);
  });

  it('should keep routes thin: they call domain functions, never the store', () => {
    const found = violations(
      SERVICES.flatMap((s) => rel(`services/${s}/src`)),
      (from, to) => from.includes('/src/routes/') && to.includes('/src/store/'),
    );
    expect(found).toEqual([]);
  });

  it('should keep the rules free of their transport: domain/ never imports serving/ (caches, ETags, streams)', () => {
    const found = violations(
      SERVICES.flatMap((s) => rel(`services/${s}/src`)),
      (from, to) => from.includes('/src/domain/') && to.includes('/src/serving/'),
    );
    expect(found).toEqual([]);
  });

  it('should keep the outbound ports out of the domain: domain/ never imports ports/', () => {
    // The domain declares what it needs of another service or an outside API (an interface in its
    // context, like weeks-workflow's SportsPort or sports-data-staging's EspnClient); app.ts passes
    // the adapter in, so a rule runs the same against a fake and never depends on a wire format.
    const found = violations(
      SERVICES.flatMap((s) => rel(`services/${s}/src`)),
      (from, to) => from.includes('/src/domain/') && /^services\/[^/]+\/src\/ports(\/|$)/.test(to),
    );
    expect(found).toEqual([]);
  });

  it('should keep inbound adapters (events/, routes/) out of the domain, the store and the outbound ports', () => {
    // events/ and routes/ call into the domain; if the domain called back into them, a rule would
    // depend on how it is reached (HTTP or bus) rather than on its inputs.
    const found = violations(
      SERVICES.flatMap((s) => rel(`services/${s}/src`)),
      (from, to) => /\/src\/(domain|store|ports)\//.test(from) && /^services\/[^/]+\/src\/(events|routes)\//.test(to),
    );
    expect(found).toEqual([]);
  });

  it('should keep web features independent of each other and of the app layer', () => {
    const found = violations(rel('web/src/features'), (from, to) => {
      const feature = /web\/src\/features\/([^/]+)\//.exec(from)?.[1];
      const other = /^web\/src\/features\/([^/]+)/.exec(to)?.[1];
      return (other !== undefined && other !== feature) || to.startsWith('web/src/app');
    });
    expect(found).toEqual([]);
  });

  it('should call the API and build query keys only in the web api files', () => {
    // STYLE.md habit 11: one file per call under features/<f>/api (lib/ for the shared calls and
    // the client); screens import the hooks and queryOptions, never a URL or a key of their own.
    const callsApi = [/queryKey\s*:/, /['"`]\/api\//, /\b(apiKey|pathKey|callApi|apiResponse|apiRequest|endpointUrl)\(/];
    const found = rel('web/src')
      .map((file) => path.relative(root, file))
      .filter((file) => !/^web\/src\/(features\/[^/]+\/api|lib)\//.test(file) && !file.endsWith('.test.ts'))
      .flatMap((file) => {
        const text = readFileSync(path.join(root, file), 'utf8');
        return callsApi.filter((pattern) => pattern.test(text)).map((pattern) => `${file} matches ${pattern}`);
      });
    expect(found).toEqual([]);
  });

  it('should keep the web app free of server packages', () => {
    const found = violations(
      rel('web/src'),
      (_from, to) => /^@powerpool\/(service-kit|testing|dev-idp|gateway|identity|embedded)/.test(to) || /^(pg|fastify|drizzle-orm|@nats-io)/.test(to),
    );
    expect(found).toEqual([]);
  });
});
