/** Display helpers of the staging screen (docs/screens.md#staging); week labels are the contracts' weekLabel. */
import { formatDateTime } from '@/lib/dates';

/** A kickoff instant in Central time with its year, staging spans seasons ("Thu, Sep 4, 2025, 7:20 PM CDT"); raw text if unparseable. */
export function kickoffLabel(instant: string): string {
  return formatDateTime(instant, instant);
}

/** A home-team line as ESPN shows it: "-7.5", "+3", "PK" for 0, "—" when missing. */
export function spreadLabel(spread: number | null): string {
  if (spread === null) return '—';
  if (spread === 0) return 'PK';
  return spread > 0 ? `+${spread}` : String(spread);
}

/** One side of a changed field: null/empty as "—", objects as JSON. */
export function changeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    // A cycle: what String() would give, without calling a toString the object may not have.
    return Object.prototype.toString.call(value);
  }
}

/** "1 team" / "32 teams". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
