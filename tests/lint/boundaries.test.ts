// The tree's boundaries, as eslint.config.js holds them (docs/decisions/011-one-core-two-runtimes.md):
// each forbidden import is refused where it is written, and the allowed ones pass.
import { ESLint } from 'eslint';

const eslint = new ESLint();

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => /no-restricted-(imports|globals)/.test(message.ruleId ?? ''))
    .map((message) => message.message);
}

describe('the tree’s boundaries', () => {
  it.each([
    ['server/core/x.ts', "import '../node/origin';"],
    ['server/core/x.ts', "import '../worker/env';"],
    ['server/core/x.ts', "import 'node:fs';"],
    ['server/core/x.ts', 'export const env = process.env;'],
    ['server/core/conversions/x.ts', "import '../../../prerender/csp';"],
    ['server/core/x.ts', "import '../../deploy/cloudflare/config';"],
    ['server/core/x.ts', "import '../../src/estimate/api';"],
    ['server/worker/x.ts', "import '../node/localMail';"],
    ['server/worker/x.ts', "import 'node:crypto';"],
    ['src/lib/x.ts', "import '../../prerender/headers';"],
    ['src/estimate/contract/x.ts', "import '../formAids';"],
    ['src/estimate/contract/validation/x.ts', "import '../../draft';"],
  ])('%s may not say %s', async (file, code) => {
    expect(await refusals(file, code)).not.toEqual([]);
  });

  it.each([
    ['server/core/x.ts', "import '../../src/estimate/contract/fieldTable';"],
    ['server/core/x.ts', "import '../../src/brand/brands';"],
    ['server/worker/x.ts', "import '../core/router';"],
    [
      'src/estimate/contract/validation/x.ts',
      "import '../fieldTable';\nimport '../../../lib/isRecord';",
    ],
    ['prerender/x.ts', "import '../server/core/headers';"],
  ])('%s may say %s', async (file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});
