import { RPC, type Game, type RefreshWeekReply, type UnscoredPicksReply, type UnscoredPicksRequest } from '@powerpool/contracts';
import type { BusMessage, Subscription } from '@powerpool/service-kit';
import { buildGame, call, startServiceHarness, TEAMS, YEAR, type Person, type ServiceHarness } from '@powerpool/testing';
import { buildApp } from '../src/app.js';
import { loadWeeksWorkflowConfig } from '../src/config.js';

/**
 * weeks-workflow's harness: the service with picks-scoring as its peer on the bus, its season, and
 * its own API calls. The people, the teams, and what other services announce (pools, members,
 * games) come from @powerpool/testing (world.ts), re-exported here so a suite imports one place.
 */
export {
  announceMember,
  announcePool,
  buildGame,
  call,
  castOf,
  eventSeen,
  pushSeason,
  newerTimestamp,
  stored,
  updateGame,
  YEAR,
  type Cast,
  type Person,
} from '@powerpool/testing';

export interface WeeksHarness extends ServiceHarness {
  /**
   * What picks-scoring answers when weeks-workflow asks, before Complete Week, how many picks
   * completing would leave unscored (a peer on the real bus; by default none: no picks here).
   */
  scoring: { reply: UnscoredPicksReply; asked: UnscoredPicksRequest[] };
}

const config = (extra: Record<string, string> = {}) =>
  loadWeeksWorkflowConfig({
    IDENTITY_ASSERTION_PUBLIC_KEY: 'unused-runtime-verifier-is-passed',
    WEEKS_AUTO_START_INTERVAL_MS: '100',
    SPORTS_REFRESH_TIMEOUT_MS: '2000',
    ...extra,
  });

/** weeks-workflow on real storage and bus, with a movable clock and an event recorder of weeks.*. */
export async function startWeeks(): Promise<WeeksHarness> {
  const scoring: WeeksHarness['scoring'] = { reply: { unscoredPicks: 0, reasons: [] }, asked: [] };
  const h = await startServiceHarness({
    schema: 'weeks',
    keepsUsers: false,
    record: ['weeks.>'],
    build: (runtime, now) => buildApp({ ...runtime, now, config: config() }),
    peers: async (runtime) => [
      await runtime.bus.handle(
        RPC.scoringUnscoredPicks,
        async (m: BusMessage<UnscoredPicksRequest>): Promise<UnscoredPicksReply> => {
          scoring.asked.push(m.data);
          return scoring.reply;
        },
        { queue: 'picks-scoring' },
      ),
    ],
  });
  return Object.assign(h, { scoring });
}

/** The games most suites use: week 1 (three games), week 2 (one), the Super Bowl. */
export function buildSeason(): Game[] {
  return [
    buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-05T00:20:00.000Z', home: '21', away: '6', espnId: 'w1-thu' }),
    buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-07T17:00:00.000Z', home: '12', away: '24', espnId: 'w1-sun' }),
    buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-09T00:15:00.000Z', home: '2', away: '15', espnId: 'w1-mon' }),
    buildGame({ weekNumber: 2, gameTimeUtc: '2025-09-12T00:15:00.000Z', home: '21', away: '6', espnId: 'w2-thu' }),
    buildGame({ weekNumber: 22, gameTimeUtc: '2026-02-08T23:30:00.000Z', home: '21', away: '6', espnId: 'sb' }),
  ];
}

/**
 * The teams weeks-workflow is told of: only the Eagles and the Cowboys, so the Chiefs of w1-sun
 * show how a team the service has not heard of is named from its game.
 */
export const KNOWN_TEAMS = TEAMS.slice(0, 2);

/**
 * Answer sports-data-staging's week refresh requests on the bus as it would (a real peer on the
 * real bus): `games` returns the week's fresh games, or throws.
 */
export async function answerRefresh(
  h: WeeksHarness,
  kind: 'odds' | 'scores',
  games: (req: { year?: number; weekNumber: number }) => Game[],
): Promise<Subscription> {
  return h.runtime.bus.handle(
    kind === 'odds' ? RPC.sportsRefreshOdds : RPC.sportsRefreshScores,
    async (msg: BusMessage<{ year?: number; weekNumber: number }>): Promise<RefreshWeekReply> => {
      const list = games(msg.data);
      return { ok: true, year: msg.data.year ?? YEAR, weekNumber: msg.data.weekNumber, updated: list.length, games: list };
    },
    { queue: 'sports-data-staging' },
  );
}

/** Set a spread through the API (expects success). */
export async function setSpread(h: WeeksHarness, who: Person, poolId: string, gameId: string, spread: number | null): Promise<void> {
  const res = await call(h, { method: 'PUT', url: `/api/pools/${poolId}/spreads/${gameId}`, who, payload: { spread } });
  if (res.statusCode !== 200) throw new Error(`set spread answered ${res.statusCode}: ${res.body}`);
}

/** Publish games through the API (expects success). */
export async function publish(h: WeeksHarness, who: Person, poolId: string, weekNumber: number, gameIds: string[]) {
  const res = await call(h, { method: 'POST', url: `/api/pools/${poolId}/weeks/${weekNumber}/games/publish`, who, payload: { gameIds } });
  if (res.statusCode !== 200) throw new Error(`publish answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

export const transition = (h: WeeksHarness, who: Person, poolId: string, weekNumber: number, target: string, body?: unknown) =>
  call(h, { method: 'POST', url: `/api/pools/${poolId}/weeks/${weekNumber}/transition/${target}`, who, payload: body });

export const stateOf = async (h: WeeksHarness, who: Person, poolId: string, weekNumber: number) =>
  (await call(h, { method: 'GET', url: `/api/pools/${poolId}/weeks/${weekNumber}/state`, who })).json();
