import type { Covering, LiveGame, LivePick } from '@powerpool/contracts';

export type LiveGameLabel = 'Scheduled' | 'Live' | 'Final' | 'Postponed' | 'Cancelled' | 'Void';

/**
 * The game results list's status (docs/screens.md#live-leaderboard): Scheduled, Live with quarter and clock,
 * Final. The provider's own words win while it has some ("Halftime", "End of 3rd", "Final/OT").
 */
export function liveGameStatus(game: Pick<LiveGame, 'status' | 'quarter' | 'clock' | 'isVoid'> & { statusDetail?: string | null }): {
  label: LiveGameLabel;
  clock: string | null;
} {
  if (game.isVoid) return { label: 'Void', clock: null };
  const detail = game.statusDetail ?? null;
  switch (game.status) {
    case 'IN_PROGRESS': {
      if (detail) return { label: 'Live', clock: detail };
      const period = game.quarter === null ? null : game.quarter > 4 ? 'OT' : `Q${game.quarter}`;
      const clock = [period, game.clock].filter(Boolean).join(' · ');
      return { label: 'Live', clock: clock || null };
    }
    case 'COMPLETE':
      return { label: 'Final', clock: detail && detail !== 'Final' ? detail : null };
    case 'POSTPONED':
      return { label: 'Postponed', clock: null };
    case 'CANCELLED':
      return { label: 'Cancelled', clock: null };
    default:
      return { label: 'Scheduled', clock: null };
  }
}

/** "Lincoln Financial Field, Philadelphia, PA", or null without a venue. */
export function venueText(venue: LiveGame['venue']): string | null {
  if (!venue) return null;
  return [venue.name, venue.city, venue.state].filter(Boolean).join(', ');
}

export type PickState = 'won' | 'lost' | 'push' | 'covering' | 'pushing' | 'not-covering' | 'pending';

/** While its game is being played, how a pending pick stands right now (docs/game.md#live-standings). */
const COVERING_PICK_STATES: Record<Covering, PickState> = { COVERING: 'covering', PUSH: 'pushing', NOT_COVERING: 'not-covering' };

/**
 * How a pick stands: decided (won, lost, push), or pending and, while its game is played,
 * covering, exactly on the spread (pushing) or not covering right now.
 */
export function pickState(pick: Pick<LivePick, 'result' | 'covering'>): PickState {
  switch (pick.result) {
    case 'WIN':
      return 'won';
    case 'LOSS':
      return 'lost';
    case 'PUSH':
      return 'push';
    default:
      return pick.covering === null ? 'pending' : COVERING_PICK_STATES[pick.covering];
  }
}

export const PICK_STATE_LABELS: Record<PickState, string> = {
  won: 'Won',
  lost: 'Lost',
  push: 'Push',
  covering: 'Covering',
  pushing: 'Push',
  'not-covering': 'Not covering',
  pending: 'Pending',
};
