import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SERVICE_NAMES, type ServiceName } from '@powerpool/contracts';
import { loadIdentityConfig } from '@powerpool/identity/config';
import { loadPicksScoringConfig } from '@powerpool/picks-scoring/config';
import { loadPoolsInvitationsConfig } from '@powerpool/pools-invitations/config';
import { loadSportsDataStagingConfig } from '@powerpool/sports-data-staging/config';
import { loadWeeksWorkflowConfig } from '@powerpool/weeks-workflow/config';
import { loadNotificationsConfig } from '@powerpool/notifications/config';
import { loadGatewayConfig } from '@powerpool/gateway/config';
import { buildGateway } from '@powerpool/gateway';
import { createAssertionSigner, createAssertionVerifier, createLogger, createMemoryBus, createService, generateAssertionKeys } from '@powerpool/service-kit';

/**
 * deploy/k8s, rendered the way kustomize reads it (every resource file of kustomization.yaml) and
 * checked against the code: each process's env against what its config module reads, each probe
 * against the routes its process really serves, and the references between the objects.
 */

const K8S_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

// ---- the manifests -------------------------------------------------------------------------------

type Obj = Record<string, any>; // parsed YAML, checked field by field below

const kustomization = parseAllDocuments(readFileSync(path.join(K8S_DIR, 'kustomization.yaml'), 'utf8'))[0]!.toJS() as {
  resources: string[];
  images?: Array<{ name: string }>;
  namespace?: string;
};
const resourceFiles = kustomization.resources;
const objects: Array<Obj & { file: string }> = resourceFiles.flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(K8S_DIR, file), 'utf8')).map((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return { ...(doc.toJS() as Obj), file };
  }),
);
const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
const named = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata?.name === name);
const workloads = [...ofKind('Deployment'), ...ofKind('StatefulSet')];
const deployments = ofKind('Deployment');

/** `name=value` of every variable a container gets: envFrom first, then env (which wins, as in Kubernetes). */
function containerEnv(container: Obj): { values: Record<string, string>; fromSecret: Set<string>; problems: string[] } {
  const values: Record<string, string> = {};
  const fromSecret = new Set<string>();
  const problems: string[] = [];
  const source = (kind: 'ConfigMap' | 'Secret', name: string) => {
    const obj = named(kind, name);
    if (!obj) problems.push(`${container.name}: ${kind} ${name} is not in the manifests`);
    return (kind === 'Secret' ? { ...obj?.data, ...obj?.stringData } : obj?.data) as Record<string, string> | undefined;
  };
  for (const from of container.envFrom ?? []) {
    const [kind, ref] = from.configMapRef ? (['ConfigMap', from.configMapRef] as const) : (['Secret', from.secretRef] as const);
    for (const [key, value] of Object.entries(source(kind, ref.name) ?? {})) {
      values[key] = String(value);
      if (kind === 'Secret') fromSecret.add(key);
    }
  }
  for (const variable of container.env ?? []) {
    if ('value' in variable) {
      values[variable.name] = String(variable.value);
      continue;
    }
    const ref = variable.valueFrom?.secretKeyRef ?? variable.valueFrom?.configMapKeyRef;
    const kind = variable.valueFrom?.secretKeyRef ? 'Secret' : 'ConfigMap';
    const data = ref ? source(kind, ref.name) : undefined;
    if (!ref || data?.[ref.key] === undefined) {
      problems.push(`${container.name}: ${variable.name} refers to a missing ${kind} key ${ref?.name}/${ref?.key}`);
      continue;
    }
    values[variable.name] = String(data[ref.key]);
    if (kind === 'Secret') fromSecret.add(variable.name);
  }
  return { values, fromSecret, problems };
}

// ---- the processes, as the code defines them -----------------------------------------------------

type Process = ServiceName | 'gateway';
type Load = (env: NodeJS.ProcessEnv) => unknown;
const CONFIG_LOADERS: Readonly<Record<Process, Load>> = {
  identity: loadIdentityConfig,
  'pools-invitations': loadPoolsInvitationsConfig,
  'picks-scoring': loadPicksScoringConfig,
  'weeks-workflow': loadWeeksWorkflowConfig,
  'sports-data-staging': loadSportsDataStagingConfig,
  notifications: loadNotificationsConfig,
  gateway: loadGatewayConfig,
};

