/**
 * Conditional and compressed replies (RFC 9110 sections 13.1.2 and 12.5.3), for the few
 * replies a service sends ready-made.
 */

/** Without W/: If-None-Match compares weakly. */
const opaque = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** True when an If-None-Match header lists `etag` (weak comparison) or is `*`: answer 304. */
export function noneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const wanted = opaque(etag);
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || opaque(tag) === wanted) return true;
  }
  return false;
}

/** True when an Accept-Encoding header takes gzip (`gzip`, `x-gzip` or `*`, with a q above 0, unless gzip itself is refused). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let gzip: number | undefined;
  let star: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const coding = name.toLowerCase();
    const qParam = params.find((p) => /^q\s*=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(qParam.indexOf('=') + 1).trim());
    const weight = Number.isFinite(q) ? q : 0;
    if (coding === 'gzip' || coding === 'x-gzip') gzip = Math.max(gzip ?? 0, weight);
    else if (coding === '*') star = weight;
  }
  return (gzip ?? star ?? 0) > 0;
}
