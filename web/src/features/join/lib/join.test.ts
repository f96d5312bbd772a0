import { POOL_MESSAGES } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { joinFailure } from './join-errors';
import { clearPendingInvitation, hasPendingInvitationFor, PENDING_INVITATION_KEY, readPendingInvitation, savePendingInvitation } from './pending-invitation';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('pendingInvitation', () => {
  it('should store token, poolId, poolName and timestamp under pendingInvitation when saved', () => {
    const store = memoryStore();
    savePendingInvitation(store, { token: 't1', poolId: 'p1', poolName: 'Pool', timestamp: 5 });
    expect(JSON.parse(store.map.get(PENDING_INVITATION_KEY) ?? '')).toEqual({ token: 't1', poolId: 'p1', poolName: 'Pool', timestamp: 5 });
    expect(readPendingInvitation(store)).toEqual({ token: 't1', poolId: 'p1', poolName: 'Pool', timestamp: 5 });
  });

  it('should match only the same token when checking for a pending invitation', () => {
    const store = memoryStore();
    savePendingInvitation(store, { token: 't1', poolId: 'p1', poolName: 'Pool', timestamp: 5 });
    expect(hasPendingInvitationFor(store, 't1')).toBe(true);
    expect(hasPendingInvitationFor(store, 't2')).toBe(false);
    clearPendingInvitation(store);
    expect(hasPendingInvitationFor(store, 't1')).toBe(false);
  });

  it('should read null when the stored value is not readable', () => {
    const store = memoryStore();
    store.setItem(PENDING_INVITATION_KEY, '{oops');
    expect(readPendingInvitation(store)).toBeNull();
    store.setItem(PENDING_INVITATION_KEY, '{"poolId":"p"}');
    expect(readPendingInvitation(store)).toBeNull();
  });
});

describe('joinFailure', () => {
  it('should go home silently when the user is already a member (409)', () => {
    expect(joinFailure({ status: 409, code: 'already_member', serverMessage: POOL_MESSAGES.alreadyMember })).toEqual({ kind: 'already-member' });
  });

  it('should show the server message when the pool is full (409 pool_full)', () => {
    expect(joinFailure({ status: 409, code: 'pool_full', serverMessage: POOL_MESSAGES.poolFull })).toEqual({ kind: 'error', message: POOL_MESSAGES.poolFull });
  });

  it("should use the product's texts when the reply is 401, 404 or 410", () => {
    expect(joinFailure({ status: 401 })).toEqual({ kind: 'signed-out', message: 'Your session has expired. Please log in again to join the pool.' });
    expect(joinFailure({ status: 404 })).toEqual({
      kind: 'error',
      message: 'This invitation link is no longer valid. Please contact the pool organizer for a new invitation.',
    });
    expect(joinFailure({ status: 410, code: 'invitation_limit_reached' })).toEqual({
      kind: 'error',
      message: 'This invitation has reached its usage limit. Please contact the pool organizer.',
    });
  });

  it('should keep the server message when a 410 is for an expired invitation', () => {
    expect(joinFailure({ status: 410, code: 'invitation_expired', serverMessage: POOL_MESSAGES.invitationExpired })).toEqual({
      kind: 'error',
      message: POOL_MESSAGES.invitationExpired,
    });
  });

  it('should fall back to the status text or the network text when nothing else fits', () => {
    expect(joinFailure({ status: 500 })).toEqual({ kind: 'error', message: 'Failed to join pool (Status: 500)' });
    expect(joinFailure({ status: 500, serverMessage: 'Boom' })).toEqual({ kind: 'error', message: 'Boom' });
    expect(joinFailure({ status: undefined })).toEqual({ kind: 'error', message: 'Network error. Please check your connection and try again.' });
  });
});
