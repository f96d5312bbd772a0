import { describe, expect, it } from 'vitest';
import { displayNameOf } from './display-name.js';

describe('displayNameOf (docs/screens.md#profile)', () => {
  it.each([
    [{ displayName: 'Pat the Picker', firstName: 'Pat', lastName: 'Player', email: 'p@x.test' }, 'Pat the Picker'],
    [{ displayName: '  Spaced  ', email: 'p@x.test' }, 'Spaced'],
    [{ displayName: '   ', firstName: 'Pat', lastName: 'Player', email: 'p@x.test' }, 'Pat Player'],
    [{ displayName: null, firstName: 'Pat', lastName: null, email: 'p@x.test' }, 'Pat'],
    [{ displayName: null, firstName: null, lastName: 'Player', email: 'casey.second@x.test' }, 'Casey.second'],
    [{ email: 'player@powerpool.test' }, 'Player'],
    [{ email: '' }, 'User'],
    [{}, 'User'],
  ])('should show %j as %s', (user, expected) => {
    expect(displayNameOf(user)).toBe(expected);
  });
});
