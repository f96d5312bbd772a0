/**
 * `@powerpool/sports-data-staging/replay`: offline ESPN for development and tests (embedded mode,
 * the cluster launcher, the service's tests, the bench). Not part of the service's src/.
 */
export { startEspnReplay, type EspnReplay, type EspnReplayOptions, type ReplayFault } from './server.js';
export { startConfiguredReplay, type ConfiguredReplay } from './configured.js';
