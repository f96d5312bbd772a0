import { IMPACT_GAMES_TOP } from '@powerpool/contracts';
import { IMPACT_PLAYERS_PER_CARD } from '@/config/live-leaderboard';
import type { AccessLevel, ImpactGame } from '@powerpool/contracts';

type ImpactPlayer = ImpactGame['pickDetails']['players'][number];

/** The top games by points at stake (the first IMPACT_GAMES_TOP; ties keep the server's order). */
export function topImpactGames(games: readonly ImpactGame[]): ImpactGame[] {
  return [...games].sort((a, b) => b.totalImpactPoints - a.totalImpactPoints).slice(0, IMPACT_GAMES_TOP);
}

/** A card's players: the first IMPACT_PLAYERS_PER_CARD by season rank, and how many more there are ('+N more players'). */
export function impactCardPlayers(players: readonly ImpactPlayer[]): { shown: ImpactPlayer[]; more: number } {
  const sorted = [...players].sort((a, b) => a.seasonRank - b.seasonRank || a.displayName.localeCompare(b.displayName));
  return { shown: sorted.slice(0, IMPACT_PLAYERS_PER_CARD), more: Math.max(0, sorted.length - IMPACT_PLAYERS_PER_CARD) };
}

/** Members and managers always see the Impact Games; a public visitor only when there are some. */
export function showImpactGames(accessLevel: AccessLevel, games: readonly ImpactGame[]): boolean {
  return accessLevel !== 'PUBLIC_ACCESS' || games.length > 0;
}

/** '+2 more players', '+1 more player'. */
export const morePlayersText = (more: number): string => `+${more} more ${more === 1 ? 'player' : 'players'}`;
