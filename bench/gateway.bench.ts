/**
 * `npm run bench`: what the gateway costs on a session route.
 *
 * Starts PowerPool in one process (embedded mode: gateway, five services, dev IdP, PGlite,
 * in-process bus), signs in as a dev player over real HTTP, then loads `GET /api/auth/user`
 * (1) through the gateway with the session cookie, and (2) straight at the identity service with
 * the identity assertion the gateway would have added. autocannon runs in a child process, so the
 * app's CPU time per request can be measured too. Prints req/s, p50/p99 and CPU per request of
 * both and the gateway/direct ratios; exits 1 when the req/s ratio is under {@link MIN_RPS_RATIO}.
 *
 * Env: BENCH_DURATION (seconds per measured run, default 10), BENCH_CONNECTIONS (default 10),
 * BENCH_WARMUP (seconds of warm-up per target, default 3), BENCH_ROUNDS (measured rounds, the
 * order alternating, default 2), BENCH_PROFILE (a directory: write a CPU profile of the app's
 * thread for the first measured run of each target, `gateway.cpuprofile` / `direct.cpuprofile`;
 * open them in Chrome DevTools or run `tsx bench/profile-summary.ts <file>`).
 */
import { currentUserSchema, HEADERS, SESSION_COOKIE } from '@powerpool/contracts';
import { ASSERTION_TTL_SECONDS } from '@powerpool/service-kit';
import { signInThroughGateway } from '@powerpool/testing';
import { autocannonInChild } from './autocannon.js';
import { benchFailed, envInt, measureApp, startBenchApp, summarizeRuns, type Run } from './support.js';

/** What a bare Fastify upstream behind @fastify/http-proxy reached on the 2-core reference machine. */
const MIN_RPS_RATIO = 0.3;
const PATH = '/api/auth/user';
const EMAIL = 'player@powerpool.test';
const PASSWORD = 'powerpool';

const duration = envInt('BENCH_DURATION', 10);
const connections = envInt('BENCH_CONNECTIONS', 10);
const warmup = envInt('BENCH_WARMUP', 3);
const rounds = envInt('BENCH_ROUNDS', 2);
// A direct run carries one assertion, signed just before it; it must not expire mid-run.
if (Math.max(warmup, duration) > ASSERTION_TTL_SECONDS - 10) {
  console.error(`BENCH_WARMUP and BENCH_DURATION must stay under ${ASSERTION_TTL_SECONDS - 10} s (identity assertions live ${ASSERTION_TTL_SECONDS} s)`);
  process.exit(2);
}

interface Target {
  name: string;
  /** URL and headers for one run (the direct target signs a fresh assertion each time). */
  request(): Promise<{ url: string; headers: Record<string, string> }>;
  runs: Run[];
}

async function load(target: Target, seconds: number, profileAs?: string): Promise<Run> {
  const { url, headers } = await target.request();
  const { result, cpuMs, loopBusy } = await measureApp(() => autocannonInChild({ url, headers, connections, duration: seconds }), profileAs);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests.total} requests`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    cpuMs,
    loopBusy,
  };
}

/** One request, checked, before loading a target: a benchmark of 401s measures nothing. */
async function probe(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, { headers });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 300)}`);
  return JSON.parse(body);
}

const summary = (target: Target) => summarizeRuns(target.runs);

const app = await startBenchApp();

let exitCode = 0;
try {
  const session = await signInThroughGateway(app.url, { email: EMAIL, password: PASSWORD });
  const gatewayRequest = { url: `${app.url}${PATH}`, headers: { cookie: `${SESSION_COOKIE}=${session}` } };
  const user = currentUserSchema.parse(await probe(gatewayRequest.url, gatewayRequest.headers));
  const identity = { user: { id: user.id, email: user.email, role: user.role } };
  const gateway: Target = { name: 'gateway', request: async () => gatewayRequest, runs: [] };
  const direct: Target = {
    name: 'direct (identity)',
    request: async () => ({ url: `${app.upstreams.identity}${PATH}`, headers: { [HEADERS.identity]: await app.signer.sign(identity) } }),
    runs: [],
  };
  const first = await direct.request();
  await probe(first.url, first.headers);

  console.log(
    `GET ${PATH} as ${user.email}: ${connections} connections; ${warmup} s warm-up per target, ` +
      `then ${rounds} round(s) of ${duration} s per target, order alternating\n`,
  );
  // Warm both paths before measuring either: JIT, PGlite's WebAssembly tiering, keep-alive pools and
  // the gateway's session cache. Otherwise the first measured target pays for the whole app's warm-up.
  await load(direct, warmup);
  await load(gateway, warmup);
  for (let round = 0; round < rounds; round++) {
    for (const target of round % 2 === 0 ? [gateway, direct] : [direct, gateway]) {
      const profileAs = round === 0 ? (target === gateway ? 'gateway' : 'direct') : undefined;
      target.runs.push(await load(target, duration, profileAs));
    }
  }

  const g = summary(gateway);
  const d = summary(direct);
  const rpsRatio = g.rps / d.rps;
  const p99Ratio = d.p99 > 0 ? g.p99 / d.p99 : Number.NaN;
  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  const columns: Array<[string, number]> = [
    ['target', 20],
    ['req/s', 8],
    ['p50', 9],
    ['p99', 9],
    ['requests', 10],
    ['app CPU/req', 13],
    ['loop busy', 11],
  ];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(columns[i]![1]) : c.padStart(columns[i]![1]))).join('');
  const row = (name: string, s: ReturnType<typeof summary>) =>
    line([name, s.rps.toFixed(0), ms(s.p50), ms(s.p99), String(s.requests), `${s.cpuMsPerRequest.toFixed(2)} ms`, `${(s.loopBusy * 100).toFixed(0)}%`]);
  console.log(line(columns.map(([c]) => c)));
  console.log(row(gateway.name, g));
  console.log(row(direct.name, d));
  console.log('');
  console.log(`ratio gateway/direct: req/s ${rpsRatio.toFixed(2)}, p99 ${Number.isNaN(p99Ratio) ? 'n/a' : p99Ratio.toFixed(2)}`);
  if (rounds > 1) {
    const perRound = gateway.runs.map((r, i) => (r.rps / direct.runs[i]!.rps).toFixed(2));
    console.log(`req/s ratio per round: ${perRound.join(', ')}`);
  }
  console.log(`the gateway hop costs ${(g.cpuMsPerRequest - d.cpuMsPerRequest).toFixed(2)} ms of app CPU per request on top of identity's own`);
  if (rpsRatio < MIN_RPS_RATIO) {
    console.error(`\nFAIL: through the gateway ${rpsRatio.toFixed(2)} of the direct req/s, under the floor of ${MIN_RPS_RATIO}`);
    exitCode = 1;
  }
} catch (err) {
  exitCode = benchFailed(err);
} finally {
  await app.close();
}
process.exit(exitCode);
