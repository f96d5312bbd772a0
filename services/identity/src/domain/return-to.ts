/**
 * Where to send the browser after sign-in. Only same-origin relative paths are kept ("/picks",
 * "/join/abc?x=1"); anything that could leave the site ("//evil.com", "/\\evil.com",
 * "https://evil.com", "javascript:...") or is malformed becomes "/".
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters and backslashes can be normalised by browsers into another origin.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  try {
    const base = 'http://powerpool.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return '/';
    // The sign-in endpoints themselves are never a destination (no loops).
    if (url.pathname.startsWith('/api/')) return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}
