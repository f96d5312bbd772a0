import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/utils/cn';

/**
 * Where a column's value goes on a phone card:
 * - `title`: top left, stacked (who or what the row is);
 * - `aside`: top right (a status badge or toggle);
 * - `meta`: one wrapped line of small items (badges, dates), unlabelled;
 * - `field`: a line labelled with the column's header;
 * - `actions`: the bottom, full width.
 * A column without `card` shows in the table only.
 */
export type CardSlot = 'title' | 'aside' | 'meta' | 'field' | 'actions';

export interface ResponsiveColumn<T> {
  /** Stable key of the column. */
  id: string;
  /** The column header in the table, and the label of a `field` on a card. */
  header: string;
  cell: (row: T) => ReactNode;
  /** `end` right-aligns the column (actions, numbers). */
  align?: 'start' | 'end';
  /** Classes of the table cell. */
  className?: string;
  /** Classes of the header cell, instead of the default `whitespace-nowrap` (e.g. `w-16` lets a long header wrap). */
  headerClassName?: string;
  card?: CardSlot;
  /** What the card shows instead of `cell`; null or undefined leaves the slot out for that row. */
  cardCell?: (row: T) => ReactNode;
  /** Makes the header a sort button: `direction` is this column's order when it is the sorted one, else null. */
  sort?: { direction: 'asc' | 'desc' | null; onSort: () => void };
}

/** Tailwind's `md` and `lg` widths, as media queries: the layout switches where the classes do. */
const BREAKPOINTS = {
  md: '(min-width: 48rem)',
  lg: '(min-width: 64rem)',
} as const;

interface ResponsiveTableProps<T> {
  rows: readonly T[];
  columns: ReadonlyArray<ResponsiveColumn<T>>;
  rowKey: (row: T) => string;
  /** Names the table (caption) and the card list, for assistive technology. */
  label: string;
  /** `data-testid` of each row: `{testId}-row` on table rows, `{testId}-card` on cards. */
  testId?: string;
  /** From which width the table replaces the cards: md (768 px, default) or lg (1024 px, wide tables). */
  breakpoint?: keyof typeof BREAKPOINTS;
  className?: string;
  /** A max-height class (`max-h-[70vh]`): the rows scroll inside it, under a header that stays put. */
  maxHeightClassName?: string;
  /** Classes of a row (and its card), e.g. to mark the viewer's own. */
  rowClassName?: (row: T) => string | undefined;
  /** Tighter cells, for tables with many columns. */
  dense?: boolean;
}

/**
 * A list of records as a table on wide screens and as cards on phones (below `breakpoint`), from
 * one description of the columns: the members tab, payments, global users, the live standings and
 * Manage Weeks use it. Only the form that fits is rendered: both at once, one hidden with CSS,
 * doubled a long list's DOM (Manage Weeks: 1,519 elements; docs/screens.md#main-thread-time). The width is read with
 * matchMedia during render, so the first paint already has the right form, and a resize swaps it.
 */
export function ResponsiveTable<T>({
  rows,
  columns,
  rowKey,
  label,
  testId,
  breakpoint = 'md',
  className,
  maxHeightClassName,
  rowClassName,
  dense = false,
}: ResponsiveTableProps<T>) {
  const wide = useMediaQuery(BREAKPOINTS[breakpoint]);
  const cellPadding = dense ? 'px-2 py-2' : 'px-4 py-3';
  if (!wide) {
    return (
      <div className={className}>
        <ul aria-label={label} className={cn('grid gap-3', maxHeightClassName && cn(maxHeightClassName, 'overflow-y-auto'))}>
          {rows.map((row) => (
            <RecordCard key={rowKey(row)} row={row} columns={columns} testId={testId && `${testId}-card`} className={rowClassName?.(row)} />
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className={className}>
      <div className={cn('overflow-x-auto rounded-lg border', maxHeightClassName && cn(maxHeightClassName, 'overflow-y-auto'))}>
        <table className="w-full text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className={cn('bg-muted/50 text-left text-muted-foreground', maxHeightClassName && 'sticky top-0 z-10 bg-muted')}>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={column.sort?.direction ? (column.sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={cn(cellPadding, 'font-medium', column.headerClassName ?? 'whitespace-nowrap', column.align === 'end' && 'text-right')}
                >
                  {column.sort ? <SortButton header={column.header} {...column.sort} /> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={testId && `${testId}-row`} className={rowClassName?.(row)}>
                {columns.map((column) => (
                  <td key={column.id} className={cn(cellPadding, 'align-middle', column.align === 'end' && 'text-right', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A sortable column's header: the arrow shows the order while this column is the sorted one. */
function SortButton({ header, direction, onSort }: { header: string; direction: 'asc' | 'desc' | null; onSort: () => void }) {
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onSort}
      className={cn(
        'inline-flex items-center gap-1 rounded hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        direction && 'text-foreground',
      )}
    >
      {header}
      <Icon className={cn('size-3.5', !direction && 'opacity-50')} aria-hidden="true" />
    </button>
  );
}

function RecordCard<T>({
  row,
  columns,
  testId,
  className,
}: {
  row: T;
  columns: ReadonlyArray<ResponsiveColumn<T>>;
  testId: string | undefined;
  className: string | undefined;
}) {
  const slot = (name: CardSlot) =>
    columns
      .filter((column) => column.card === name)
      .map((column) => ({ column, content: (column.cardCell ?? column.cell)(row) }))
      .filter(({ content }) => content !== null && content !== undefined && content !== false);
  const title = slot('title');
  const aside = slot('aside');
  const meta = slot('meta');
  const fields = slot('field');
  const actions = slot('actions');

  return (
    <li className={cn('grid gap-3 rounded-lg border bg-card p-4', className)} data-testid={testId}>
      {title.length > 0 || aside.length > 0 ? (
        <div className="flex items-start justify-between gap-3">
          <div className="grid min-w-0 gap-0.5 break-words">
            {title.map(({ column, content }) => (
              <div key={column.id}>{content}</div>
            ))}
          </div>
          {aside.length > 0 ? (
            <div className="flex shrink-0 items-center gap-2">
              {aside.map(({ column, content }) => (
                <div key={column.id}>{content}</div>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      {meta.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {meta.map(({ column, content }) => (
            <div key={column.id}>{content}</div>
          ))}
        </div>
      ) : null}
      {fields.length > 0 ? (
        <dl className="grid gap-3 text-sm">
          {fields.map(({ column, content }) => (
            <div key={column.id} className="grid gap-1">
              <dt className="text-xs text-muted-foreground">{column.header}</dt>
              <dd className="min-w-0 break-words">{content}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {actions.map(({ column, content }) => (
        <div key={column.id}>{content}</div>
      ))}
    </li>
  );
}
