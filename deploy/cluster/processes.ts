import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES, type ServiceName } from '@powerpool/contracts';
import type { AssertionKeyPair } from '@powerpool/service-kit';

/**
 * What cluster mode runs: one process specification (entry file, port, env, health path) for the
 * dev IdP, each replica of each service and the gateway, and the port layout they follow. Plain
 * data and pure functions; supervisor.ts starts, watches, restarts and stops the processes, and
 * cluster.ts puts the two together.
 */

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The gateway's port, the public one. */
export const DEFAULT_PORT = 3000;
/** Services listen on base+1..base+6, the dev IdP on base+10; further replicas 100 higher each (see {@link servicePort}). */
export const DEFAULT_PORT_BASE = 4000;
/** Replica r (1-based) of a service listens {@link REPLICA_PORT_STRIDE} x (r - 1) above the first one. */
export const REPLICA_PORT_STRIDE = 100;
/** Most processes of one service the launcher starts. */
export const MAX_REPLICAS = 9;

/** How many processes of each service; absent services run one. */
export type ReplicaCounts = Partial<Record<ServiceName, number>>;

/**
 * The port of replica `replica` (1-based) of `service`: portBase+1..+6 for the first replicas (in
 * SERVICE_NAMES order), then 100 higher for each further replica (picks-scoring: 4003, 4103, 4203).
 */
export function servicePort(portBase: number, service: ServiceName, replica = 1): number {
  return portBase + 1 + SERVICE_NAMES.indexOf(service) + REPLICA_PORT_STRIDE * (replica - 1);
}

/** Every port a cluster with these options listens on: the gateway's, each replica's and the dev IdP's. */
export function clusterPorts(port: number, portBase: number, replicas: ReplicaCounts = {}): number[] {
  const ports = [port, portBase + 10];
  for (const service of SERVICE_NAMES) {
    for (let r = 1; r <= (replicas[service] ?? 1); r++) ports.push(servicePort(portBase, service, r));
  }
  return ports;
}

/** `picks-scoring` -> `PICKS_SCORING_REPLICAS`: the variable `make cluster` reads a service's count from. */
export function replicasEnvName(service: ServiceName): string {
  return `${service.toUpperCase().replace(/-/g, '_')}_REPLICAS`;
}

/**
 * The replica counts given in `env` (`PICKS_SCORING_REPLICAS=2`, ...); throws a ClusterStartError
 * naming a value that is not a whole number from 1 to {@link MAX_REPLICAS}.
 */
export function replicasFromEnv(env: NodeJS.ProcessEnv): ReplicaCounts {
  const counts: ReplicaCounts = {};
  for (const service of SERVICE_NAMES) {
    const name = replicasEnvName(service);
    const raw = env[name]?.trim();
    if (!raw) continue;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > MAX_REPLICAS) throw new ClusterStartError(`${name} must be a whole number from 1 to ${MAX_REPLICAS}, got ${raw}`);
    counts[service] = n;
  }
  return counts;
}

const DEV_IDP_CLIENT_ID = 'powerpool';
/** Only the dev IdP and identity share it, both on this machine (the dev IdP's own default). */
const DEV_IDP_CLIENT_SECRET = 'powerpool-dev-secret';

/**
 * Why a cluster cannot start, as a message for people: a bad setting (here) or a missing
 * prerequisite (cluster.ts) is an expected situation, not a crash.
 */
export class ClusterStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClusterStartError';
  }
}

/** One process to run: what supervisor.ts spawns (with tsx, from the repository root) and watches. */
export interface ProcessSpec {
  /** `dev-idp`, `gateway`, a service's name, or `<service>-<replica>` when the service runs several. */
  name: string;
  /** The service it is a replica of; the gateway and the dev IdP are their own. */
  service: ServiceName | 'gateway' | 'dev-idp';
  /** 1-based. */
  replica: number;
  /** Its server.ts, relative to the repository root. */
  entry: string;
  port: number;
  /** Added to the launcher's own env. */
  env: Record<string, string>;
  /** GET path answering 200 when the process is ready (named on a start timeout); absent: an open port is enough. */
  healthPath?: string;
}

/**
 * Every process of a cluster, in start order (dev IdP, each service's replicas, gateway), with the
 * env that wires them together: the gateway signs identity assertions and every service verifies
 * them, identity signs in through the dev IdP, the gateway balances over each service's replicas.
 * `extraEnv` goes to every process and wins.
 */
