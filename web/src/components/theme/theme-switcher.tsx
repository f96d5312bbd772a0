import { Monitor, Moon, Sun } from 'lucide-react';
import { THEMES, THEME_LABELS } from '../../lib/theme';
import type { Theme } from '../../lib/theme';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { useTheme } from './theme-provider';

export const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** The theme choices as radio items, for any dropdown (the switcher and the mobile More menu). */
export function ThemeRadioItems() {
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
      {THEMES.map((choice) => {
        const Icon = THEME_ICONS[choice];
        return (
          <DropdownMenuRadioItem key={choice} value={choice}>
            <Icon aria-hidden="true" />
            {THEME_LABELS[choice]}
          </DropdownMenuRadioItem>
        );
      })}
    </DropdownMenuRadioGroup>
  );
}

/** Icon button opening Light / Dark / System. */
export function ThemeSwitcher() {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label="Toggle theme" title="Toggle theme">
          <Sun className="scale-100 rotate-0 transition-transform dark:scale-0 dark:-rotate-90" aria-hidden="true" />
          <Moon
            className="absolute scale-0 rotate-90 transition-transform dark:scale-100 dark:rotate-0"
            aria-hidden="true"
          />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <ThemeRadioItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
