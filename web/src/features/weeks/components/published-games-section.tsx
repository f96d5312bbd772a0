import type { PublishedGame } from '@powerpool/contracts';
import { CalendarX } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState, InlineError, InlineLoading } from '@/components/layout/query-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { UseQueryResult } from '@tanstack/react-query';

/** A card around the published games: their loading, failure and empty states, then `children(games)`. */
export function PublishedGamesSection({
  title,
  description,
  query,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  query: UseQueryResult<PublishedGame[]>;
  actions?: ReactNode;
  children: (games: PublishedGame[]) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between max-sm:p-4">
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </CardHeader>
      <CardContent className="max-sm:px-4 max-sm:pb-4">
        {query.isPending ? (
          <InlineLoading label="Loading games..." />
        ) : query.isError ? (
          <InlineError
            title="Unable to load games"
            message="Failed to load the published games of this week."
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : query.data.length === 0 ? (
          <EmptyState
            title="No games scheduled for this week"
            description="This pool published no games for this week."
            icon={<CalendarX className="size-8 text-muted-foreground" aria-hidden="true" />}
          />
        ) : (
          children(query.data)
        )}
      </CardContent>
    </Card>
  );
}
