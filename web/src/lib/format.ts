/** Dates for admin screens: "Sep 1, 2026", or the fallback when missing or unreadable. */
export function formatDate(iso: string | null | undefined, fallback = 'N/A'): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return fallback;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "Sep 1, 2026, 3:04 PM", or the fallback. */
export function formatDateTime(iso: string | null | undefined, fallback = 'N/A'): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return fallback;
  return date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

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
