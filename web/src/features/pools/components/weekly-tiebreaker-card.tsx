import { WEEKLY_TIEBREAKERS } from '@powerpool/contracts';
import type { Pool, WeeklyTiebreaker } from '@powerpool/contracts';
import { Scale } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { WEEKLY_TIEBREAKER_LABELS } from '@/lib/format';
import { toastFailure } from '@/lib/toast-error';
import { useSetWeeklyTiebreaker } from '@/features/pools/api/set-weekly-tiebreaker';

/**
 * The pool's weekly tiebreaker (docs/game.md#the-tiebreaker-setting-and-game), for its commissioner
 * or a super admin: saved at once, applied to the weeks published after the change.
 */
export function WeeklyTiebreakerCard({ pool }: { pool: Pool }) {
  const update = useSetWeeklyTiebreaker();
  const id = useId();
  const shown = update.isPending ? update.variables.weeklyTiebreaker : pool.weeklyTiebreaker;

  function choose(weeklyTiebreaker: WeeklyTiebreaker) {
    if (weeklyTiebreaker === pool.weeklyTiebreaker) return;
    update.mutate(
      { poolId: pool.id, weeklyTiebreaker },
      {
        onSuccess: () =>
          toast({
            title: 'Tiebreaker Updated',
            description: `Weekly tiebreaker: ${WEEKLY_TIEBREAKER_LABELS[weeklyTiebreaker]}. It applies to the weeks published from now on.`,
          }),
        onError: (error) => toastFailure(error, { title: 'Update Failed', fallback: 'Failed to save the weekly tiebreaker. Please try again.' }),
      },
    );
  }

  return (
    <Card data-testid="weekly-tiebreaker-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Scale className="size-5 text-primary" aria-hidden="true" />
          Weekly tiebreaker
        </CardTitle>
        <CardDescription>
          Decides a tie for the week&apos;s highest score: players predict the total points of the week&apos;s last game. A change applies to the weeks
          published after it; a week already published keeps its tiebreaker.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 sm:max-w-sm">
        <Label htmlFor={id}>Tiebreaker for new weeks</Label>
        <NativeSelect
          id={id}
          value={shown}
          disabled={update.isPending}
          onChange={(e) => choose(e.target.value as WeeklyTiebreaker)}
          data-testid="weekly-tiebreaker-select"
        >
          {WEEKLY_TIEBREAKERS.map((t) => (
            <option key={t} value={t}>
              {WEEKLY_TIEBREAKER_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
      </CardContent>
    </Card>
  );
}
