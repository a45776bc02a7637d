// The tree's boundaries, as eslint.config.js holds them (docs/decisions/011-one-core-two-runtimes.md):
// each forbidden import is refused where it is written, and the allowed ones pass.
import { ESLint } from 'eslint';

const eslint = new ESLint();

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => /no-restricted-(imports|globals|syntax)/.test(message.ruleId ?? ''))
    .map((message) => message.message);
}

describe('the tree’s boundaries', () => {
  it.each([
    ['server/x.ts', "import 'node:fs';"],
    ['server/staff/x.ts', 'export const env = process.env;'],
    ['server/platforms/x.ts', "import '../../prerender/csp';"],
    ['server/x.ts', "import '../deploy/cloudflare/config';"],
    ['server/estimate/x.ts', "import '../../src/estimate/api';"],
    ['server/staff/x.ts', 'export const page = `<p>${1}</p>`;'],
    ['server/estimate/x.ts', 'export const page = \'<div class="a">\';'],
    ['src/lib/x.ts', "import '../../prerender/headers';"],
    ['src/estimate/contract/x.ts', "import '../formAids';"],
    ['src/estimate/contract/validation/x.ts', "import '../../draft';"],
  ])('%s may not say %s', async (file, code) => {
    expect(await refusals(file, code)).not.toEqual([]);
  });

  it.each([
    ['server/estimate/x.ts', "import '../../src/estimate/contract/fieldTable';"],
    ['server/x.ts', "import '../src/brand/brands';\nimport './estimate/accept';"],
    ['server/db/x.ts', "export const sql = 'SELECT 1 WHERE a < ?';"],
    [
      'src/estimate/contract/validation/x.ts',
      "import '../fieldTable';\nimport '../../../lib/isRecord';",
    ],
    ['prerender/x.ts', "import '../server/site/headers';"],
  ])('%s may say %s', async (file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});
