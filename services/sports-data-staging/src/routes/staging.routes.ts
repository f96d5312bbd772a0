import { sportsEndpoints as api } from '@powerpool/contracts';
import { route, sendEventStream, type ServiceApp } from '@powerpool/service-kit';
import type { SportsContext } from '../domain/context.js';
import { pushGamesToProduction, pushTeamsToProduction } from '../domain/push-to-production.js';
import {
  assertTeamsStaged,
  clearStaging,
  gamesDiff,
  importGames,
  importTeams,
  listStagingGames,
  listStagingTeams,
  teamsDiff,
  validateGames,
} from '../domain/staging.js';

export function registerStagingRoutes(app: ServiceApp, ctx: SportsContext): void {
  route(app, api.stagingTeams, async (req) => listStagingTeams(ctx, req.params.scheduleId));
  route(app, api.stagingGames, async (req) => listStagingGames(ctx, req.params.scheduleId));
  route(app, api.teamsDiff, async (req) => teamsDiff(ctx, req.params.scheduleId));
  route(app, api.gamesDiff, async (req) => gamesDiff(ctx, req.params.scheduleId));
  route(app, api.validateGames, async (req) => validateGames(ctx, req.params.scheduleId));
  route(app, api.importTeams, async (req, reply) =>
    sendEventStream(reply, api.importTeams, (send) => importTeams(ctx, { scheduleId: req.params.scheduleId, year: req.body.year, report: send })),
  );
  route(app, api.importGames, async (req, reply) => {
    // Refused with a plain 409 before any event goes out.
    await assertTeamsStaged(ctx, req.params.scheduleId);
    return sendEventStream(reply, api.importGames, (send) => importGames(ctx, { scheduleId: req.params.scheduleId, year: req.body.year, report: send }));
  });
  route(app, api.migrateTeams, async (req) => pushTeamsToProduction(ctx, req.params.scheduleId));
  route(app, api.migrateGames, async (req, reply) =>
    sendEventStream(reply, api.migrateGames, (send) => pushGamesToProduction(ctx, req.params.scheduleId, send)),
  );
  route(app, api.clearStaging, async (req) => clearStaging(ctx, req.params.scheduleId));
}
