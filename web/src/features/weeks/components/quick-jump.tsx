import type { Week } from '@powerpool/contracts';
import { useId } from 'react';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { quickJumpGroups } from '../lib/quick-jump';

/** Quick Jump (admin spec section 2): the season's weeks grouped Preseason, Regular Season, Postseason. */
export function QuickJump({ weeks, weekNumber, onJump }: { weeks: readonly Week[] | undefined; weekNumber: number; onJump: (weekNumber: number) => void }) {
  const id = useId();
  const groups = quickJumpGroups(weeks ?? [], weekNumber);
  return (
    <div className="grid w-full gap-2 sm:w-64">
      <Label htmlFor={id}>Quick Jump</Label>
      <NativeSelect id={id} value={String(weekNumber)} onChange={(e) => onJump(Number(e.target.value))} disabled={weeks === undefined} data-testid="quick-jump">
        {groups.map((group) => (
          <optgroup key={group.part} label={group.label}>
            {group.weeks.map((week) => (
              <option key={week.weekNumber} value={week.weekNumber}>
                {week.label}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect>
    </div>
  );
}
