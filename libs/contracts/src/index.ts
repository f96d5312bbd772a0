export * from './common.js';
export * from './display-name.js';
export * from './identity.rules.js';
export * from './identity.js';
export * from './events.js';
export * from './endpoint.js';
export * from './errors.js';
export * from './routes.js';
export * from './openapi.js';
// Each topic in up to four files: rules (constants and pure functions), messages (the texts the
// product fixes, docs/screens.md#errors), schemas (HTTP params, bodies, replies and streams) and events (bus subjects,
// payloads and request/reply); its endpoints are declared in <topic>.endpoints.ts. Rules and
// messages (identity.rules.ts, week-states.ts too) build no schema and import no zod: the SPA's
// first load uses them without loading zod (docs/screens.md#data-loading); an enumeration's
// schema lives in the schemas file.
export * from './pools.rules.js';
export * from './pools.messages.js';
export * from './pools.schemas.js';
export * from './pools.events.js';
export * from './sports.rules.js';
export * from './sports.messages.js';
export * from './sports.schemas.js';
export * from './sports.events.js';
export * from './week-states.js';
export * from './week-states.schemas.js';
export * from './weeks.rules.js';
export * from './weeks.messages.js';
export * from './weeks.schemas.js';
export * from './weeks.events.js';
export * from './picks.rules.js';
export * from './scoring.rules.js';
export * from './picks.messages.js';
export * from './picks.schemas.js';
export * from './picks.events.js';
export * from './live-patch.js';
export * from './live-board.rules.js';
export * from './notifications.rules.js';
export * from './notifications.schemas.js';
export * from './dates.js';
