import { IMPACT_GAMES_TOP } from './picks.rules.js';
import type { ImpactGame, LiveGame, LiveGameFacts, LiveLeaderboard, LivePick, LiveStanding } from './picks.schemas.js';
import {
  impactOf,
  isCorrectOf,
  rankedWeeks,
  byName,
  scoreWeek,
  ScoringError,
  unscoredOutcome,
  type PickOutcome,
  type ScoredGame,
  type WeekOutcome,
} from './scoring.rules.js';
import type { GameStatus } from './sports.schemas.js';
import type { WeekState } from './week-states.js';
import { coverOf, isFinalGame } from './weeks.rules.js';

/**
 * The live board's parts that follow from the games (docs/architecture.md#a-scores-path), each
 * made by one function that picks-scoring uses to build the board and a browser uses to move it
 * when a `games` frame arrives: a game's void and cover, a pick and a standing from a scored week,
 * the ranking, the impact games, and `liveBoardWithGames` which scores a board again on new game
 * facts. Pure and without zod (the SPA's live board loads them).
 */

/**
 * Void (docs/game.md#void-games): ruled void by the commissioner, or cancelled by the provider (a
 * null status: the game is not known, only a ruling makes it void). The one rule: picks-scoring
 * scores with it, weeks-workflow shows and records with it.
 */
export const isVoidOf = (ruledVoid: boolean, status: GameStatus | null): boolean => ruledVoid || status === 'CANCELLED';

/** What a pool adds to a game it published: its id, the locked spread, the teams, the void ruling. */
export type LivePoolGame = Pick<LiveGame, 'poolGameId' | 'spread' | 'homeTeamEspnId' | 'awayTeamEspnId' | 'ruledVoid'>;

/** A game of the live board: the facts every pool shares and the pool's own, with void and (final, not void) cover decided. */
export function liveGameOf(facts: LiveGameFacts, pool: LivePoolGame): LiveGame {
  const isVoid = isVoidOf(pool.ruledVoid, facts.status);
  return {
    gameId: facts.gameId,
    poolGameId: pool.poolGameId,
    gameTime: facts.gameTime,
    homeTeam: facts.homeTeam,
    awayTeam: facts.awayTeam,
    homeTeamAbbr: facts.homeTeamAbbr,
    awayTeamAbbr: facts.awayTeamAbbr,
    homeTeamLogo: facts.homeTeamLogo,
    awayTeamLogo: facts.awayTeamLogo,
    status: facts.status,
    quarter: facts.quarter,
    clock: facts.clock,
    statusDetail: facts.statusDetail,
    homeScore: facts.homeScore,
    awayScore: facts.awayScore,
    spread: pool.spread,
    isVoid,
    cover: !isVoid && pool.spread !== null && isFinalGame(facts) ? coverOf(facts.homeScore!, facts.awayScore!, pool.spread) : null,
    venue: facts.venue,
    homeTeamEspnId: pool.homeTeamEspnId,
    awayTeamEspnId: pool.awayTeamEspnId,
    ruledVoid: pool.ruledVoid,
    updatedAt: facts.updatedAt,
  };
}

/** A board game as scoring sees it (a published game always has its locked spread). */
export const scoredGameOfLive = (game: LiveGame): ScoredGame => ({
  homeTeamEspnId: game.homeTeamEspnId,
  awayTeamEspnId: game.awayTeamEspnId,
  status: game.status,
  homeScore: game.homeScore,
  awayScore: game.awayScore,
  lockedSpread: game.spread ?? 0,
  isVoid: game.isVoid,
});

/** A board's games in kickoff order (then by id), as the board lists them. */
export const byKickoff = (a: Pick<LiveGame, 'gameTime' | 'gameId'>, b: Pick<LiveGame, 'gameTime' | 'gameId'>): number =>
  a.gameTime.localeCompare(b.gameTime) || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0);

/** Whether a game of the board is being played (the metadata's gamesInProgress). */
export const gamesInProgressOf = (games: readonly LiveGame[]): boolean => games.some((g) => g.status === 'IN_PROGRESS' && !g.isVoid);

/** What a pick is before it is scored. */
export type LivePickChoice = Pick<LivePick, 'gameId' | 'selectedTeamEspnId' | 'selectedTeamAbbr' | 'selectedTeamLogo' | 'confidenceRank' | 'isPowerPick'>;

/** A pick of the live board: what was picked and how it scored. */
export function livePickOf(choice: LivePickChoice, outcome: Omit<PickOutcome, 'pick'>): LivePick {
  return {
    gameId: choice.gameId,
    selectedTeamEspnId: choice.selectedTeamEspnId,
    selectedTeamAbbr: choice.selectedTeamAbbr,
    selectedTeamLogo: choice.selectedTeamLogo,
    confidenceRank: choice.confidenceRank,
    isPowerPick: choice.isPowerPick,
    isCorrect: isCorrectOf(outcome.result),
    result: outcome.result,
    pointsEarned: outcome.pointsEarned,
    covering: outcome.covering,
  };
}

