import { describe, expect, it } from 'vitest';
import { invitationDisplayStatus, invitationLink, invitationUsageText, isInvitationUsable } from './invitations';

const now = new Date('2026-09-01T12:00:00Z');
const base = { isActive: true, expiresAt: '2026-10-01T00:00:00Z', maxUses: 5, currentUses: 1 };

describe('invitationDisplayStatus', () => {
  it('should be Active when active, not expired and below its limit', () => {
    expect(invitationDisplayStatus(base, now)).toBe('Active');
    expect(isInvitationUsable(base, now)).toBe(true);
  });

  it('should be Deactivated first when the invitation is inactive, even if also expired and at its limit', () => {
    expect(invitationDisplayStatus({ isActive: false, expiresAt: '2026-01-01T00:00:00Z', maxUses: 1, currentUses: 1 }, now)).toBe('Deactivated');
  });

  it('should be Expired before Limit Reached when the expiry has passed and the limit is reached', () => {
    expect(invitationDisplayStatus({ ...base, expiresAt: '2026-08-31T00:00:00Z', currentUses: 5 }, now)).toBe('Expired');
  });

  it('should be Expired when the expiry is exactly now', () => {
    expect(invitationDisplayStatus({ ...base, expiresAt: now.toISOString() }, now)).toBe('Expired');
  });

  it('should be Limit Reached when currentUses is at or above maxUses', () => {
    expect(invitationDisplayStatus({ ...base, currentUses: 5 }, now)).toBe('Limit Reached');
    expect(invitationDisplayStatus({ ...base, currentUses: 6 }, now)).toBe('Limit Reached');
    expect(isInvitationUsable({ ...base, currentUses: 5 }, now)).toBe(false);
  });

  it('should stay Active when maxUses is null (unlimited)', () => {
    expect(invitationDisplayStatus({ ...base, maxUses: null, currentUses: 999 }, now)).toBe('Active');
  });
});

describe('invitation texts', () => {
  it('should show Unlimited when the invitation has no maximum', () => {
    expect(invitationUsageText({ maxUses: null, currentUses: 2 })).toBe('2 / Unlimited');
    expect(invitationUsageText({ maxUses: 10, currentUses: 2 })).toBe('2 / 10');
  });

  it('should build {origin}/join/{token} when given an origin with or without a trailing slash', () => {
    expect(invitationLink('https://pool.example', 'abc')).toBe('https://pool.example/join/abc');
    expect(invitationLink('http://localhost:5173/', 'a b')).toBe('http://localhost:5173/join/a%20b');
  });
});
