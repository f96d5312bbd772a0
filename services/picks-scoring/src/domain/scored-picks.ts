import type { Pick } from '@powerpool/contracts';
import type { PickWithTeam } from '../store/scores.store.js';

/**
 * Stored picks as the scoring review and the weekly scoring review show them: the selected team's
 * abbreviation and logo, and the result the last calculation wrote (PENDING until then).
 *
 * Temporary twin of the picks module's presenter (domain/present-picks.ts, owned by the picks
 * work): the lead unifies them.
 */
export function presentScoredPick(row: PickWithTeam): Pick {
  const result = row.result ?? 'PENDING';
  return {
    id: row.id,
    poolId: row.poolId,
    year: row.year,
    weekNumber: row.weekNumber,
    poolGameId: row.poolGameId,
    gameId: row.gameId,
    gameEspnCompetitionId: row.gameEspnCompetitionId ?? row.gameId,
    selectedTeamEspnId: row.selectedTeamEspnId,
    selectedTeamAbbreviation: row.teamAbbreviation,
    selectedTeamLogoUrl: row.teamLogoUrl,
    confidenceRank: row.confidenceRank,
    isPowerPick: row.isPowerPick,
    isCorrect: result === 'WIN' ? true : result === 'LOSS' ? false : null,
    result,
    pointsEarned: row.pointsEarned,
    enteredByCommissioner: row.enteredBy !== row.userId,
    updatedAt: row.updatedAt.toISOString(),
  };
}
