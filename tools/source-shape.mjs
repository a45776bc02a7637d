// `npm run lint:shape`: the source that ships or runs (tests and generated files aside) stays
// readable: comments at most --max-comments percent of its non-blank lines (say why, not what) and
// no file over --max-lines lines (split it by what it does).
//   node tools/source-shape.mjs [--max-comments 8] [--max-lines 300] [--top 20] [folder …]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'max-comments': { type: 'string' },
    'max-lines': { type: 'string' },
    top: { type: 'string' },
  },
});
const folders =
  positionals.length > 0 ? positionals : ['src', 'server', 'deploy', 'prerender', 'bench', 'tools'];
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
  const text = readFileSync(file, 'utf8');
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    fileLines += 1;
    if (inBlock) {
      fileComments += 1;
      if (line.includes('*/')) inBlock = false;
    } else if (line.startsWith('//') || line.startsWith('{/*')) {
      fileComments += 1;
    } else if (line.startsWith('/*')) {
      fileComments += 1;
      inBlock = !line.includes('*/');
    }
  }
  lines += fileLines;
  comments += fileComments;
  perFile.push({ file, comments: fileComments, lines: fileLines, total: text.split('\n').length });
}

let failed = false;
const percent = (100 * comments) / Math.max(lines, 1);
console.log(
  `comments: ${comments} of ${lines} non-blank lines (${percent.toFixed(1)}%) in ${folders.join(' ')}`,
);
for (const { file, comments: c, lines: l } of [...perFile]
  .sort((a, b) => b.comments - a.comments)
  .slice(0, Number(values.top ?? 0))) {
  console.log(`  ${c} of ${l}  ${file}`);
}
if (values['max-comments'] !== undefined && percent > Number(values['max-comments'])) {
  console.error(`comments above ${values['max-comments']}%: say why, not what`);
  failed = true;
}
if (values['max-lines'] !== undefined) {
  const max = Number(values['max-lines']);
  for (const { file, total } of perFile.filter(({ total }) => total > max)) {
    console.error(`${file}: ${total} lines, over ${max}: split it by what it does`);
    failed = true;
  }
}
if (failed) process.exit(1);
