import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import {
  SESSION_COOKIE,
  type GamesStreamEvent,
  type ImportScoresReply,
  type PublishReply,
  type ScoringReviewReply,
  type SeasonLeaderboardEntry,
  type WeekGame,
} from '@powerpool/contracts';
import { readEventStream } from './event-stream.js';
import { signIn, type SignedIn } from './sign-in.js';
import { pushSeasonThroughGateway, WILD_CARD_PICKS, WILD_CARD_SPREADS, WILD_CARD_WEEK, wildCardBatch, type WildCardPick } from './wild-card.js';

/**
 * The Wild Card week as fast as the API answers, for the slow bus test mode (docs/development.md#the-slow-bus; embedded
 * mode and cluster mode run it: deploy/embedded/test/slow-bus.test.ts,
 * deploy/cluster/test/slow-bus.test.ts). Every request of the story goes out as soon as the
 * previous one answered, never after waiting for an event: a commissioner clicking Update Scores
 * from ESPN, Move to Scoring Phase, Calculate User Scores and Complete Week one after the other.
 * Meanwhile the bus holds every event for a random delay, so the services' copies (picks-scoring's
 * games and week state, weeks-workflow's pools) lag behind the service that answered.
 *
 * A step that finds its service's copy behind answers 409 `still_syncing` (docs/cross-service-decisions.md):
 * the story reads it, pauses and sends the step again, as a commissioner would, and counts it.
 * Today's code refuses such a step with another answer instead (a pool or member it does not know
 * yet, a week not published or not in SCORING yet): `LAG_ANSWERS` names those; they are retried
 * the same way so the story reaches its end, and reported as findings (they should be
 * `still_syncing`). Any other error fails at once.
 *
 * Checked once the system settled (polling the checks only): no pick PENDING on a game that is
 * final, each player's week points and season total what docs/game.md#points gives by hand.
 */

/** The year of the recorded season. */
const YEAR = 2025;
/** A step refused with `still_syncing` (or a lag answer) is sent again after this pause ... */
export const RETRY_PAUSE_MS = 300;
/** ... at most this many times. */
export const MAX_RETRIES = 30;
/** How long the checks may wait for the copies to settle after Complete Week (the bus lag of a few events per consumer). */
const SETTLE_MS = 15_000;

/** The pool's games (home-relative spreads in WILD_CARD_SPREADS) and the recorded finals: */
const G = {
  /** LAR 34 @ CAR 31, CAR +10.5: CAR covers. */
  larCar: '401772979',
  /** GB 27 @ CHI 31, CHI -1.5: CHI covers. */
  gbChi: '401772981',
  /** BUF 27 @ JAX 24, JAX +3: push. */
  bufJax: '401772977',
  /** SF 23 @ PHI 19, PHI -4.5: SF covers. */
  sfPhi: '401772980',
} as const;
/** ESPN team ids. */
const T = { LAR: '14', CAR: '29', GB: '9', CHI: '3', BUF: '2', JAX: '30', SF: '25', PHI: '21' } as const;

/** A player of the story: who, the picks (rank 0: power) and the week's points by docs/game.md#points, worked out by hand. */
export interface StoryPlayer {
  email: string;
  picks: readonly WildCardPick[];
  points: number;
}

/**
 * Six players covering wins, losses, pushes and the power pick's x2, x0 and push (x1).
 * Points: the confidence picks won (3/2/1; a loss or a push 0), times 2 when the power pick wins,
 * 0 when it loses, 1 when it pushes.
 */
