import { isReachable } from '@powerpool/service-kit';

/** CI=true: every suite must run; a missing binary or service is a failure, never a skip. */
export const mustRunEverything = process.env.CI === 'true';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: u.port ? Number(u.port) : defaultPort };
}

/**
 * Decide whether a suite that needs an external service can run. Returns null when it can;
 * otherwise the reason to skip, printed once. Under CI=true it throws instead: CI never skips.
 */
export async function unavailableReason(what: 'postgres' | 'nats'): Promise<string | null> {
  const url = what === 'postgres' ? TEST_DATABASE_URL : TEST_NATS_URL;
  const { host, port } = hostPort(url, what === 'postgres' ? 5432 : 4222);
  if (await isReachable(host, port)) return null;
  const reason = `${what} is not reachable at ${host}:${port} (set ${what === 'postgres' ? 'TEST_DATABASE_URL' : 'TEST_NATS_URL'} or start it; .ci/run does)`;
  if (mustRunEverything) throw new Error(`CI=true and ${reason}`);
  console.warn(`[skip] ${reason}`);
  return reason;
}
