import { describeServiceBasics } from '@powerpool/testing';
import { buildApp, SCHEMA, SERVICE_NAME } from '../src/app.js';
import { loadPoolsInvitationsConfig } from '../src/config.js';

await describeServiceBasics(SERVICE_NAME, SCHEMA, (runtime) =>
  buildApp({ ...runtime, config: loadPoolsInvitationsConfig({ IDENTITY_ASSERTION_PUBLIC_KEY: 'unused' }) }),
);
