import { isFrameFedBoard, liveBoardWithGames, type GameStatus, type LiveLeaderboard } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import type { LiveGameRow } from '../../store/live.store.js';
import { presentGameFacts, presentLiveBoard } from './present.js';
import { standingsOf, weekTiebreakOf } from './standings.js';
import { gamesById, KICKOFF, liveGame, member, pick, POOL, WEEK } from './test-fixtures.js';

/**
 * A board moved by `games` frames (liveBoardWithGames, the browser's) must be the board the server
 * builds from the same games (docs/architecture.md#a-scores-path): checked here over seeded random
 * game days, byte for byte (the same JSON, key order included).
 */

const members = [
  member('u-alice', 'Alice', 12),
  member('u-bob', 'bob', 3),
  member('u-carol', 'Carol', 12),
  member('u-dan', 'Dan'),
  member('u-erin', 'Érin', 7),
];
const picks = [
  pick({ userId: 'u-alice', gameId: 'g1', team: 'H', rank: 3 }),
  pick({ userId: 'u-alice', gameId: 'g2', team: 'A', rank: 2 }),
  pick({ userId: 'u-alice', gameId: 'g3', team: 'H', rank: 1 }),
  pick({ userId: 'u-alice', gameId: 'g4', team: 'A', rank: 0 }),
  pick({ userId: 'u-bob', gameId: 'g4', team: 'H', rank: 3 }),
  pick({ userId: 'u-bob', gameId: 'g1', team: 'A', rank: 2 }),
  pick({ userId: 'u-bob', gameId: 'g5', team: 'A', rank: 1 }),
  pick({ userId: 'u-carol', gameId: 'g2', team: 'H', rank: 3 }),
  pick({ userId: 'u-carol', gameId: 'g3', team: 'A', rank: 2 }),
  pick({ userId: 'u-carol', gameId: 'g5', team: 'H', rank: 1 }),
  pick({ userId: 'u-carol', gameId: 'g1', team: 'H', rank: 0 }),
  // Dan's week cannot be scored (two picks of rank 3): pending zeros, nothing at stake.
  pick({ userId: 'u-dan', gameId: 'g1', team: 'H', rank: 3 }),
  pick({ userId: 'u-dan', gameId: 'g2', team: 'H', rank: 3 }),
  pick({ userId: 'u-dan', gameId: 'g3', team: 'H', rank: 1 }),
  // Erin made no picks.
];
const predictions = new Map([
  ['u-alice', 41],
  ['u-carol', 38],
]);

/** The board the server builds over `games` at `now` (a week with a tiebreaker game, scored live). */
function serverBoard(rows: LiveGameRow[], now: Date, week = { ...WEEK, tiebreakerGameId: 'g5' }): LiveLeaderboard {
  // In kickoff order, then by id, as the store reads them (liveGamesOf).
  const games = [...rows].sort((a, b) => a.game.gameTimeUtc.getTime() - b.game.gameTimeUtc.getTime() || a.game.espnId.localeCompare(b.game.espnId));
  const players = standingsOf({ members, picks, stored: [], gameOf: gamesById(games) });
  const tiebreak = weekTiebreakOf(week, { players, predictions, tiebreakerGame: null });
  return presentLiveBoard({ pool: POOL, week, games, players, tiebreak }, { access: 'FULL_ACCESS', overrides: [], poolWeeks: [week], now });
}

/** A seeded generator (mulberry32): the same game day every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATUSES: GameStatus[] = ['SCHEDULED', 'IN_PROGRESS', 'IN_PROGRESS', 'COMPLETE', 'COMPLETE', 'POSTPONED', 'CANCELLED'];

/** `row` as the provider moves it at `at`: a random status, scores (or none), quarter and clock. */
function moved(row: LiveGameRow, random: () => number, at: Date): LiveGameRow {
  const status = STATUSES[Math.floor(random() * STATUSES.length)]!;
  const scored = status === 'IN_PROGRESS' || status === 'COMPLETE' || random() < 0.2;
  const homeScore = scored ? Math.floor(random() * 35) : null;
  const awayScore = scored ? Math.floor(random() * 35) : null;
  return {
    ...row,
    game: {
      ...row.game,
      status,
      homeScore,
      awayScore,
      currentPeriod: status === 'IN_PROGRESS' ? 1 + Math.floor(random() * 5) : null,
      gameClock: status === 'IN_PROGRESS' ? `${Math.floor(random() * 15)}:00` : null,
      statusDetail: random() < 0.2 ? 'Halftime' : null,
      gameTimeUtc: random() < 0.1 ? new Date(row.game.gameTimeUtc.getTime() + 3_600_000) : row.game.gameTimeUtc,
      updatedAt: at,
    },
  };
}

