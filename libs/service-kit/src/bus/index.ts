export type * from './types.js';
export type { BusLogger } from './logger.js';
export { silentLogger } from './logger.js';
export { matchSubject, subjectIsSubsetOf } from './subjects.js';
export { createMemoryBus, type MemoryBusOptions } from './memory.js';
export { connectNatsBus, type NatsBusOptions } from './nats.js';
export { namespacedBus, NAMESPACE_PATTERN } from './namespace.js';
export { replyBudgetMs, REQUEST_TIMEOUT_HEADER } from './wire.js';
export { withDeliveryDelays, mulberry32, delaySequence, randomSeed, MAX_DELIVERY_DELAY_MS, type DeliveryDelayOptions } from './slow.js';