export const STORY_PLAYERS: readonly StoryPlayer[] = [
  // CAR 3 W, GB 2 L, BUF 1 push, power SF W: (3 + 0 + 0) x2 = 6 (libs/testing wild-card.ts).
  { email: 'player@powerpool.test', picks: WILD_CARD_PICKS.pat, points: 6 },
  // LAR 3 L, CHI 2 W, SF 1 W, power JAX push: (0 + 2 + 1) x1 = 3.
  { email: 'player2@powerpool.test', picks: WILD_CARD_PICKS.casey, points: 3 },
  // CAR 3 W, CHI 2 W, SF 1 W, power BUF push: (3 + 2 + 1) x1 = 6.
  {
    email: 'robin.slowbus@powerpool.test',
    picks: [
      [G.larCar, T.CAR, 3],
      [G.gbChi, T.CHI, 2],
      [G.sfPhi, T.SF, 1],
      [G.bufJax, T.BUF, 0],
    ],
    points: 6,
  },
  // LAR 3 L, GB 2 L, JAX 1 push, power PHI L: (0 + 0 + 0) x0 = 0.
  {
    email: 'sam.slowbus@powerpool.test',
    picks: [
      [G.larCar, T.LAR, 3],
      [G.gbChi, T.GB, 2],
      [G.bufJax, T.JAX, 1],
      [G.sfPhi, T.PHI, 0],
    ],
    points: 0,
  },
  // SF 3 W, CHI 2 W, BUF 1 push, power CAR W: (3 + 2 + 0) x2 = 10.
  {
    email: 'alex.slowbus@powerpool.test',
    picks: [
      [G.sfPhi, T.SF, 3],
      [G.gbChi, T.CHI, 2],
      [G.bufJax, T.BUF, 1],
      [G.larCar, T.CAR, 0],
    ],
    points: 10,
  },
  // JAX 3 push, CAR 2 W, GB 1 L, power SF W: (0 + 2 + 0) x2 = 4.
  {
    email: 'jo.slowbus@powerpool.test',
    picks: [
      [G.bufJax, T.JAX, 3],
      [G.larCar, T.CAR, 2],
      [G.gbChi, T.GB, 1],
      [G.sfPhi, T.SF, 0],
    ],
    points: 4,
  },
];

/**
 * Today's answers of a step whose service has not heard the event it needs yet (kind of step ->
 * error codes), seen on this story under the slow bus. They mean "too early" but say something
 * else; a copy that is behind answers `still_syncing` instead (docs/cross-service-decisions.md).
 */
export const LAG_ANSWERS: Readonly<Record<string, readonly string[]>> = {
  // weeks-workflow does not know the pool yet (pools.pool.created on its way).
  spread: ['pool_not_found'],
  publish: ['pool_not_found'],
  // picks-scoring does not know the member or the published week yet.
  picks: ['pool_not_found', 'not_a_member', 'week_not_published', 'game_not_in_week', 'game_not_available'],
  // picks-scoring has not seen the week move to SCORING yet.
  calculate: ['week_not_in_scoring'],
};

/** The replay's game-day control (embedded mode's `replay` and the cluster's `cluster.replay`). */
export interface GameDayReplay {
  gameDay: {
    start(options?: { kickoffInSeconds?: number }): void;
    status(): { on: boolean; games?: Array<{ espnId: string; status: string }> };
  };
}

export interface SlowBusStoryOptions {
  /** The gateway's URL. */
  url: string;
  /** The dev accounts' password. */
  password: string;
  /** The replay in game-day mode (ESPN_REPLAY_GAMEDAY=on, the live feed off), its kickoff far ahead. */
  replay: GameDayReplay;
  /** Printed with every line, to replay the run (BUS_DELAY_SEED). */
  label: string;
  log?: (line: string) => void;
}

/** One request of the story: how it went. */
export interface StepRecord {
  step: string;
  status: number;
  /** Times it answered 409 still_syncing before it went through. */
  stillSyncing: number;
  /** Today's lag answers it got before it went through (code each time). */
  lagAnswers: string[];
  ms: number;
}