/**
 * Every env var a config module reads: its loader runs on an env that records each name asked
 * for (zod reads every key of the schema, also when the parse then fails on the empty env). A new
 * variable in a config schema shows up here without anyone listing it.
 */
function envVarsRead(load: Load): string[] {
  const seen = new Set<string>();
  const recorder = new Proxy(
    {},
    {
      get: (_target, key) => (typeof key === 'string' && seen.add(key), undefined),
      has: (_target, key) => (typeof key === 'string' && seen.add(key), false),
    },
  );
  try {
    load(recorder);
  } catch {
    // ConfigError: required variables are missing, as expected on an empty env.
  }
  return [...seen].filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name)).sort();
}

/** The process a container runs: deploy/Dockerfile starts APP_ENTRY. */
function processOf(container: Obj): Process | undefined {
  const entry = (container.env ?? []).find((v: Obj) => v.name === 'APP_ENTRY')?.value as string | undefined;
  if (entry === 'gateway/src/server.ts') return 'gateway';
  const service = /^services\/([a-z-]+)\/src\/server\.ts$/.exec(entry ?? '')?.[1];
  return SERVICE_NAMES.find((s) => s === service);
}

const keys = await generateAssertionKeys();
/** Real values for the placeholders of secrets.yaml / the public key, so the configs can parse the rest. */
const PLACEHOLDER_VALUES: Record<string, string> = {
  IDENTITY_ASSERTION_PUBLIC_KEY: keys.publicKeyPem,
  IDENTITY_ASSERTION_PRIVATE_KEY: keys.privateKeyPem,
  METRICS_TOKEN: randomBytes(24).toString('hex'),
  OIDC_CLIENT_SECRET: 'a-client-secret',
  DATABASE_URL: 'postgres://powerpool:secret@postgres.example.com:5432/powerpool',
  SMTP_URL: 'smtps://apikey:secret@smtp.example.com:465',
  VAPID_PUBLIC_KEY: 'BPublicKeyPlaceholderForTheManifestTest',
  VAPID_PRIVATE_KEY: 'PrivateKeyPlaceholder',
  NOTIFICATIONS_UNSUBSCRIBE_SECRET: 'an-unsubscribe-secret-of-32-characters-at-least',
};
function withPlaceholdersFilled(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.includes('REPLACE-ME') ? (PLACEHOLDER_VALUES[k] ?? v) : v]));
}

/** GET `probePath` on the process's real app (services: the kit's createService; the gateway: buildGateway from the manifest's config). */
async function probeStatus(process: Process, env: Record<string, string>, probePath: string): Promise<number> {
  const logger = createLogger({ level: 'silent' });
  if (process === 'gateway') {
    const config = loadGatewayConfig({ ...env, WEB_DIST_DIR: path.join(REPO_ROOT, 'web', 'dist') });
    const bus = createMemoryBus();
    const app = await buildGateway({ config, bus, signer: await createAssertionSigner(config.assertionPrivateKeyPem), logger: { level: 'silent' } });
    try {
      return (await app.inject({ method: 'GET', url: probePath })).statusCode;
    } finally {
      await app.close();
      await bus.close();
    }
  }
  const app = await createService({ name: process, logger, verifier: await createAssertionVerifier(keys.publicKeyPem) });
  try {
    return (await app.inject({ method: 'GET', url: probePath })).statusCode;
  } finally {
    await app.close();
  }
}

const ours = deployments.flatMap((d) => (d.spec.template.spec.containers as Obj[]).map((c) => ({ deployment: d, container: c, process: processOf(c) })));

// ---- the checks -----------------------------------------------------------------------------------

