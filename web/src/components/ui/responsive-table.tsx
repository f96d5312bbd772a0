import type { ReactNode } from 'react';
import { cn } from '../../utils/cn';

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
  card?: CardSlot;
  /** What the card shows instead of `cell`; null or undefined leaves the slot out for that row. */
  cardCell?: (row: T) => ReactNode;
}

const BREAKPOINTS = {
  md: { cards: 'md:hidden', table: 'md:block' },
  lg: { cards: 'lg:hidden', table: 'lg:block' },
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
}

/**
 * A list of records as a table on wide screens and as cards on phones (below `breakpoint`), from
 * one description of the columns: the members tab, payments and global users use it. Both forms
 * are rendered and one is hidden with CSS, so the switch needs no script and never flashes.
 */
export function ResponsiveTable<T>({ rows, columns, rowKey, label, testId, breakpoint = 'md', className }: ResponsiveTableProps<T>) {
  const shown = BREAKPOINTS[breakpoint];
  return (
    <div className={className}>
      <ul aria-label={label} className={cn('grid gap-3', shown.cards)}>
        {rows.map((row) => (
          <RecordCard key={rowKey(row)} row={row} columns={columns} testId={testId && `${testId}-card`} />
        ))}
      </ul>
      <div className={cn('hidden overflow-x-auto rounded-lg border', shown.table)}>
        <table className="w-full text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-muted/50 text-left text-muted-foreground">
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className={cn('px-4 py-3 font-medium whitespace-nowrap', column.align === 'end' && 'text-right')}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={testId && `${testId}-row`}>
                {columns.map((column) => (
                  <td key={column.id} className={cn('px-4 py-3 align-middle', column.align === 'end' && 'text-right', column.className)}>
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

function RecordCard<T>({ row, columns, testId }: { row: T; columns: ReadonlyArray<ResponsiveColumn<T>>; testId: string | undefined }) {
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
    <li className="grid gap-3 rounded-lg border bg-card p-4" data-testid={testId}>
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
