import pg from 'pg';
import type { ErrorBody, SavedPick, PublishedGame } from '@powerpool/contracts';
import type { SignedIn } from './helpers.js';

/**
 * Picks saves as the fault and load tests send and check them: one save is a whole week's choice
 * (ranks 3, 2, 1 and maybe a power pick, each on its own game with one of its two teams); every
 * request is recorded with what was sent and what came back; what a player has stored is read
 * back through the API and compared with the saves they sent.
 */

/** A published game of the week: its id, pool game id and two teams. */
export interface WeekGame {
  id: string;
  poolGameId: string;
  teams: [string, string];
}

/** The published games of a pool week, as a member reads them. */
export async function weekGames(player: SignedIn, poolId: string, weekNumber: number): Promise<WeekGame[]> {
  const res = await player.get(`/api/pools/${poolId}/weeks/${weekNumber}/games/published`);
  if (res.status !== 200) throw new Error(`published games: ${res.status} ${await res.text()}`);
  return ((await res.json()) as PublishedGame[]).map((g) => ({ id: g.id, poolGameId: g.poolGameId, teams: [g.homeTeam.espnId, g.awayTeam.espnId] }));
}

/** One pick of a save: the game, the team, the rank (0: the power pick). */
export interface ChosenPick {
  gameId: string;
  team: string;
  rank: number;
}

/** How many different full saves (with a power pick) `choiceOf` makes on a week of `games` games: ordered choices of 4 x 16 team choices. */
export const distinctFullSaves = (games: number): number => games * (games - 1) * (games - 2) * (games - 3) * 16;

/**
 * The save number `n` on a week of four or more games: four different games in the order `n`
 * picks (mixed radix over the games left) get ranks 3, 2, 1 and the power pick, the team on each
 * from the low four bits of `n`; `withPower` false leaves out the power pick (a three-pick save).
 * Different `n` below distinctFullSaves(games.length) give different full saves.
 */
export function choiceOf(games: readonly WeekGame[], n: number, withPower = true): ChosenPick[] {
  if (games.length < 4) throw new Error(`choiceOf needs a week of four games or more, got ${games.length}`);
  const bits = n % 16;
  let rest = Math.floor(n / 16);
  const left = [...games];
  const picks = [3, 2, 1, 0].map((rank, i) => {
    const [game] = left.splice(rest % left.length, 1);
    rest = Math.floor(rest / (left.length + 1));
    return { gameId: game!.id, team: game!.teams[(bits >> i) & 1]!, rank };
  });
  return withPower ? picks : picks.slice(0, 3);
}

/** The body of POST /api/picks/batch for `picks` (the week's id is `<year>:<weekNumber>`). */
export function batchBody(poolId: string, year: number, weekNumber: number, games: readonly WeekGame[], picks: readonly ChosenPick[]) {
  return {
    weekId: `${year}:${weekNumber}`,
    picks: picks.map((p) => ({
      poolId,
      poolGameId: games.find((g) => g.id === p.gameId)!.poolGameId,
      gameEspnCompetitionId: p.gameId,
      selectedTeamEspnId: p.team,
      confidenceRank: p.rank,
      isPowerPick: p.rank === 0,
      weekNumber,
    })),
  };
}

/** A save (or stored picks) as one comparable string: `rank:game:team` by rank, `|`-joined; '' for none. */
export const saveKey = (picks: ReadonlyArray<ChosenPick>): string =>
  [...picks]
    .sort((a, b) => b.rank - a.rank)
    .map((p) => `${p.rank}:${p.gameId}:${p.team}`)
    .join('|');

/** One request and its outcome: `status` is the HTTP status, or 'hung' (no answer in time) or 'network' (no HTTP answer). */
export interface SaveRecord {
  player: string;
  /** The player's n-th request, from 0. */
  seq: number;
  /** saveKey of what was sent. */
  sent: string;
  status: number | 'hung' | 'network';
  /** The error reply's body (non-2xx), or the network error's message. */
  error?: ErrorBody | string;
  /** Date.now() when it was sent and when the answer (or the failure) came. */
  sentAt: number;
  answeredAt: number;
}

export const isOk = (r: SaveRecord): boolean => typeof r.status === 'number' && r.status >= 200 && r.status < 300;

/**
 * Sends one save through the gateway and records it; a request not answered within `timeoutMs`
 * is recorded as 'hung' (aborted), never waited on.
 */
export async function recordedSave(
  who: { email: string; session: SignedIn; cookie: string },
  url: string,
  body: ReturnType<typeof batchBody>,
  sent: string,
  seq: number,
  timeoutMs: number,
): Promise<SaveRecord> {
  const sentAt = Date.now();
  const base = { player: who.email, seq, sent, sentAt };
  try {
    const res = await fetch(`${url}/api/picks/batch`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    const record: SaveRecord = { ...base, status: res.status, answeredAt: Date.now() };
    if (res.status >= 300) {
      try {
        record.error = JSON.parse(text) as ErrorBody;
      } catch {
        record.error = text;
      }
    }
    return record;
  } catch (err) {
    const name = (err as Error).name;
    const hung = name === 'TimeoutError' || name === 'AbortError';
    return { ...base, status: hung ? 'hung' : 'network', error: `${name}: ${(err as Error).message}`, answeredAt: Date.now() };
  }
}

/** What a player has stored for the week, read through the API (GET /api/weeks/<year>:<week>/picks). */
export async function storedKey(player: SignedIn, poolId: string, year: number, weekNumber: number): Promise<string> {
  const res = await player.get(`/api/weeks/${year}:${weekNumber}/picks?poolId=${poolId}`);
  if (res.status !== 200) throw new Error(`stored picks: ${res.status} ${await res.text()}`);
  const picks = (await res.json()) as SavedPick[];
  return saveKey(picks.map((p) => ({ gameId: p.gameId, team: p.selectedTeamEspnId, rank: p.confidenceRank })));
}

/** The one error reply shape: `{ error, message, details? }` with a non-empty code and message. */
export const isErrorReply = (body: unknown): body is ErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as ErrorBody).error === 'string' &&
  (body as ErrorBody).error.length > 0 &&
  typeof (body as ErrorBody).message === 'string' &&
  (body as ErrorBody).message.length > 0;

/**
 * The picks rows of a pool week in the database (picks-scoring's schema), one saveKey per player
 * who has any; a rank stored twice for a player shows as two entries of that rank in the key.
 */
export async function picksRowsByPlayer(databaseUrl: string, poolId: string, weekNumber: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ user_id: string; confidence_rank: number; game_id: string; selected_team_espn_id: string }>(
      'SELECT user_id, confidence_rank, game_id, selected_team_espn_id FROM picks.picks WHERE pool_id = $1 AND week_number = $2',
      [poolId, weekNumber],
    );
    const byUser = new Map<string, ChosenPick[]>();
    for (const r of rows)
      byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), { gameId: r.game_id, team: r.selected_team_espn_id, rank: r.confidence_rank }]);
    return [...byUser.values()].map(saveKey);
  } finally {
    await client.end();
  }
}

/** How many events of a service's outbox (`schema`: picks, pools, weeks, ...) are not published yet. */
export async function unpublishedEvents(databaseUrl: string, schema: string): Promise<number> {
  if (!/^[a-z_]+$/.test(schema)) throw new Error(`not a schema name: ${schema}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.outbox WHERE published_at IS NULL`);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}
