import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, kept up to date as the window is resized or rotated. The
 * first render already has the answer (matchMedia is synchronous), so a component can render only
 * the layout that fits without a flash of the other one. The SPA is never rendered on a server;
 * without matchMedia (a non-browser test) the query counts as not matching.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = window.matchMedia?.(query);
      if (!media) return () => undefined;
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(query).matches ?? false);
}
