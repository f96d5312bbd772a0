import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Projects whose files take a minute or more each (a started app and a browser, a cluster of processes). */
const LONG_PROJECTS = ['cluster', 'e2e'];

/** a1, b1, a2, b2, ...: the lists' items alternating, the rest of the longer one at the end. */
function alternate<T>(lists: readonly T[][]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(0, ...lists.map((l) => l.length)); i++) for (const list of lists) if (i < list.length) out.push(list[i]!);
  return out;
}

/**
 * The order test files start in (docs/development.md#test-projects): every project shares one pool
 * of side-by-side files, the long files first, a cluster file and a browser file alternating, so
 * the two kinds mostly run beside each other rather than two clusters at once; then the
 * integration and unit files fill the gaps. Inside each project Vitest's own order holds (files
 * that failed last time first, then the longest).
 */
export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = alternate(LONG_PROJECTS.map((name) => sorted.filter((f) => f.project.name === name)));
    return [...long, ...sorted.filter((f) => !LONG_PROJECTS.includes(f.project.name))];
  }
}
