import type { LiveGame } from '@powerpool/contracts';
import { LoaderCircle, Radio } from 'lucide-react';
import { formatClockTime } from '@/lib/dates';
import type { LiveStreamState } from '@/lib/live-stream';

/**
 * Shown while games are being played: how many, when the board was last updated, and how it
 * updates itself: pushed as it changes while the live stream is on (the pulsing "Live"
 * indicator), otherwise by the product's polling ("about every minute").
 */
export function LiveStatusBar({
  games,
  updatedAt,
  fetching,
  streamState = null,
  pollingText = 'updates automatically about every minute',
}: {
  games: readonly LiveGame[];
  updatedAt: number;
  fetching: boolean;
  /** The live stream's state; null when the page does not use one (polling only). */
  streamState?: LiveStreamState | null;
  /** How the board updates itself without the stream (the demo's simulation moves faster than polling). */
  pollingText?: string;
}) {
  const live = games.filter((g) => g.status === 'IN_PROGRESS').length;
  const pushed = streamState === 'live';
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-primary/30 bg-primary/5 px-4 py-2 text-sm"
      data-testid="live-status-bar"
      data-stream={streamState ?? 'off'}
    >
      <span className="inline-flex items-center gap-2 font-semibold text-primary">
        <Radio className="size-4 animate-pulse" aria-hidden="true" />
        Live: {live} {live === 1 ? 'game' : 'games'} in progress
      </span>
      {/* Plain inline text, so a phone wraps it word by word rather than in two columns. */}
      <span className="text-muted-foreground">
        {fetching ? <LoaderCircle className="mr-1.5 inline size-3.5 animate-spin align-[-0.125em]" aria-hidden="true" /> : null}
        {fetching ? 'Updating...' : `Updated ${formatClockTime(updatedAt)}`}
        {/* On a phone the Live indicator says it when pushed: one line less above the standings. */}
        <span className={pushed ? 'max-sm:hidden' : undefined}> · {pushed ? 'scores arrive as they change' : pollingText}</span>
      </span>
      {pushed ? (
        <span
          className="inline-flex items-center gap-1.5 rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success"
          data-testid="live-indicator"
          title="Connected: the leaderboard updates as scores change"
        >
          <span className="relative flex size-2" aria-hidden="true">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-current opacity-75" />
            <span className="relative inline-flex size-2 rounded-full bg-current" />
          </span>
          Live
        </span>
      ) : null}
    </div>
  );
}
