import type { FastifyReply } from 'fastify';
import { endpointLabel, type Endpoint } from '@powerpool/contracts';

/** The content type of every CSV download. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** RFC 5987 / 8187 value characters: everything else is percent-encoded. */
const encodeExtValue = (value: string): string => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="<ascii>"; filename*=UTF-8''<encoded>`: browsers that read `filename*`
 * get the exact UTF-8 name; the plain `filename` is an ASCII fallback in which every character
 * outside printable ASCII, every quote and backslash, and any path separator becomes `_`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\/]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}

/**
 * Answer a declared `text/csv` endpoint with a download: `text/csv; charset=utf-8`, the file name
 * in Content-Disposition, and no caching (exports hold players' picks and e-mails).
 */
export function sendCsv(reply: FastifyReply, endpoint: Endpoint, file: { fileName: string; body: string }): FastifyReply {
  if (endpoint.produces !== 'text/csv') throw new Error(`${endpointLabel(endpoint)} does not produce text/csv`);
  return reply
    .headers({ 'content-type': CSV_CONTENT_TYPE, 'content-disposition': attachmentDisposition(file.fileName), 'cache-control': 'no-store' })
    .send(file.body);
}