describe('deploy/k8s manifests', () => {
  it('should list every manifest of deploy/k8s in kustomization.yaml, and only those', () => {
    const files = readdirSync(K8S_DIR).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
    expect([...resourceFiles].sort()).toEqual(files.sort());
    expect(kustomization.namespace).toBe('powerpool');
  });

  it('should run every process in exactly one Deployment, started by an APP_ENTRY that exists, from the kustomized image', () => {
    const processes = ours.map((o) => o.process ?? `unknown APP_ENTRY in ${o.deployment.metadata.name}`);
    expect([...processes].sort()).toEqual([...SERVICE_NAMES, 'gateway'].sort());
    for (const { container } of ours) {
      const entry = container.env.find((v: Obj) => v.name === 'APP_ENTRY').value as string;
      expect(existsSync(path.join(REPO_ROOT, entry)), entry).toBe(true);
      expect(
        kustomization.images?.map((i) => i.name),
        container.name,
      ).toContain(container.image);
    }
  });

  it('should give every container readiness and liveness probes on a declared port, and cpu and memory requests and limits', () => {
    for (const workload of workloads) {
      for (const c of workload.spec.template.spec.containers as Obj[]) {
        const where = `${workload.kind} ${workload.metadata.name}/${c.name}`;
        const ports = (c.ports ?? []) as Array<{ name?: string; containerPort: number }>;
        for (const probe of ['readinessProbe', 'livenessProbe'] as const) {
          expect(c[probe], `${where} ${probe}`).toBeDefined();
          const port = c[probe].httpGet?.port;
          expect(
            ports.some((p) => p.name === port || p.containerPort === port),
            `${where} ${probe} port ${port}`,
          ).toBe(true);
        }
        for (const bound of ['requests', 'limits'] as const) {
          expect(c.resources?.[bound]?.cpu, `${where} ${bound}.cpu`).toBeDefined();
          expect(c.resources?.[bound]?.memory, `${where} ${bound}.memory`).toBeDefined();
        }
      }
    }
  });

  it('should set every env var each process config reads, from the ConfigMaps, the Secrets or the Deployment', () => {
    for (const { container, process } of ours) {
      const { values, problems } = containerEnv(container);
      expect(problems).toEqual([]);
      const read = envVarsRead(CONFIG_LOADERS[process!]);
      // Sanity: the recorder saw the schema (PORT and LOG_LEVEL are in every process's).
      expect(read, process).toEqual(expect.arrayContaining(['PORT', 'LOG_LEVEL', 'POWERPOOL_ENV']));
      expect(
        read.filter((name) => !(name in values)),
        `${process}: variables its config reads that the manifests do not set`,
      ).toEqual([]);
    }
  });

  it("should start each process's config from the manifests' values (placeholders of the Secrets filled), in production, with PORT on the container port", () => {
    for (const { container, process } of ours) {
      const { values } = containerEnv(container);
      const env = withPlaceholdersFilled(values);
      const config = CONFIG_LOADERS[process!](env) as { port: number; environment: string };
      expect(config.environment, process).toBe('production');
      expect(
        container.ports.map((p: Obj) => p.containerPort),
        process,
      ).toContain(config.port);
    }
  });

  it('should keep secrets out of ConfigMaps and literal values: keys, tokens, passwords and the database URL come from Secrets', () => {
    for (const { container, process } of ours) {
      const { values, fromSecret } = containerEnv(container);
      for (const name of ['DATABASE_URL', 'IDENTITY_ASSERTION_PRIVATE_KEY', 'OIDC_CLIENT_SECRET', 'METRICS_TOKEN']) {
        if (name in values) expect(fromSecret.has(name), `${process} ${name}`).toBe(true);
      }
    }
  });

  // Builds the app of every process (seven Fastify apps with their config) three times over: seconds
  // on a busy two-core machine, more than the unit default.
  it('should point every probe of our processes at a path their own app answers 200 on', { timeout: 30_000 }, async () => {
    for (const { container, process } of ours) {
      const env = withPlaceholdersFilled(containerEnv(container).values);
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const) {
        const probePath = container[probe]?.httpGet?.path as string | undefined;
        if (!probePath) continue;
        expect(await probeStatus(process!, env, probePath), `${process} ${probe} GET ${probePath}`).toBe(200);
      }
    }
  });

  it('should drain before stopping: a preStop pause and a grace period longer than it plus the 15 s shutdown limit', () => {
    for (const d of deployments) {
      const spec = d.spec.template.spec;
      for (const c of spec.containers as Obj[]) {
        const pause = Number(c.lifecycle?.preStop?.exec?.command?.[1] ?? 0);
        expect(c.lifecycle?.preStop, d.metadata.name).toBeDefined();
        expect(spec.terminationGracePeriodSeconds ?? 30, d.metadata.name).toBeGreaterThanOrEqual(pause + 15);
      }
    }
  });

  it('should scale picks-scoring (at least 2) and the gateway with autoscaling/v2 CPU HPAs whose targets are Deployments here', () => {
    const hpas = ofKind('HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['gateway', 'picks-scoring']);
    for (const hpa of hpas) {
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      const ref = hpa.spec.scaleTargetRef;
      const target = named(ref.kind, ref.name);
      expect(target, `HPA ${hpa.metadata.name} -> ${ref.kind} ${ref.name}`).toBeDefined();
      expect(ref.kind).toBe('Deployment');
      expect(
        hpa.spec.metrics.some((m: Obj) => m.resource?.name === 'cpu'),
        hpa.metadata.name,
      ).toBe(true);
      // Utilization is a share of the request: every container of the target must request CPU.
      for (const c of target!.spec.template.spec.containers as Obj[]) expect(c.resources.requests.cpu).toBeDefined();
    }
    expect(named('HorizontalPodAutoscaler', 'picks-scoring')!.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(named('PodDisruptionBudget', 'picks-scoring')).toBeDefined();
  });

  it('should select existing pods from every Service and PodDisruptionBudget, on declared container ports', () => {
    const selects = (selector: Record<string, string>, workload: Obj) =>
      Object.entries(selector).every(([k, v]) => workload.spec.template.metadata.labels?.[k] === v);
    for (const service of ofKind('Service')) {
      const pods = workloads.filter((w) => selects(service.spec.selector, w));
      expect(pods.length, `Service ${service.metadata.name} selects no pods`).toBeGreaterThan(0);
      for (const port of service.spec.ports as Obj[]) {
        for (const w of pods) {
          const declared = (w.spec.template.spec.containers as Obj[]).flatMap((c) => c.ports ?? []);
          expect(
            declared.some((p: Obj) => p.name === port.targetPort || p.containerPort === port.targetPort),
            `Service ${service.metadata.name} port ${port.name} -> ${w.metadata.name}`,
          ).toBe(true);
        }
      }
    }
    for (const pdb of ofKind('PodDisruptionBudget')) {
      expect(
        workloads.some((w) => selects(pdb.spec.selector.matchLabels, w)),
        `PDB ${pdb.metadata.name}`,
      ).toBe(true);
    }
    for (const set of ofKind('StatefulSet')) expect(named('Service', set.spec.serviceName), `StatefulSet ${set.metadata.name}`).toBeDefined();
  });

  it('should route the Ingress to a Service port that exists, unbuffered for the live streams', () => {
    for (const ingress of ofKind('Ingress')) {
      expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
      for (const rule of ingress.spec.rules as Obj[]) {
        for (const p of rule.http.paths as Obj[]) {
          const service = named('Service', p.backend.service.name);
          expect(service, p.backend.service.name).toBeDefined();
          expect(service!.spec.ports.some((sp: Obj) => sp.name === p.backend.service.port.name || sp.port === p.backend.service.port.number)).toBe(true);
        }
      }
    }
  });

  it('should run NATS with JetStream on a persistent volume', () => {
    const nats = named('StatefulSet', 'nats')!;
    const container = nats.spec.template.spec.containers[0];
    expect(container.args).toContain('-js');
    const dataDir = container.args[container.args.indexOf('-sd') + 1];
    const mount = container.volumeMounts.find((m: Obj) => m.mountPath === dataDir);
    expect(nats.spec.volumeClaimTemplates.map((t: Obj) => t.metadata.name)).toContain(mount.name);
  });
});
