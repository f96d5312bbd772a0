import type { LiveGame } from '@powerpool/contracts';
import { LoaderCircle, Radio } from 'lucide-react';

/** Shown while games are being played: how many, when the board was last updated, and that it updates itself. */
export function LiveStatusBar({ games, updatedAt, fetching }: { games: readonly LiveGame[]; updatedAt: number; fetching: boolean }) {
  const live = games.filter((g) => g.status === 'IN_PROGRESS').length;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-primary/30 bg-primary/5 px-4 py-2 text-sm"
      data-testid="live-status-bar"
    >
      <span className="inline-flex items-center gap-2 font-semibold text-primary">
        <Radio className="size-4 animate-pulse" aria-hidden="true" />
        Live: {live} {live === 1 ? 'game' : 'games'} in progress
      </span>
      <span className="inline-flex items-center gap-1.5 text-muted-foreground">
        {fetching ? <LoaderCircle className="size-3.5 animate-spin" aria-hidden="true" /> : null}
        {fetching ? 'Updating...' : `Updated ${new Date(updatedAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' })}`}
        <span> · updates automatically about every minute</span>
      </span>
    </div>
  );
}
