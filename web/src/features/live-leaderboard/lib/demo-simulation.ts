import {
  confidencePointsOf,
  coverOf,
  coveringOf,
  IMPACT_GAMES_TOP,
  isFinalGame,
  PICK_DEADLINE_LEAD_MS,
  powerEffectOf,
  POWER_WIN_MULTIPLIER,
  resultAgainstSpreadOf,
  weekLabel,
} from '@powerpool/contracts';
import type {
  Covering,
  DecidedPickResult,
  GameConsensus,
  ImpactGame,
  LiveGame,
  LiveLeaderboard,
  LivePick,
  LiveStanding,
  PickResult,
  WeekState,
} from '@powerpool/contracts';
import { DEMO_ENTRIES, DEMO_GAMES, DEMO_POOL } from './demo-data';
import type { DemoEntry, DemoGame, DemoPick } from './demo-data';

/*
 * The demo leaderboard moves like a live game day: every DEMO_TICK_MS the games being played run
 * their clocks, score now and then, go to halftime, to the next quarter, to overtime or to final,
 * and a game still to play kicks off; the picks are scored again by the rules of docs/game.md#points
 * against the spreads. Once every game is final the day starts over. Pure: the page keeps the state.
 */

/** How often the demo moves (wall time). */
export const DEMO_TICK_MS = 3000;
/** Game seconds one tick plays. */
export const DEMO_SECONDS_PER_TICK = 75;
/** A scheduled game kicks off on this tick. */
export const DEMO_KICKOFF_TICK = 4;
/** Ticks every game stays final before the day starts over. */
export const DEMO_RESTART_AFTER_TICKS = 5;
/** The chance that a game being played scores in a tick, and that a score is a touchdown (7) rather than a field goal (3). */
const SCORE_CHANCE = 0.35;
const TOUCHDOWN_CHANCE = 0.6;
const QUARTER_SECONDS = 15 * 60;
const OVERTIME_SECONDS = 10 * 60;
/** The demo's kickoff times (the first one, then a game every three hours). */
const DEMO_FIRST_KICKOFF = Date.parse('2025-09-07T17:00:00.000Z');

export interface DemoState {
  tick: number;
  games: readonly DemoGame[];
  /** Ticks since every game became final (the day restarts after DEMO_RESTART_AFTER_TICKS). */
  finalTicks: number;
}

export const initialDemoState = (): DemoState => ({ tick: 0, games: DEMO_GAMES, finalTicks: 0 });

const secondsOf = (clock: string | null): number => {
  const [m, s] = (clock ?? '0:00').split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
};
const clockOf = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Halftime: the end of the second quarter, before the third starts. */
const isHalftime = (game: Pick<DemoGame, 'status' | 'quarter' | 'clock'>): boolean =>
  game.status === 'IN_PROGRESS' && game.quarter === 2 && game.clock === '0:00';

/** One game, one tick on. */
export function stepDemoGame(game: DemoGame, tick: number, random: () => number): DemoGame {
  if (game.status === 'SCHEDULED') {
    return tick >= DEMO_KICKOFF_TICK ? { ...game, status: 'IN_PROGRESS', quarter: 1, clock: clockOf(QUARTER_SECONDS), homeScore: 0, awayScore: 0 } : game;
  }
  if (game.status !== 'IN_PROGRESS') return game;
  if (isHalftime(game)) return { ...game, quarter: 3, clock: clockOf(QUARTER_SECONDS) };

  let { homeScore, awayScore } = game;
  if (random() < SCORE_CHANCE) {
    const points = random() < TOUCHDOWN_CHANCE ? 7 : 3;
    if (random() < 0.5) homeScore = (homeScore ?? 0) + points;
    else awayScore = (awayScore ?? 0) + points;
  }
  const quarter = game.quarter ?? 1;
  const left = secondsOf(game.clock) - DEMO_SECONDS_PER_TICK;
  if (left > 0) return { ...game, homeScore, awayScore, clock: clockOf(left) };
  if (quarter === 1 || quarter === 3) return { ...game, homeScore, awayScore, quarter: quarter + 1, clock: clockOf(QUARTER_SECONDS) };
  if (quarter === 2) return { ...game, homeScore, awayScore, clock: '0:00' };
  if (quarter === 4 && homeScore === awayScore) return { ...game, homeScore, awayScore, quarter: 5, clock: clockOf(OVERTIME_SECONDS) };
  return { ...game, homeScore, awayScore, status: 'COMPLETE', clock: '0:00' };
}

