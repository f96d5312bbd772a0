import type { PickOverride } from '@powerpool/contracts';
import { Megaphone } from 'lucide-react';
import { formatDateTime } from '@/lib/dates';

/** The week's commissioner overrides (docs/game.md#overrides): members can see that one happened, for whom, by whom, when and why. */
export function OverridesNotice({ overrides }: { overrides: readonly PickOverride[] }) {
  if (overrides.length === 0) return null;
  return (
    <section className="rounded-xl border border-amber-500/40 bg-amber-500/5 px-4 py-3 text-sm" aria-label="Commissioner overrides" data-testid="overrides">
      <p className="mb-2 flex items-center gap-2 font-semibold">
        <Megaphone className="size-4 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        Commissioner {overrides.length === 1 ? 'override' : 'overrides'} this week
      </p>
      <ul className="grid gap-1.5">
        {overrides.map((o) => (
          <li key={o.id} data-testid="override">
            <span className="font-medium">{o.byDisplayName}</span> entered picks for <span className="font-medium">{o.targetDisplayName}</span>{' '}
            <span className="text-muted-foreground">on {formatDateTime(o.at)}</span>. Reason: <span className="italic">{o.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