/** What the story saw, for the checks. */
export interface SlowBusStoryResult {
  steps: StepRecord[];
  /** The scoring review once settled (or at the end of SETTLE_MS). */
  review: ScoringReviewReply;
  /** The season leaderboard once settled, by e-mail: [total points, weeks played]. */
  season: Record<string, [number, number]>;
  /** The picks still PENDING on a game the Update Scores reply says is final: "email game rank". */
  pendingOnFinal: string[];
  /** Each player's week points in the review, by e-mail. */
  weekPoints: Record<string, number>;
  /** What the players should have (STORY_PLAYERS), by e-mail; the commissioner has no picks: 0. */
  expected: Record<string, number>;
  /** Game id -> final, as Update Scores from ESPN answered. */
  finalGames: string[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error code of a reply body in the one error shape, if it is one. */
function errorCode(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Setup, not the story: waits until the pushed season's Wild Card games are in weeks-workflow's
 * copy (the games a commissioner sets spreads on) and picks-scoring's (its games stream), as
 * the other tests' setup does before a pool is made.
 */
async function seasonCopied(url: string, commissioner: SignedIn, label: string): Promise<void> {
  const wanted = Object.keys(WILD_CARD_SPREADS);
  const has = (ids: string[]) => wanted.every((id) => ids.includes(id));
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await commissioner.get(`/api/weeks/${WILD_CARD_WEEK}/games/setup?year=${YEAR}`);
    if (res.status === 200 && has(((await res.json()) as WeekGame[]).map((g) => g.id))) break;
    if (res.status !== 200) await res.body?.cancel();
    if (Date.now() > until) throw new Error(`[${label}] the season did not reach weeks-workflow`);
    await pause(250);
  }
  for (;;) {
    const res = await fetch(`${url}/api/seasons/${YEAR}/weeks/${WILD_CARD_WEEK}/games/stream`, {
      headers: { cookie: `${SESSION_COOKIE}=${commissioner.sessionId}` },
    });
    if (res.status === 200) {
      const stream = readEventStream(res);
      try {
        const first = (await stream.nextEvent<GamesStreamEvent>()).data;
        if (first.type === 'snapshot' && has(first.games.map((g) => g.gameId))) return;
      } finally {
        await stream.close();
      }
    } else {
      await res.body?.cancel();
    }
    if (Date.now() > until) throw new Error(`[${label}] the season did not reach picks-scoring`);
    await pause(250);
  }
}

/** Runs the story once on a fresh app (its own database) whose bus is in the slow mode. */
export async function runSlowBusStory(options: SlowBusStoryOptions): Promise<SlowBusStoryResult> {
  const { url, password, replay, label } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const steps: StepRecord[] = [];

  /**
   * One click: sent now, and again after a pause while it answers still_syncing (or one of
   * today's lag answers of its `kind`); any other answer than `expected` fails the story.
   */
  const act = async ({
    step,
    kind,
    call,
    expected = 200,
  }: {
    step: string;
    kind: string | null;
    call: () => Promise<Response>;
    expected?: number;
  }): Promise<string> => {
    const record: StepRecord = { step, status: 0, stillSyncing: 0, lagAnswers: [], ms: 0 };
    steps.push(record);
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      const res = await call();
      const text = await res.text();
      record.status = res.status;
      record.ms = Date.now() - started;
      if (res.status === expected) return text;
      const code = errorCode(text);
      const syncing = res.status === 409 && code === 'still_syncing';
      const lag = !syncing && kind !== null && code !== undefined && (LAG_ANSWERS[kind] ?? []).includes(code);
      if (!syncing && !lag) throw new Error(`[${label}] ${step}: ${res.status} ${text.slice(0, 500)}`);
      if (attempt >= MAX_RETRIES) throw new Error(`[${label}] ${step}: still ${res.status} ${code} after ${MAX_RETRIES} retries`);
      if (syncing) record.stillSyncing += 1;
      else record.lagAnswers.push(`${res.status} ${code}`);
      await pause(RETRY_PAUSE_MS);
    }
  };

  // Setup (may wait: not the point): everyone signed in, the 2025 season in production.
  const admin = await signIn(url, 'admin@powerpool.test', password);
  const commissioner = await signIn(url, 'commissioner@powerpool.test', password);
  const players = new Map<StoryPlayer, SignedIn>();
  for (const player of STORY_PLAYERS) players.set(player, await signIn(url, player.email, password));
  await pushSeasonThroughGateway(admin, YEAR);
  await seasonCopied(url, commissioner, label);
  // The replayed round kicks off now, games final within the game day's minutes (the live feed is
  // off: only Update Scores from ESPN brings the scores in). Kickoffs the services know stay those
  // of the import, a day ahead, so the week can still be published and picked.
  replay.gameDay.start({ kickoffInSeconds: 0 });

  // The story: every request as soon as the previous one answered.
  const t0 = Date.now();
  const pool = JSON.parse(
    await act({
      step: 'create pool',
      kind: null,
      call: () => commissioner.post('/api/pools', { name: `Slow bus ${label} ${randomInt(1e9)}`, year: YEAR, allowsPostseason: true }),
      expected: 201,
    }),
  ) as { id: string };
  const week = `/api/pools/${pool.id}/weeks/${WILD_CARD_WEEK}`;
  const invitation = JSON.parse(
    await act({ step: 'invite', kind: null, call: () => commissioner.post(`/api/pools/${pool.id}/invitations`, {}), expected: 201 }),
  ) as {
    invitationToken: string;
  };
  for (const [player, who] of players)
    await act({ step: `join ${player.email}`, kind: null, call: () => who.post(`/api/invitations/${invitation.invitationToken}/use`) });
  for (const [gameId, spread] of Object.entries(WILD_CARD_SPREADS)) {
    await act({ step: `spread ${gameId}`, kind: 'spread', call: () => commissioner.put(`/api/pools/${pool.id}/spreads/${gameId}`, { spread }) });
  }
  const published = JSON.parse(
    await act({ step: 'publish', kind: 'publish', call: () => commissioner.post(`${week}/games/publish`, { gameIds: Object.keys(WILD_CARD_SPREADS) }) }),
  ) as PublishReply;
  const poolGameOf = Object.fromEntries(published.games.map((g) => [g.id, g.poolGameId]));
  for (const [player, who] of players) {
    await act({ step: `picks ${player.email}`, kind: 'picks', call: () => who.post('/api/picks/batch', wildCardBatch(pool.id, poolGameOf, player.picks)) });
  }
  await act({ step: 'start games (Testing tab)', kind: null, call: () => commissioner.post(`${week}/transition/games-in-progress`, { testing: true }) });

  // The round is played (the replay's clock, not an event): every game final at ESPN.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const games = replay.gameDay.status().games ?? [];
    const chosen = games.filter((g) => g.espnId in WILD_CARD_SPREADS);
    if (chosen.length === Object.keys(WILD_CARD_SPREADS).length && chosen.every((g) => g.status.startsWith('STATUS_FINAL'))) break;
    if (Date.now() > deadline) throw new Error(`[${label}] the replayed round did not end: ${JSON.stringify(games)}`);
    await pause(250);
  }

