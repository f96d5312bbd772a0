import { importEventSchema } from '@powerpool/contracts';
import type { ImportEvent } from '@powerpool/contracts';
import { throwIfNotOk } from '../../../lib/api-client';
import { readDataStream } from '../utils/data-stream';
import { SCHEDULE_ID } from './keys';

export type CompleteImportEvent = Extract<ImportEvent, { type: 'complete' }>;

/** The import's own failure: an `error` event in the stream, or a stream that ended unfinished. */
export class ImportStreamError extends Error {
  override readonly name = 'ImportStreamError';
}

/** The spec's text when a streamed reply has no body (admin spec section 8). */
export const NO_STREAM_MESSAGE = 'Unable to read response stream';

export interface ImportVariables {
  year: number;
  /** Called with every event as it arrives (log, error, progress, complete). */
  onEvent?: (event: ImportEvent) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/admin/unified-staging/import-{teams|games}/{scheduleId} with `{year}`, reading the
 * streamed reply line by line (fetch + TextDecoder). Resolves with the `complete` event; rejects
 * with ApiError for a non-OK reply, `Unable to read response stream` without a body, and
 * ImportStreamError for an `error` event or a stream that ends without `complete`.
 */
export async function streamImport(kind: 'teams' | 'games', { year, onEvent, signal }: ImportVariables): Promise<CompleteImportEvent> {
  const res = await fetch(`/api/admin/unified-staging/import-${kind}/${SCHEDULE_ID}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ year }),
    signal,
  });
  await throwIfNotOk(res);
  if (!res.body) throw new Error(NO_STREAM_MESSAGE);

  let complete: CompleteImportEvent | undefined;
  let failure: string | undefined;
  await readDataStream(res.body, (data) => {
    const parsed = importEventSchema.safeParse(data);
    if (!parsed.success) return; // a line from a newer server: skip it rather than stop the import
    const event = parsed.data;
    if (event.type === 'complete') complete = event;
    if (event.type === 'error') failure ??= event.message;
    onEvent?.(event);
  });
  if (failure !== undefined) throw new ImportStreamError(failure);
  if (!complete) throw new ImportStreamError('The import stream ended before the import completed.');
  return complete;
}
