import type { ImpactGame } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { impactCardPlayers, morePlayersText, showImpactGames, topImpactGames } from './impact';

type Player = ImpactGame['pickDetails']['players'][number];

const player = (displayName: string, seasonRank: number): Player => ({
  userId: displayName,
  displayName,
  seasonPoints: 100 - seasonRank,
  seasonRank,
  selectedTeamAbbr: 'PHI',
  isPowerPick: false,
  confidenceRank: 3,
});

const game = (gameId: string, totalImpactPoints: number): ImpactGame => ({
  gameId,
  gameTime: '2025-09-07T17:00:00Z',
  homeTeamAbbr: 'PHI',
  awayTeamAbbr: 'DAL',
  status: 'SCHEDULED',
  totalImpactPoints,
  pickDetails: { threePtPicks: 0, twoPtPicks: 0, onePtPicks: 0, powerPicks: 0, players: [] },
});

describe('topImpactGames', () => {
  it('should keep the three games with the most points at stake', () => {
    const games = [game('a', 5), game('b', 12), game('c', 9), game('d', 12)];
    expect(topImpactGames(games).map((g) => g.gameId)).toEqual(['b', 'd', 'c']);
  });
});

describe('impactCardPlayers', () => {
  it('should show six players by season rank and count the rest', () => {
    const players = [8, 3, 1, 7, 2, 5, 4, 6].map((rank) => player(`p${rank}`, rank));
    const { shown, more } = impactCardPlayers(players);
    expect(shown.map((p) => p.seasonRank)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(more).toBe(2);
    expect(morePlayersText(more)).toBe('+2 more players');
    expect(morePlayersText(1)).toBe('+1 more player');
  });

  it('should count nothing more when six or fewer picked the game', () => {
    expect(impactCardPlayers([player('a', 1)]).more).toBe(0);
  });
});

describe('showImpactGames', () => {
  it('should always show them to members and managers, and to the public only when there are some', () => {
    expect(showImpactGames('FULL_ACCESS', [])).toBe(true);
    expect(showImpactGames('COMMISSIONER_ACCESS', [])).toBe(true);
    expect(showImpactGames('PUBLIC_ACCESS', [])).toBe(false);
    expect(showImpactGames('PUBLIC_ACCESS', [game('a', 1)])).toBe(true);
  });
});
