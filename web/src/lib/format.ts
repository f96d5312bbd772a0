/** Label of a site role. */
export const ROLE_LABELS = {
  user: 'User',
  pool_commissioner: 'Pool Commissioner',
  super_admin: 'Super Admin',
} as const;

/** How the screens name each weekly tiebreaker (docs/game.md#weekly-winners). */
export const WEEKLY_TIEBREAKER_LABELS = {
  none: 'None (ties shared)',
  last_game_total: 'Total points of the last game',
} as const;

/** Label of a pool type. */
export const POOL_TYPE_LABELS = {
  standard: 'Standard',
  test: 'Test',
  private: 'Private',
} as const;
