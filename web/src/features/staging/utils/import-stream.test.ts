import { describe, expect, it } from 'vitest';
import { ImportStreamError, NO_STREAM_MESSAGE, readImportStream } from './import-stream';

/** A streamed import reply as the staging service sends it: one `data:` line per event. */
const replyOf = (...events: unknown[]) =>
  new Response(events.map((event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });

const result = { total: 32, new: 32, updated: 0, unchanged: 0, removed: 0 };
const complete = { type: 'complete', message: 'Imported 32 teams', result };

describe('readImportStream', () => {
  it('should pass every known event on and resolve with complete when the stream completes', async () => {
    const seen: string[] = [];
    const done = await readImportStream(
      replyOf({ type: 'log', message: 'Fetching teams' }, { type: 'progress', current: 1, total: 32, item: 'ARI' }, { type: 'surprise' }, 'not json', complete),
      (event) => seen.push(event.type),
    );
    expect(done).toEqual(complete);
    expect(seen).toEqual(['log', 'progress', 'complete']);
  });

  it("should reject with the server's words when the stream reports an error", async () => {
    const failed = readImportStream(replyOf({ type: 'error', message: 'ESPN did not answer' }));
    await expect(failed).rejects.toBeInstanceOf(ImportStreamError);
    await expect(failed).rejects.toThrow('ESPN did not answer');
  });

  it('should reject when the stream ends without completing', async () => {
    await expect(readImportStream(replyOf({ type: 'log', message: 'Fetching teams' }))).rejects.toThrow('The import stream ended before the import completed.');
  });

  it("should reject with the product's text when the reply has no body", async () => {
    await expect(readImportStream(new Response(null))).rejects.toThrow(NO_STREAM_MESSAGE);
  });
});
