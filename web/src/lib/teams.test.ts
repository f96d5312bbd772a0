import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn, teamColor } from './teams';

describe('teamColor', () => {
  it('should make a CSS colour of a 6-digit hex and nothing of anything else', () => {
    expect(teamColor('004C54')).toBe('#004C54');
    expect(teamColor(null)).toBeUndefined();
    expect(teamColor('red;')).toBeUndefined();
  });
});

describe('readableTextOn', () => {
  it('should write white on dark team colours and black on light ones (and on the neutral circle, white)', () => {
    expect(readableTextOn('#004C54')).toBe('#ffffff');
    expect(readableTextOn('#203731')).toBe('#ffffff');
    expect(readableTextOn('#FFB612')).toBe('#000000');
    expect(readableTextOn('#A5ACAF')).toBe('#000000');
    // The Saints' gold: white on it read at 1.85:1.
    expect(readableTextOn('#D3BC8D')).toBe('#000000');
    expect(readableTextOn('#64748b')).toBe('#ffffff');
  });

  it('should reach 4.5:1 on every colour, mid greys included (where white gives 4.48:1)', () => {
    expect(readableTextOn('#777777')).toBe('#000000');
    let worst = Infinity;
    for (let r = 0; r < 256; r += 17)
      for (let g = 0; g < 256; g += 17)
        for (let b = 0; b < 256; b += 17) {
          const colour = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          worst = Math.min(worst, contrastRatio(colour, readableTextOn(colour)));
        }
    for (let grey = 0; grey < 256; grey += 1) {
      const colour = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      worst = Math.min(worst, contrastRatio(colour, readableTextOn(colour)));
    }
    expect(worst).toBeGreaterThanOrEqual(4.5);
  });
});

describe('contrastRatio', () => {
  it('should give WCAG ratios: 21 for black on white, 1 for a colour on itself, either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#64748b', '#64748b')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
