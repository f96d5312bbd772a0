export * from './errors.js';
export * from './assertion.js';
export * from './bus/index.js';
