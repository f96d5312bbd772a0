import { LIVE_SCROLL_TOP_AFTER_PX } from '../../../config/live-leaderboard';
import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * A button back to the top once the page has scrolled LIVE_SCROLL_TOP_AFTER_PX (above the phone tab
 * bar). The scroll position is read on scroll events only: reading it as the page mounts forced a
 * layout of the whole board in the middle of its first render (issue 22: 145-330 ms of the 4x-slowed
 * main thread in CPU profiles of the live leaderboard), and a page opens at the top (a restored position scrolls).
 */
export function ScrollToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const update = () => setShown(window.scrollY > LIVE_SCROLL_TOP_AFTER_PX);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!shown) return null;
  return (
    <Button
      size="icon"
      className="fixed right-4 bottom-20 z-40 rounded-full shadow-lg md:bottom-6"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUp aria-hidden="true" />
    </Button>
  );
}
