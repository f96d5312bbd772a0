import * as Collapsible from '@/components/ui/collapsible';
import type { WeekState } from '@powerpool/contracts';
import { ChevronDown, Info } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/utils/cn';
import { WEEK_INSTRUCTIONS } from '@/features/weeks/lib/instructions';

/** The commissioner's instructions for the week's state, collapsed to one line until opened. */
export function WeekInstructions({ state }: { state: WeekState }) {
  const [open, setOpen] = useState(false);
  const { summary, steps } = WEEK_INSTRUCTIONS[state];
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-xl border bg-primary/5">
      <Collapsible.Trigger className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <Info className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold">Commissioner instructions</span>
          <span className="block text-sm text-muted-foreground">{summary}</span>
        </span>
        <ChevronDown className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </Collapsible.Trigger>
      <Collapsible.Content className="px-4 pb-4">
        <ol className="ml-7 list-decimal space-y-1.5 text-sm text-muted-foreground marker:text-primary" data-testid="week-instructions">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