/** A player's line of the live board from their ranked, scored week (with the week's tiebreaker fields when it has one). */
export function liveStandingOf<P>(
  player: { userId: string; displayName: string; rank: number; weekPoints: number; seasonPoints: number },
  {
    outcome,
    choiceOf,
    tiebreak,
  }: {
    outcome: WeekOutcome<P & { confidenceRank: number; isPowerPick: boolean; selectedTeamEspnId: string }>;
    /** What the board shows of a pick (team, logo, rank, power). */
    choiceOf: (pick: P) => LivePickChoice;
    tiebreak: Pick<LiveStanding, 'tiebreaker' | 'isWeekWinner'> | null;
  },
): LiveStanding {
  return {
    ...(tiebreak ? { tiebreaker: tiebreak.tiebreaker, isWeekWinner: tiebreak.isWeekWinner } : {}),
    userId: player.userId,
    displayName: player.displayName,
    rank: player.rank,
    weekPoints: player.weekPoints,
    seasonPoints: player.seasonPoints,
    rawPoints: outcome.rawPoints,
    powerBonus: outcome.powerBonus,
    powerEffect: outcome.powerEffect,
    possiblePointsRemaining: outcome.possiblePointsRemaining,
    hasPicks: outcome.hasPicks,
    picks: outcome.picks.map((o) => livePickOf(choiceOf(o.pick), o)),
  };
}

/** A player of the board as the impact games see them. */
export interface ImpactPlayerWeek {
  standing: LiveStanding;
  seasonRank: number;
  /** False when the player's week cannot be scored: nothing of theirs is at stake. */
  scorable: boolean;
}

/**
 * The games still to be decided (not final, not void) with the picks on them: counts per rank and
 * power, the points at stake (impactOf with each player's best raw points), the players by season
 * rank. The top IMPACT_GAMES_TOP by points at stake, ties by kickoff; games nobody picked are left
 * out, and so are players whose week cannot be scored.
 */
export function impactGamesOf(games: readonly LiveGame[], players: readonly ImpactPlayerWeek[]): ImpactGame[] {
  // One pass over the picks: the pending picks of scorable players by game, with each player's
  // best raw points (every pending confidence pick winning).
  const pendingByGame = new Map<string, Array<{ player: ImpactPlayerWeek; pick: LivePick; bestRaw: number }>>();
  for (const player of players) {
    if (!player.scorable) continue;
    let bestRaw = player.standing.rawPoints;
    for (const pick of player.standing.picks) if (!pick.isPowerPick && pick.result === 'PENDING') bestRaw += pick.confidenceRank;
    for (const pick of player.standing.picks) {
      if (pick.result !== 'PENDING') continue;
      const list = pendingByGame.get(pick.gameId);
      if (list) list.push({ player, pick, bestRaw });
      else pendingByGame.set(pick.gameId, [{ player, pick, bestRaw }]);
    }
  }
  const impact: ImpactGame[] = [];
  for (const game of games) {
    const pending = pendingByGame.get(game.gameId);
    if (game.isVoid || isFinalGame(game) || !pending) continue;
    const details = { threePtPicks: 0, twoPtPicks: 0, onePtPicks: 0, powerPicks: 0 };
    let totalImpactPoints = 0;
    const picked: ImpactGame['pickDetails']['players'] = [];
    for (const { player, pick, bestRaw } of pending) {
      if (pick.isPowerPick) details.powerPicks += 1;
      else if (pick.confidenceRank === 3) details.threePtPicks += 1;
      else if (pick.confidenceRank === 2) details.twoPtPicks += 1;
      else details.onePtPicks += 1;
      totalImpactPoints += impactOf(pick, bestRaw);
      picked.push({
        userId: player.standing.userId,
        displayName: player.standing.displayName,
        seasonPoints: player.standing.seasonPoints,
        seasonRank: player.seasonRank,
        selectedTeamAbbr: pick.selectedTeamAbbr,
        isPowerPick: pick.isPowerPick,
        confidenceRank: pick.confidenceRank,
      });
    }
    picked.sort((a, b) => a.seasonRank - b.seasonRank || byName(a, b));
    impact.push({
      gameId: game.gameId,
      gameTime: game.gameTime,
      homeTeamAbbr: game.homeTeamAbbr,
      awayTeamAbbr: game.awayTeamAbbr,
      status: game.status,
      totalImpactPoints,
      pickDetails: { ...details, players: picked },
    });
  }
  return impact
    .sort((a, b) => b.totalImpactPoints - a.totalImpactPoints || a.gameTime.localeCompare(b.gameTime) || a.gameId.localeCompare(b.gameId))
    .slice(0, IMPACT_GAMES_TOP);
}