  // The commissioner's four clicks, back to back.
  const imported = JSON.parse(
    await act({ step: 'Update Scores from ESPN', kind: null, call: () => commissioner.post(`${week}/import-scores`) }),
  ) as ImportScoresReply;
  const finalGames = imported.games.filter((g) => g.isComplete).map((g) => g.id);
  await act({ step: 'Move to Scoring Phase', kind: null, call: () => commissioner.post(`${week}/transition/scoring`, {}) });
  await act({ step: 'Calculate User Scores', kind: 'calculate', call: () => commissioner.post(`${week}/scores/calculate`) });
  await act({ step: 'Complete Week', kind: null, call: () => commissioner.post(`${week}/transition/complete`, {}) });
  const storyMs = Date.now() - t0;

  // The checks, once the copies settled (polled; the actions above never waited).
  const expected: Record<string, number> = Object.fromEntries(STORY_PLAYERS.map((p) => [p.email, p.points]));
  expected['commissioner@powerpool.test'] = 0;
  const observe = async () => {
    const reviewRes = await commissioner.get(`${week}/scoring-review`);
    if (reviewRes.status !== 200) throw new Error(`[${label}] scoring review: ${reviewRes.status} ${await reviewRes.text()}`);
    const review = (await reviewRes.json()) as ScoringReviewReply;
    const seasonRes = await commissioner.get(`/api/pools/${pool.id}/seasons/${YEAR}/leaderboard`);
    if (seasonRes.status !== 200) throw new Error(`[${label}] season leaderboard: ${seasonRes.status} ${await seasonRes.text()}`);
    const emailOf = new Map(review.rows.map((r) => [r.userId, r.email]));
    const season = Object.fromEntries(
      ((await seasonRes.json()) as SeasonLeaderboardEntry[]).map((e) => [
        emailOf.get(e.user.id) ?? e.user.displayName,
        [e.totalPoints, e.weeksPlayed] as [number, number],
      ]),
    );
    const pendingOnFinal = review.rows.flatMap((r) =>
      r.picks.filter((p) => p.result === 'PENDING' && finalGames.includes(p.gameId)).map((p) => `${r.email} ${p.gameId} rank ${p.confidenceRank}`),
    );
    const weekPoints = Object.fromEntries(review.rows.map((r) => [r.email, r.totalPoints]));
    return { review, season, pendingOnFinal, weekPoints };
  };
  const settled = (o: Awaited<ReturnType<typeof observe>>) =>
    o.review.state === 'COMPLETE' &&
    o.pendingOnFinal.length === 0 &&
    Object.entries(expected).every(
      ([email, points]) =>
        o.weekPoints[email] === points && o.season[email]?.[0] === points && o.season[email]?.[1] === (email.startsWith('commissioner') ? 0 : 1),
    );
  const settleBy = Date.now() + SETTLE_MS;
  let seen = await observe();
  while (!settled(seen) && Date.now() < settleBy) {
    await pause(500);
    seen = await observe();
  }

