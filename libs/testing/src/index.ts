export * from './services.js';
export * from './bus.js';
export * from './database.js';
export * from './runtime.js';
export * from './ports.js';
export * from './service-basics.js';
export * from './browser.js';
export * from './chromium.js';