describe('liveBoardWithGames: a board moved by games frames is the board the server builds', () => {
  const start = [
    liveGame('g1', {}, { spread: -3 }),
    liveGame('g2', {}, { spread: 2.5, minutes: 0 }),
    liveGame('g3', {}, { spread: 7, minutes: 60 }),
    liveGame('g4', {}, { spread: -1, minutes: 60, voided: true }),
    liveGame('g5', {}, { spread: 0, minutes: 180 }),
  ];

  it('should give the server board after every change of a seeded game day, one frame at a time and all at once', () => {
    const random = seeded(20251214);
    let games = start;
    const first = serverBoard(games, KICKOFF);
    expect(isFrameFedBoard(first)).toBe(true);
    let followed = first;
    const frames: Array<{ games: ReturnType<typeof presentGameFacts>[]; generatedAt: string }> = [];
    for (let step = 1; step <= 300; step += 1) {
      const at = new Date(KICKOFF.getTime() + step * 2_000);
      const changed = new Set(games.filter(() => random() < 0.4).map((g) => g.game.espnId));
      games = games.map((g) => (changed.has(g.game.espnId) ? moved(g, random, at) : g));
      const frame = { games: games.filter((g) => changed.has(g.game.espnId)).map(presentGameFacts), generatedAt: at.toISOString() };
      frames.push(frame);
      const expected = serverBoard(games, changed.size > 0 ? at : new Date(followed.metadata.generatedAt));
      followed = liveBoardWithGames(followed, frame.games, frame.generatedAt);
      expect(JSON.stringify(followed)).toBe(JSON.stringify(expected));
    }
    // The hub's way: the newest facts of every game at once, stamped with the last frame that moved the board.
    const newest = new Map(frames.flatMap((f) => f.games).map((g) => [g.gameId, g]));
    const lastMoving = frames.filter((f) => f.games.length > 0).at(-1)!.generatedAt;
    expect(JSON.stringify(liveBoardWithGames(first, [...newest.values()], lastMoving))).toBe(JSON.stringify(followed));
  });

  it('should skip facts no newer than the board and games it does not show, returning the same board', () => {
    const board = serverBoard(start, KICKOFF);
    const stale = presentGameFacts(moved(start[0]!, seeded(1), KICKOFF));
    const elsewhere = { ...presentGameFacts(moved(start[0]!, seeded(2), new Date(KICKOFF.getTime() + 60_000))), gameId: 'other' };
    expect(liveBoardWithGames(board, [stale, elsewhere], new Date().toISOString())).toBe(board);
  });

  it('should leave boards whose week names winners, or with a pick off the board, to the server', () => {
    const now = new Date(KICKOFF.getTime() + 60_000);
    expect(isFrameFedBoard(serverBoard(start, now, { ...WEEK, tiebreakerGameId: 'g5', state: 'SCORING' }))).toBe(false);
    expect(isFrameFedBoard(serverBoard(start, now, { ...WEEK, tiebreakerGameId: 'g5', state: 'COMPLETE' }))).toBe(false);
    // A commissioner's power pick on a game the pool did not publish (scored straight up, off the board).
    const board = serverBoard(start, now);
    const offBoard = {
      ...board,
      standings: board.standings.map((s, i) => (i === 0 ? { ...s, picks: [...s.picks, { ...s.picks[0]!, gameId: 'unpublished' }] } : s)),
    };
    expect(isFrameFedBoard(offBoard)).toBe(false);
  });

  it('should carry no pick and no pool in a frame', () => {
    const facts = presentGameFacts(start[0]!);
    expect(Object.keys(facts)).not.toEqual(expect.arrayContaining(['poolGameId']));
    for (const key of ['poolGameId', 'spread', 'ruledVoid', 'isVoid', 'cover', 'homeTeamEspnId', 'picks']) expect(facts).not.toHaveProperty(key);
  });
});
