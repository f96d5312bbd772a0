import { PICK_MESSAGES, weekTitle, type ErrorBody, type picksNotAvailableBodySchema } from '@powerpool/contracts';
import type { z } from 'zod';
import { ConflictError, DomainError, NotFoundError, ValidationError, type PoolAccessRefusal } from '@powerpool/service-kit';

export { PoolNotFoundError } from '@powerpool/service-kit';

type PicksNotAvailableBody = z.infer<typeof picksNotAvailableBodySchema>;

/**
 * picks-scoring's named errors: each one code (libs/contracts errors.ts) and the product's text where
 * it gives one. Add new ones here, never inline in a route.
 */

export class NotAMemberError extends DomainError implements PoolAccessRefusal {
  readonly poolAccess: { poolId: string };
  constructor(poolId: string) {
    super('not_a_member', PICK_MESSAGES.notAMember);
    this.poolAccess = { poolId };
  }
}

export class WeekNotPublishedError extends ConflictError {
  /** The pool week our copy lacks, when known: the action may catch up and try again (catchUpWeek). */
  readonly ref: { poolId: string; year: number; weekNumber: number } | undefined;
  constructor(weekNumber: number, ref?: { poolId: string; year: number; weekNumber: number }) {
    super('week_not_published', `${PICK_MESSAGES.weekNotPublished} (${weekTitle(weekNumber)})`, { weekNumber });
    this.ref = ref;
  }
}

export class PicksLockedError extends ConflictError {
  constructor(deadline: Date) {
    super('picks_locked', PICK_MESSAGES.picksLocked, { pickDeadline: deadline.toISOString() });
  }
}

export class IncompletePicksError extends DomainError {
  constructor(message: string, details?: unknown) {
    super('incomplete_picks', message, { title: PICK_MESSAGES.incompletePicksTitle, ...(details && typeof details === 'object' ? details : {}) });
  }
}

export class GameStartedError extends ConflictError {
  constructor(gameId: string, gameName: string) {
    super('game_started', PICK_MESSAGES.gameStarted(gameName), { gameId });
  }
}

export class GameNotAvailableError extends DomainError {
  constructor(gameId: string) {
    super('game_not_available', PICK_MESSAGES.gameNotAvailable(gameId), { gameId });
  }
}

export class TeamNotInGameError extends DomainError {
  constructor(teamId: string, gameId: string) {
    super('team_not_in_game', PICK_MESSAGES.teamNotInGame(teamId, gameId), { gameId, teamId });
  }
}

export class TargetNotMemberError extends DomainError implements PoolAccessRefusal {
  readonly poolAccess: { poolId: string; userId: string };
  constructor(poolId: string, userId: string) {
    super('target_not_member', PICK_MESSAGES.overrideTargetNotMember);
    this.poolAccess = { poolId, userId };
  }
}

export class WeekNotFoundError extends NotFoundError {
  constructor(weekNumber: number) {
    super('week_not_found', `${weekTitle(weekNumber)} has not been published in this pool`);
  }
}

export class SeasonNotFoundError extends NotFoundError {
  constructor() {
    super('season_not_found', PICK_MESSAGES.seasonNotFound);
  }
}

export class WeekNotInScoringError extends ConflictError {
  constructor(weekNumber: number, state: string) {
    super('week_not_in_scoring', `${PICK_MESSAGES.calculateNotAllowed} ${weekTitle(weekNumber)} is ${state}.`, { state });
  }
}

/** A pick of a batch (or an override) for another pool or week than the request's. */
export class PickNotOfBatchError extends ValidationError {
  constructor(weekNumber: number) {
    super(PICK_MESSAGES.pickNotOfBatch(weekNumber), { weekNumber });
  }
}

/** isPowerPick set on a pick whose rank is not 0, or not set on the rank-0 pick. */
export class PowerPickFlagError extends ValidationError {
  constructor() {
    super(PICK_MESSAGES.powerPickFlag);
  }
}

/**
 * A member (or a public pool's visitor) asks for a week's picks before its deadline. The body also
 * carries `status: "picks_not_available"` (picksNotAvailableBodySchema), which the SPA reads; the
 * kit's one error mapping sends whatever toBody gives, so both endpoints that refuse this way
 * (live leaderboard, leaderboard CSV) answer the same.
 */
export class PicksNotAvailableError extends DomainError {
  constructor() {
    super('picks_not_available', PICK_MESSAGES.picksNotAvailable);
  }

  override toBody(): ErrorBody & PicksNotAvailableBody {
    return { error: 'picks_not_available', status: 'picks_not_available', message: this.message };
  }
}

/** A weekly scoring review of someone who is neither a member of the pool nor a former member with scores. */
export class ReviewPlayerNotFoundError extends NotFoundError {
  constructor() {
    super('user_not_found', 'This player is not a member of this pool and has no scores in it');
  }
}
