import { describe, expect, it } from 'vitest';
import { applyResolvedTheme, parseTheme, resolveTheme } from './theme';

describe('parseTheme', () => {
  it('should keep the stored choice when it is light, dark or system', () => {
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('system')).toBe('system');
  });

  it('should fall back to system when nothing or something unknown is stored', () => {
    expect(parseTheme(null)).toBe('system');
    expect(parseTheme(undefined)).toBe('system');
    expect(parseTheme('')).toBe('system');
    expect(parseTheme('DARK')).toBe('system');
  });
});

describe('resolveTheme', () => {
  it('should apply an explicit choice whatever the system prefers', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('should follow the system preference when the choice is system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });
});

describe('applyResolvedTheme', () => {
  it('should leave exactly one theme class when the theme changes', () => {
    const classes = new Set(['light', 'other']);
    const classList = {
      add: (...tokens: string[]) => tokens.forEach((t) => classes.add(t)),
      remove: (...tokens: string[]) => tokens.forEach((t) => classes.delete(t)),
    };
    applyResolvedTheme(classList, 'dark');
    expect([...classes].sort()).toEqual(['dark', 'other']);
  });
});
