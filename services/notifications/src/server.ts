import { createRuntime, serve } from '@powerpool/service-kit';
import { buildApp, SERVICE_NAME } from './app.js';
import { loadNotificationsConfig } from './config.js';

const config = loadNotificationsConfig();
const runtime = await createRuntime(SERVICE_NAME, config.env);
const app = await buildApp({ ...runtime, config });
await serve(app, { port: config.port, host: config.host, logger: runtime.logger, onClose: () => runtime.close() });
