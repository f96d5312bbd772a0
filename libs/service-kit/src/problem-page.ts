const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface SignInProblemPage {
  /** The <title>, before " · PowerPool"; our own text, written as is. */
  title: string;
  /** Our own text, written as is. */
  heading: string;
  /** Plain text, one <p> each (escaped here). */
  paragraphs: readonly string[];
}

/**
 * The small page a browser gets when signing in goes wrong during a navigation (identity's failed
 * sign-in, the gateway's sign-in limit): what happened, and the two ways back (sign in again, home).
 * No scripts; its one inline style.
 */
export function signInProblemPage(page: SignInProblemPage): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${page.title} · PowerPool</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:2rem;max-width:28rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:1.25rem;margin:0 0 .75rem}a{display:inline-block;margin-top:1rem;margin-right:1rem;color:#fff;background:#1d4ed8;padding:.6rem 1rem;border-radius:8px;text-decoration:none}
a.secondary{background:#e2e8f0;color:#0f172a}</style></head>
<body><main><h1>${page.heading}</h1>${page.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<a href="/api/login">Sign in again</a><a class="secondary" href="/">Go to Home</a></main></body></html>`;
}
