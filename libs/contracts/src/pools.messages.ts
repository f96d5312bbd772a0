/** Texts the product fixes (docs/screens.md#errors) that the server answers with; the join page shows them (docs/screens.md#join-page). */
export const POOL_MESSAGES = {
  alreadyMember: 'You are already a member of this pool',
  invitationNotFound: 'This invitation link is no longer valid. Please contact the pool organizer for a new invitation.',
  invitationLimitReached: 'This invitation has reached its usage limit. Please contact the pool organizer.',
  invitationExpired: 'This invitation has expired. Please contact the pool organizer for a new invitation.',
  invitationDeactivated: 'This invitation has been deactivated by the pool commissioner. Please contact the pool organizer.',
  sessionExpired: 'Your session has expired. Please log in again to join the pool.',
  poolFull: 'This pool is full. Please contact the pool organizer.',
  daysValidPositive: 'Days valid must be greater than 0',
  maxUsesPositive: 'Maximum uses must be greater than 0',
} as const;
