import type { ServiceName } from './common.js';
import type { Endpoint } from './endpoint.js';
import { identityEndpoints } from './identity.endpoints.js';
import { poolsEndpoints } from './pools.endpoints.js';
import { sportsEndpoints } from './sports.endpoints.js';
import { weeksEndpoints } from './weeks.endpoints.js';

export { identityEndpoints } from './identity.endpoints.js';
export { poolsEndpoints } from './pools.endpoints.js';
export { sportsEndpoints } from './sports.endpoints.js';
export { weeksEndpoints } from './weeks.endpoints.js';

/**
 * Every HTTP endpoint of every service, declared once (see endpoint.ts). picks-scoring declares
 * its own with its feature; until then the gateway answers its paths with its JSON 404.
 */
export const ENDPOINTS: readonly Endpoint[] = [...Object.values(identityEndpoints), ...Object.values(poolsEndpoints), ...Object.values(sportsEndpoints), ...Object.values(weeksEndpoints)];

/** The endpoints a service owns (it must serve each of them, and nothing else under /api). */
export const endpointsOf = (service: ServiceName): Endpoint[] => ENDPOINTS.filter((e) => e.service === service);
