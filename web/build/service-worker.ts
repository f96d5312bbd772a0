import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { notificationFromPush, notificationTarget } from '../src/lib/push-notification';

const TEMPLATE = new URL('./sw-template.js', import.meta.url);

/**
 * Emits /sw.js from sw-template.js with the release it belongs to (`BUILD`: a hash of every file
 * name of the build, which are content hashes, so any change of code makes a new worker) and the
 * first page's scripts and styles to keep for the app shell (`PRECACHE`), and the source of the
 * two functions its push handlers use, unit-tested in web/src/lib (`notificationFromPush`,
 * `notificationTarget`: docs/screens.md#push-notifications). Runs before the files
 * are written, so precompress.ts compresses the result like any other file
 * (docs/screens.md#installable-app).
 */
export function serviceWorker(): Plugin {
  return {
    name: 'powerpool-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const files = Object.keys(bundle).sort();
      const build = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      // The first page's code: the entry and every chunk it imports statically, with their styles.
      const chunks = new Map(Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file] as const] : [])));
      const initial = new Set<string>();
      const visit = (name: string) => {
        const chunk = chunks.get(name);
        if (!chunk || initial.has(name)) return;
        initial.add(name);
        for (const css of chunk.viteMetadata?.importedCss ?? []) initial.add(css);
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      const precache = [...initial].sort().map((name) => `/${name}`);
      const template = await readFile(TEMPLATE, 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: [
          `const BUILD = ${JSON.stringify(build)};`,
          `const PRECACHE = ${JSON.stringify(precache)};`,
          `const notificationFromPush = ${notificationFromPush.toString()};`,
          `const notificationTarget = ${notificationTarget.toString()};`,
          template,
        ].join('\n'),
      });
    },
  };
}
