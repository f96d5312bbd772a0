import { useId } from 'react';
import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

/**
 * A native checkbox with its label (and an optional hint), for forms. Under a thumb (coarse
 * pointer) the label, which toggles the box too, is 44 px high and the box 20 px, centred on it.
 */
export function CheckboxField({
  label,
  hint,
  checked,
  onCheckedChange,
  disabled,
  className,
}: {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onCheckedChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 rounded border-input accent-primary pointer-coarse:mt-3 pointer-coarse:size-5"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm leading-none font-medium pointer-coarse:flex pointer-coarse:min-h-11 pointer-coarse:items-center">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
