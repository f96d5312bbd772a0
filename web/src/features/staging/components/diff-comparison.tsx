import * as Collapsible from '@/components/ui/collapsible';
import type { FieldChange } from '@powerpool/contracts';
import { ChevronDown, CirclePlus, Equal, PencilLine, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/utils/cn';
import { changeValue } from '@/features/staging/utils/format';
import { Badge } from '@/components/ui/badge';
import { InlineError } from '@/components/layout/query-states';
import { EmptyState, ListSkeleton } from './parts';
import type { Tone } from './parts';

/** A diff result of the contract (docs/screens.md#staging): new, updated with changes, to delete, unchanged. */
export interface Diff<S, P> {
  new: S[];
  updated: Array<{ staging: S; production: P; changes: FieldChange[] }>;
  toDelete: P[];
  unchanged: S[];
}

/** The parts of a query result this card needs. */
export interface DiffQuery<S, P> {
  data: Diff<S, P> | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

interface DiffComparisonProps<S, P> {
  title: string;
  description: string;
  query: DiffQuery<S, P>;
  /** Card text when the comparison cannot load. */
  errorTitle: string;
  /** Shown when staging holds nothing to compare. */
  emptyText: string;
  emptyIcon: ReactNode;
  stagingKey: (item: S) => string;
  productionKey: (item: P) => string;
  renderStaging: (item: S) => ReactNode;
  renderProduction: (item: P) => ReactNode;
  /** Display name of a changed field (defaults to the field name). */
  fieldLabel?: (field: string) => string;
}

/** Staging compared with production: four counts, each with an expandable list. */
export function DiffComparison<S, P>(props: DiffComparisonProps<S, P>) {
  const { title, description, query } = props;
  return (
    <Card role="region" aria-label={title}>
      <CardHeader className="pb-4">
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <DiffBody {...props} query={query} />
      </CardContent>
    </Card>
  );
}

function DiffBody<S, P>({
  query,
  title,
  errorTitle,
  emptyText,
  emptyIcon,
  stagingKey,
  productionKey,
  renderStaging,
  renderProduction,
  fieldLabel = (field) => field,
}: DiffComparisonProps<S, P>) {
  if (query.isPending) return <ListSkeleton label={`Loading ${title.toLowerCase()}`} />;
  if (query.isError || !query.data) {
    return <InlineError title={errorTitle} message={query.error?.message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const diff = query.data;
  if (diff.new.length + diff.updated.length + diff.unchanged.length === 0) {
    return <EmptyState icon={emptyIcon}>{emptyText}</EmptyState>;
  }
  return (
    <div className="space-y-3">
      <DiffSection label="New" tone="success" icon={<CirclePlus />} count={diff.new.length}>
        {diff.new.map((item) => (
          <Row key={stagingKey(item)}>{renderStaging(item)}</Row>
        ))}
      </DiffSection>
      <DiffSection label="Updated" tone="info" icon={<PencilLine />} count={diff.updated.length}>
        {diff.updated.map(({ staging, changes }) => (
          <Row key={stagingKey(staging)}>
            {renderStaging(staging)}
            <ul className="mt-2 space-y-1 border-l-2 border-primary/30 pl-3 text-xs" aria-label="Changes">
              {changes.map((change) => (
                <li key={change.field} className="flex flex-wrap items-baseline gap-x-1.5 break-all">
                  <span className="font-medium text-foreground">{fieldLabel(change.field)}:</span>
                  <span className="text-muted-foreground line-through">{changeValue(change.production)}</span>
                  <span aria-hidden="true" className="text-muted-foreground">
                    →
                  </span>
                  <span className="sr-only">changes to</span>
                  <span className="font-medium text-foreground">{changeValue(change.staging)}</span>
                </li>
              ))}
            </ul>
          </Row>
        ))}
      </DiffSection>
      <DiffSection label="To Delete" tone="destructive" icon={<Trash2 />} count={diff.toDelete.length}>
        {diff.toDelete.map((item) => (
          <Row key={productionKey(item)}>{renderProduction(item)}</Row>
        ))}
      </DiffSection>
      <DiffSection label="Unchanged" tone="muted" icon={<Equal />} count={diff.unchanged.length}>
        {diff.unchanged.map((item) => (
          <Row key={stagingKey(item)}>{renderStaging(item)}</Row>
        ))}
      </DiffSection>
    </div>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <li className="px-3 py-2.5 text-sm">{children}</li>;
}

function DiffSection({ label, tone, icon, count, children }: { label: string; tone: Tone; icon: ReactNode; count: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const empty = count === 0;
  return (
    <Collapsible.Root
      open={open && !empty}
      onOpenChange={setOpen}
      className="rounded-lg border"
      data-testid={`diff-${label.toLowerCase().replace(/\s+/g, '-')}`}
    >
      <Collapsible.Trigger
        disabled={empty}
        className={cn(
          'flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium transition-colors',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          empty ? 'cursor-default text-muted-foreground' : 'hover:bg-accent/50',
        )}
      >
        <Badge variant={empty ? 'muted' : tone} className="min-w-12 justify-center tabular-nums">
          {icon}
          {count}
        </Badge>
        <span className="flex-1">{label}</span>
        {empty ? null : <ChevronDown className={cn('size-4 text-muted-foreground transition-transform', open && 'rotate-180')} aria-hidden="true" />}
      </Collapsible.Trigger>
      <Collapsible.Content>
        <ul className="max-h-96 divide-y overflow-y-auto border-t">{children}</ul>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
