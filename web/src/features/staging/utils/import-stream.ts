import { importEventSchema } from '@powerpool/contracts';
import type { ImportEvent } from '@powerpool/contracts';
import { readDataStream } from './data-stream';

export type CompleteImportEvent = Extract<ImportEvent, { type: 'complete' }>;

/** The import's own failure: an `error` event in the stream, or a stream that ended unfinished. */
export class ImportStreamError extends Error {
  override readonly name = 'ImportStreamError';
}

/** The product's text when a streamed reply has no body (docs/screens.md#staging). */
export const NO_STREAM_MESSAGE = 'Unable to read response stream';

/** What the import calls (teams, games) take. */
export interface ImportVariables {
  year: number;
  /** Called with every event as it arrives (log, error, progress, complete). */
  onEvent?: (event: ImportEvent) => void;
  signal?: AbortSignal;
}

/**
 * Reads the streamed reply of an import call line by line (TextDecoder over the body), passing
 * every event on. Resolves with the `complete` event; rejects with `Unable to read response
 * stream` without a body, and ImportStreamError for an `error` event or a stream that ends
 * without `complete`.
 */
export async function readImportStream(res: Response, onEvent?: (event: ImportEvent) => void): Promise<CompleteImportEvent> {
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
