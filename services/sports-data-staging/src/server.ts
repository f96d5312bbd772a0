import { createRuntime, serve } from '@powerpool/service-kit';
import { buildApp, SERVICE_NAME } from './app.js';
import { loadSportsDataStagingConfig } from './config.js';
import { autoDateShiftDays, startEspnReplay } from './espn/replay/server.js';

// ESPN_REPLAY=on: answer ESPN from the bundled recordings (offline), in this process.
let replay: Awaited<ReturnType<typeof startEspnReplay>> | undefined;
const env = { ...process.env };
if (process.env.ESPN_REPLAY === 'on') {
  const shift = process.env.ESPN_REPLAY_SHIFT_DAYS ?? 'auto';
  replay = await startEspnReplay({ dateShiftDays: shift === 'auto' ? autoDateShiftDays() : Number(shift) });
  env.ESPN_SITE_API_URL = replay.siteUrl;
  env.ESPN_CORE_API_URL = replay.coreUrl;
}
const config = loadSportsDataStagingConfig(env);
const runtime = await createRuntime(SERVICE_NAME, config.env);
const app = await buildApp({ ...runtime, config });
await serve(app, {
  port: config.port,
  host: config.host,
  logger: runtime.logger,
  onClose: async () => {
    await runtime.close();
    await replay?.close();
  },
});
