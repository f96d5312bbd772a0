import { RPC, weekGetReplySchema } from '@powerpool/contracts';
import type { Bus } from '@powerpool/service-kit';
import type { WeeksPort } from '../domain/context.js';

/** weeks-workflow's answers picks-scoring needs when its copy is behind (request/reply on the bus). */
export function createWeeksPort(bus: Bus): WeeksPort {
  return {
    get: async (ref) => weekGetReplySchema.parse(await bus.request(RPC.weeksWeekGet, ref)),
  };
}
