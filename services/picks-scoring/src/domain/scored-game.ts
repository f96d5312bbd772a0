import type { GameRow, PoolGameRow } from '../store/schema.js';
import { isVoidOf, type ScoredGame } from '@powerpool/contracts';

/**
 * The spread a pick on a game the pool did not publish is scored against. Only a commissioner's
 * power pick can be on such a game (emergency entry, docs/week.md#emergency-pick-entry); the pool never locked a spread
 * for it, and inventing one (the provider's line at some moment) would be a rule nobody agreed to,
 * so the game is scored straight up (docs/game.md#unpublished-games: spread 0, on the live board and in
 * the calculation alike): the team that wins the game wins the pick, a tie is a push.
 */
export const UNPUBLISHED_GAME_SPREAD = 0;

/**
 * Void (docs/game.md#void-games): cancelled games as soon as the provider says so; a postponed game
 * only by the commissioner's ruling (the pool game's voidedAt), never by its status alone.
 */
export const isVoidGame = (game: GameRow, poolGame?: PoolGameRow | null): boolean => isVoidOf((poolGame?.voidedAt ?? null) !== null, game.status);

/**
 * A game as scoring sees it, the one way the live board and the calculation both build it: the
 * production game's status and scores, with the pool's locked spread, teams and void ruling when
 * the pool published it (no pool game: UNPUBLISHED_GAME_SPREAD).
 */
export function scoredGameOf(game: GameRow, poolGame?: PoolGameRow | null): ScoredGame {
  return {
    homeTeamEspnId: poolGame?.homeTeamEspnId ?? game.homeTeamEspnId,
    awayTeamEspnId: poolGame?.awayTeamEspnId ?? game.awayTeamEspnId,
    status: game.status,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    lockedSpread: poolGame ? poolGame.lockedSpread : UNPUBLISHED_GAME_SPREAD,
    isVoid: isVoidGame(game, poolGame),
  };
}
