import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '@powerpool/contracts';
import { providerClaimsOf, SignInFailedError } from './sign-in.js';

const ISSUER = 'https://idp.example.com';
const base = { sub: 'abc-123', email: ' pat@example.com ', given_name: 'Pat', family_name: 'Lee', pp_role: 'pool_commissioner' };

describe('providerClaimsOf', () => {
  it('should keep trimmed claims when they are plain text', () => {
    expect(providerClaimsOf(base, ISSUER, 'pp_role')).toEqual({
      issuer: ISSUER,
      subject: 'abc-123',
      email: 'pat@example.com',
      givenName: 'Pat',
      familyName: 'Lee',
      role: 'pool_commissioner',
    });
  });

  it('should drop control characters from names when the provider sends them', () => {
    const claims = providerClaimsOf({ ...base, given_name: 'Pa\u0000t\u0007', family_name: '\u0000' }, ISSUER, 'pp_role');
    expect(claims.givenName).toBe('Pat');
    expect(claims.familyName).toBeNull();
  });

  it('should cut a name to the profile length when the provider sends a longer one', () => {
    const claims = providerClaimsOf({ ...base, given_name: 'x'.repeat(NAME_MAX_LENGTH + 40) }, ISSUER, 'pp_role');
    expect(claims.givenName).toHaveLength(NAME_MAX_LENGTH);
  });

  it('should end the sign-in cleanly when the e-mail or the subject holds a control character', () => {
    expect(() => providerClaimsOf({ ...base, email: 'pat\u0000@example.com' }, ISSUER, 'pp_role')).toThrow(SignInFailedError);
    expect(() => providerClaimsOf({ ...base, sub: 'abc\u0000' }, ISSUER, 'pp_role')).toThrow(SignInFailedError);
    // Twice in a row: the check keeps no state between calls.
    expect(() => providerClaimsOf({ ...base, sub: 'abc\u0000' }, ISSUER, 'pp_role')).toThrow(SignInFailedError);
  });

  it('should refuse an account without an e-mail address', () => {
    expect(() => providerClaimsOf({ ...base, email: '  ' }, ISSUER, 'pp_role')).toThrow(/no e-mail address/);
  });
});
