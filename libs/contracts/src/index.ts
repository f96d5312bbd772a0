export * from './common.js';
export * from './display-name.js';
export * from './identity.js';
export * from './events.js';
export * from './routes.js';
export * from './pools.js';
export * from './sports.js';
