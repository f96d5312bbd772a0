import { POOL_MESSAGES } from '@powerpool/contracts';
import { ConflictError, DomainError, NotFoundError } from '@powerpool/service-kit';

export { PoolNotFoundError, UserNotFoundError } from '@powerpool/service-kit';

export const MEMBER_NOT_FOUND = 'Member not found in this pool';
export const CANNOT_REMOVE_COMMISSIONER = "The pool's commissioner cannot be removed from the pool. Change the commissioner first.";
export const NOT_ELIGIBLE_COMMISSIONER = 'Only a user whose role is pool_commissioner or super_admin can be made commissioner of a pool.';
export const SLUG_TAKEN_MESSAGE = 'A pool with this slug already exists. Choose another slug.';

export class MemberNotFoundError extends NotFoundError {
  constructor() {
    super('member_not_found', MEMBER_NOT_FOUND);
  }
}

/** 404 for an invitation: the join page's text for a token, a plain one for a commissioner's id. */
export class InvitationNotFoundError extends NotFoundError {
  constructor(message: string = POOL_MESSAGES.invitationNotFound) {
    super('invitation_not_found', message);
  }
}

export class AlreadyMemberError extends ConflictError {
  constructor(message: string = POOL_MESSAGES.alreadyMember) {
    super('already_member', message);
  }
}

export class PoolFullError extends ConflictError {
  constructor(maxMembers: number) {
    super('pool_full', POOL_MESSAGES.poolFull, { maxMembers });
  }
}

export class CannotRemoveCommissionerError extends ConflictError {
  constructor() {
    super('cannot_remove_commissioner', CANNOT_REMOVE_COMMISSIONER);
  }
}

export class SlugTakenError extends ConflictError {
  constructor(slug: string) {
    super('slug_taken', SLUG_TAKEN_MESSAGE, { field: 'slug', slug });
  }
}

export class NotEligibleCommissionerError extends DomainError {
  constructor(userId: string, role: string) {
    super('not_eligible_commissioner', NOT_ELIGIBLE_COMMISSIONER, { userId, role });
  }
}

/** 410 Gone: the invitation exists but can no longer be used. */
export class InvitationGoneError extends DomainError {
  constructor(code: 'invitation_expired' | 'invitation_deactivated' | 'invitation_limit_reached', message: string) {
    super(code, message);
  }
}
