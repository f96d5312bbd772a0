import {
  clearStagingReplySchema,
  gamesDiffSchema,
  importBodySchema,
  migrateTeamsReplySchema,
  scheduleIdParamsSchema,
  stagingGamesReplySchema,
  teamsDiffSchema,
  teamsReplySchema,
  validationReportSchema,
  type ImportEvent,
  type MigrateGamesEvent,
} from '@powerpool/contracts';
import type { ServiceApp } from '@powerpool/service-kit';
import type { FastifyReply } from 'fastify';
import type { SportsContext } from '../domain/context.js';
import { migrateGames, migrateTeams } from '../domain/migration.js';
import { assertTeamsStaged, clearStaging, gamesDiff, importGames, importTeams, listStagingGames, listStagingTeams, teamsDiff, validateGames } from '../domain/staging.js';
import { createEventStream, type EventStream } from '../domain/stream.js';

const superAdminOnly = { access: ['super_admin'] as const };
const BASE = '/api/admin/unified-staging';

/** Send a `data:` event stream as the reply; `run` writes to it and ends it. */
function streamReply<E>(reply: FastifyReply, run: (out: EventStream<E>) => Promise<void>) {
  const out = createEventStream<E>();
  reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache').header('x-accel-buffering', 'no');
  void run(out);
  return reply.send(out.stream);
}

export function registerStagingRoutes(app: ServiceApp, ctx: SportsContext): void {
  const params = scheduleIdParamsSchema;
  app.get(`${BASE}/teams/:scheduleId`, { config: superAdminOnly, schema: { params, response: { 200: teamsReplySchema } } }, async (req) =>
    listStagingTeams(ctx, req.params.scheduleId),
  );
  app.get(`${BASE}/games/:scheduleId`, { config: superAdminOnly, schema: { params, response: { 200: stagingGamesReplySchema } } }, async (req) =>
    listStagingGames(ctx, req.params.scheduleId),
  );
  app.get(`${BASE}/teams-diff/:scheduleId`, { config: superAdminOnly, schema: { params, response: { 200: teamsDiffSchema } } }, async (req) =>
    teamsDiff(ctx, req.params.scheduleId),
  );
  app.get(`${BASE}/games-diff/:scheduleId`, { config: superAdminOnly, schema: { params, response: { 200: gamesDiffSchema } } }, async (req) =>
    gamesDiff(ctx, req.params.scheduleId),
  );
  app.get(`${BASE}/validate-games/:scheduleId`, { config: superAdminOnly, schema: { params, response: { 200: validationReportSchema } } }, async (req) =>
    validateGames(ctx, req.params.scheduleId),
  );
  app.post(`${BASE}/import-teams/:scheduleId`, { config: superAdminOnly, schema: { params, body: importBodySchema } }, async (req, reply) =>
    streamReply<ImportEvent>(reply, (out) => importTeams(ctx, req.params.scheduleId, req.body.year, out)),
  );
  app.post(`${BASE}/import-games/:scheduleId`, { config: superAdminOnly, schema: { params, body: importBodySchema } }, async (req, reply) => {
    await assertTeamsStaged(ctx, req.params.scheduleId);
    return streamReply<ImportEvent>(reply, (out) => importGames(ctx, req.params.scheduleId, req.body.year, out));
  });
  app.post(`${BASE}/migrate-teams/:scheduleId`, { config: superAdminOnly, schema: { params, response: { 200: migrateTeamsReplySchema } } }, async (req) =>
    migrateTeams(ctx, req.params.scheduleId),
  );
  app.get(`${BASE}/migrate-games/:scheduleId/stream`, { config: superAdminOnly, schema: { params } }, async (req, reply) =>
    streamReply<MigrateGamesEvent>(reply, (out) => migrateGames(ctx, req.params.scheduleId, out)),
  );
  app.delete(`${BASE}/clear-staging/:scheduleId`, { config: superAdminOnly, schema: { params, response: { 200: clearStagingReplySchema } } }, async (req) =>
    clearStaging(ctx, req.params.scheduleId),
  );
}
