import { picksEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, sendCsv, type EventStreamHub, type ServiceApp } from '@powerpool/service-kit';
import type { PicksContext } from '../domain/context.js';
import { exportLeaderboard, exportWeek } from '../domain/exports.js';
import { acceptsGzip, noneMatchHits } from '../serving/conditional.js';
import type { GamesStreams } from '../serving/games-stream.js';
import { getLiveLeaderboard, type LiveBoards } from '../serving/live-replies.js';
import type { LiveStreams } from '../serving/live-stream.js';

/** Browsers keep the board but ask every time (If-None-Match): an unchanged board costs a 304. */
export const LIVE_CACHE_CONTROL = 'private, no-cache';

/** What the live routes serve from: the board cache, and the process's event streams. */
export interface LiveRouteDeps {
  boards: LiveBoards;
  sse: EventStreamHub;
  streams: LiveStreams;
  games: GamesStreams;
}

/** The live leaderboard (plain and pushed), the games stream and the CSV exports of a pool week. */
export function registerLiveRoutes(app: ServiceApp, ctx: PicksContext, live: LiveRouteDeps): void {
  const { boards, sse, streams, games } = live;
  // The board comes serialized (schema-checked once per build) and gzipped from the cache: a
  // Buffer is sent as it is, without Fastify's serializer. Access is checked before the ETag.
  route(app, api.liveLeaderboard, async (request, reply) => {
    const board = await getLiveLeaderboard(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber, boards });
    reply.header('etag', board.etag).header('cache-control', LIVE_CACHE_CONTROL).header('vary', 'accept-encoding');
    if (noneMatchHits(request.headers['if-none-match'], board.etag)) return reply.code(304).send();
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.type('application/json; charset=utf-8').send(gzip ? await board.gzip() : board.json);
  });
  // Streams: the access checks answer refusals as plain JSON errors BEFORE the stream opens; then
  // the reply is hijacked (no serializer, no compression) and the hub writes to it.
  route(app, api.liveLeaderboardStream, async (request, reply) => {
    const caller = currentUser(request);
    const { poolId, weekNumber } = request.params;
    await streams.admit(caller, poolId, weekNumber);
    request.log.info({ poolId, weekNumber, lastEventId: request.headers['last-event-id'] ?? null }, 'live leaderboard stream opened');
    let detach = () => {};
    const connection = sse.open(request, reply, () => detach());
    detach = streams.attach(connection, { caller, poolId, weekNumber });
    return reply;
  });
  route(app, api.liveGamesStream, async (request, reply) => {
    currentUser(request);
    const { year, weekNumber } = request.params;
    let detach = () => {};
    let closed = false;
    const connection = sse.open(request, reply, () => {
      closed = true;
      detach();
    });
    const attached = await games.attach(connection, year, weekNumber);
    if (closed) attached();
    else detach = attached;
    return reply;
  });
  route(app, api.exportLeaderboard, async (request, reply) =>
    sendCsv(
      reply,
      api.exportLeaderboard,
      await exportLeaderboard(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
    ),
  );
  route(app, api.exportWeek, async (request, reply) =>
    sendCsv(
      reply,
      api.exportWeek,
      await exportWeek(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
    ),
  );
}