/** The whole demo, one tick on (starting over once every game has been final for a while). */
export function advanceDemo(state: DemoState, random: () => number = Math.random): DemoState {
  const tick = state.tick + 1;
  const games = state.games.map((game) => stepDemoGame(game, tick, random));
  const allFinal = games.every((game) => game.status === 'COMPLETE');
  if (allFinal && state.finalTicks >= DEMO_RESTART_AFTER_TICKS) return initialDemoState();
  return { tick, games, finalTicks: allFinal ? state.finalTicks + 1 : 0 };
}

/** The provider-style status text of a demo game: "Halftime", and "Final/OT" after overtime. */
function statusDetailOf(game: DemoGame): string | null {
  if (isHalftime(game)) return 'Halftime';
  if (game.status === 'COMPLETE' && (game.quarter ?? 0) > 4) return 'Final/OT';
  return null;
}

function toLiveGame(game: DemoGame, index: number): LiveGame {
  const final = isFinalGame(game);
  return {
    gameId: game.gameId,
    poolGameId: game.gameId,
    gameTime: new Date(DEMO_FIRST_KICKOFF + Math.floor(index / 3) * 3 * 3_600_000).toISOString(),
    homeTeam: game.homeTeam.name,
    awayTeam: game.awayTeam.name,
    homeTeamAbbr: game.homeTeamAbbr,
    awayTeamAbbr: game.awayTeamAbbr,
    homeTeamLogo: null,
    awayTeamLogo: null,
    status: game.status,
    quarter: game.quarter,
    clock: game.status === 'IN_PROGRESS' ? game.clock : null,
    statusDetail: statusDetailOf(game),
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    spread: game.spread,
    isVoid: false,
    cover: final ? coverOf(game.homeScore!, game.awayScore!, game.spread) : null,
    venue: {
      name: game.venue.name,
      city: game.venue.city,
      state: game.venue.state,
      exteriorImageUrl: game.venue.exteriorImageUrl,
      interiorImageUrl: game.venue.interiorImageUrl,
    },
    homeTeamEspnId: game.homeTeamAbbr,
    awayTeamEspnId: game.awayTeamAbbr,
    ruledVoid: false,
    updatedAt: new Date(DEMO_FIRST_KICKOFF).toISOString(),
  };
}

const sideOf = (pick: DemoPick, game: DemoGame): 'HOME' | 'AWAY' => (pick.selectedTeamAbbr === game.homeTeamAbbr ? 'HOME' : 'AWAY');

/** The pick against the spread on the game's scores as they stand (both present), by the contracts' rule. */
const againstTheSpread = (pick: DemoPick, game: DemoGame): DecidedPickResult =>
  resultAgainstSpreadOf(coverOf(game.homeScore!, game.awayScore!, game.spread), sideOf(pick, game));

/** A pick against the spread (docs/game.md#against-the-spread): pending until final, then won, lost or push. */
export function demoPickResult(pick: DemoPick, game: DemoGame): PickResult {
  return isFinalGame(game) ? againstTheSpread(pick, game) : 'PENDING';
}

/** While being played: covering, push or not covering right now (docs/game.md#live-standings). */
function coveringNow(pick: DemoPick, game: DemoGame): Covering | null {
  if (game.status !== 'IN_PROGRESS' || game.homeScore === null || game.awayScore === null) return null;
  return coveringOf(againstTheSpread(pick, game));
}

type ScoredEntry = Omit<LiveStanding, 'rank'> & { bestRaw: number; results: ReadonlyMap<DemoPick, PickResult> };

/**
 * A player's week so far (docs/game.md#points): a winning confidence pick earns its rank; the power pick
 * doubles (x2) or voids (x0) the raw points once decided; season points add the week's final score.
 */
