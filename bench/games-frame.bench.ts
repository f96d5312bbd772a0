/**
 * `npm run bench:frame`: what a `games` frame costs the page (docs/architecture.md#a-scores-path).
 *
 * A browser holding a live board scores it again on every frame (`liveBoardWithGames`, the same
 * functions the server builds the board with). This times that step alone, in Node, for a pool of
 * BENCH_MEMBERS (default 1,000) members with three picks and a power pick each on 13 games, over
 * BENCH_RUNS (default 200) frames that each move one game being played (a new score and clock),
 * after a warm-up; prints p50, p95 and max in ms. A phone is slower than this machine (the page
 * audit's 4x CPU slowdown): multiply by about 4 for a slow phone, and add the render.
 */
import { liveBoardWithGames, type LiveGame, type LiveGameFacts, type LiveLeaderboard, type LiveStanding } from '@powerpool/contracts';
import { envInt } from './support.js';

const members = envInt('BENCH_MEMBERS', 1_000);
const runs = envInt('BENCH_RUNS', 200);
const GAMES = 13;
const KICKOFF = Date.parse('2025-09-14T17:00:00.000Z');

const games: LiveGame[] = Array.from({ length: GAMES }, (_, i) => ({
  gameId: `g${String(i).padStart(2, '0')}`,
  poolGameId: `pg${i}`,
  gameTime: new Date(KICKOFF + Math.floor(i / 4) * 3 * 3_600_000).toISOString(),
  homeTeam: `Home ${i}`,
  awayTeam: `Away ${i}`,
  homeTeamAbbr: `H${i}`,
  awayTeamAbbr: `A${i}`,
  homeTeamLogo: null,
  awayTeamLogo: null,
  status: 'IN_PROGRESS',
  quarter: 2,
  clock: '7:00',
  statusDetail: null,
  homeScore: 10,
  awayScore: 7,
  spread: (i % 7) - 3.5,
  isVoid: false,
  cover: null,
  venue: null,
  homeTeamEspnId: `h${i}`,
  awayTeamEspnId: `a${i}`,
  ruledVoid: false,
  updatedAt: new Date(KICKOFF).toISOString(),
}));

const standings: LiveStanding[] = Array.from({ length: members }, (_, m) => ({
  userId: `u${m}`,
  displayName: `Player ${m}`,
  rank: 1,
  weekPoints: 0,
  seasonPoints: m % 40,
  rawPoints: 0,
  powerBonus: 0,
  powerEffect: 'pending',
  possiblePointsRemaining: 12,
  hasPicks: true,
  picks: [3, 2, 1, 0].map((rank, k) => {
    const game = games[(m + k * 3) % GAMES]!;
    const home = (m + k) % 2 === 0;
    return {
      gameId: game.gameId,
      selectedTeamEspnId: home ? game.homeTeamEspnId : game.awayTeamEspnId,
      selectedTeamAbbr: home ? game.homeTeamAbbr : game.awayTeamAbbr,
      selectedTeamLogo: null,
      confidenceRank: rank,
      isPowerPick: rank === 0,
      isCorrect: null,
      result: 'PENDING',
      pointsEarned: null,
      covering: null,
    };
  }),
}));

let board: LiveLeaderboard = {
  status: 'ok',
  message: null,
  standings,
  gamesCentric: games,
  impactGames: [],
  overrides: [],
  consensus: {},
  metadata: {
    poolId: 'p',
    poolName: 'Bench Pool',
    year: 2025,
    weekNumber: 2,
    weekDisplayName: 'Week 2',
    currentState: 'GAMES_IN_PROGRESS',
    pickDeadline: new Date(KICKOFF - 600_000).toISOString(),
    gamesInProgress: true,
    picksAvailable: true,
    accessLevel: 'FULL_ACCESS',
    allWeeks: [],
    generatedAt: new Date(KICKOFF).toISOString(),
  },
};

/** Frame `n`: one game being played scores or runs its clock. */
function frame(n: number): { games: LiveGameFacts[]; generatedAt: string } {
  const game = board.gamesCentric[n % GAMES]!;
  const at = new Date(KICKOFF + (n + 1) * 2_000).toISOString();
  const { poolGameId: _p, spread: _s, isVoid: _v, cover: _c, homeTeamEspnId: _h, awayTeamEspnId: _a, ruledVoid: _r, ...facts } = game;
  return {
    games: [
      {
        ...facts,
        homeScore: (game.homeScore ?? 0) + (n % 3 === 0 ? 7 : 0),
        clock: `${n % 15}:00`,
        status: n % 50 === 49 ? 'COMPLETE' : 'IN_PROGRESS',
        updatedAt: at,
      },
    ],
    generatedAt: at,
  };
}

for (let n = 0; n < 50; n++) board = liveBoardWithGames(board, frame(n).games, frame(n).generatedAt);
const times: number[] = [];
for (let n = 50; n < 50 + runs; n++) {
  const { games: facts, generatedAt } = frame(n);
  const start = performance.now();
  board = liveBoardWithGames(board, facts, generatedAt);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
console.log(
  `liveBoardWithGames, ${members} members x 4 picks, 13 games, ${runs} frames: p50 ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
);
