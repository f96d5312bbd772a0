import { RPC, refreshWeekReplySchema, type Game, type RefreshWeekRequest } from '@powerpool/contracts';
import { DomainError, type Bus } from '@powerpool/service-kit';
import type { SportsPort } from '../domain/context.js';

/** sports-data-staging's week refresh, over the bus (it answers with DomainErrors on failure). */
export function createSportsPort(bus: Bus, timeoutMs: number): SportsPort {
  const refresh = async (subject: string, request: RefreshWeekRequest): Promise<Game[]> => {
    const reply = refreshWeekReplySchema.parse(await bus.request(subject, request, { timeoutMs }));
    if (!reply.ok) throw new DomainError('espn_unavailable', reply.message);
    return reply.games;
  };
  return {
    refreshOdds: (request) => refresh(RPC.sportsRefreshOdds, request),
    refreshScores: (request) => refresh(RPC.sportsRefreshScores, request),
  };
}
