import { matchesSearch } from '@/lib/search';

export const PAYMENT_FILTERS = ['all', 'paid', 'unpaid'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/** The fields payment search and filters read. */
export interface PaymentRow {
  name: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  paymentNotes: string | null;
  hasPaid: boolean;
}

/** Counts for the filter buttons (and the summary cards). */
export function paymentCounts(users: readonly PaymentRow[]): Record<PaymentFilter, number> {
  const paid = users.filter((u) => u.hasPaid).length;
  return { all: users.length, paid, unpaid: users.length - paid };
}

/** Search over name, email, first name, last name and payment notes; then the All / Paid / Unpaid filter. */
export function filterPayments<T extends PaymentRow>(users: readonly T[], query: string, filter: PaymentFilter): T[] {
  return users.filter(
    (u) => (filter === 'all' || (filter === 'paid') === u.hasPaid) && matchesSearch(query, [u.name, u.email, u.firstName, u.lastName, u.paymentNotes]),
  );
}

/** PUT body: notes are optional and omitted when empty (docs/screens.md#payments). */
export function paymentBody(hasPaid: boolean, notes: string): { hasPaid: boolean; notes?: string } {
  const trimmed = notes.trim();
  return trimmed ? { hasPaid, notes: trimmed } : { hasPaid };
}
