import { describeServiceBasics } from '@powerpool/testing';
import { buildApp, SCHEMA, SERVICE_NAME } from '../src/app.js';
import { loadSportsDataStagingConfig } from '../src/config.js';

await describeServiceBasics(SERVICE_NAME, SCHEMA, (runtime) =>
  buildApp({ ...runtime, config: loadSportsDataStagingConfig({ IDENTITY_ASSERTION_PUBLIC_KEY: 'unused' }) }),
);
