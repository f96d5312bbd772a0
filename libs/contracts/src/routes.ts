import type { ServiceName } from './common.js';
import type { Endpoint } from './endpoint.js';
import { identityEndpoints } from './identity.endpoints.js';
import { notificationsEndpoints } from './notifications.endpoints.js';
import { picksEndpoints } from './picks.endpoints.js';
import { poolsEndpoints } from './pools.endpoints.js';
import { sportsEndpoints } from './sports.endpoints.js';
import { weeksEndpoints } from './weeks.endpoints.js';

export { identityEndpoints } from './identity.endpoints.js';
export { notificationsEndpoints } from './notifications.endpoints.js';
export { picksEndpoints } from './picks.endpoints.js';
export { poolsEndpoints } from './pools.endpoints.js';
export { sportsEndpoints } from './sports.endpoints.js';
export { weeksEndpoints } from './weeks.endpoints.js';

/** Every HTTP endpoint of every service, declared once (see endpoint.ts). */
export const ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(identityEndpoints),
  ...Object.values(poolsEndpoints),
  ...Object.values(sportsEndpoints),
  ...Object.values(weeksEndpoints),
  ...Object.values(picksEndpoints),
  ...Object.values(notificationsEndpoints),
];

/** The endpoints a service owns (it must serve each of them, and nothing else under /api). */
export const endpointsOf = (service: ServiceName): Endpoint[] => ENDPOINTS.filter((e) => e.service === service);