export function processSpecs(o: {
  port: number;
  portBase: number;
  databaseUrl: string;
  natsUrl: string;
  dataDir: string;
  keys: AssertionKeyPair;
  /** The notifications service's web push key pair (kept in the data directory by cluster.ts). */
  vapid?: { publicKey: string; privateKey: string };
  /** The launcher's local mail catcher (cluster.ts starts one unless SMTP_URL is set): notifications sends to it, the gateway shows it at /dev-mail. */
  mail?: { smtpUrl: string; pageUrl: string };
  replicas: ReplicaCounts;
  extraEnv: Record<string, string>;
}): ProcessSpec[] {
  const publicUrl = `http://localhost:${o.port}`;
  const issuer = `${publicUrl}/dev-idp`;
  const idpPort = o.portBase + 10;
  const common = {
    HOST: '127.0.0.1',
    POWERPOOL_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
  const serviceEnv = {
    ...common,
    DATABASE_URL: o.databaseUrl,
    NATS_URL: o.natsUrl,
    IDENTITY_ASSERTION_PUBLIC_KEY: o.keys.publicKeyPem,
  };
  const count = (name: ServiceName) => o.replicas[name] ?? 1;
  const replicaNumbers = (name: ServiceName) => Array.from({ length: count(name) }, (_, i) => i + 1);
  /** The gateway's upstream for a service: every replica's base URL, comma-separated. */
  const serviceUrls = (name: ServiceName) =>
    replicaNumbers(name)
      .map((r) => `http://127.0.0.1:${servicePort(o.portBase, name, r)}`)
      .join(',');

  const specs: ProcessSpec[] = [
    {
      name: 'dev-idp',
      service: 'dev-idp',
      replica: 1,
      entry: 'libs/dev-idp/src/server.ts',
      port: idpPort,
      env: {
        ...common,
        PORT: String(idpPort),
        DEV_IDP_ISSUER: issuer,
        DEV_IDP_CLIENT_ID,
        DEV_IDP_CLIENT_SECRET,
        DEV_IDP_REDIRECT_URIS: `${publicUrl}/api/callback`,
        DEV_IDP_POST_LOGOUT_REDIRECT_URIS: `${publicUrl}/`,
        DEV_IDP_DATA_DIR: path.join(o.dataDir, 'dev-idp'),
      },
    },
    ...SERVICE_NAMES.flatMap((name) =>
      replicaNumbers(name).map((replica): ProcessSpec => ({
        name: count(name) > 1 ? `${name}-${replica}` : name,
        service: name,
        replica,
        entry: `services/${name}/src/server.ts`,
        port: servicePort(o.portBase, name, replica),
        healthPath: '/readyz',
        env: {
          ...serviceEnv,
          PORT: String(servicePort(o.portBase, name, replica)),
          ...(name === 'identity'
            ? {
                PUBLIC_URL: publicUrl,
                OIDC_ISSUER_URL: issuer,
                // identity's own calls go to the dev IdP directly, never through the gateway's limits.
                OIDC_BACKCHANNEL_URL: `http://127.0.0.1:${idpPort}/dev-idp`,
                OIDC_CLIENT_ID: DEV_IDP_CLIENT_ID,
                OIDC_CLIENT_SECRET: DEV_IDP_CLIENT_SECRET,
                SUPER_ADMIN_EMAILS: 'admin@powerpool.test',
              }
            : {}),
          // Links in e-mails and push messages; SMTP_URL / VAPID_* from the launcher's env (deploy/README.md#e-mail).
          ...(name === 'notifications'
            ? {
                PUBLIC_URL: publicUrl,
                ...(o.vapid ? { VAPID_PUBLIC_KEY: o.vapid.publicKey, VAPID_PRIVATE_KEY: o.vapid.privateKey } : {}),
                ...(o.mail ? { SMTP_URL: o.mail.smtpUrl } : {}),
              }
            : {}),
        },
      })),
    ),
    {
      name: 'gateway',
      service: 'gateway',
      replica: 1,
      entry: 'gateway/src/server.ts',
      port: o.port,
      healthPath: '/readyz',
      env: {
        ...common,
        PORT: String(o.port),
        PUBLIC_URL: publicUrl,
        NATS_URL: o.natsUrl,
        IDENTITY_ASSERTION_PRIVATE_KEY: o.keys.privateKeyPem,
        IDENTITY_URL: serviceUrls('identity'),
        POOLS_INVITATIONS_URL: serviceUrls('pools-invitations'),
        PICKS_SCORING_URL: serviceUrls('picks-scoring'),
        WEEKS_WORKFLOW_URL: serviceUrls('weeks-workflow'),
        SPORTS_DATA_STAGING_URL: serviceUrls('sports-data-staging'),
        NOTIFICATIONS_URL: serviceUrls('notifications'),
        WEB_DIST_DIR: path.join(REPO_ROOT, 'web', 'dist'),
        DEV_IDP_URL: `http://127.0.0.1:${idpPort}`,
        ...(o.mail ? { DEV_MAIL_URL: o.mail.pageUrl } : {}),
      },
    },
  ];
  for (const spec of specs) Object.assign(spec.env, o.extraEnv);
  return specs;
}
