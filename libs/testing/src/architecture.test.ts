import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's import rules live in eslint.config.js (docs/architecture.md#inside-a-service),
 * so the editor shows them. This test lints a few bad lines as if they were in real files of the
 * tree and expects each rule's message: a rule that stops applying (a renamed folder, a block
 * that overrides another) fails here instead of going quiet.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));

// The import rules only, parsed without types: a dozen snippets lint in a second or two, where the
// type-aware parse would build the repository's program first.
// Loading ESLint and the config (the whole typescript-eslint and import-x) still takes seconds on a
// busy two-core machine: these tests get longer than the unit default.
const LINT_TIMEOUT = 60_000;
const lint = () =>
  new ESLint({
    cwd: root,
    overrideConfig: tseslint.configs.disableTypeChecked,
    ruleFilter: ({ ruleId }) => ruleId.startsWith('no-restricted-'),
  });

// Each snippet is linted as the text of an existing file, so the folder's blocks apply to it.
const cases = [
  {
    file: 'services/picks-scoring/src/domain/picks.ts',
    code: "import { x } from '@powerpool/weeks-workflow';",
    message: 'a service never imports another service',
  },
  {
    file: 'services/picks-scoring/src/domain/picks.ts',
    code: "import { x } from '../../../weeks-workflow/src/app.js';",
    message: 'a service never imports another service',
  },
  { file: 'services/picks-scoring/src/domain/picks.ts', code: "import { x } from '../ports/weeks.js';", message: 'domain/ never imports ports/' },
  {
    file: 'services/picks-scoring/src/domain/picks.ts',
    code: "const m = await import('../events/consumers.js');",
    message: 'never import the inbound adapters',
  },
  { file: 'services/picks-scoring/src/domain/picks.ts', code: "import { sql } from 'drizzle-orm';", message: 'SQL and the ORM' },
  { file: 'services/picks-scoring/src/routes/picks.routes.ts', code: "import { x } from '../store/picks.js';", message: 'routes/ are thin' },
  {
    file: 'services/picks-scoring/src/store/picks.store.ts',
    code: "export { x } from '../routes/picks.routes.js';",
    message: 'never import the inbound adapters',
  },
  { file: 'libs/service-kit/src/index.ts', code: "import { x } from '@powerpool/identity';", message: 'libs never import' },
  { file: 'libs/contracts/src/index.ts', code: "import { x } from 'node:fs';", message: 'libs/contracts depends on zod only' },
  { file: 'gateway/src/app.ts', code: "import { x } from '../../services/identity/src/app.js';", message: 'the gateway never imports service code' },
  {
    file: 'web/src/features/picks/components/picks-page.tsx',
    code: "import { x } from '../../pools/api/get-pool';",
    message: 'a web feature never imports another feature',
  },
  {
    file: 'web/src/features/picks/components/picks-page.tsx',
    code: "import { x } from '@/features/pools/api/get-pool';",
    message: 'a web feature never imports another feature',
  },
  {
    file: 'web/src/features/picks/components/picks-page.tsx',
    code: "import { x } from '@/app/router';",
    message: 'a web feature never imports another feature',
  },
  { file: 'web/src/features/picks/components/picks-page.tsx', code: "import { x } from 'fastify';", message: 'the web app never imports server packages' },
  {
    file: 'web/src/features/picks/components/picks-page.tsx',
    code: "export const k = { queryKey: ['picks'] };",
    message: 'the API is called and query keys are built only',
  },
  {
    file: 'web/src/features/picks/api/get-my-picks.ts',
    code: "import { picksEndpoints } from '@powerpool/contracts';",
    message: 'the SPA calls an endpoint by its route',
  },
];

describe('architecture', () => {
  it('should report each import rule of eslint.config.js where it applies', { timeout: LINT_TIMEOUT }, async () => {
    const eslint = lint();
    for (const { file, code, message } of cases) {
      const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
      const messages = result?.messages.map((m) => m.message) ?? [];
      expect(
        messages.some((m) => m.includes(message)),
        `${file}: ${code}\n${messages.join('\n')}`,
      ).toBe(true);
    }
  });

  it('should let a file import what its layer may', { timeout: LINT_TIMEOUT }, async () => {
    const eslint = lint();
    const [result] = await eslint.lintText("import { x } from '../store/picks.js';\nexport { x };\n", {
      filePath: `${root}services/picks-scoring/src/domain/picks.ts`,
    });
    expect(result?.messages.filter((m) => m.ruleId?.startsWith('no-restricted'))).toEqual([]);
  });
});
