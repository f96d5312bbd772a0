import { ConfigError, createRuntime, serve } from '@powerpool/service-kit';
import { buildApp, SERVICE_NAME } from './app.js';
import { loadSportsDataStagingConfig } from './config.js';

const config = loadSportsDataStagingConfig();
// The ESPN replay is a dev tool that lives outside src/: the launchers serve it (make start, make cluster).
if (config.espn.replay) {
  throw new ConfigError(SERVICE_NAME, [
    'ESPN_REPLAY: on (the default outside production), but this process serves no ESPN replay: start the app with `make start` or `make cluster`, which serve the recordings, or set ESPN_REPLAY=off (ESPN_SITE_API_URL / ESPN_CORE_API_URL name the ESPN to read)',
  ]);
}
const runtime = await createRuntime(SERVICE_NAME, config.env);
const app = await buildApp({ ...runtime, config });
await serve(app, { port: config.port, host: config.host, logger: runtime.logger, onClose: () => runtime.close() });
