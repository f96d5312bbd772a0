import { describe, expect, it } from 'vitest';
import { failedLoginLimitsFromEnv, optionsFromEnv, parseDevIdpEnv } from './config.js';

describe('parseDevIdpEnv', () => {
  it('should fall back to the cluster-mode defaults when nothing is set', () => {
    const env = parseDevIdpEnv({});
    expect(optionsFromEnv(env)).toEqual({
      issuer: 'http://localhost:4010/dev-idp',
      clients: [
        {
          clientId: 'powerpool',
          clientSecret: 'powerpool-dev-secret',
          redirectUris: ['http://localhost:3000/api/callback'],
          postLogoutRedirectUris: ['http://localhost:3000/'],
        },
      ],
      environment: 'development',
      failedLogins: { perAccount: 5, perIp: 100, windowMs: 15 * 60_000 },
      host: '0.0.0.0',
      port: 4010,
    });
  });

  it('should read the wrong-password limits when they are given', () => {
    const env = { DEV_IDP_FAILED_LOGINS_PER_ACCOUNT: '3', DEV_IDP_FAILED_LOGINS_PER_IP: '40', DEV_IDP_FAILED_LOGIN_WINDOW_MINUTES: '5' };
    const limits = { perAccount: 3, perIp: 40, windowMs: 5 * 60_000 };
    expect(optionsFromEnv(parseDevIdpEnv(env)).failedLogins).toEqual(limits);
    expect(failedLoginLimitsFromEnv(env)).toEqual(limits);
    expect(() => failedLoginLimitsFromEnv({ DEV_IDP_FAILED_LOGINS_PER_ACCOUNT: '0' })).toThrow(/DEV_IDP_FAILED_LOGINS_PER_ACCOUNT/);
  });

  it('should derive the issuer from PORT and split the URI lists when they are given', () => {
    const options = optionsFromEnv(
      parseDevIdpEnv({
        PORT: '4999',
        DEV_IDP_REDIRECT_URIS: 'http://a.test/cb, http://b.test/cb',
        DEV_IDP_DATA_DIR: '/tmp/idp',
        POWERPOOL_ENV: 'test',
      }),
    );
    expect(options.issuer).toBe('http://localhost:4999/dev-idp');
    expect(options.clients[0]?.redirectUris).toEqual(['http://a.test/cb', 'http://b.test/cb']);
    expect(options.dataDir).toBe('/tmp/idp');
    expect(options.environment).toBe('test');
  });

  it('should list every problem when several variables are invalid', () => {
    expect(() => parseDevIdpEnv({ PORT: 'abc', DEV_IDP_ISSUER: 'not a url', POWERPOOL_ENV: 'staging' })).toThrow(
      /PORT[\s\S]*DEV_IDP_ISSUER[\s\S]*POWERPOOL_ENV/,
    );
  });
});
