import { WEEK_MESSAGES } from '@powerpool/contracts';
import type { WeekState } from '@powerpool/contracts';
import { toast } from '@/components/ui/use-toast';

/** The success toast of a change of state: "Transitioned to PUBLISHED state". */
export function announceTransition(reply: { currentState: WeekState }): void {
  toast({ title: 'Success', description: WEEK_MESSAGES.transitioned(reply.currentState) });
}
