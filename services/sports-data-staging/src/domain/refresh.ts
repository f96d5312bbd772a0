import type { Game, GameData, RefreshWeekRequest } from '@powerpool/contracts';
import { NotFoundError, ValidationError } from '@powerpool/service-kit';
import type { EspnCallOptions } from './espn.js';
import { fromWeekNumber } from './espn-weeks.js';
import type { SportsContext } from './context.js';
import { fromEspn } from './errors.js';
import { applyGameUpdates } from './game-updates.js';

export interface RefreshResult {
  year: number;
  weekNumber: number;
  updated: number;
  games: Game[];
}

/**
 * Refresh one production week from ESPN's scoreboard: 'scores' takes status, detail, period, clock,
 * scores, winner and kickoff; 'odds' takes the line (scoreboard odds, else the core odds of a game
 * that lost its scoreboard odds at kickoff). Writes through the guarded path the live feed uses
 * (game-updates.ts) and emits sports.game.updated for every game that changed. ESPN is asked until
 * `call.deadline` at most: past it the refresh fails (502 `espn_unavailable`) having written nothing.
 */
export async function refreshWeek(
  ctx: SportsContext,
  { kind, request, call = {} }: { kind: 'scores' | 'odds'; request: RefreshWeekRequest; call?: EspnCallOptions },
): Promise<RefreshResult> {
  const espnWeek = fromWeekNumber(request.weekNumber);
  if (!espnWeek) throw new ValidationError(`Week ${request.weekNumber} does not exist`);
  if (request.seasonType !== undefined && request.seasonType !== espnWeek.seasonType) {
    throw new ValidationError(`Week ${request.weekNumber} is not in season type ${request.seasonType}`);
  }
  const year = request.year ?? (await ctx.uow.read((store) => store.newestYear()));
  if (year === null) throw new NotFoundError('not_found', 'There are no production games yet');
  const current = await ctx.uow.read((store) => store.productionGames({ week: { year, weekNumber: request.weekNumber } }));
  if (current.length === 0) throw new NotFoundError('not_found', `There are no production games for ${year} week ${request.weekNumber}`);

  const fresh = await fromEspn(`Refreshing ${kind}`, async () => {
    const list = await ctx.espn.scoreboard({ year, seasonType: espnWeek.seasonType, espnWeek: espnWeek.espnWeek, call });
    const byId = new Map<string, GameData>(list.map((g) => [g.espnId, g]));
    if (kind === 'odds') {
      for (const game of current) {
        const f = byId.get(game.espnId);
        if (f && f.spread === null && game.spread === null) {
          const line = await ctx.espn.coreOdds(
            { eventId: game.espnId, competitionId: game.espnCompetitionId, homeAbbr: game.homeTeamAbbr, awayAbbr: game.awayTeamAbbr },
            call,
          );
          if (line?.spread != null) byId.set(game.espnId, { ...f, spread: line.spread, oddsProvider: line.provider, oddsDetails: line.details });
        }
      }
    }
    return byId;
  });

  return ctx.uow.write(async (store, emit) => {
    const applied = await applyGameUpdates(store, emit, {
      espnIds: current.map((g) => g.espnId),
      fresh,
      kind,
      now: ctx.now(),
      logger: ctx.logger,
      source: `refresh-${kind}`,
    });
    return {
      year,
      weekNumber: request.weekNumber,
      updated: applied.updated,
      games: await store.productionGames({ week: { year, weekNumber: request.weekNumber } }),
    };
  });
}
