import { endpoint } from './endpoint.js';
import { clearStagingReplySchema, gamesDiffSchema, importBodySchema, importEventSchema, migrateGamesEventSchema, migrateTeamsReplySchema, scheduleIdParamsSchema, stagingGamesReplySchema, teamLogoParamsSchema, teamLogoQuerySchema, teamsDiffSchema, teamsReplySchema, validationReportSchema, venueImportReplySchema, venuesReplySchema, venueStatsReplySchema } from './sports.schemas.js';

const service = 'sports-data-staging';
const superAdmin = ['super_admin'] as const;
const BASE = '/api/admin/unified-staging';
const params = scheduleIdParamsSchema;

/** sports-data-staging: ESPN import into staging, validation, push to production, venues. */
export const sportsEndpoints = {
  stagingTeams: endpoint({ method: 'GET', path: `${BASE}/teams/:scheduleId`, service, access: 'session', roles: superAdmin, summary: 'Staged teams', params, reply: teamsReplySchema }),
  stagingGames: endpoint({ method: 'GET', path: `${BASE}/games/:scheduleId`, service, access: 'session', roles: superAdmin, summary: 'Staged games', params, reply: stagingGamesReplySchema }),
  teamsDiff: endpoint({
    method: 'GET',
    path: `${BASE}/teams-diff/:scheduleId`,
    service,
    access: 'session',
    roles: superAdmin,
    summary: 'Staged teams compared with production',
    params,
    reply: teamsDiffSchema,
  }),
  gamesDiff: endpoint({
    method: 'GET',
    path: `${BASE}/games-diff/:scheduleId`,
    service,
    access: 'session',
    roles: superAdmin,
    summary: 'Staged games compared with production',
    params,
    reply: gamesDiffSchema,
  }),
  validateGames: endpoint({
    method: 'GET',
    path: `${BASE}/validate-games/:scheduleId`,
    service,
    access: 'session',
    roles: superAdmin,
    summary: 'The validation report of the staged season',
    params,
    reply: validationReportSchema,
  }),
  importTeams: endpoint({
    method: 'POST',
    path: `${BASE}/import-teams/:scheduleId`,
    service,
    access: 'session',
    roles: superAdmin,
    summary: "Import a season's teams from ESPN into staging (streamed progress)",
    params,
    body: importBodySchema,
    produces: 'text/event-stream',
    events: importEventSchema,
  }),
  importGames: endpoint({
    method: 'POST',
    path: `${BASE}/import-games/:scheduleId`,
    service,
    access: 'session',
    roles: superAdmin,
    summary: "Import a season's games and odds from ESPN into staging (streamed progress; teams first)",
    params,
    body: importBodySchema,
    produces: 'text/event-stream',
    events: importEventSchema,
  }),
  migrateTeams: endpoint({
    method: 'POST',
    path: `${BASE}/migrate-teams/:scheduleId`,
    service,
    access: 'session',
    roles: superAdmin,
    summary: 'Push the staged teams to production',
    params,
    reply: migrateTeamsReplySchema,
  }),
  migrateGames: endpoint({
    method: 'GET',
    path: `${BASE}/migrate-games/:scheduleId/stream`,
    service,
    changesState: true,
    access: 'session',
    roles: superAdmin,
    summary: 'Push the staged games to production (streamed progress)',
    params,
    produces: 'text/event-stream',
    events: migrateGamesEventSchema,
  }),
  clearStaging: endpoint({
    method: 'DELETE',
    path: `${BASE}/clear-staging/:scheduleId`,
    service,
    access: 'session',
    roles: superAdmin,
    summary: 'Empty staging',
    params,
    reply: clearStagingReplySchema,
  }),
  teamLogo: endpoint({
    method: 'GET',
    path: '/api/teams/:teamEspnId/logo',
    service,
    access: 'public',
    summary: "A team's logo, served from PowerPool's own origin (fetched once from ESPN at the teams import)",
    description:
      'With `?v={hash}` (as in every `logoUrl`): that stored image, `Cache-Control: public, max-age=31536000, immutable`. ' +
      'Without `v`: the newest stored logo of the team, `Cache-Control: public, no-cache` with an ETag. ' +
      'PNG, JPEG, GIF, WebP or SVG (SVG with a sandboxing Content-Security-Policy). 404 `logo_not_found` when none is stored.',
    params: teamLogoParamsSchema,
    query: teamLogoQuerySchema,
    produces: 'image',
  }),
  venues: endpoint({ method: 'GET', path: '/api/venues', service, access: 'session', summary: 'Every venue', reply: venuesReplySchema }),
  venueStats: endpoint({ method: 'GET', path: '/api/unified-staging/venues/stats', service, access: 'session', roles: superAdmin, summary: 'Venue counts', reply: venueStatsReplySchema }),
  importVenues: endpoint({
    method: 'POST',
    path: '/api/unified-staging/venues/import',
    service,
    access: 'session',
    roles: superAdmin,
    summary: "Import the venues of production's games from ESPN",
    reply: venueImportReplySchema,
  }),
} as const;
