/**
 * NATS subject matching, so the in-process bus routes exactly like a NATS server.
 * Subjects are `.`-separated tokens; in a pattern `*` matches one token and `>` (last token only)
 * matches one or more remaining tokens.
 */

function tokens(subject: string): string[] {
  return subject.split('.');
}

/** True when `subject` (a literal subject) matches `pattern` (which may contain `*` and `>`). */
export function matchSubject(pattern: string, subject: string): boolean {
  const p = tokens(pattern);
  const s = tokens(subject);
  for (let i = 0; i < p.length; i++) {
    const token = p[i];
    if (token === '>') return i === p.length - 1 && s.length > i;
    if (i >= s.length) return false;
    if (token !== '*' && token !== s[i]) return false;
  }
  return p.length === s.length;
}

/**
 * True when every subject matched by `filter` is also matched by `pattern` (a consumer filter
 * must be a subset of its stream's subjects, as the NATS server checks).
 */
export function subjectIsSubsetOf(filter: string, pattern: string): boolean {
  const f = tokens(filter);
  const p = tokens(pattern);
  for (let i = 0; i < p.length; i++) {
    const pt = p[i];
    if (pt === '>') return f.length > i;
    if (i >= f.length) return false;
    const ft = f[i];
    if (ft === '>') return false;
    if (pt === '*') continue;
    if (ft === '*' || ft !== pt) return false;
  }
  return f.length === p.length;
}

/**
 * True for a syntactically valid subject (`wildcards: false`, what a publish needs) or pattern:
 * no whitespace, no empty token, `*`/`>` only as whole tokens where allowed, `>` only last.
 */
export function isValidSubject(subject: string, { wildcards }: { wildcards: boolean }): boolean {
  if (subject.length === 0 || /\s/.test(subject)) return false;
  const t = tokens(subject);
  return t.every((token, i) => {
    if (token.length === 0) return false;
    if (token === '>') return wildcards && i === t.length - 1;
    if (token === '*') return wildcards;
    return true;
  });
}
