import { PICK_MESSAGES } from '@powerpool/contracts';
import { formatDateTime } from '@/lib/dates';
import { countdownParts } from '@/lib/time';

/** The Make Picks countdown turns amber under this much time left. */
export const COUNTDOWN_WARNING_MS = 6 * 60 * 60 * 1000;

/** How the Make Picks countdown looks: red once expired, amber under six hours, else plain. */
export type CountdownTone = 'normal' | 'warning' | 'expired';

export interface CountdownDisplay {
  /** 'Time remaining' while running, 'Deadline passed' once expired. */
  label: string;
  /** 'Nd HH:MM:SS', 'HH:MM:SS', or 'EXPIRED - Picks were due' and the date and time (lib/dates). */
  text: string;
  tone: CountdownTone;
  expired: boolean;
}

export const DEADLINE_PASSED = PICK_MESSAGES.deadlinePassed;
export const TIME_REMAINING = 'Time remaining';

const two = (n: number) => String(n).padStart(2, '0');

/** The deadline as every date of the app: "Sun, Sep 7, 2025, 11:50 AM CDT" (Central time, named). */
export const deadlineDateTime = (date: Date): string => formatDateTime(date);

export interface CountdownOptions {
  /**
   * The week has moved past PUBLISHED (games in progress, scoring, complete): picks are closed
   * whatever the clock says, as when the Testing tab starts the games before the deadline.
   */
  picksClosed?: boolean;
  formatLocal?: (date: Date) => string;
}

/**
 * The countdown of the picks deadline at `now` (docs/screens.md#make-picks): expired once the
 * time left is zero or less, or once the week has moved past PUBLISHED. Recalculated every second
 * by the screen.
 */
export function countdownDisplay(deadline: string | Date, now: number, options: CountdownOptions = {}): CountdownDisplay {
  const { picksClosed = false, formatLocal = deadlineDateTime } = options;
  const target = new Date(deadline).getTime();
  const parts = countdownParts(target, now);
  if (parts.past || picksClosed) {
    return { label: DEADLINE_PASSED, text: PICK_MESSAGES.expired(formatLocal(new Date(target))), tone: 'expired', expired: true };
  }
  const clock = `${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`;
  return {
    label: TIME_REMAINING,
    text: parts.days > 0 ? `${parts.days}d ${clock}` : clock,
    tone: target - now < COUNTDOWN_WARNING_MS ? 'warning' : 'normal',
    expired: false,
  };
}
