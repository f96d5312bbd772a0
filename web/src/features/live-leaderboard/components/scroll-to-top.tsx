import { LIVE_SCROLL_TOP_AFTER_PX } from '@/config/live-leaderboard';
import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A button back to the top once the page has scrolled LIVE_SCROLL_TOP_AFTER_PX. It covers no score
 * (docs/screens.md#live-leaderboard): on a phone it floats at the bottom centre above the tab bar, where a game's row has
 * no score (team left, score right; the games are one column up to 768 px); from 768 px in the
 * bottom right corner, beside the right edge of the games' cards. The space after it lets the end
 * of the page scroll clear of it. The scroll position is read on scroll events only: reading it as
 * the page mounts forced a layout of the whole board in the middle of its first render (docs/screens.md#main-thread-time:
 * 145-330 ms of the 4x-slowed main thread in CPU profiles of the live leaderboard), and a page
 * opens at the top (a restored position scrolls).
 */
export function ScrollToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > LIVE_SCROLL_TOP_AFTER_PX);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return (
    <>
      <div className="h-8" aria-hidden="true" />
      {shown ? (
        <Button
          size="icon"
          className="fixed bottom-20 left-1/2 z-40 -translate-x-1/2 rounded-full shadow-lg md:right-4 md:bottom-6 md:left-auto md:translate-x-0"
          aria-label="Scroll to top"
          data-testid="scroll-to-top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
      ) : null}
    </>
  );
}