  const retried = steps.filter((s) => s.stillSyncing > 0 || s.lagAnswers.length > 0);
  log(
    `[slow bus ${label}] story ${storyMs} ms, ${steps.length} requests; still_syncing retries ${steps.reduce((n, s) => n + s.stillSyncing, 0)}, ` +
      `lag answers (not still_syncing) ${steps.reduce((n, s) => n + s.lagAnswers.length, 0)}` +
      (retried.length
        ? `: ${retried.map((s) => `${s.step} [${[...(s.stillSyncing ? [`${s.stillSyncing}x still_syncing`] : []), ...s.lagAnswers].join(', ')}]`).join('; ')}`
        : ''),
  );
  log(
    `[slow bus ${label}] the four clicks: ${steps
      .slice(-4)
      .map((s) => `${s.step} ${s.status} in ${s.ms} ms`)
      .join(', ')}`,
  );
  log(
    `[slow bus ${label}] ${settled(seen) ? 'settled' : `NOT settled after ${SETTLE_MS} ms`}: PENDING on final games ${JSON.stringify(seen.pendingOnFinal)}; ` +
      `week points ${JSON.stringify(seen.weekPoints)}; season ${JSON.stringify(seen.season)}; expected ${JSON.stringify(expected)}`,
  );
  return { steps, ...seen, expected, finalGames };
}

/** BUS_DELAY_MAX_MS of the slow bus suites: the env's when set, else 2000 ms. */
export function slowBusMaxDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env.BUS_DELAY_MAX_MS);
  return Number.isInteger(given) && given > 0 ? given : 2000;
}

/** The seeds a slow bus suite runs: SLOW_BUS_SEEDS (comma list) when set, else `count` random ones (printed in the test names). */
export function slowBusSeeds(count = 3, env: NodeJS.ProcessEnv = process.env): number[] {
  const given = (env.SLOW_BUS_SEEDS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (given.length) {
    return given.map((s) => {
      const n = Number(s);
      if (!Number.isInteger(n) || n < 0 || n >= 2 ** 32) throw new Error(`SLOW_BUS_SEEDS: ${s} is not a seed (a whole number from 0 to 4294967295)`);
      return n;
    });
  }
  return Array.from({ length: count }, () => randomInt(2 ** 32 - 1));
}

/**
 * The story's checks, each reported (expect.soft): no PENDING pick on a final game, each
 * player's week points and season total as docs/game.md#points gives them, every game final after
 * Update Scores, and every "too early" answered as `still_syncing` (not one of LAG_ANSWERS).
 */
export function expectSlowBusStoryHeld(result: SlowBusStoryResult, label: string): void {
  expect.soft(result.finalGames.sort(), `[${label}] every game final after Update Scores from ESPN`).toEqual(Object.keys(WILD_CARD_SPREADS).sort());
  expect.soft(result.review.state, `[${label}] the week in the scoring review`).toBe('COMPLETE');
  expect.soft(result.pendingOnFinal, `[${label}] picks PENDING on a final game in the completed week's scoring review`).toEqual([]);
  expect.soft(result.weekPoints, `[${label}] each player's week points in the scoring review`).toEqual(result.expected);
  const season = Object.fromEntries(Object.entries(result.expected).map(([email, points]) => [email, [points, email.startsWith('commissioner') ? 0 : 1]]));
  expect.soft(result.season, `[${label}] the Season Leaderboard (total points, weeks played)`).toEqual(season);
  const lag = result.steps.flatMap((s) => s.lagAnswers.map((a) => `${s.step}: ${a}`));
  expect.soft(lag, `[${label}] steps refused because a copy lagged, with another answer than 409 still_syncing`).toEqual([]);
}
