import { useEffect, useState } from 'react';

/** setTimeout holds at most ~24.8 days; a later time is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * True once `at` (an ISO time or epoch ms, plus `graceMs`) has passed by this browser's clock;
 * flips by itself when it comes (one timer, no ticking). Null or an unreadable time: false.
 * Make Picks locks with it at the deadline; the pages that follow the week refetch when it flips,
 * and the server's answer (its clock) decides what they then show.
 */
export function useTimePassed(at: string | number | null | undefined, graceMs = 0): boolean {
  const target = at === null || at === undefined ? Number.NaN : (typeof at === 'number' ? at : new Date(at).getTime()) + graceMs;
  const [passed, setPassed] = useState(() => !Number.isNaN(target) && Date.now() >= target);
  useEffect(() => {
    if (Number.isNaN(target)) return setPassed(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const left = target - Date.now();
      if (left <= 0) return setPassed(true);
      setPassed(false);
      timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [target]);
  return passed;
}
