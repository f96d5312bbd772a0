import { PICK_MESSAGES, TIEBREAKER_MAX, TIEBREAKER_MIN } from '@powerpool/contracts';
import { useId } from 'react';
import type { Ref } from 'react';
import { cn } from '@/utils/cn';
import { Input } from './ui/input';
import { Label } from './ui/label';

/**
 * The week's tiebreaker prediction on Make Picks (docs/game.md#weekly-winners): the total points of
 * the tiebreaker game, a whole number from 0 to 200, saved with the picks and locked with them. Also
 * on Week Management's emergency pick entry (docs/week.md#emergency-pick-entry), with a hint.
 * `error` marks the field (aria-invalid) and shows under it, read with it (aria-describedby).
 */
export function TiebreakerField({
  gameName,
  value,
  disabled,
  onChange,
  hint,
  error,
  inputRef,
  className,
}: {
  gameName: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null | undefined;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}) {
  const id = useId();
  const help = `${id}-help`;
  const errorId = `${id}-error`;
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
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${help}` : help}
        data-testid="tiebreaker-input"
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive" data-testid="tiebreaker-error">
          {error}
        </p>
      ) : null}
      <p id={help} className="text-xs text-muted-foreground">
        {PICK_MESSAGES.tiebreakerHelp(gameName)}
        {hint ? ` ${hint}` : ''}
      </p>
    </div>
  );
}
