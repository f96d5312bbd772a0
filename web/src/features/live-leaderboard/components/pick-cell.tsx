import { pointsText } from '@powerpool/contracts';
import type { LivePick } from '@powerpool/contracts';
import { Check, Minus, Radio, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { TeamLogo } from '@/components/team-logo';
import { cn } from '@/utils/cn';
import { PICK_STATE_LABELS, pickState } from '@/features/live-leaderboard/lib/games';
import type { PickState } from '@/features/live-leaderboard/lib/games';

const LOOKS: Record<PickState, { className: string; icon: ReactNode }> = {
  won: { className: 'border-success/40 bg-success/10 text-success', icon: <Check aria-hidden="true" /> },
  lost: { className: 'border-destructive/40 bg-destructive/10 text-destructive', icon: <X aria-hidden="true" /> },
  push: { className: 'border-border bg-muted text-muted-foreground', icon: <Minus aria-hidden="true" /> },
  covering: { className: 'border-success/40 border-dashed text-success', icon: <Radio aria-hidden="true" /> },
  // Exactly on the spread right now: neutral, between covering (green) and not covering (red).
  pushing: { className: 'border-border border-dashed bg-muted text-muted-foreground', icon: <Radio aria-hidden="true" /> },
  'not-covering': { className: 'border-destructive/40 border-dashed text-destructive', icon: <Radio aria-hidden="true" /> },
  pending: { className: 'border-border text-foreground', icon: null },
};

/**
 * One pick on the live board: the team, and how it stands (won, lost, push; or, while its game is
 * played, covering, push or not covering right now); a decided confidence pick's points are in its tooltip.
 */
export function PickCell({ pick }: { pick: LivePick | undefined }) {
  if (!pick) return <span className="text-muted-foreground">—</span>;
  const state = pickState(pick);
  const { className, icon } = LOOKS[state];
  const team = pick.selectedTeamAbbr ?? '?';
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3', className)}
      title={`${team}: ${PICK_STATE_LABELS[state]}${!pick.isPowerPick && pick.pointsEarned !== null ? `, ${pointsText(pick.pointsEarned)}` : ''}`}
      data-testid="live-pick"
      data-state={state}
    >
      <TeamLogo team={{ abbreviation: pick.selectedTeamAbbr, logoUrl: pick.selectedTeamLogo }} className="size-5 text-[0.45rem]" />
      {team}
      {icon}
      <span className="sr-only">{PICK_STATE_LABELS[state]}</span>
    </span>
  );
}
