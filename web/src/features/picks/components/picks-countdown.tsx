import { useNow } from '@/hooks/use-now';
import { cn } from '@/utils/cn';
import { countdownDisplay } from '@/features/picks/lib/countdown';

const TONES = {
  normal: 'border-border bg-card',
  warning: 'border-warning/40 bg-warning/10 text-warning',
  expired: 'border-destructive/40 bg-destructive/10 text-destructive',
} as const;

/** Seconds between recalculations of the countdown (docs/screens.md#make-picks). */
const COUNTDOWN_TICK_MS = 1000;

/**
 * The time left to the picks deadline, recalculated every second: red once expired (or once the
 * week has moved past PUBLISHED, `picksClosed`), amber under six hours.
 */
export function PicksCountdown({ deadline, picksClosed }: { deadline: string; picksClosed: boolean }) {
  const now = useNow(COUNTDOWN_TICK_MS);
  const display = countdownDisplay(deadline, now, { picksClosed });
  return (
    <div className={cn('rounded-xl border px-4 py-3', TONES[display.tone])} data-testid="picks-countdown" data-tone={display.tone}>
      {/* Full strength when expired: the small red label on its red tint needs all its contrast (WCAG AA). */}
      <p className={cn('text-xs font-medium tracking-wide uppercase', display.tone !== 'expired' && 'opacity-80')}>{display.label}</p>
      <p role="timer" aria-live="off" className="text-2xl font-bold tabular-nums sm:text-3xl">
        {display.text}
      </p>
    </div>
  );
}
