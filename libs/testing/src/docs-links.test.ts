import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs point a newcomer from each rule to exactly one function, so a rename or a move must not
 * leave them pointing at nothing: every relative link and #anchor resolves, and every
 * "`name` in path/to/file.ts" names something that file exports.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const DOCS = [
  ...readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  'README.md',
  'bench/README.md',
  'deploy/README.md',
];

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The text outside fenced code blocks, where headings and links mean what they say. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchor for each heading: lowercase, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(read(file)).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every broken relative link of a Markdown file, as "file: target (why)". */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(read(file)).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue;
    const [rawPath, anchor] = target!.split('#') as [string, string | undefined];
    const linked = rawPath === '' ? file : path.relative(root, path.resolve(path.dirname(path.join(root, file)), decodeURIComponent(rawPath)));
    if (!existsSync(path.join(root, linked))) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor !== undefined && (!linked.endsWith('.md') || !anchorsOf(linked).has(anchor))) broken.push(`${file}: ${target} (no such heading)`);
  }
  return broken;
}

/** The names a TypeScript file exports (declarations and export lists). */
function exportsOf(file: string): Set<string> {
  const text = read(file);
  const names = new Set<string>();
  for (const [, name] of text.matchAll(
    /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|abstract\s+class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    names.add(name!);
  for (const [, list] of text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm)) {
    for (const item of list!.split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.replace(/^type\s+/, '');
      if (name) names.add(name);
    }
  }
  return names;
}

/** Every "`a`, `b` and `c` in path/to/file.ts" of a Markdown file: the file and the names it should export. */
function namedExports(file: string): { file: string; names: string[] }[] {
  const text = prose(read(file)).replace(/\s+/g, ' ');
  const found: { file: string; names: string[] }[] = [];
  for (const [, group, source] of text.matchAll(/((?:`[^`]+`(?:,? and |,? or |, | |\) ))+)in ((?:[\w@.-]+\/)+[\w.-]+\.tsx?)\b/g)) {
    const names = [...group!.matchAll(/`([^`]+)`/g)].map(([, name]) => name!.replace(/\(\)$/, '')).filter((name) => /^[A-Za-z_$][\w$]*\*?$/.test(name));
    if (names.length > 0) found.push({ file: source!, names });
  }
  return found;
}

/** Build output and prose that look like paths but are not files of the repository. */
const NOT_PATHS = [/^web\/dist\b/, /^gateway\/direct$/];

/** Every repository path a Markdown file names (services/..., libs/..., web/...) that does not exist. */
function missingPaths(doc: string): string[] {
  const missing: string[] = [];
  for (const [token] of read(doc).matchAll(/(?<![\w/.-])(?:services|libs|web|gateway|deploy|bench|docs)\/[\w./@-]*(?![\w{*<])/g)) {
    const name = token.replace(/[.,;:]+$/, '');
    if (NOT_PATHS.some((re) => re.test(name))) continue;
    if (!existsSync(path.join(root, name))) missing.push(`${doc}: ${name}`);
  }
  return missing;
}

function missingExports(doc: string): string[] {
  const missing: string[] = [];
  for (const { file, names } of namedExports(doc)) {
    if (!existsSync(path.join(root, file)) || !statSync(path.join(root, file)).isFile()) {
      missing.push(`${doc}: ${file} (no such file, for ${names.join(', ')})`);
      continue;
    }
    const exported = [...exportsOf(file)];
    for (const name of names) {
      const ok = name.endsWith('*') ? exported.some((e) => e.startsWith(name.slice(0, -1))) : exported.includes(name);
      if (!ok) missing.push(`${doc}: \`${name}\` is not exported by ${file}`);
    }
  }
  return missing;
}

/** Every source file (TypeScript) outside node_modules and build output. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** Every "docs/page.md#anchor" a source file cites that does not resolve. */
function brokenCitations(file: string): string[] {
  const broken: string[] = [];
  for (const [cited, page, anchor] of read(file).matchAll(/\bdocs\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
    const doc = `docs/${page}`;
    if (!existsSync(path.join(root, doc))) broken.push(`${file}: ${cited} (no such page)`);
    else if (anchor !== undefined && !anchorsOf(doc).has(anchor)) broken.push(`${file}: ${cited} (no such heading)`);
  }
  return broken;
}

/**
 * Files where a rule lives: the contracts' rules and the services' domain/. A function named in
 * docs/ and defined in one of them is a rule, the one place it is written.
 */
const RULE_HOME = /^(?:libs\/contracts\/src\/[\w.-]+\.ts|services\/[\w-]+\/src\/domain\/.+\.ts)$/;
/**
 * Where a function may share a rule's name without being a second copy of it: the SPA's call of an
 * endpoint is named after the endpoint's action (web/src/features/x/api), a component's handler of
 * that action, and the test helpers that perform it.
 */
const NAMESAKE_OK = [/^web\/src\/features\/[^/]+\/(?:api|components)\//, /^libs\/testing\//, /\/test\//, /\.test\.tsx?$/];

/**
 * Every rule of docs/ (a function named "`name` in a rule's home", RULE_HOME) that another source
 * file defines again under the same name (a function declaration or an arrow function), as
 * "name: home, copy". A copy under another name is not found by this, only by reading.
 */
function rulesDefinedTwice(files: ReadonlyArray<readonly [file: string, text: string]>): string[] {
  const rules = new Map<string, string>();
  for (const doc of DOCS.filter((d) => d.startsWith('docs/'))) {
    for (const { file, names } of namedExports(doc)) {
      if (!RULE_HOME.test(file)) continue;
      for (const name of names) if (/^[a-z_$][\w$]*$/.test(name)) rules.set(name, file);
    }
  }
  const texts = files.filter(([f]) => !NAMESAKE_OK.some((re) => re.test(f)));
  const twice: string[] = [];
  for (const [name, home] of rules) {
    const defines = new RegExp(
      String.raw`(?:\bfunction\*?\s+${name}\s*[<(])|(?:\bconst\s+${name}\s*(?::[^=]+)?=\s*(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=>)`,
    );
    for (const [file, text] of texts) if (file !== home && defines.test(text)) twice.push(`${name}: ${home}, ${file}`);
  }
  return twice;
}

describe('docs', () => {
  it('should find the docs and the names they point at', () => {
    expect(DOCS.length).toBeGreaterThan(5);
    expect(DOCS.flatMap(namedExports).length).toBeGreaterThan(20);
  });

  it('should resolve every relative link and #anchor when followed', () => {
    expect(DOCS.flatMap(brokenLinks)).toEqual([]);
  });

  it('should name only paths that exist when it names a file or folder', () => {
    expect(DOCS.flatMap(missingPaths)).toEqual([]);
  });

  it('should resolve every docs/ page and #anchor a code comment cites', () => {
    const files = ['libs', 'services', 'gateway', 'web', 'deploy', 'bench'].flatMap(sources).filter((file) => file !== 'libs/testing/src/docs-links.test.ts');
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(brokenCitations)).toEqual([]);
  });

  it('should name only what a file exports when it says "`name` in path/to/file.ts"', () => {
    expect(DOCS.flatMap(missingExports)).toEqual([]);
  });

  it('should find each rule named in docs/ defined once, in the file the docs name', () => {
    const files = ['libs', 'services', 'gateway', 'web', 'deploy']
      .flatMap(sources)
      .filter((file) => file !== 'libs/testing/src/docs-links.test.ts')
      .map((file) => [file, read(file)] as const);
    expect(rulesDefinedTwice(files)).toEqual([]);
    // The check itself: a rule written again under its name in the SPA is found; an endpoint's call is not a copy.
    const copy = 'web/src/features/live-leaderboard/lib/ranks.ts';
    expect(rulesDefinedTwice([[copy, 'const sharedRanks = (scores: number[]) => scores.map(() => 1);']])).toEqual([
      `sharedRanks: libs/contracts/src/scoring.rules.ts, ${copy}`,
    ]);
    expect(rulesDefinedTwice([['web/src/features/weeks/api/calculate-scores.ts', 'export async function calculateScores(poolId: string) {}']])).toEqual([]);
  });
});
