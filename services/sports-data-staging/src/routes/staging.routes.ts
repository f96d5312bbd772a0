import { sportsEndpoints as api, type ImportEvent, type MigrateGamesEvent } from '@powerpool/contracts';
import { route, type ServiceApp } from '@powerpool/service-kit';
import type { FastifyReply } from 'fastify';
import type { SportsContext } from '../domain/context.js';
import { migrateGames, migrateTeams } from '../domain/migration.js';
import { assertTeamsStaged, clearStaging, gamesDiff, importGames, importTeams, listStagingGames, listStagingTeams, teamsDiff, validateGames } from '../domain/staging.js';
import { createEventStream, type EventStream } from '../domain/stream.js';


/** Send a `data:` event stream as the reply; `run` writes to it and ends it. */
function streamReply<E>(reply: FastifyReply, run: (out: EventStream<E>) => Promise<void>) {
  const out = createEventStream<E>();
  reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache').header('x-accel-buffering', 'no');
  void run(out);
  return reply.send(out.stream);
}

export function registerStagingRoutes(app: ServiceApp, ctx: SportsContext): void {
  route(app, api.stagingTeams, async (req) => listStagingTeams(ctx, req.params.scheduleId));
  route(app, api.stagingGames, async (req) => listStagingGames(ctx, req.params.scheduleId));
  route(app, api.teamsDiff, async (req) => teamsDiff(ctx, req.params.scheduleId));
  route(app, api.gamesDiff, async (req) => gamesDiff(ctx, req.params.scheduleId));
  route(app, api.validateGames, async (req) => validateGames(ctx, req.params.scheduleId));
  route(app, api.importTeams, async (req, reply) => streamReply<ImportEvent>(reply, (out) => importTeams(ctx, req.params.scheduleId, req.body.year, out)));
  route(app, api.importGames, async (req, reply) => {
    await assertTeamsStaged(ctx, req.params.scheduleId);
    return streamReply<ImportEvent>(reply, (out) => importGames(ctx, req.params.scheduleId, req.body.year, out));
  });
  route(app, api.migrateTeams, async (req) => migrateTeams(ctx, req.params.scheduleId));
  route(app, api.migrateGames, async (req, reply) => streamReply<MigrateGamesEvent>(reply, (out) => migrateGames(ctx, req.params.scheduleId, out)));
  route(app, api.clearStaging, async (req) => clearStaging(ctx, req.params.scheduleId));
}
