import { performance } from 'node:perf_hooks';
import { DEV_PASSWORD } from '@powerpool/dev-idp';
import { startEmbedded } from '@powerpool/embedded';
import { signInThroughGateway } from '@powerpool/testing';

/**
 * `npm run bench:sign-in`: how many people embedded mode signs in per minute, on its default
 * limits, when they come from a handful of addresses (an office or home network each): the whole
 * flow over real HTTP, `/api/login` through the gateway, the dev IdP's form, `/api/callback`.
 * Exits 1 when any sign-in fails. See bench/README.md.
 */
const people = Number(process.env.BENCH_SIGNINS ?? 300);
const inFlight = Number(process.env.BENCH_CONCURRENCY ?? 10);
const addressCount = Number(process.env.BENCH_ADDRESSES ?? 5);
const addresses = Array.from({ length: addressCount }, (_, i) => `127.0.0.${i + 2}`);

// env {}: the documented default limits, whatever this shell has set.
const app = await startEmbedded({ port: 0, inMemory: true, environment: 'test', logLevel: 'silent', env: {} });
let exitCode = 0;
try {
  // One sign-in first, so discovery, JIT and PGlite's warm-up are not in the figures.
  await signInThroughGateway(app.url, { email: 'warm.up@powerpool.test', password: DEV_PASSWORD, localAddress: addresses[0]! });

  const durations: number[] = [];
  const failures: string[] = [];
  const perAddress = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  const lane = async (localAddress: string) => {
    while (next < people) {
      const email = `bench.${next++}@powerpool.test`;
      const t0 = performance.now();
      try {
        await signInThroughGateway(app.url, { email, password: DEV_PASSWORD, localAddress });
        durations.push(performance.now() - t0);
        perAddress.set(localAddress, (perAddress.get(localAddress) ?? 0) + 1);
      } catch (err) {
        failures.push(`${email}: ${(err as Error).message.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, (_, i) => lane(addresses[i % addresses.length]!)));
  const seconds = (performance.now() - started) / 1000;

  durations.sort((a, b) => a - b);
  const pct = (p: number) => durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))] ?? Number.NaN;
  console.log(`${people} sign-ins, ${inFlight} in flight, from ${addresses.length} addresses (${addresses[0]}..${addresses.at(-1)}), default limits`);
  console.log(`took ${seconds.toFixed(1)} s: ${Math.round((durations.length / seconds) * 60)} sign-ins a minute`);
  console.log(`per sign-in: p50 ${pct(50).toFixed(0)} ms, p90 ${pct(90).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms`);
  console.log(`per address: ${[...perAddress].map(([a, n]) => `${a} ${n}`).join(', ')}`);
  console.log(`failed: ${failures.length}`);
  if (failures.length) {
    for (const f of failures.slice(0, 5)) console.log(`  ${f}`);
    exitCode = 1;
  }
} finally {
  await app.close();
}
process.exit(exitCode);
