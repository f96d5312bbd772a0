import { picksEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, sendCsv, type ServiceApp } from '@powerpool/service-kit';
import type { PicksContext } from '../domain/context.js';
import { exportLeaderboard, exportWeek } from '../domain/exports.js';
import { createLiveBoards, getLiveLeaderboard } from '../domain/live.js';
import { acceptsGzip, noneMatchHits } from './conditional.js';

/** Browsers keep the board but ask every time (If-None-Match): an unchanged board costs a 304. */
export const LIVE_CACHE_CONTROL = 'private, no-cache';

/** The live leaderboard and the CSV exports of a pool week. */
export function registerLiveRoutes(app: ServiceApp, ctx: PicksContext): void {
  const boards = createLiveBoards();
  // The board comes serialized (schema-checked once per build) and gzipped from the cache: a
  // Buffer is sent as it is, without Fastify's serializer. Access is checked before the ETag.
  route(app, api.liveLeaderboard, async (request, reply) => {
    const board = await getLiveLeaderboard(ctx, currentUser(request), request.params.poolId, request.params.weekNumber, boards);
    reply.header('etag', board.etag).header('cache-control', LIVE_CACHE_CONTROL).header('vary', 'accept-encoding');
    if (noneMatchHits(request.headers['if-none-match'], board.etag)) return reply.code(304).send();
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.type('application/json; charset=utf-8').send(gzip ? board.gzip : board.json);
  });
  route(app, api.exportLeaderboard, async (request, reply) =>
    sendCsv(reply, api.exportLeaderboard, await exportLeaderboard(ctx, currentUser(request), request.params.poolId, request.params.weekNumber)),
  );
  route(app, api.exportWeek, async (request, reply) => sendCsv(reply, api.exportWeek, await exportWeek(ctx, currentUser(request), request.params.poolId, request.params.weekNumber)));
}