/**
 * The week states whose boards a `games` frame moves: scored live, no winner named yet. A week in
 * SCORING names its winners (the tiebreaker game decides) and a COMPLETE one shows what was
 * calculated: their boards are rebuilt by the server, as any pool's own change is.
 */
const FRAME_FED_STATES: ReadonlySet<WeekState> = new Set(['PUBLISHED', 'GAMES_IN_PROGRESS']);

/**
 * Whether `games` frames move this board (else the server sends it patches): a week scored live,
 * and every pick on a game of the board (a commissioner's power pick on a game the pool did not
 * publish is scored on a game the board does not show).
 */
export function isFrameFedBoard(board: LiveLeaderboard): boolean {
  if (!FRAME_FED_STATES.has(board.metadata.currentState)) return false;
  const shown = new Set(board.gamesCentric.map((g) => g.gameId));
  return board.standings.every((s) => s.picks.every((p) => shown.has(p.gameId)));
}

/** Whether `facts` are newer than the board's game (the newest provider update wins). */
export const isNewerGame = (facts: Pick<LiveGameFacts, 'updatedAt'>, shown: Pick<LiveGame, 'updatedAt'>): boolean =>
  Date.parse(facts.updatedAt) > Date.parse(shown.updatedAt);

/**
 * A frame-fed board (isFrameFedBoard) on newer game facts: each game of the board with newer facts
 * takes them (liveGameOf with the pool's own part), and everything that follows from the games is
 * made again as the server makes it: every player's week scored (scoreWeek; a week that cannot be
 * scored shows pending zeros), the season points (the weeks before + this one), the ranks and
 * order (rankedWeeks), the impact games and gamesInProgress; `generatedAt` is the frame's.
 * Everything the pool decides (picks, tiebreakers, overrides, consensus, names) is kept. Facts no
 * newer than the board's, or of games it does not show, change nothing: the same board is
 * returned. Applying frames one by one or their newest facts at once gives the same board.
 */
export function liveBoardWithGames(board: LiveLeaderboard, games: readonly LiveGameFacts[], generatedAt: string): LiveLeaderboard {
  const facts = new Map(games.map((g) => [g.gameId, g]));
  const moved = new Set<string>();
  const gamesCentric = board.gamesCentric.map((game) => {
    const next = facts.get(game.gameId);
    if (!next || !isNewerGame(next, game)) return game;
    moved.add(game.gameId);
    return liveGameOf(next, game);
  });
  if (moved.size === 0) return board;
  gamesCentric.sort(byKickoff);

  const scored = new Map(gamesCentric.map((g) => [g.gameId, scoredGameOfLive(g)]));
  const weeks = board.standings.map((standing) => {
    let outcome: WeekOutcome<LivePick>;
    let scorable = true;
    try {
      outcome = scoreWeek(standing.picks, (p) => scored.get(p.gameId));
    } catch (err) {
      if (!(err instanceof ScoringError)) throw err;
      outcome = unscoredOutcome(standing.picks);
      scorable = false;
    }
    const prior = standing.seasonPoints - standing.weekPoints;
    return {
      standing,
      outcome,
      scorable,
      userId: standing.userId,
      displayName: standing.displayName,
      weekPoints: outcome.finalPoints,
      seasonPoints: prior + outcome.finalPoints,
    };
  });
  const ranked = rankedWeeks(weeks);
  const players = ranked.map((w) => ({
    // A player with no pick on a moved game scores as before: at the same rank, the line is the same
    // (kept, not rebuilt: a 1,000-player board on a phone makes far less garbage, and React skips the row).
    standing:
      w.rank === w.standing.rank && !w.standing.picks.some((p) => moved.has(p.gameId))
        ? w.standing
        : liveStandingOf(w, { outcome: w.outcome, choiceOf: (p) => p, tiebreak: w.standing.tiebreaker === undefined ? null : w.standing }),
    seasonRank: w.seasonRank,
    scorable: w.scorable,
  }));
  return {
    ...board,
    standings: players.map((p) => p.standing),
    gamesCentric,
    impactGames: impactGamesOf(gamesCentric, players),
    // By game, in the board's order of games (which a new kickoff time may change), as the server lists it.
    consensus: Object.fromEntries(gamesCentric.flatMap((g) => (g.gameId in board.consensus ? [[g.gameId, board.consensus[g.gameId]!]] : []))),
    metadata: { ...board.metadata, gamesInProgress: gamesInProgressOf(gamesCentric), generatedAt },
  };
}
