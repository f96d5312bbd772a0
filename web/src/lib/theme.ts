/** Theme choice (docs/screens.md#theme): light, dark or system (default). */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = 'light' | 'dark';

/** localStorage key of the choice. public/theme-init.js reads the same key before first paint. */
export const THEME_STORAGE_KEY = 'ui-theme';
export const DEFAULT_THEME: Theme = 'system';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** A stored value as a Theme; anything unknown (or nothing) is the default. */
export function parseTheme(value: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_THEME;
}

/** The class to apply: the choice itself, or for `system` the operating system preference. */
export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

/** Puts exactly one of `light` / `dark` on the element's class list. */
export function applyResolvedTheme(classList: Pick<DOMTokenList, 'add' | 'remove'>, resolved: ResolvedTheme): void {
  classList.remove('light', 'dark');
  classList.add(resolved);
}

/** Human labels for the switcher. */
export const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
