import { gamesStreamEventSchema } from '@powerpool/contracts';
import type { GamesStreamEvent } from '@powerpool/contracts';

/**
 * One `data:` of the games stream, checked with the declared schema; undefined for anything else.
 * Its own module: Make Picks loads it (and zod) only when games are on (`useLiveGames`).
 */
export function parseGamesStreamEvent(data: unknown): GamesStreamEvent | undefined {
  const parsed = gamesStreamEventSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
