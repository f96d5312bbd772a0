import { describe, expect, it } from 'vitest';
import { filterPayments, paymentBody, paymentCounts } from './payment-filter';

const users = [
  { id: '1', name: 'Ann Lee', email: 'ann@x.test', firstName: 'Ann', lastName: 'Lee', paymentNotes: 'Venmo 9/1', hasPaid: true },
  { id: '2', name: 'Bob', email: 'bob@x.test', firstName: null, lastName: 'Stone', paymentNotes: null, hasPaid: false },
  { id: '3', name: 'Cy', email: 'cy@y.test', firstName: 'Cyrus', lastName: null, paymentNotes: 'cash', hasPaid: false },
];

describe('payments filters', () => {
  it('should count all, paid and unpaid users when given a list', () => {
    expect(paymentCounts(users)).toEqual({ all: 3, paid: 1, unpaid: 2 });
  });

  it('should keep only paid or unpaid users when the filter says so', () => {
    expect(filterPayments(users, '', 'paid').map((u) => u.id)).toEqual(['1']);
    expect(filterPayments(users, '', 'unpaid').map((u) => u.id)).toEqual(['2', '3']);
  });

  it('should search name, email, first, last name and notes case-insensitively when a query is typed', () => {
    expect(filterPayments(users, 'VENMO', 'all').map((u) => u.id)).toEqual(['1']);
    expect(filterPayments(users, 'stone', 'all').map((u) => u.id)).toEqual(['2']);
    expect(filterPayments(users, 'cyrus', 'all').map((u) => u.id)).toEqual(['3']);
    expect(filterPayments(users, 'x.test', 'unpaid').map((u) => u.id)).toEqual(['2']);
  });

  it('should omit empty notes from the request body when saving', () => {
    expect(paymentBody(true, '   ')).toEqual({ hasPaid: true });
    expect(paymentBody(false, ' refund ')).toEqual({ hasPaid: false, notes: 'refund' });
  });
});