export function scoreDemoEntry(entry: DemoEntry, games: ReadonlyMap<string, DemoGame>): ScoredEntry {
  const results = new Map<DemoPick, PickResult>();
  for (const pick of entry.picks) {
    const game = games.get(pick.gameId);
    results.set(pick, game ? demoPickResult(pick, game) : 'PENDING');
  }
  const confidence = entry.picks.filter((p) => !p.isPowerPick);
  const power = entry.picks.find((p) => p.isPowerPick);
  const rawPoints = confidence.reduce((sum, p) => sum + confidencePointsOf(p.confidenceRank, results.get(p)!), 0);
  const { effect, multiplier } = powerEffectOf(power ? results.get(power)! : null);
  const weekPoints = rawPoints * multiplier;
  const bestRaw = rawPoints + confidence.reduce((sum, p) => sum + (results.get(p) === 'PENDING' ? p.confidenceRank : 0), 0);
  const bestMultiplier = effect === 'pending' ? POWER_WIN_MULTIPLIER : multiplier;
  const picks: LivePick[] = entry.picks.map((pick) => {
    const result = results.get(pick)!;
    const game = games.get(pick.gameId);
    return {
      gameId: pick.gameId,
      selectedTeamEspnId: pick.selectedTeamAbbr,
      selectedTeamAbbr: pick.selectedTeamAbbr,
      selectedTeamLogo: pick.selectedTeamLogo,
      confidenceRank: pick.confidenceRank,
      isPowerPick: pick.isPowerPick,
      isCorrect: result === 'WIN' ? true : result === 'LOSS' ? false : null,
      result,
      pointsEarned: result === 'PENDING' ? null : pick.isPowerPick ? weekPoints - rawPoints : confidencePointsOf(pick.confidenceRank, result),
      covering: game ? coveringNow(pick, game) : null,
    };
  });
  return {
    userId: entry.userId,
    displayName: entry.displayName,
    weekPoints,
    seasonPoints: entry.seasonPoints + weekPoints,
    rawPoints,
    powerBonus: weekPoints - rawPoints,
    powerEffect: effect,
    possiblePointsRemaining: Math.max(0, bestRaw * bestMultiplier - weekPoints),
    hasPicks: entry.picks.length > 0,
    picks,
    bestRaw,
    results,
  };
}

/** Ranks shared on ties (1, 2, 2, 4) by a descending score. */
function sharedRanks(scores: readonly number[]): number[] {
  return scores.map((score) => 1 + scores.filter((other) => other > score).length);
}

function impactGamesOf(games: readonly DemoGame[], scored: readonly ScoredEntry[], seasonRank: ReadonlyMap<string, number>): ImpactGame[] {
  return games
    .map((game, index): ImpactGame => {
      const details = { threePtPicks: 0, twoPtPicks: 0, onePtPicks: 0, powerPicks: 0 };
      let totalImpactPoints = 0;
      const players: ImpactGame['pickDetails']['players'] = [];
      for (const player of scored) {
        for (const [pick, result] of player.results) {
          if (pick.gameId !== game.gameId || result !== 'PENDING') continue;
          if (pick.isPowerPick) details.powerPicks += 1;
          else if (pick.confidenceRank === 3) details.threePtPicks += 1;
          else if (pick.confidenceRank === 2) details.twoPtPicks += 1;
          else details.onePtPicks += 1;
          // A confidence pick puts its rank at stake; the power pick the player's best raw points.
          totalImpactPoints += pick.isPowerPick ? player.bestRaw : pick.confidenceRank;
          players.push({
            userId: player.userId,
            displayName: player.displayName,
            seasonPoints: player.seasonPoints,
            seasonRank: seasonRank.get(player.userId) ?? scored.length,
            selectedTeamAbbr: pick.selectedTeamAbbr,
            isPowerPick: pick.isPowerPick,
            confidenceRank: pick.confidenceRank,
          });
        }
      }
      const live = toLiveGame(game, index);
      return {
        gameId: game.gameId,
        gameTime: live.gameTime,
        homeTeamAbbr: game.homeTeamAbbr,
        awayTeamAbbr: game.awayTeamAbbr,
        status: game.status,
        totalImpactPoints,
        pickDetails: { ...details, players },
      };
    })
    .filter((game) => game.pickDetails.players.length > 0)
    .sort((a, b) => b.totalImpactPoints - a.totalImpactPoints || a.gameTime.localeCompare(b.gameTime))
    .slice(0, IMPACT_GAMES_TOP);
}

