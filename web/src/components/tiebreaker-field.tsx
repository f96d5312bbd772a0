import { PICK_MESSAGES, TIEBREAKER_MAX, TIEBREAKER_MIN } from '@powerpool/contracts';
import { useId } from 'react';
import { cn } from '../utils/cn';
import { Input } from './ui/input';
import { Label } from './ui/label';

/**
 * The week's tiebreaker prediction on Make Picks (docs/game.md#weekly-winners): the total points of
 * the tiebreaker game, a whole number from 0 to 200, saved with the picks and locked with them. Also
 * on Week Management's emergency pick entry (docs/week.md#emergency-pick-entry), with a hint.
 */
export function TiebreakerField({
  gameName,
  value,
  disabled,
  onChange,
  hint,
  className,
}: {
  gameName: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  hint?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('mx-auto grid w-full max-w-xs gap-2 text-left', className)} data-testid="tiebreaker">
      <Label htmlFor={id}>{PICK_MESSAGES.tiebreakerLabel}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={TIEBREAKER_MIN}
        max={TIEBREAKER_MAX}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-help`}
        data-testid="tiebreaker-input"
      />
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        {PICK_MESSAGES.tiebreakerHelp(gameName)}
        {hint ? ` ${hint}` : ''}
      </p>
    </div>
  );
}
