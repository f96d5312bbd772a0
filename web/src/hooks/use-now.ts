import { useEffect, useState } from 'react';

/** How often a games grid looks at the clock (a game past its kickoff shows In Progress). */
export const BADGE_CLOCK_MS = 30_000;

/** The current time (epoch ms), updated every `intervalMs` while the caller is shown. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
