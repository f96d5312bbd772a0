import type { Endpoint, EndpointInput } from '@powerpool/contracts';
import { apiRequest, endpointUrl } from './api-client';
import type { ApiRoute } from './api-client';

/**
 * The file name a `Content-Disposition` header gives (`filename*=UTF-8''...` first, then
 * `filename="..."` or `filename=...`), reduced to a bare name; `fallback` when there is none.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
    name = (plain?.[2] ?? plain?.[1])?.trim();
  }
  // A name, never a path: the browser would strip it anyway, but the toast shows it.
  const bare = name?.split(/[/\\]/).pop()?.trim();
  return bare ? bare : fallback;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * GETs a declared CSV endpoint (`produces: 'text/csv'`), by its route, with the session cookie and
 * saves the reply under the name its Content-Disposition gives, else `fallbackName`. Throws
 * ApiError on a non-OK reply (the caller toasts it). Resolves with the file name used. Every CSV
 * button uses it.
 */
export async function downloadCsv<E extends Endpoint & { method: 'GET'; produces: 'text/csv' }>(
  route: ApiRoute<E>,
  input: EndpointInput<E>,
  fallbackName: string,
): Promise<string> {
  const res = await apiRequest('GET', endpointUrl(route, input));
  const fileName = fileNameFromDisposition(res.headers.get('Content-Disposition'), fallbackName);
  saveBlob(await res.blob(), fileName);
  return fileName;
}
