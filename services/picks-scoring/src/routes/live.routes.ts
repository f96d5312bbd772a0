import { picksEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, sendCsv, type ServiceApp } from '@powerpool/service-kit';
import type { PicksContext } from '../domain/context.js';
import { exportLeaderboard, exportWeek } from '../domain/exports.js';
import { createLiveBoardCache } from '../domain/live-cache.js';
import { getLiveLeaderboardJson } from '../domain/live.js';

/** The live leaderboard and the CSV exports of a pool week. */
export function registerLiveRoutes(app: ServiceApp, ctx: PicksContext): void {
  const cache = createLiveBoardCache();
  // The board comes serialized (and schema-checked) from the cache: sent as it is.
  route(app, api.liveLeaderboard, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await getLiveLeaderboardJson(ctx, currentUser(request), request.params.poolId, request.params.weekNumber, cache)),
  );
  route(app, api.exportLeaderboard, async (request, reply) =>
    sendCsv(reply, api.exportLeaderboard, await exportLeaderboard(ctx, currentUser(request), request.params.poolId, request.params.weekNumber)),
  );
  route(app, api.exportWeek, async (request, reply) => sendCsv(reply, api.exportWeek, await exportWeek(ctx, currentUser(request), request.params.poolId, request.params.weekNumber)));
}
