import { describeServiceBasics } from '@powerpool/testing';
import { buildApp, SCHEMA, SERVICE_NAME } from '../src/app.js';
import { loadIdentityConfig } from '../src/config.js';

await describeServiceBasics(SERVICE_NAME, SCHEMA, (runtime) =>
  buildApp({
    ...runtime,
    config: loadIdentityConfig({ IDENTITY_ASSERTION_PUBLIC_KEY: 'unused', OIDC_ISSUER_URL: 'http://127.0.0.1:9/unused', OIDC_CLIENT_SECRET: 'unused' }),
  }),
);
