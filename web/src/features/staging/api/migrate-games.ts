import { migrateGamesEventSchema } from '@powerpool/contracts';
import type { MigrateGamesEvent } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { endpointUrl } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { SCHEDULE_ID } from '@/features/staging/utils/schedule';
import { gamesDiffQueryOptions } from './get-games-diff';
import { venueStatsQueryOptions } from './get-venue-stats';

export type GamesMigrationResult = Extract<MigrateGamesEvent, { type: 'complete' }>;

/** The event stream's URL (EventSource GETs it with the session cookie). */
export const MIGRATE_GAMES_STREAM_URL = endpointUrl(routes.migrateGames, { params: { scheduleId: SCHEDULE_ID } });
/** docs/screens.md#staging: the text shown when the event stream breaks, and how long after. */
export const STREAM_CONNECTION_FAILED = 'Migration stream connection failed';
export const STREAM_ERROR_DELAY_MS = 2000;

/** The migration's own failure, reported by the server as an `error` event. */
export class MigrationStreamError extends Error {
  override readonly name = 'MigrationStreamError';
}

export interface MigrateGamesVariables {
  /** Called with every event as it arrives (log, error, complete). */
  onEvent?: (event: MigrateGamesEvent) => void;
}

/**
 * GET /api/admin/unified-staging/migrate-games/{scheduleId}/stream as server-sent events. Resolves
 * with the `complete` event; rejects on an `error` event, or with "Migration stream connection
 * failed" 2 s after the connection breaks before completing (the stream is closed at once, so the
 * browser does not reconnect and start a second migration).
 */
export function migrateGames({ onEvent }: MigrateGamesVariables = {}): Promise<GamesMigrationResult> {
  return new Promise((resolve, reject) => {
    const source = new EventSource(MIGRATE_GAMES_STREAM_URL, { withCredentials: true });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      source.close();
      finish();
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = migrateGamesEventSchema.safeParse(data);
      if (!parsed.success) return;
      const event = parsed.data;
      onEvent?.(event);
      if (event.type === 'complete') settle(() => resolve(event));
      if (event.type === 'error') settle(() => reject(new MigrationStreamError(event.message)));
    };
    source.onerror = () => {
      if (settled) return;
      settled = true;
      source.close();
      setTimeout(() => reject(new Error(STREAM_CONNECTION_FAILED)), STREAM_ERROR_DELAY_MS);
    };
  });
}

type Options = Omit<UseMutationOptions<GamesMigrationResult, Error, MigrateGamesVariables>, 'mutationFn'>;

/** Migrates the games, then reloads the games comparison and the venue stats. */
export function useMigrateGames(options: Options = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...rest } = options;
  return useMutation({
    ...rest,
    mutationFn: migrateGames,
    onSettled: async (...args) => {
      await invalidateKeys(queryClient, [gamesDiffQueryOptions().queryKey, venueStatsQueryOptions().queryKey]);
      await onSettled?.(...args);
    },
  });
}
