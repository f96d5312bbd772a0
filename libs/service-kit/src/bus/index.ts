export type * from './types.js';
export { createMemoryBus } from './memory.js';
export { connectNatsBus } from './nats.js';
export { replyBudgetMs, REQUEST_TIMEOUT_HEADER } from './wire.js';
export { withDeliveryDelays, mulberry32, delaySequence } from './slow.js';
export { answerRequests } from './answer.js';
export { consume } from './consume.js';
