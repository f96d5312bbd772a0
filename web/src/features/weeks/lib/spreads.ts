import { isValidSpread, SPREAD_LIMIT, SPREAD_STEP, WEEK_MESSAGES } from '@powerpool/contracts';
import { formatSpread } from '@/lib/spreads';

/** How a grid shows spreads: `setup` (SETUP), `live` (PUBLISHED to SCORING), `complete` (COMPLETE). */
export type GridMode = 'setup' | 'live' | 'complete';

export interface SpreadSources {
  /** The pool's spread (SETUP; the one being edited). */
  spread: number | null;
  /** The pool's spread fixed at publish. */
  lockedSpread: number | null;
  /** The provider's current line. */
  espnSpread: number | null;
  isComplete: boolean;
}

export interface SpreadDisplay {
  text: string;
  /** Where the number came from; `none` when there is no number. */
  source: 'pool' | 'locked' | 'provider' | 'none';
}

/**
 * docs/screens.md#week-management, spread display. In setup mode: the pool spread, else the provider's,
 * else "Expired" for a complete game or "Not available". In live and complete modes: the locked
 * spread, else the provider's marked "(unlocked)", else "Not set".
 */
export function spreadDisplay(mode: GridMode, game: SpreadSources): SpreadDisplay {
  if (mode === 'setup') {
    if (game.spread !== null) return { text: formatSpread(game.spread), source: 'pool' };
    if (game.espnSpread !== null) return { text: formatSpread(game.espnSpread), source: 'provider' };
    return { text: game.isComplete ? 'Expired' : 'Not available', source: 'none' };
  }
  if (game.lockedSpread !== null) return { text: formatSpread(game.lockedSpread), source: 'locked' };
  if (game.espnSpread !== null) return { text: `${formatSpread(game.espnSpread)} (unlocked)`, source: 'provider' };
  return { text: 'Not set', source: 'none' };
}

/** What a spread field holds: a spread to save (null clears it), or why it cannot be saved. */
export type SpreadEntry = { ok: true; spread: number | null } | { ok: false; title: string; description: string };

/** The refusal of a number that is not a spread (not in half points, or too large). */
export const SPREAD_RANGE_TEXT = `Spreads move in steps of ${SPREAD_STEP}, from -${SPREAD_LIMIT} to +${SPREAD_LIMIT}.`;

/**
 * Reads a spread field (docs/screens.md#week-management: it must parse as a number). `badInput` is the
 * number input's own verdict (`validity.badInput`: something typed that is no number, which the
 * browser reports as an empty value). Empty clears the spread.
 */
export function readSpreadEntry(text: string, { badInput = false }: { badInput?: boolean } = {}): SpreadEntry {
  const invalid = { ok: false as const, title: WEEK_MESSAGES.invalidSpreadTitle, description: WEEK_MESSAGES.invalidSpread };
  if (badInput) return invalid;
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, spread: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return invalid;
  if (!isValidSpread(value)) return { ok: false, title: WEEK_MESSAGES.invalidSpreadTitle, description: SPREAD_RANGE_TEXT };
  // -0 and 0 are the same pick'em.
  return { ok: true, spread: value === 0 ? 0 : value };
}

/** The text a spread field starts from. */
export const spreadFieldText = (spread: number | null): string => (spread === null ? '' : String(spread));
