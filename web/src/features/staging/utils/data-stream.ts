/**
 * The streamed replies of the staging import calls (docs/screens.md#staging): plain text whose
 * lines starting with `data:` carry one JSON event each (log, error, progress, complete). Chunks
 * can split a line anywhere, even inside a multi-byte character, so bytes go through one streaming
 * TextDecoder and text is only cut at line ends.
 */

/** Splits streamed text into whole lines; a partial last line waits for the next chunk. */
export function createLineBuffer() {
  let pending = '';
  return {
    /** Adds a chunk; returns the lines it completed (without their `\n` / `\r\n`). */
    push(chunk: string): string[] {
      pending += chunk;
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      return parts.map(stripCarriageReturn);
    },
    /** The unterminated last line, if any (call once the stream has ended). */
    flush(): string[] {
      const rest = stripCarriageReturn(pending);
      pending = '';
      return rest === '' ? [] : [rest];
    },
  };
}

function stripCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** The text after `data:` (one optional space removed, as in server-sent events), or null. */
export function dataPayload(line: string): string | null {
  if (!line.startsWith('data:')) return null;
  const rest = line.slice('data:'.length);
  return rest.startsWith(' ') ? rest.slice(1) : rest;
}

/** A `data:` line's JSON, or `undefined` for other lines and for payloads that are not JSON. */
export function parseDataLine(line: string): unknown {
  const payload = dataPayload(line);
  if (payload === null || payload.trim() === '') return undefined;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads a streamed reply to its end, calling `onData` with the parsed JSON of every `data:` line
 * in order. Other lines (comments, blank keep-alives) are skipped.
 */
export async function readDataStream(body: ReadableStream<Uint8Array>, onData: (data: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const lines = createLineBuffer();
  const emit = (line: string) => {
    const data = parseDataLine(line);
    if (data !== undefined) onData(data);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      lines.push(decoder.decode(value, { stream: true })).forEach(emit);
    }
    lines.push(decoder.decode()).forEach(emit);
    lines.flush().forEach(emit);
  } finally {
    reader.releaseLock();
  }
}
