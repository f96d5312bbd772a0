import { describe, expect, it } from 'vitest';
import { createLineBuffer, dataPayload, parseDataLine, readDataStream } from './data-stream';

/** A byte stream that hands out the given chunks one read at a time. */
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: Uint8Array[]): Promise<unknown[]> {
  const seen: unknown[] = [];
  await readDataStream(streamOf(chunks), (data) => seen.push(data));
  return seen;
}

const encode = (text: string) => new TextEncoder().encode(text);

describe('createLineBuffer', () => {
  it('should hold a partial line until its end arrives when a chunk splits it', () => {
    const lines = createLineBuffer();
    expect(lines.push('data: {"a"')).toEqual([]);
    expect(lines.push(':1}\ndata: {"b":2}\r\n\nda')).toEqual(['data: {"a":1}', 'data: {"b":2}', '']);
    expect(lines.flush()).toEqual(['da']);
    expect(lines.flush()).toEqual([]);
  });
});

describe('dataPayload and parseDataLine', () => {
  it('should return the JSON of a data line when the line starts with data:', () => {
    expect(dataPayload('data: {"type":"log"}')).toBe('{"type":"log"}');
    expect(dataPayload('data:{"type":"log"}')).toBe('{"type":"log"}');
    expect(parseDataLine('data: {"type":"progress","current":1,"total":2}')).toEqual({ type: 'progress', current: 1, total: 2 });
  });

  it('should skip the line when it is not a data line or not JSON', () => {
    expect(dataPayload(': keep-alive')).toBeNull();
    expect(parseDataLine('event: log')).toBeUndefined();
    expect(parseDataLine('data: ')).toBeUndefined();
    expect(parseDataLine('data: not json')).toBeUndefined();
  });
});

describe('readDataStream', () => {
  it('should yield every event in order when lines and characters are split across chunks', async () => {
    const text = 'data: {"type":"log","message":"Équipe ✓"}\n\n: ping\ndata: {"type":"complete"}\n';
    const bytes = encode(text);
    // Split inside the two-byte "É" and the three-byte "✓", and in the middle of a line.
    const cuts = [3, 32, 40, 47, bytes.length];
    const chunks: Uint8Array[] = [];
    let start = 0;
    for (const cut of cuts) {
      chunks.push(bytes.slice(start, cut));
      start = cut;
    }
    expect(await collect(chunks)).toEqual([{ type: 'log', message: 'Équipe ✓' }, { type: 'complete' }]);
  });

  it('should parse the last event when the stream ends without a newline', async () => {
    expect(await collect([encode('data: {"type":"complete","message":"done"}')])).toEqual([{ type: 'complete', message: 'done' }]);
  });

  it('should yield nothing when the stream is empty', async () => {
    expect(await collect([])).toEqual([]);
  });
});
