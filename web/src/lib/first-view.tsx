import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { Suspense, use, useLayoutEffect, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * A screen's first view rendered once, when its data is in (docs/screens.md#main-thread-time).
 *
 * TanStack Query hands each reply to React through `useSyncExternalStore`, which React always
 * renders at once, in one task: a screen that asks for four things renders four times as they
 * arrive, and on a phone each of those renders, with the style and layout after it, blocks the
 * main thread for 100-250 ms. Behind a `FirstView` the screen waits, its fallback shown, until
 * every query of its first view has answered (data or an error), then renders once as a Suspense
 * retry: React renders that in slices that leave the main thread free between them. After that
 * first render the screen is on its own: later replies, refetches and a week's next state update
 * it as before, and its own loading and error states (a query that failed here is asked again by
 * the screen, which shows the failure) stay what they were.
 */

/** A query of a first view, as the screen's hooks declare it (`queryOptions`). */
export interface ViewQuery {
  queryKey: QueryKey;
  queryFn?: unknown;
}

/**
 * The queries a first view needs, given what the cache holds now: a query that depends on another's
 * answer (a week's panel on the week's state) is listed once that answer is in.
 */
export type ViewQueries = (client: QueryClient) => readonly ViewQuery[];

const answered = (client: QueryClient, query: ViewQuery) => {
  const status = client.getQueryState(query.queryKey)?.status;
  return status === 'success' || status === 'error';
};

/**
 * Asks the first view's queries that have no answer yet (or joins them, when already on their way),
 * step by step, until each has answered: what a FirstView waits for, and what the prefetch starts
 * before the screen's code arrives (app/prefetch.ts).
 */
export async function askFirstView(client: QueryClient, queries: ViewQueries): Promise<void> {
  for (;;) {
    const open = queries(client).filter((query) => !answered(client, query));
    if (open.length === 0) return;
    // fetchQuery joins a request already on its way (the prefetch, app/prefetch.ts); a failure is an answer.
    await Promise.all(open.map((query) => client.fetchQuery(query as Parameters<QueryClient['fetchQuery']>[0]).catch(() => undefined)));
  }
}

/** The wait of each first view on screen, by its id: one promise while its queries are on their way. */
const waits = new Map<string, Promise<void>>();

function Gate({ id, queries, children }: { id: string; queries: ViewQueries; children: ReactNode }) {
  const client = useQueryClient();
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => setShown(true), []);
  if (!shown && queries(client).some((query) => !answered(client, query))) {
    let wait = waits.get(id);
    if (!wait) {
      wait = askFirstView(client, queries).finally(() => waits.delete(id));
      waits.set(id, wait);
    }
    use(wait);
  }
  return children;
}

/**
 * Shows `fallback` until every query `queries` lists has answered, then `children`, rendered once
 * (above). `id` names the view (the screen and what it shows: a pool's week); a new id is a new
 * first view.
 */
export function FirstView({ id, queries, fallback, children }: { id: string; queries: ViewQueries; fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense key={id} fallback={fallback}>
      <Gate id={id} queries={queries}>
        {children}
      </Gate>
    </Suspense>
  );
}
