import { WEEK_MESSAGES, weekTitle, type WeekState } from '@powerpool/contracts';
import { ConflictError, DomainError, NotFoundError } from '@powerpool/service-kit';

export class CurrentWeekUnknownError extends NotFoundError {
  constructor() {
    super('current_week_unknown', WEEK_MESSAGES.currentWeekUnknown);
  }
}

export class WeekNotFoundError extends NotFoundError {
  constructor(year: number, weekNumber: number) {
    super('week_not_found', `${weekTitle(weekNumber)} of the ${year} season has no games`);
  }
}

export class GameNotFoundError extends NotFoundError {
  constructor(gameId: string, where = 'this season') {
    super('game_not_found', `Game ${gameId} is not a game of ${where}`);
  }
}

/** Not the next forward step (weeks move forward only, one step at a time). */
export class InvalidTransitionError extends ConflictError {
  constructor({ weekNumber, from, to, next }: { weekNumber: number; from: WeekState; to: WeekState; next: WeekState | null }) {
    super(
      'invalid_transition',
      next
        ? `${weekTitle(weekNumber)} is ${from}: it can only move to ${next}, not ${to}`
        : `${weekTitle(weekNumber)} is COMPLETE: no further transitions are available`,
      { from, to, next },
    );
  }
}

export class DeadlineNotPassedError extends ConflictError {
  constructor(deadline: Date) {
    super('deadline_not_passed', `Games can start only after the picks deadline (${deadline.toISOString()}) has passed`, {
      pickDeadline: deadline.toISOString(),
    });
  }
}

export class DeadlinePassedError extends ConflictError {
  constructor(deadline: Date, games: string[]) {
    super(
      'deadline_passed',
      `The picks deadline for these games (${deadline.toISOString()}, 10 minutes before the first kickoff) has already passed. Deselect the games that have started or start within 10 minutes: ${games.join(', ')}.`,
      { pickDeadline: deadline.toISOString(), games },
    );
  }
}

export class NoGamesSelectedError extends DomainError {
  constructor() {
    super('no_games_selected', WEEK_MESSAGES.noGamesSelected, { title: WEEK_MESSAGES.noGamesSelectedTitle });
  }
}

export class MissingSpreadsError extends DomainError {
  constructor(games: string[]) {
    super('missing_spreads', WEEK_MESSAGES.missingSpreads(games), { title: WEEK_MESSAGES.missingSpreadsTitle, games });
  }
}

export class GameNotInWeekError extends DomainError {
  constructor(weekNumber: number, gameIds: string[]) {
    super('game_not_in_week', `Not games of ${weekTitle(weekNumber)}: ${gameIds.join(', ')}`, { gameIds });
  }
}

export class CannotCalculateScoresError extends ConflictError {
  constructor(reasons: string[]) {
    super('cannot_calculate_scores', WEEK_MESSAGES.cannotCalculateScores(reasons), { title: WEEK_MESSAGES.cannotStartScoringTitle, reasons });
  }
}

/** Complete Week while picks on final or void games would be left without a result. */
export class CannotCompleteWeekError extends ConflictError {
  constructor(picks: number, reasons: string[]) {
    super('cannot_complete_week', WEEK_MESSAGES.cannotCompleteWeek(picks, reasons), { unscoredPicks: picks, reasons });
  }
}

export class WeekNotInSetupError extends ConflictError {
  constructor(weekNumber: number, state: WeekState, what: string) {
    super(
      'week_not_in_setup',
      `${what}: ${weekTitle(weekNumber)} is ${state}, and ${what.toLowerCase().startsWith('spread') ? 'spreads are locked once a week is published' : 'this is only possible in SETUP'}`,
      { state },
    );
  }
}

export class NothingPublishedError extends ConflictError {
  constructor(weekNumber: number) {
    super('week_not_in_setup', `${weekTitle(weekNumber)} has not been published yet: there are no pool games to update`, { state: 'SETUP' });
  }
}

export class WeekCompleteError extends ConflictError {
  constructor(weekNumber: number) {
    super('week_complete', `${weekTitle(weekNumber)} is COMPLETE: its results are final`);
  }
}

export class GameNotPostponedError extends ConflictError {
  constructor(status: string) {
    super('game_not_postponed', `Only a postponed game can be ruled void (this game is ${status.toLowerCase().replace('_', ' ')})`, { status });
  }
}

export class SeasonPartNotInPoolError extends ConflictError {
  constructor(part: string) {
    super('season_part_not_in_pool', `This pool does not play the ${part} (see the pool's season types)`);
  }
}
