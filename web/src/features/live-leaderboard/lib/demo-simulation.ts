import { liveBoardWithGames, liveGameOf, liveStandingOf, PICK_DEADLINE_LEAD_MS, unscoredOutcome, weekLabel } from '@powerpool/contracts';
import type { GameConsensus, LiveGameFacts, LiveLeaderboard, LivePickChoice, LivePoolGame, LiveStanding, WeekState } from '@powerpool/contracts';
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

/** A demo game as the board's facts (what every pool shares), the newest from `updatedAt`. */
function factsOf(game: DemoGame, index: number, updatedAt: string): LiveGameFacts {
  return {
    gameId: game.gameId,
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
    venue: {
      name: game.venue.name,
      city: game.venue.city,
      state: game.venue.state,
      exteriorImageUrl: game.venue.exteriorImageUrl,
      interiorImageUrl: game.venue.interiorImageUrl,
    },
    updatedAt,
  };
}

/** What the demo pool adds to a game: its spread; a demo team's id is its abbreviation. */
const poolGameOf = (game: DemoGame): LivePoolGame => ({
  poolGameId: game.gameId,
  spread: game.spread,
  homeTeamEspnId: game.homeTeamAbbr,
  awayTeamEspnId: game.awayTeamAbbr,
  ruledVoid: false,
});

/** A demo pick as the board's pick before it is scored. */
const choiceOf = (pick: DemoPick): LivePickChoice => ({
  gameId: pick.gameId,
  selectedTeamEspnId: pick.selectedTeamAbbr,
  selectedTeamAbbr: pick.selectedTeamAbbr,
  selectedTeamLogo: pick.selectedTeamLogo,
  confidenceRank: pick.confidenceRank,
  isPowerPick: pick.isPowerPick,
});

/** Older than any demo fact: the board before the games is scored again on all of them. */
const BEFORE_THE_GAMES = new Date(0).toISOString();

/**
 * The demo pool's board on its games, made as a browser moves a live board (docs/game.md#live-standings):
 * the board with every pick pending, then `liveBoardWithGames` on the games' facts, so the demo is
 * scored, ranked and given its impact games by the same rules as the real board.
 */
export function demoBoardOf(entries: readonly DemoEntry[], games: readonly DemoGame[], now: Date): LiveLeaderboard {
  const generatedAt = now.toISOString();
  const standings = entries.map((entry) => {
    const picks = entry.picks.map(choiceOf);
    return liveStandingOf(
      { ...entry, rank: 1, weekPoints: 0, seasonPoints: entry.seasonPoints },
      { outcome: unscoredOutcome(picks), choiceOf: (p) => p, tiebreak: null },
    );
  });
  const pending: LiveLeaderboard = {
    status: 'ok',
    message: null,
    standings,
    gamesCentric: games.map((game, i) => liveGameOf(factsOf(game, i, BEFORE_THE_GAMES), poolGameOf(game))),
    impactGames: [],
    overrides: [],
    consensus: demoConsensusOf(games, standings),
    metadata: {
      poolId: DEMO_POOL.poolId,
      poolName: DEMO_POOL.poolName,
      year: DEMO_POOL.year,
      weekNumber: DEMO_POOL.weekNumber,
      weekDisplayName: weekLabel(DEMO_POOL.weekNumber),
      currentState: 'GAMES_IN_PROGRESS',
      pickDeadline: new Date(DEMO_FIRST_KICKOFF - PICK_DEADLINE_LEAD_MS).toISOString(),
      gamesInProgress: false,
      picksAvailable: true,
      accessLevel: 'FULL_ACCESS',
      allWeeks: DEMO_WEEKS,
      generatedAt,
    },
  };
  return liveBoardWithGames(
    pending,
    games.map((game, i) => factsOf(game, i, new Date(DEMO_FIRST_KICKOFF).toISOString())),
    generatedAt,
  );
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
export const demoBoard = (state: DemoState, now: Date): LiveLeaderboard => demoBoardOf(DEMO_ENTRIES, state.games, now);
