import { describe, expect, it } from 'vitest';
import { optionsFromEnv, parseDevIdpEnv } from './config.js';

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
      host: '0.0.0.0',
      port: 4010,
    });
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
