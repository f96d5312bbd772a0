import type { PoolMemberDetails } from '@powerpool/contracts';
import { matchesSearch } from '@/lib/search';

/** Member search (docs/screens.md#pool-management): email, display name, first name and last name, case-insensitive. */
export function filterMembers(members: readonly PoolMemberDetails[], query: string): PoolMemberDetails[] {
  return members.filter((m) => matchesSearch(query, [m.email, m.displayName, m.firstName, m.lastName]));
}
