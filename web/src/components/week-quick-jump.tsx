import { useId } from 'react';
import { quickJumpGroups } from '@/lib/quick-jump';
import type { QuickJumpWeek } from '@/lib/quick-jump';
import { Label } from './ui/label';
import { NativeSelect } from './ui/native-select';

/**
 * A week selector grouped Preseason, Regular Season, Postseason: week management's Quick Jump
 * (docs/screens.md#week-management) and the live leaderboard's Jump to Week (docs/screens.md#live-leaderboard).
 * Disabled while the weeks are not known (`weeks` undefined).
 */
export function WeekQuickJump({
  label,
  weeks,
  weekNumber,
  onJump,
  testId = 'quick-jump',
}: {
  label: string;
  weeks: readonly QuickJumpWeek[] | undefined;
  weekNumber: number;
  onJump: (weekNumber: number) => void;
  testId?: string;
}) {
  const id = useId();
  const groups = quickJumpGroups(weeks ?? [], weekNumber);
  return (
    <div className="grid w-full gap-2 sm:w-64">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={String(weekNumber)} onChange={(e) => onJump(Number(e.target.value))} disabled={weeks === undefined} data-testid={testId}>
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
