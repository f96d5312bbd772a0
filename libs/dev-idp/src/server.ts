import { pino } from 'pino';
import { optionsFromEnv, parseDevIdpEnv } from './config.js';
import { startDevIdp } from './index.js';

// Standalone dev IdP for cluster mode: listen, then shut down gracefully on SIGTERM/SIGINT.
const env = parseDevIdpEnv();
const logger = pino({ level: env.LOG_LEVEL, base: { service: 'dev-idp' } });

const idp = await startDevIdp({ ...optionsFromEnv(env), logger });

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'dev identity provider shutting down');
  try {
    await idp.close();
    process.exitCode = 0;
  } catch (err) {
    logger.error({ err }, 'dev identity provider did not close cleanly');
    process.exitCode = 1;
  }
}

process.once('SIGTERM', (signal) => void shutdown(signal));
process.once('SIGINT', (signal) => void shutdown(signal));
