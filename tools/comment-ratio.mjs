// `npm run lint:comments`: comment lines as a share of the non-blank lines of the source that
// ships or runs (tests and generated files aside); fails above --max percent (decision 011).
//   node tools/comment-ratio.mjs [--max 10] [--top 20] [folder …]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { max: { type: 'string' }, top: { type: 'string' } },
});
const folders =
  positionals.length > 0 ? positionals : ['src', 'server', 'deploy', 'prerender', 'bench'];
const files = execFileSync('git', ['ls-files', '--', ...folders], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !/\.test\.|worker-configuration/.test(file));

let lines = 0;
let comments = 0;
const perFile = [];
for (const file of files) {
  let inBlock = false;
  let fileLines = 0;
  let fileComments = 0;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    fileLines += 1;
    if (inBlock) {
      fileComments += 1;
      if (line.includes('*/')) inBlock = false;
    } else if (line.startsWith('//')) {
      fileComments += 1;
    } else if (line.startsWith('/*')) {
      fileComments += 1;
      inBlock = !line.includes('*/');
    }
  }
  lines += fileLines;
  comments += fileComments;
  perFile.push({ file, comments: fileComments, lines: fileLines });
}

const percent = (100 * comments) / Math.max(lines, 1);
console.log(
  `comments: ${comments} of ${lines} non-blank lines (${percent.toFixed(1)}%) in ${folders.join(' ')}`,
);
for (const { file, comments: c, lines: l } of perFile
  .sort((a, b) => b.comments - a.comments)
  .slice(0, Number(values.top ?? 0))) {
  console.log(`  ${c} of ${l}  ${file}`);
}
if (values.max !== undefined && percent > Number(values.max)) {
  console.error(
    `above ${values.max}%: say why, not what (docs/decisions/011-one-core-two-runtimes.md)`,
  );
  process.exit(1);
}
