/** The fields the displayed-name rule reads. */
export interface NameFields {
  email?: string | null;
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * The name shown for a user everywhere (docs/screens.md#profile): displayName if non-blank;
 * else firstName plus lastName; else firstName; else the part of the e-mail before the @ with its
 * first letter capitalised; else the word 'User'.
 */
export function displayNameOf(user: NameFields): string {
  const display = user.displayName?.trim();
  if (display) return display;
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  const local = user.email?.split('@')[0]?.trim();
  if (local) return local.charAt(0).toUpperCase() + local.slice(1);
  return 'User';
}
