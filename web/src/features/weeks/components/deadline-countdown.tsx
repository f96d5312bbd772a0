import { LockKeyhole } from 'lucide-react';
import { formatDateTime } from '@/lib/dates';
import { countdownParts, countdownText } from '@/lib/time';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/**
 * The picks deadline in Chicago time with what is left of it, ticking with `now`; "Picks are
 * closed" once it has passed. The ticking digits are hidden from screen readers, which get the
 * time left as one phrase instead of an announcement every second.
 */
export function DeadlineCountdown({ deadline, now }: { deadline: string; now: number }) {
  const parts = countdownParts(new Date(deadline).getTime(), now);
  return (
    <div className="grid gap-3" data-testid="deadline">
      <p className="text-sm text-muted-foreground">
        Picks deadline: <span className="font-medium text-foreground">{formatDateTime(deadline, 'Not set')}</span>
      </p>
      {parts.past ? (
        <p className="flex items-center gap-2 font-semibold text-destructive" data-testid="picks-closed">
          <LockKeyhole className="size-4" aria-hidden="true" />
          Picks are closed
        </p>
      ) : (
        <div role="timer" aria-live="off" aria-label={`Picks close in ${countdownText(parts)}`} data-testid="countdown">
          <div className="grid max-w-md grid-cols-4 gap-2" aria-hidden="true">
            {UNITS.map(([unit, label]) => (
              <div key={unit} className="rounded-lg border bg-muted/40 px-2 py-3 text-center">
                <div className="text-2xl font-bold tabular-nums sm:text-3xl">{String(parts[unit]).padStart(2, '0')}</div>
                <div className="text-xs text-muted-foreground">{label}</div>
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
