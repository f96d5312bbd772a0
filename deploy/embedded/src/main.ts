import { DEV_SIGN_IN_HELP, startEmbedded } from './index.js';

/**
 * `make start`: PowerPool on embedded defaults. Honours PORT, HOST, POWERPOOL_DATA_DIR, PUBLIC_URL,
 * LOG_LEVEL, SUPER_ADMIN_EMAILS, the limit variables, ESPN_* (ESPN_REPLAY_GAMEDAY...), LIVE_FEED* and
 * BUS_DELAY_MAX_MS / BUS_DELAY_SEED (the slow bus test mode)
 * (startEmbedded reads those from the env).
 */
const started = Date.now();
const app = await startEmbedded({
  port: process.env.PORT ? Number(process.env.PORT) : 3000,
  host: process.env.HOST ?? '0.0.0.0',
  dataDir: process.env.POWERPOOL_DATA_DIR ?? '.data',
  ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
  logLevel: process.env.LOG_LEVEL ?? 'warn',
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const kickoff = app.replay?.gameDay.kickoffAt;
const gameDay = kickoff
  ? `\nGame day (replayed 2025 Wild Card round): first kickoff at ${kickoff.toISOString()}; kick off now with\n  curl -X POST '${app.replay!.siteUrl.replace(/\/site$/, '')}/__replay/game-day/start?kickoffInSeconds=0'\n`
  : '';
process.stdout.write(
  `\nPowerPool is running at ${app.url}  (ready in ${seconds}s, data in ${process.env.POWERPOOL_DATA_DIR ?? '.data'})\nE-mails it sends (reminders, nudges): ${app.url}/dev-mail\n${gameDay}\n${DEV_SIGN_IN_HELP}\n\nPress Ctrl+C to stop.\n`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stdout.write('\nStopping PowerPool...\n');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
