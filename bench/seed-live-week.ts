import { randomUUID } from 'node:crypto';
import type { Game, Team } from '@powerpool/contracts';
import { buildPoolSnapshot, buildGame, memberEventOf } from '@powerpool/testing';
import type { Embedded } from '../deploy/embedded/src/index.js';

/** A big pool's week 1 on game day, as the live leaderboard benchmarks measure it. */
export interface LiveWeek {
  poolId: string;
  year: number;
  /** The 16 games as picks-scoring last heard of them (8 final, 8 being played). */
  games: Map<string, Game>;
  members: number;
}

/**
 * Seeds embedded mode, through the bus, with exactly the events the other services would send:
 * `members` users (identity.user.registered), a pool owned by `ownerId` with all of them as
 * members (pools.*), the teams and 16 games of week 1 (sports.*), the week published with locked
 * spreads and moved to GAMES_IN_PROGRESS (weeks.*), then half the games final and the rest being
 * played (sports.game.updated). Each member's three picks and a power pick (on four different
 * games) are written straight into picks-scoring's table: saving a thousand batches through a
 * thousand sign-ins would measure the sign-in, not the board. Waits until picks-scoring has it all.
 */
export async function seedLiveWeek(app: Embedded, ownerId: string, members: number, year = 2025): Promise<LiveWeek> {
  const { bus, database } = app.runtime;
  const sql = database.sql;
  const count = async (query: string, params: unknown[]) => (await sql.query<{ n: number }>(query, params))[0]?.n ?? 0;
  const at = new Date().toISOString();
  const userIds = Array.from({ length: members }, () => randomUUID());
  for (const [i, id] of userIds.entries()) {
    await bus.publish('identity.user.registered', {
      user: {
        id,
        email: `member${i}@powerpool.test`,
        displayName: `Member ${i}`,
        firstName: null,
        lastName: null,
        role: 'user',
        hasPaid: false,
        paymentNotes: null,
        createdAt: at,
        updatedAt: at,
      },
    });
  }
  const pool = buildPoolSnapshot(ownerId, { name: 'Bench Pool', year, maxMembers: members });
  await bus.publish('pools.pool.created', { pool });
  for (const id of userIds) await bus.publish('pools.member.joined', memberEventOf(pool, id));
  const teams: Team[] = Array.from({ length: 32 }, (_, i) => ({
    espnId: `t${i}`,
    name: `Team ${i}`,
    shortName: `T${i}`,
    abbreviation: `T${i}`,
    city: 'Bench City',
    color: '333333',
    logoUrl: null,
    darkLogoUrl: null,
  }));
  const kickoff = new Date(Date.now() - 60 * 60_000).toISOString();
  const games: Game[] = Array.from({ length: 16 }, (_, i) =>
    buildGame({
      espnId: `bench-${i}`,
      year,
      weekNumber: 1,
      gameTimeUtc: kickoff,
      homeTeamEspnId: `t${2 * i}`,
      awayTeamEspnId: `t${2 * i + 1}`,
      homeTeamAbbr: `T${2 * i}`,
      awayTeamAbbr: `T${2 * i + 1}`,
      updatedAt: at,
    }),
  );
  await bus.publish('sports.teams.pushed', { teams, deletedEspnIds: [] });
  await bus.publish('sports.games.pushed', { years: [year], games, deletedEspnIds: [] });
  const poolGameIds = games.map(() => randomUUID());
  await bus.publish('weeks.week.published', {
    poolId: pool.id,
    year,
    weekNumber: 1,
    pickDeadline: new Date(Date.now() - 70 * 60_000).toISOString(),
    publishedAt: at,
    games: games.map((g, i) => ({
      gameId: g.espnId,
      poolGameId: poolGameIds[i]!,
      lockedSpread: (i % 7) - 3.5,
      gameTimeUtc: g.gameTimeUtc,
      homeTeamEspnId: g.homeTeamEspnId,
      awayTeamEspnId: g.awayTeamEspnId,
    })),
  });
  await until('the published week', async () => (await count('SELECT count(*)::int AS n FROM picks.pool_weeks WHERE pool_id = $1', [pool.id])) === 1);
  await bus.publish('weeks.week.state-changed', {
    poolId: pool.id,
    year,
    weekNumber: 1,
    fromState: 'PUBLISHED',
    toState: 'GAMES_IN_PROGRESS',
    testing: false,
    automatic: true,
    byUserId: null,
    at,
  });
  let stamp = Date.now() + 1000;
  const current = new Map<string, Game>();
  for (const [i, g] of games.entries()) {
    const live =
      i % 2 === 0
        ? { gameStatus: 'COMPLETE' as const, homeScore: 17 + (i % 5) * 3, awayScore: 20, currentPeriod: 4, gameClock: '0:00' }
        : { gameStatus: 'IN_PROGRESS' as const, homeScore: 7 + i, awayScore: 10, currentPeriod: 3, gameClock: '5:12' };
    const next = { ...g, ...live, updatedAt: new Date(stamp++).toISOString() };
    current.set(g.espnId, next);
    await bus.publish('sports.game.updated', { game: next, changed: ['gameStatus', 'homeScore', 'awayScore'] });
  }
  await until('the members', async () => (await count('SELECT count(*)::int AS n FROM picks.pool_members WHERE pool_id = $1', [pool.id])) === members, 600_000);
  await until(
    'the game updates',
    async () => (await count("SELECT count(*)::int AS n FROM picks.games WHERE espn_id LIKE 'bench-%' AND status <> 'SCHEDULED'", [])) === games.length,
  );
  // Picks: ranks 3, 2, 1 and the power pick on four different games per member.
  const insert =
    'INSERT INTO picks.picks (id, pool_id, user_id, year, week_number, game_id, pool_game_id, selected_team_espn_id, confidence_rank, is_power_pick, entered_by, created_at, updated_at) VALUES ';
  const values: string[] = [];
  const params: unknown[] = [];
  for (const [m, userId] of userIds.entries()) {
    for (const [slot, rank] of [3, 2, 1, 0].entries()) {
      const g = (m + slot * 3) % games.length;
      const game = games[g]!;
      const team = (m + slot) % 2 === 0 ? game.homeTeamEspnId : game.awayTeamEspnId;
      params.push(randomUUID(), pool.id, userId, year, 1, game.espnId, poolGameIds[g], team, rank, rank === 0, userId);
      const base = params.length - 11;
      values.push(
        `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}, $${base + 8}, $${base + 9}, $${base + 10}, $${base + 11}, now(), now())`,
      );
      if (params.length > 30_000) {
        await sql.query(insert + values.join(', '), params);
        values.length = 0;
        params.length = 0;
      }
    }
  }
  if (values.length) await sql.query(insert + values.join(', '), params);
  return { poolId: pool.id, year, games: current, members };
}

/** Waits until `check` holds (every 50 ms), or throws after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
