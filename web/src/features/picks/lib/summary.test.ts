import { PICK_MESSAGES } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { favoriteTag, pickLine, powerBox, summaryLines, teamLineOf } from './summary';
import { game } from './test-games';

// g1: home favoured by 3.5 (-3.5); g2: away favoured by 7 (+7); g3: pick'em (0); g4: no spread.
const games = [game(1), game(2, { spread: 7, lockedSpread: 7 }), game(3, { spread: 0, lockedSpread: 0 }), game(4, { spread: null, lockedSpread: null })];
const [g1, g2, g3, g4] = games as [ReturnType<typeof game>, ReturnType<typeof game>, ReturnType<typeof game>, ReturnType<typeof game>];

describe('teamLineOf and favoriteTag', () => {
  it('should read a negative spread as the home team favoured and a positive one as the away team favoured', () => {
    expect(teamLineOf(g1, 'h1')).toEqual({ role: 'Fav', line: '-3.5' });
    expect(teamLineOf(g1, 'a1')).toEqual({ role: 'Dog', line: '+3.5' });
    expect(teamLineOf(g2, 'a2')).toEqual({ role: 'Fav', line: '-7' });
    expect(teamLineOf(g2, 'h2')).toEqual({ role: 'Dog', line: '+7' });
  });

  it("should read 0 or no spread as a pick'em", () => {
    expect(teamLineOf(g3, 'h3')).toEqual({ role: "Pick'em", line: null });
    expect(teamLineOf(g4, 'a4')).toEqual({ role: "Pick'em", line: null });
  });

  it('should score against the locked spread, not the pool spread', () => {
    expect(teamLineOf(game(5, { spread: 3, lockedSpread: -3 }), 'h5')).toEqual({ role: 'Fav', line: '-3' });
    expect(teamLineOf(game(5, { spread: 3, lockedSpread: null }), 'a5')).toEqual({ role: 'Fav', line: '-3' });
  });

  it("should tag only the favourite with 'Fav: n'", () => {
    expect(favoriteTag(g1, g1.homeTeam)).toBe('Fav: -3.5');
    expect(favoriteTag(g1, g1.awayTeam)).toBeNull();
    expect(favoriteTag(g2, g2.awayTeam)).toBe('Fav: -7');
    expect(favoriteTag(g3, g3.homeTeam)).toBeNull();
    expect(favoriteTag(g4, g4.awayTeam)).toBeNull();
  });

  it("should write a pick as 'Fav: x' or 'Dog: x'", () => {
    expect(pickLine(g1, 'h1')).toBe('Fav: H1 -3.5');
    expect(pickLine(g1, 'a1')).toBe('Dog: A1 +3.5');
    expect(pickLine(g3, 'a3')).toBe("Pick'em: A3");
  });
});

describe('summaryLines', () => {
  it("should list 3pt, 2pt and 1pt, each as its pick or 'Not selected'", () => {
    const lines = summaryLines({ g1: { rank: 3, power: false, teamId: 'a1' }, g2: { rank: 1, power: false, teamId: null } }, games);
    expect(lines).toEqual([
      { rank: 3, text: 'Dog: A1 +3.5', selected: true },
      { rank: 2, text: 'Not selected', selected: false },
      { rank: 1, text: 'Not selected', selected: false },
    ]);
  });
});

describe('powerBox', () => {
  it('should say there is no power pick', () => {
    expect(powerBox({}, games)).toEqual({ kind: 'none', text: PICK_MESSAGES.noPowerPick });
    expect(PICK_MESSAGES.noPowerPick).toBe('No power pick selected');
  });

  it('should ask for the team of a power pick without one', () => {
    expect(powerBox({ g2: { rank: null, power: true, teamId: null } }, games)).toEqual({ kind: 'choose-team', text: 'Power pick selected (choose team)' });
  });

  it('should show the power pick with its team', () => {
    expect(powerBox({ g2: { rank: null, power: true, teamId: 'a2' } }, games)).toEqual({ kind: 'selected', text: 'Fav: A2 -7' });
  });

  it("should name a commissioner's power pick on a game not available in this pool", () => {
    expect(powerBox({ g99: { rank: null, power: true, teamId: 'x' } }, games)).toEqual({
      kind: 'commissioner',
      text: 'Power pick entered by commissioner (game not available in this pool)',
    });
  });
});
