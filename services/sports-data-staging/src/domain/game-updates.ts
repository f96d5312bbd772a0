import type { Game, GameData } from '@powerpool/contracts';
import type { KitLogger } from '@powerpool/service-kit';
import type { SportsStore } from '../store/sports.store.js';
import { changesOf } from './compare.js';
import type { Emit } from './context.js';

/** What a score update takes from the provider: status, detail, period, clock, scores, winner and a moved kickoff. */
export const SCORE_FIELDS = ['gameStatus', 'statusDetail', 'currentPeriod', 'gameClock', 'homeScore', 'awayScore', 'winnerTeamEspnId', 'gameTimeUtc'] as const;
/** What an odds update takes: the line. */
export const ODDS_FIELDS = ['spread', 'oddsProvider', 'oddsDetails'] as const;
export type UpdateKind = 'scores' | 'odds';

/** Why a provider reply was not written over a game. */
export type RejectionReason = 'final_without_scores' | 'score_backwards' | 'complete_reopened';

export type GameUpdate =
  { kind: 'unchanged' } | { kind: 'changed'; next: GameData; changed: string[] } | { kind: 'rejected'; reason: RejectionReason; message: string };

const missingScore = (g: GameData) => g.homeScore === null || g.awayScore === null;

/**
 * What the provider's reply `fresh` may change on the production game `current` (a pure rule, the
 * one guard of 'Update Scores from ESPN' and of the live feed). A score update is refused, and the
 * good data kept, when:
 * - the reply says final without both scores (docs/game.md#final-games: final needs both);
 * - a game already COMPLETE would go back to SCHEDULED or IN_PROGRESS (a stale reply);
 * - a score goes down, or disappears, before the game is final (a stale or broken reply). Once the
 *   provider says final with both scores, a lower score is a correction and is taken.
 * Odds never erase a line we have (they vanish from the scoreboard at kickoff).
 */
export function gameUpdate(current: GameData, fresh: GameData, kind: UpdateKind): GameUpdate {
  if (kind === 'odds' && fresh.spread === null) return { kind: 'unchanged' };
  const fields = kind === 'scores' ? SCORE_FIELDS : ODDS_FIELDS;
  const patch: Partial<GameData> = {};
  for (const field of fields) (patch as Record<string, unknown>)[field] = fresh[field];
  const next: GameData = { ...current, ...patch };
  const changed = changesOf<GameData>(next, current, fields).map((c) => c.field);
  if (!changed.length) return { kind: 'unchanged' };
  if (kind === 'scores') {
    const label = `${current.awayTeamAbbr} at ${current.homeTeamAbbr} (${current.espnId})`;
    if (fresh.gameStatus === 'COMPLETE' && missingScore(fresh)) {
      return { kind: 'rejected', reason: 'final_without_scores', message: `${label}: the provider says final without both scores; kept ${score(current)}` };
    }
    if (current.gameStatus === 'COMPLETE' && (fresh.gameStatus === 'SCHEDULED' || fresh.gameStatus === 'IN_PROGRESS')) {
      return {
        kind: 'rejected',
        reason: 'complete_reopened',
        message: `${label}: the provider says ${fresh.gameStatus} for a game already final; kept ${score(current)}`,
      };
    }
    if (fresh.gameStatus !== 'COMPLETE' && (goesDown(current.homeScore, fresh.homeScore) || goesDown(current.awayScore, fresh.awayScore))) {
      return {
        kind: 'rejected',
        reason: 'score_backwards',
        message: `${label}: the score would go back from ${score(current)} to ${score(fresh)} before the game is final; kept ${score(current)}`,
      };
    }
  }
  return { kind: 'changed', next, changed };
}

const goesDown = (was: number | null, now: number | null) => was !== null && (now === null || now < was);
const score = (g: GameData) => `${g.awayScore ?? '-'}-${g.homeScore ?? '-'} ${g.gameStatus}`;

export interface AppliedUpdates {
  updated: number;
  rejected: Array<{ espnId: string; reason: RejectionReason }>;
}

/**
 * Write the provider's view of the games `espnIds` (one transaction): the rows are locked first
 * and compared as they are now, so two writers of the same reply (two replicas, the feed and an
 * admin's refresh) write and announce a change once. Emits sports.game.updated for each real
 * change; a refused reply is logged (warn) and changes nothing. A game missing from the reply is
 * left as it is.
 */
export async function applyGameUpdates(
  store: SportsStore,
  emit: Emit,
  input: { espnIds: string[]; fresh: ReadonlyMap<string, GameData>; kind: UpdateKind; now: Date; logger: KitLogger; source: string },
): Promise<AppliedUpdates> {
  const current = await store.lockProductionGames(input.espnIds);
  const out: AppliedUpdates = { updated: 0, rejected: [] };
  for (const game of current) {
    const fresh = input.fresh.get(game.espnId);
    if (!fresh) continue;
    const update = gameUpdate(withoutStorage(game), fresh, input.kind);
    if (update.kind === 'rejected') {
      input.logger.warn({ espnId: game.espnId, reason: update.reason, source: input.source }, update.message);
      out.rejected.push({ espnId: game.espnId, reason: update.reason });
      continue;
    }
    if (update.kind === 'unchanged') continue;
    const saved = await store.upsertGame(update.next, input.now);
    await emit('sports.game.updated', { game: saved, changed: update.changed });
    out.updated += 1;
  }
  return out;
}

function withoutStorage(game: Game): GameData {
  const { updatedAt: _u, ...data } = game;
  return data;
}
