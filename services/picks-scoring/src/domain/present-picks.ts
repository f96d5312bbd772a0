import { isCorrectOf, POWER_PICK_RANK, type SavedPick, type PickResult } from '@powerpool/contracts';
import type { PicksStore } from '../store/picks-scoring.store.js';
import type { GameRow, PickRow, TeamRow } from '../store/schema.js';

/** What presenting a pick needs of it: a stored pick row, or a pick as an override record kept it. */
export type PresentablePick = Pick<
  PickRow,
  | 'id'
  | 'poolId'
  | 'userId'
  | 'year'
  | 'weekNumber'
  | 'gameId'
  | 'poolGameId'
  | 'selectedTeamEspnId'
  | 'confidenceRank'
  | 'isPowerPick'
  | 'enteredBy'
  | 'updatedAt'
  | 'result'
  | 'pointsEarned'
>;

/** 3, 2, 1, then the power pick (rank 0). */
export const rankOrder = (rank: number): number => (rank === POWER_PICK_RANK ? 0 : rank);

/** Compare two picks of one player: 3pt first, the power pick last. */
export const byRank = (a: { confidenceRank: number }, b: { confidenceRank: number }): number => rankOrder(b.confidenceRank) - rankOrder(a.confidenceRank);

/** The selected team's abbreviation and logo: the teams table, else the game's own abbreviation. */
function teamOf(row: PresentablePick, teams: Map<string, TeamRow>, game: GameRow | undefined): { abbreviation: string | null; logoUrl: string | null } {
  const team = teams.get(row.selectedTeamEspnId);
  if (team) return { abbreviation: team.abbreviation, logoUrl: team.logoUrl };
  if (game?.homeTeamEspnId === row.selectedTeamEspnId) return { abbreviation: game.homeTeamAbbr, logoUrl: null };
  if (game?.awayTeamEspnId === row.selectedTeamEspnId) return { abbreviation: game.awayTeamAbbr, logoUrl: null };
  return { abbreviation: null, logoUrl: null };
}

/** One pick as the API shows it, given its team's abbreviation and logo and its game's competition id. */
export function pickReplyOf(row: PresentablePick, team: { abbreviation: string | null; logoUrl: string | null }, gameEspnCompetitionId: string): SavedPick {
  const result: PickResult = row.result ?? 'PENDING';
  return {
    id: row.id,
    poolId: row.poolId,
    year: row.year,
    weekNumber: row.weekNumber,
    poolGameId: row.poolGameId,
    gameId: row.gameId,
    gameEspnCompetitionId,
    selectedTeamEspnId: row.selectedTeamEspnId,
    selectedTeamAbbreviation: team.abbreviation,
    selectedTeamLogoUrl: team.logoUrl,
    confidenceRank: row.confidenceRank,
    isPowerPick: row.isPowerPick,
    isCorrect: isCorrectOf(result),
    result,
    pointsEarned: row.pointsEarned,
    enteredByCommissioner: row.enteredBy !== row.userId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One pick as the API shows it, given the teams and games it refers to. */
export function presentPick(row: PresentablePick, teams: Map<string, TeamRow>, games: Map<string, GameRow>): SavedPick {
  const game = games.get(row.gameId);
  return pickReplyOf(row, teamOf(row, teams, game), game?.espnCompetitionId ?? row.gameId);
}

/**
 * Picks as the API shows them (team abbreviation and logo, result, isCorrect, points, entered by
 * the commissioner), each player's picks ordered 3, 2, 1, power; players stay in the order they
 * first appear in `rows`. Results come from the stored result columns (PENDING until scored).
 */
export async function presentPicks(store: PicksStore, rows: readonly PresentablePick[]): Promise<SavedPick[]> {
  if (rows.length === 0) return [];
  const teams = await store.findTeams(rows.map((r) => r.selectedTeamEspnId));
  const games = await store.findGames(rows.map((r) => r.gameId));
  const teamMap = new Map(teams.map((t) => [t.espnId, t]));
  const gameMap = new Map(games.map((g) => [g.espnId, g]));
  const playerOrder = new Map<string, number>();
  for (const r of rows) if (!playerOrder.has(r.userId)) playerOrder.set(r.userId, playerOrder.size);
  const sorted = [...rows].sort((a, b) => playerOrder.get(a.userId)! - playerOrder.get(b.userId)! || byRank(a, b));
  return sorted.map((r) => presentPick(r, teamMap, gameMap));
}
