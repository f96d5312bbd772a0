import { z } from 'zod';
import { env, parseConfig, serviceEnvSchema } from '@powerpool/service-kit';

const PicksScoringEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(4003),
  /**
   * How long a pool week's live-board fingerprint read queued behind another waits after it ends,
   * so the requests arriving meanwhile share it (serving/live-cache.ts createSharedReads). Only
   * matters under concurrent load; 0 waits one turn of the event loop.
   */
  LIVE_FINGERPRINT_GAP_MS: z.coerce.number().int().min(0).max(1000).default(10),
});

export type PicksScoringConfig = ReturnType<typeof loadPicksScoringConfig>;

/** Parse picks-scoring's env once at start; throws listing every problem. */
export function loadPicksScoringConfig(source: NodeJS.ProcessEnv = process.env) {
  const e = parseConfig('picks-scoring', PicksScoringEnvSchema, source);
  return Object.freeze({ port: e.PORT, host: e.HOST, environment: e.POWERPOOL_ENV, liveFingerprintGapMs: e.LIVE_FINGERPRINT_GAP_MS, env: e });
}
