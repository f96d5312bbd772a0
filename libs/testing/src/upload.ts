import http from 'node:http';

/** What `upload` saw: the answer, and how the connection ended. */
export interface UploadAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of the body written before the answer came (with `keepSending`: in all). */
  sent: number;
  /** The server closed the connection after answering. */
  closed: boolean;
  /** Errors of the connection after the answer had arrived (a reset shows up here). */
  errorsAfterAnswer: string[];
}

export interface UploadOptions {
  bytes: number;
  /** Chunked transfer encoding instead of a Content-Length. */
  chunked: boolean;
  headers?: Record<string, string>;
  /** Go on writing after the answer has arrived, as a client that does not look at it early does. */
  keepSending?: boolean;
  /** Give up (reject) when no answer has come and the connection has not ended by then. Default 5 s. */
  timeoutMs?: number;
}

/**
 * POST `bytes` bytes the way an uploading client does: in 16 KiB writes that honour back-pressure,
 * with a Content-Length or chunked, over a keep-alive connection (so a close is the server's
 * decision). Writing stops as soon as an answer arrives, unless `keepSending`. Rejects when nothing
 * is answered in time (a hanging upload) or the connection breaks before an answer.
 */
export function upload(url: string, options: UploadOptions): Promise<UploadAnswer> {
  const timeoutMs = options.timeoutMs ?? 5000;
  return new Promise((resolve, reject) => {
    const framing = options.chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(options.bytes) };
    const agent = new http.Agent({ keepAlive: true });
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...framing, ...options.headers } });
    let sent = 0;
    let answered = false;
    let settled = false;
    const errorsAfterAnswer: string[] = [];
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      agent.destroy();
      fn();
    };
    const timer = setTimeout(() => {
      req.destroy();
      settle(() => reject(new Error(`no complete answer within ${timeoutMs} ms after ${sent} bytes: the upload hangs`)));
    }, timeoutMs);
    req.on('error', (err) => {
      if (answered) errorsAfterAnswer.push(err.message);
      else settle(() => reject(new Error(`the connection broke before an answer after ${sent} bytes: ${err.message}`)));
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const socket = req.socket!;
        const done = (closed: boolean) => settle(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sent, closed, errorsAfterAnswer }));
        if (socket.destroyed) return done(true);
        // Closed soon after the answer, or left open (keep-alive): give it a moment, then report.
        const wait = setTimeout(() => done(false), 1000);
        socket.once('close', () => {
          clearTimeout(wait);
          // Let a reset that closed the socket be reported first.
          setImmediate(() => done(true));
        });
      });
    });
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const writing = () => sent < options.bytes && (options.keepSending || !answered) && !req.destroyed;
    const pump = (): void => {
      while (writing()) {
        const n = Math.min(chunk.length, options.bytes - sent);
        sent += n;
        if (!req.write(chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered || options.keepSending) req.end();
    };
    pump();
  });
}
