import { CONFIDENCE_RANKS, isValidTiebreaker, PICK_MESSAGES, POWER_PICK_RANK } from '@powerpool/contracts';
import type { ConfidenceRank, OverrideBody, PublishedGame, WeekGame } from '@powerpool/contracts';

/** A chosen team on a game: the select's value is `${gameId}|${teamEspnId}`. */
export interface TeamChoice {
  gameId: string;
  teamEspnId: string;
}

/** The emergency pick entry form (docs/week.md#emergency-pick-entry). */
export interface OverrideForm {
  targetUserId: string;
  picks: Record<ConfidenceRank, TeamChoice | null>;
  power: TeamChoice | null;
  reason: string;
  /** The tiebreaker prediction as typed (docs/game.md#weekly-winners): empty keeps the member's. */
  tiebreaker: string;
}

/** The body of POST /api/picks/commissioner-override, with its pool and week as plain values (they also name what to reload). */
export type OverrideRequest = OverrideBody & { poolId: string; weekNumber: number };

export const EMPTY_OVERRIDE_FORM: OverrideForm = { targetUserId: '', picks: { 3: null, 2: null, 1: null }, power: null, reason: '', tiebreaker: '' };

export const choiceValue = (choice: TeamChoice | null): string => (choice ? `${choice.gameId}|${choice.teamEspnId}` : '');

export function parseChoice(value: string): TeamChoice | null {
  const [gameId, teamEspnId] = value.split('|');
  return gameId && teamEspnId ? { gameId, teamEspnId } : null;
}

/**
 * What keeps the form from being sent, in the product's words, or null when it is complete: a
 * player and a reason ('Please fill in all required fields'), all three confidence picks ('Must
 * select all 3 confidence picks'), each pick (power included) on a different game and, when the
 * week has a tiebreaker game, a typed tiebreaker that is a whole number from 0 to 200 (empty keeps
 * the member's prediction).
 */
export function overrideProblem(form: OverrideForm, tiebreakerGameName: string | null = null): string | null {
  if (!form.targetUserId || !form.reason.trim()) return PICK_MESSAGES.overrideRequired;
  const chosen = CONFIDENCE_RANKS.map((rank) => form.picks[rank]);
  if (chosen.some((choice) => choice === null)) return PICK_MESSAGES.overrideConfidence;
  const games = [...chosen, form.power].filter((c): c is TeamChoice => c !== null).map((c) => c.gameId);
  if (new Set(games).size !== games.length) return PICK_MESSAGES.duplicateGame;
  if (tiebreakerGameName !== null && form.tiebreaker.trim() !== '' && !isValidTiebreaker(Number(form.tiebreaker)))
    return PICK_MESSAGES.tiebreakerRequired(tiebreakerGameName);
  return null;
}

/**
 * The request body of a complete form. Confidence picks are on the pool's published games; the
 * power pick may be on any game of the week (no pool game when the pool did not publish it). A
 * typed tiebreaker is sent with them; an empty one is left out, which keeps the member's.
 */
export function overrideBody(
  form: OverrideForm,
  { poolId, weekNumber, published, weekGames }: { poolId: string; weekNumber: number; published: readonly PublishedGame[]; weekGames: readonly WeekGame[] },
): OverrideRequest {
  const pickOf = (choice: TeamChoice, confidenceRank: number, isPowerPick: boolean) => {
    const poolGame = published.find((g) => g.id === choice.gameId);
    const game = poolGame ?? weekGames.find((g) => g.id === choice.gameId);
    return {
      poolGameId: poolGame?.poolGameId ?? null,
      gameEspnCompetitionId: game?.espnCompetitionId ?? choice.gameId,
      selectedTeamEspnId: choice.teamEspnId,
      confidenceRank,
      isPowerPick,
    };
  };
  const picks = CONFIDENCE_RANKS.flatMap((rank) => {
    const choice = form.picks[rank];
    return choice ? [pickOf(choice, rank, false)] : [];
  });
  if (form.power) picks.push(pickOf(form.power, POWER_PICK_RANK, true));
  const tiebreaker = form.tiebreaker.trim() === '' ? {} : { tiebreaker: Number(form.tiebreaker) };
  return { targetUserId: form.targetUserId, poolId, weekNumber, picks, ...tiebreaker, overrideReason: form.reason.trim() };
}
