import { describe, expect, it } from 'vitest';
import { ConfigError } from '@powerpool/service-kit';
import { DEFAULT_WEB_DIST_DIR, loadGatewayConfig, loadRateLimitConfig } from './config.js';

const PEM = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadGatewayConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadGatewayConfig', () => {
  it('should apply the documented defaults when only the key is set', () => {
    const config = loadGatewayConfig({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      natsUrl: 'nats://127.0.0.1:4222',
      upstreams: {
        identity: ['http://127.0.0.1:4001'],
        'pools-invitations': ['http://127.0.0.1:4002'],
        'picks-scoring': ['http://127.0.0.1:4003'],
        'weeks-workflow': ['http://127.0.0.1:4004'],
        'sports-data-staging': ['http://127.0.0.1:4005'],
        notifications: ['http://127.0.0.1:4006'],
      },
      webDistDir: DEFAULT_WEB_DIST_DIR,
      sessionCacheTtlMs: 10_000,
      rateLimits: { signInPerMinute: 300, writesPerMinute: 120 },
      environment: 'development',
      logLevel: 'info',
      trustProxy: false,
      bodyLimitBytes: 1024 * 1024,
    });
    expect(config.devIdpUpstream).toBeUndefined();
    expect(config.metricsToken).toBeUndefined();
    expect(DEFAULT_WEB_DIST_DIR).toMatch(/web[\\/]dist$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('should restore newlines when the key is given with \\n escapes', () => {
    const config = loadGatewayConfig({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM.replace(/\n/g, '\\n') });
    expect(config.assertionPrivateKeyPem).toBe(PEM);
  });

  it('should drop trailing slashes when URLs end with one', () => {
    const config = loadGatewayConfig({
      IDENTITY_ASSERTION_PRIVATE_KEY: PEM,
      PUBLIC_URL: 'https://pool.example.com/',
      IDENTITY_URL: 'http://identity:8080/',
      DEV_IDP_URL: 'http://idp:4010/',
    });
    expect(config.publicUrl).toBe('https://pool.example.com');
    expect(config.upstreams.identity).toEqual(['http://identity:8080']);
    expect(config.devIdpUpstream).toBe('http://idp:4010');
  });

  it('should read a comma-separated list of replicas when an upstream variable names several', () => {
    const config = loadGatewayConfig({
      IDENTITY_ASSERTION_PRIVATE_KEY: PEM,
      PICKS_SCORING_URL: ' http://picks-1:4003/, http://picks-2:4003 ,,http://picks-3:4003',
    });
    expect(config.upstreams['picks-scoring']).toEqual(['http://picks-1:4003', 'http://picks-2:4003', 'http://picks-3:4003']);
    expect(config.upstreams.identity).toEqual(['http://127.0.0.1:4001']);
  });

  it('should refuse an upstream list when one of its URLs is not http(s) or it is empty', () => {
    expect(problemsOf({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM, PICKS_SCORING_URL: 'http://picks-1:4003,ftp://picks-2' })).toEqual([
      'PICKS_SCORING_URL: must be an http(s) URL or a comma-separated list of them (picks-scoring service)',
    ]);
    expect(problemsOf({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM, WEEKS_WORKFLOW_URL: ' , ' })).toEqual([
      'WEEKS_WORKFLOW_URL: must be an http(s) URL or a comma-separated list of them (weeks-workflow service)',
    ]);
  });

  it('should list every problem at once when several variables are wrong', () => {
    const problems = problemsOf({
      PORT: 'http',
      PUBLIC_URL: 'pool.example.com',
      PICKS_SCORING_URL: 'ftp://x',
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
      POWERPOOL_ENV: 'staging',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining(['PORT', 'PUBLIC_URL', 'PICKS_SCORING_URL', 'RATE_LIMIT_WRITES_PER_MINUTE', 'POWERPOOL_ENV', 'IDENTITY_ASSERTION_PRIVATE_KEY']),
    );
  });

  it('should serve the local mail catcher when DEV_MAIL_URL is set, and refuse it in production', () => {
    expect(loadGatewayConfig({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM, DEV_MAIL_URL: 'http://127.0.0.1:4030/' }).devMailUpstream).toBe('http://127.0.0.1:4030');
    expect(loadGatewayConfig({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM }).devMailUpstream).toBeUndefined();
    expect(problemsOf({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM, POWERPOOL_ENV: 'production', DEV_MAIL_URL: 'http://127.0.0.1:4030' })).toEqual([
      "DEV_MAIL_URL: must not be set in production (the mail catcher shows everyone's e-mails)",
    ]);
  });

  it('should refuse the development IdP when the environment is production', () => {
    expect(problemsOf({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM, POWERPOOL_ENV: 'production', DEV_IDP_URL: 'http://idp:4010' })).toEqual([
      'DEV_IDP_URL: must not be set in production (the development IdP signs anyone in)',
    ]);
  });

  it('should read the body limit when it is set and refuse one that is not a positive number', () => {
    expect(loadGatewayConfig({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM, BODY_LIMIT_BYTES: '65536' }).bodyLimitBytes).toBe(65_536);
    expect(problemsOf({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM, BODY_LIMIT_BYTES: '0' }).map((p) => p.split(':')[0])).toEqual(['BODY_LIMIT_BYTES']);
  });

  it('should read the metrics token when it is set, treat an empty one as unset and refuse one shorter than 16 characters', () => {
    expect(loadGatewayConfig({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM, METRICS_TOKEN: ' scrape-me-0123456789 ' }).metricsToken).toBe('scrape-me-0123456789');
    expect(loadGatewayConfig({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM, METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(problemsOf({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM, METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN: must be at least 16 characters (a random secret)',
    ]);
  });

  it('should read TRUST_PROXY as a flag, a hop count or addresses', () => {
    const trust = (v: string) => loadGatewayConfig({ IDENTITY_ASSERTION_PRIVATE_KEY: PEM, TRUST_PROXY: v }).trustProxy;
    expect([trust('true'), trust('false'), trust('2'), trust('10.0.0.0/8')]).toEqual([true, false, 2, '10.0.0.0/8']);
  });
});

describe('loadRateLimitConfig', () => {
  it('should read the limit variables with the gateway defaults when embedded mode asks', () => {
    expect(loadRateLimitConfig({})).toEqual({ rateLimits: { signInPerMinute: 300, writesPerMinute: 120 }, trustProxy: false });
    expect(loadRateLimitConfig({ RATE_LIMIT_SIGNIN_PER_MINUTE: '5', RATE_LIMIT_WRITES_PER_MINUTE: '7', TRUST_PROXY: '1' })).toEqual({
      rateLimits: { signInPerMinute: 5, writesPerMinute: 7 },
      trustProxy: 1,
    });
  });

  it('should refuse a limit when it is not a positive whole number', () => {
    expect(() => loadRateLimitConfig({ RATE_LIMIT_SIGNIN_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_SIGNIN_PER_MINUTE/);
  });
});
