import { useQuery } from '@tanstack/react-query';
import { useTimePassed } from '@/hooks/use-time-passed';
import { PICK_SAVES_FOLLOW_MS } from '@/lib/follow-week';
import { pickStatsQueryOptions } from './pick-stats-query';

/**
 * Players keep saving picks until the deadline (`pickDeadline`): the card reloads every
 * PICK_SAVES_FOLLOW_MS while it is ahead, and not at all after it (no one saves then; the
 * emergency pick entry on the same page reloads it itself).
 */
export function usePickStats(poolId: string, weekNumber: number, { pickDeadline = null }: { pickDeadline?: string | null } = {}) {
  const savesOpen = useTimePassed(pickDeadline) === false && pickDeadline !== null;
  return useQuery({ ...pickStatsQueryOptions(poolId, weekNumber), refetchInterval: savesOpen ? PICK_SAVES_FOLLOW_MS : false });
}
