import { Monitor, Moon, Sun } from 'lucide-react';
import { THEMES, THEME_LABELS } from '@/lib/theme';
import type { Theme } from '@/lib/theme';
import { DropdownMenuRadioGroup, DropdownMenuRadioItem } from '@/components/ui/dropdown-menu';
import { useTheme } from './theme-provider';

export const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** The theme choices as radio items, for any dropdown (the desktop theme menu and the phone More menu). */
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
