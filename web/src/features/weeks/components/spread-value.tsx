import type { WeekTeam } from '@powerpool/contracts';
import { cn } from '@/utils/cn';
import { favoriteText } from '@/lib/spreads';
import type { SpreadDisplay } from '@/features/weeks/lib/spreads';

const SOURCE_NOTES: Record<SpreadDisplay['source'], string | null> = {
  pool: 'Pool spread',
  locked: 'Locked',
  provider: 'ESPN line',
  none: null,
};

/**
 * A spread as the display rules give it, with who it favours and where it came from. `hideText`
 * leaves out the number itself (beside a field that already shows it).
 */
export function SpreadValue({
  display,
  value,
  home,
  away,
  hideText = false,
}: {
  display: SpreadDisplay;
  value: number | null;
  home: WeekTeam;
  away: WeekTeam;
  hideText?: boolean;
}) {
  const note = SOURCE_NOTES[display.source];
  return (
    <span className="grid gap-0.5" data-testid="spread-value">
      {hideText ? null : <span className={cn('tabular-nums', display.source === 'none' ? 'text-muted-foreground' : 'font-semibold')}>{display.text}</span>}
      {value !== null ? (
        <span className="text-xs text-muted-foreground">
          {favoriteText(value, home.abbreviation, away.abbreviation)}
          {note ? ` · ${note}` : ''}
        </span>
      ) : null}
    </span>
  );
}
