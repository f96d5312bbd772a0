import { Ban, CalendarClock, CircleCheck, CirclePause, CircleSlash, Radio } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { BadgeVariant } from '@/components/ui/badge';
import type { GameBadge } from '@/features/weeks/lib/games';

const LOOKS: Record<GameBadge, { variant: BadgeVariant; icon: ReactNode }> = {
  Complete: { variant: 'success', icon: <CircleCheck aria-hidden="true" /> },
  'In Progress': { variant: 'info', icon: <Radio aria-hidden="true" /> },
  Scheduled: { variant: 'muted', icon: <CalendarClock aria-hidden="true" /> },
  Postponed: { variant: 'warning', icon: <CirclePause aria-hidden="true" /> },
  Cancelled: { variant: 'destructive', icon: <Ban aria-hidden="true" /> },
  Void: { variant: 'outline', icon: <CircleSlash aria-hidden="true" /> },
};

/** A game's status badge (`gameBadgeOf`), with the live clock beside it while it is being played. */
export function GameStatusBadge({ badge, clock }: { badge: GameBadge; clock?: string | null }) {
  const { variant, icon } = LOOKS[badge];
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge variant={variant} data-testid="game-status">
        {icon}
        {badge}
      </Badge>
      {clock ? <span className="text-xs font-medium text-muted-foreground tabular-nums">{clock}</span> : null}
    </span>
  );
}
