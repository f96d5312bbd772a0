/**
 * `make cluster`: one process per service on the local PostgreSQL and NATS.
 * Env: PORT (3000), DATABASE_URL, NATS_URL, POWERPOOL_DATA_DIR (the cluster keeps its files in
 * <dir>/cluster; default ./.data), CLUSTER_READY_TIMEOUT_SECONDS (90), ESPN_REPLAY and
 * ESPN_REPLAY_SHIFT_DAYS (sports-data-staging's; the replay is on by default and served here),
 * <SERVICE>_REPLICAS (processes of a service, default 1: `PICKS_SCORING_REPLICAS=2` starts two
 * picks-scoring processes, on 4003 and 4103, and the gateway balances over both).
 */
import path from 'node:path';
import { DEV_ACCOUNTS, DEV_PASSWORD } from '@powerpool/dev-idp';
import { DEFAULT_DATABASE_URL, DEFAULT_NATS_URL, startCluster, type Cluster } from './cluster.js';
import { ClusterStartError, DEFAULT_PORT, REPO_ROOT, replicasFromEnv, type ReplicaCounts } from './processes.js';

const port = process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT;
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${process.env.PORT}`);
  process.exit(2);
}
const dataRoot = path.resolve(REPO_ROOT, process.env.POWERPOOL_DATA_DIR ?? '.data');
const readyTimeoutSeconds = Number(process.env.CLUSTER_READY_TIMEOUT_SECONDS ?? 90);
let replicas: ReplicaCounts;
try {
  replicas = replicasFromEnv(process.env);
} catch (err) {
  console.error(err instanceof ClusterStartError ? err.message : String(err));
  process.exit(2);
}

let cluster: Cluster | undefined;
let firstSignalAt = 0;
const onSignal = (signal: NodeJS.Signals) => {
  const now = Date.now();
  // Ctrl-C may reach this process twice at once (the terminal, and npx/tsx passing it on):
  // only a second signal a moment later means "force".
  if (firstSignalAt && now - firstSignalAt < 1000) return;
  const again = firstSignalAt !== 0;
  firstSignalAt ||= now;
  if (again || !cluster) {
    // Second Ctrl-C, or still starting: the cluster's exit hook kills what is left.
    console.log(`[cluster] ${signal}: exiting now`);
    process.exit(130);
  }
  console.log(`[cluster] ${signal}: stopping (Ctrl-C again to force)`);
  void cluster.stop().then(() => process.exit(0));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const scaled = Object.entries(replicas).filter(([, n]) => n > 1);
console.log(
  `[cluster] starting the dev IdP, six services${scaled.length ? ` (${scaled.map(([name, n]) => `${name} x${n}`).join(', ')})` : ''} and the gateway`,
);
try {
  cluster = await startCluster({
    port,
    databaseUrl: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    natsUrl: process.env.NATS_URL ?? DEFAULT_NATS_URL,
    dataDir: path.join(dataRoot, 'cluster'),
    readyTimeoutMs: readyTimeoutSeconds * 1000,
    replicas,
  });
} catch (err) {
  console.error(`[cluster] could not start: ${err instanceof ClusterStartError ? err.message : String(err)}`);
  process.exit(1);
}

console.log(
  [
    '',
    `PowerPool (cluster mode) is up at ${cluster.url}`,
    '',
    'Processes:',
    ...cluster.processes.map((p) => `  ${p.name.padEnd(24)} ${p.url.padEnd(24)} pid ${p.pid}`),
    '',
    `Sign in with one of these dev accounts (password: ${DEV_PASSWORD}):`,
    ...DEV_ACCOUNTS.map((a) => `  ${a.email.padEnd(30)} ${a.role ?? 'user'}`),
    '',
    process.env.SMTP_URL
      ? `E-mails go to ${new URL(process.env.SMTP_URL).host} (SMTP_URL).`
      : `E-mails stay on this machine: ${cluster.url}/dev-mail lists them.`,
    '',
    'Ctrl-C stops every process.',
    '',
  ].join('\n'),
);

const exit = await cluster.closed;
if (exit) {
  console.error(`[cluster] stopped because ${exit.name} exited (${exit.signal ?? `code ${exit.code}`})`);
  process.exit(1);
}
