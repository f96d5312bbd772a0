import { describeServiceBasics } from '@powerpool/testing';
import { buildApp, SCHEMA, SERVICE_NAME } from '../src/app.js';
import { loadNotificationsConfig } from '../src/config.js';

await describeServiceBasics(SERVICE_NAME, SCHEMA, (runtime) =>
  buildApp({ ...runtime, config: loadNotificationsConfig({ IDENTITY_ASSERTION_PUBLIC_KEY: 'unused', NOTIFICATIONS_TICK_MS: '600000' }) }),
);
