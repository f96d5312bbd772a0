/** Label of a site role. */
export const ROLE_LABELS = {
  user: 'User',
  pool_commissioner: 'Pool Commissioner',
  super_admin: 'Super Admin',
} as const;

/** Label of a pool type. */
export const POOL_TYPE_LABELS = {
  standard: 'Standard',
  test: 'Test',
  private: 'Private',
} as const;