/** How the demo pool picked each game (docs/game.md#pick-consensus; the server's is consensusOf): a demo pick names its team by abbreviation. */
function demoConsensusOf(games: readonly DemoGame[], standings: readonly LiveStanding[]): Record<string, GameConsensus> {
  const consensus: Record<string, GameConsensus> = {};
  const byId = new Map(games.map((game) => [game.gameId, game]));
  for (const game of games) consensus[game.gameId] = [0, 0, 0, 0, 0, 0];
  for (const standing of standings) {
    for (const pick of standing.picks) {
      const game = byId.get(pick.gameId);
      const tally = consensus[pick.gameId];
      if (!game || !tally) continue;
      const side = pick.selectedTeamAbbr === game.homeTeamAbbr ? 0 : pick.selectedTeamAbbr === game.awayTeamAbbr ? 1 : null;
      if (side === null) continue;
      if (pick.isPowerPick) tally[4 + side] = tally[4 + side]! + 1;
      else {
        tally[side] = tally[side] + 1;
        tally[2 + side] = tally[2 + side]! + pick.confidenceRank;
      }
    }
  }
  return consensus;
}

/** The weeks the demo's Jump to Week offers: week 1 being played, the rest of the regular season not live yet. */
const DEMO_WEEKS: LiveLeaderboard['metadata']['allWeeks'] = Array.from({ length: 18 }, (_, i) => {
  const weekNumber = i + 1;
  const state: WeekState = weekNumber === DEMO_POOL.weekNumber ? 'GAMES_IN_PROGRESS' : weekNumber === DEMO_POOL.weekNumber + 1 ? 'PUBLISHED' : 'SETUP';
  return { weekNumber, displayName: weekLabel(weekNumber), state };
});

/** The demo's live leaderboard, shaped as the live leaderboard call answers, for the live page's own components. */
export function demoBoard(state: DemoState, now: Date): LiveLeaderboard {
  const games = new Map(state.games.map((game) => [game.gameId, game]));
  const scored = DEMO_ENTRIES.map((entry) => scoreDemoEntry(entry, games));
  const ranks = sharedRanks(scored.map((s) => s.weekPoints));
  const seasonRanks = sharedRanks(scored.map((s) => s.seasonPoints));
  const seasonRank = new Map(scored.map((s, i) => [s.userId, seasonRanks[i]!]));
  const standings: LiveStanding[] = scored
    .map(({ bestRaw: _bestRaw, results: _results, ...standing }, i) => ({ ...standing, rank: ranks[i]! }))
    .sort((a, b) => a.rank - b.rank || b.seasonPoints - a.seasonPoints || a.displayName.localeCompare(b.displayName));
  return {
    status: 'ok',
    message: null,
    standings,
    gamesCentric: state.games.map(toLiveGame),
    impactGames: impactGamesOf(state.games, scored, seasonRank),
    overrides: [],
    consensus: demoConsensusOf(state.games, standings),
    metadata: {
      poolId: DEMO_POOL.poolId,
      poolName: DEMO_POOL.poolName,
      year: DEMO_POOL.year,
      weekNumber: DEMO_POOL.weekNumber,
      weekDisplayName: weekLabel(DEMO_POOL.weekNumber),
      currentState: 'GAMES_IN_PROGRESS',
      pickDeadline: new Date(DEMO_FIRST_KICKOFF - PICK_DEADLINE_LEAD_MS).toISOString(),
      gamesInProgress: state.games.some((game) => game.status === 'IN_PROGRESS'),
      picksAvailable: true,
      accessLevel: 'FULL_ACCESS',
      allWeeks: DEMO_WEEKS,
      generatedAt: now.toISOString(),
    },
  };
}
