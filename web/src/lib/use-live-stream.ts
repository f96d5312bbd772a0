import { useEffect, useRef, useState } from 'react';
import { openLiveStream } from './live-stream';
import type { LiveStream, LiveStreamState } from './live-stream';

/**
 * Keeps a live stream open while `url` is set (closed when it changes, is null, or the screen
 * goes). `onEvent` gets each parsed event and the stream (to `resync` or `close` it); the latest
 * `onEvent` is used, so it need not be stable. Returns the stream's state, null while off.
 */
export function useLiveStream<E>(
  url: string | null,
  parse: (data: unknown) => E | undefined,
  onEvent: (event: E, stream: LiveStream, id: string | null) => void,
): LiveStreamState | null {
  const [state, setState] = useState<{ url: string; state: LiveStreamState } | null>(null);
  const handler = useRef(onEvent);
  const parser = useRef(parse);
  useEffect(() => {
    handler.current = onEvent;
    parser.current = parse;
  });

  useEffect(() => {
    if (url === null) return;
    setState({ url, state: 'connecting' });
    const stream: LiveStream = openLiveStream<E>({
      url,
      parse: (data) => parser.current(data),
      onEvent: (event, id) => handler.current(event, stream, id),
      onState: (next) => setState({ url, state: next }),
    });
    return () => stream.close();
  }, [url]);

  return url !== null && state?.url === url ? state.state : url === null ? null : 'connecting';
}
