import type { PublishedGame } from '@powerpool/contracts';
import { Zap } from 'lucide-react';
import { cn } from '@/utils/cn';
import type { Selections } from '@/features/picks/lib/edit-rules';
import { powerBox, summaryLines } from '@/features/picks/lib/summary';
import { POWER_CLASSES, RANK_CLASSES } from './rank-styles';

/**
 * 'Your Picks Summary' (docs/screens.md#make-picks): the 3pt, 2pt and 1pt picks and the power box.
 * `onRemovePower` offers to remove a commissioner's power pick on a game not in the pool (it
 * cannot be saved again, and its game has no card to remove it from).
 */
export function PicksSummary({ selections, games, onRemovePower }: { selections: Selections; games: readonly PublishedGame[]; onRemovePower?: () => void }) {
  const power = powerBox(selections, games);
  return (
    <section className="rounded-xl border bg-card p-4 shadow-sm" aria-labelledby="picks-summary-title" data-testid="picks-summary">
      <h2 id="picks-summary-title" className="mb-3 font-semibold">
        Your Picks Summary
      </h2>
      <ul className="grid gap-2 sm:grid-cols-3">
        {summaryLines(selections, games).map((line) => (
          <li key={line.rank} className="flex items-center gap-2 text-sm">
            <span className={cn('rounded-md border px-2 py-0.5 text-xs font-bold', RANK_CLASSES[line.rank])}>{line.rank}pt</span>
            <span className={line.selected ? 'font-medium' : 'text-muted-foreground'}>{line.text}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-sm" data-testid="power-box">
        <span className={cn('inline-flex items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-bold', POWER_CLASSES)}>
          <Zap className="size-3" aria-hidden="true" />
          Power
        </span>
        <span className={power.kind === 'selected' ? 'font-medium' : 'text-muted-foreground'}>{power.text}</span>
        {power.kind === 'commissioner' && onRemovePower ? (
          <button type="button" className="ml-auto text-xs font-medium text-primary underline-offset-4 hover:underline" onClick={onRemovePower}>
            Remove power pick
          </button>
        ) : null}
      </div>
    </section>
  );
}
