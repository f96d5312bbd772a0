import { CONFIDENCE_RANKS, PICK_MESSAGES } from '@powerpool/contracts';
import type { ConfidenceRank, PublishedGame, WeekTeam } from '@powerpool/contracts';
import { favoriteSideOf, formatSpread } from '@/lib/spreads';
import { gameWithRank, powerGame, selectionOf } from './edit-rules';
import type { Selections } from './edit-rules';

/** The spread players pick against: the one locked at publish (docs/game.md#against-the-spread). */
export const pickSpreadOf = (game: Pick<PublishedGame, 'lockedSpread' | 'spread'>): number | null => game.lockedSpread ?? game.spread;

/**
 * How a team stands against the spread: "Fav" with its line (-3.5), "Dog" with the points it gets
 * (+3.5), or "Pick'em" when the spread is 0 or missing.
 */
export interface TeamLine {
  role: 'Fav' | 'Dog' | "Pick'em";
  /** The team's own line, signed ("-3.5" for the favourite, "+3.5" for the underdog); null for a pick'em. */
  line: string | null;
}

export function teamLineOf(game: Pick<PublishedGame, 'lockedSpread' | 'spread' | 'homeTeam' | 'awayTeam'>, teamId: string): TeamLine {
  const spread = pickSpreadOf(game);
  const favorite = favoriteSideOf(spread);
  if (favorite === null || spread === null) return { role: "Pick'em", line: null };
  const side = game.homeTeam.espnId === teamId ? 'home' : 'away';
  const points = Math.abs(spread);
  return side === favorite ? { role: 'Fav', line: formatSpread(-points) } : { role: 'Dog', line: formatSpread(points) };
}

/** The 'Fav: n' tag of a team row: only on the favourite ("Fav: -3.5"); null for the underdog and in a pick'em. */
export function favoriteTag(game: Pick<PublishedGame, 'lockedSpread' | 'spread' | 'homeTeam' | 'awayTeam'>, team: WeekTeam): string | null {
  const line = teamLineOf(game, team.espnId);
  return line.role === 'Fav' ? `Fav: ${line.line}` : null;
}

/** "Fav: KC -3.5", "Dog: LV +3.5", "Pick'em: KC". */
export function pickLine(game: PublishedGame, teamId: string): string {
  const team = game.homeTeam.espnId === teamId ? game.homeTeam : game.awayTeam;
  const { role, line } = teamLineOf(game, teamId);
  return line === null ? `${role}: ${team.abbreviation}` : `${role}: ${team.abbreviation} ${line}`;
}

export const NOT_SELECTED = PICK_MESSAGES.notSelected;

/** One line of 'Your Picks Summary': the rank and 'Fav: x' / 'Dog: x', or 'Not selected'. */
export interface SummaryLine {
  rank: ConfidenceRank;
  text: string;
  selected: boolean;
}

/** The 3pt, 2pt and 1pt lines: a pick with its team, else 'Not selected'. */
export function summaryLines(selections: Selections, games: readonly PublishedGame[]): SummaryLine[] {
  return CONFIDENCE_RANKS.map((rank) => {
    const gameId = gameWithRank(selections, rank);
    const teamId = gameId === null ? null : selectionOf(selections, gameId).teamId;
    const game = gameId === null ? undefined : games.find((g) => g.id === gameId);
    if (!game || teamId === null) return { rank, text: NOT_SELECTED, selected: false };
    return { rank, text: pickLine(game, teamId), selected: true };
  });
}

/** The power box: which of the product's texts, and the pick's line once its team is chosen. */
export type PowerBox =
  { kind: 'none'; text: string } | { kind: 'choose-team'; text: string } | { kind: 'commissioner'; text: string } | { kind: 'selected'; text: string };

/**
 * 'No power pick selected'; 'Power pick selected (choose team)'; 'Power pick entered by
 * commissioner (game not available in this pool)' for a power pick on a game the pool did not
 * publish; else the pick's line.
 */
export function powerBox(selections: Selections, games: readonly PublishedGame[]): PowerBox {
  const gameId = powerGame(selections);
  if (gameId === null) return { kind: 'none', text: PICK_MESSAGES.noPowerPick };
  const game = games.find((g) => g.id === gameId);
  if (!game) return { kind: 'commissioner', text: PICK_MESSAGES.powerPickByCommissioner };
  const { teamId } = selectionOf(selections, gameId);
  if (teamId === null) return { kind: 'choose-team', text: PICK_MESSAGES.powerPickNoTeam };
  return { kind: 'selected', text: pickLine(game, teamId) };
}
