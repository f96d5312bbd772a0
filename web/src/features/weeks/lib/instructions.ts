import { PICK_DEADLINE_LEAD_MINUTES, SPREAD_STEP } from '@powerpool/contracts';
import type { WeekState } from '@powerpool/contracts';
import { LIVE_GAMES_REFETCH_SECONDS } from './live';

export interface WeekInstructions {
  /** One line: what this state is for. */
  summary: string;
  /** What the commissioner does, in order. */
  steps: string[];
}

/**
 * The commissioner's instructions for each state (docs/week.md#states), following the rules of
 * docs/game.md: what players can do now, what the commissioner does next, and what is locked.
 */
export const WEEK_INSTRUCTIONS: Record<WeekState, WeekInstructions> = {
  SETUP: {
    summary: 'Choose the games players will pick from and give each one a spread.',
    steps: [
      'Tick the games this pool plays this week. Players see only the games you publish.',
      `Give every ticked game a spread, in steps of ${SPREAD_STEP}: type it in, or press Download Spreads from ESPN to copy the current lines. A negative spread favours the home team, a positive one the away team, and 0 is a pick'em.`,
      `Press Publish Selected. The spreads are locked as they are, and picks close ${PICK_DEADLINE_LEAD_MINUTES} minutes before the earliest kickoff among the published games.`,
      'Spreads can be changed until you publish, not after.',
    ],
  },
  PUBLISHED: {
    summary: 'Players are making their picks.',
    steps: [
      'Players choose three confidence picks (3, 2 and 1 points) and an optional power pick from the published games, against the locked spreads.',
      "Picks close at the deadline below. The server's clock decides: a pick that arrives later is refused, whatever a browser shows.",
      'When the deadline passes the week moves to Games In Progress by itself. You can also press Start Games once it has passed.',
      "Before the deadline each player sees only their own picks; after it, the pool's members see everyone's.",
    ],
  },
  GAMES_IN_PROGRESS: {
    summary: 'Picks are locked and the games are being played.',
    steps: [
      `This page reloads the games every ${LIVE_GAMES_REFETCH_SECONDS} seconds. Press Update Scores from ESPN to fetch the latest statuses and scores now.`,
      'A postponed game can be ruled void, with a reason: every pick on it then counts as a push. Cancelled games are void as soon as ESPN says so.',
      'When every game is final (or void) and has its spread, press Move to Scoring Phase. It is refused, with the reasons, while any game lacks a final score.',
    ],
  },
  SCORING: {
    summary: 'All games are final: check the results before they become official.',
    steps: [
      'Review each game below: its final score, the locked spread and who covered it. Void games count as a push for every pick.',
      'Press Complete Week to make the results final. They then count in the season standings.',
      'After completion, results change only through a recorded commissioner correction.',
    ],
  },
  COMPLETE: {
    summary: 'This week is finished.',
    steps: [
      "The results are final and count in the pool's season standings.",
      'Games, spreads and picks no longer change, except through a recorded commissioner correction, which recalculates the scores.',
    ],
  },
};
