import { WEEK_MESSAGES } from '@powerpool/contracts';

/** Why Publish Selected is off: nothing chosen, or a chosen game without a pool spread. */
export type PublishBlocker = 'none-selected' | 'missing-spreads' | null;

/** docs/week.md#publish: at least one game, and every selected game needs a pool spread. */
export function publishBlocker(selected: ReadonlyArray<{ spread: number | null }>): PublishBlocker {
  if (selected.length === 0) return 'none-selected';
  return selected.some((game) => game.spread === null) ? 'missing-spreads' : null;
}

/** Select All when anything is unselected, else Deselect All: the ids selected after the toggle. */
export function toggleAll(selected: ReadonlySet<string>, all: readonly string[]): Set<string> {
  const everything = all.length > 0 && all.every((id) => selected.has(id));
  return everything ? new Set() : new Set(all);
}

/** The toast title of a refused publish, by the server's code (docs/week.md#publish). */
export function publishFailureTitle(code: string | undefined): string {
  if (code === 'no_games_selected') return WEEK_MESSAGES.noGamesSelectedTitle;
  if (code === 'missing_spreads') return WEEK_MESSAGES.missingSpreadsTitle;
  return 'Error';
}
