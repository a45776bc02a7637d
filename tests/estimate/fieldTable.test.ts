// The field table is the one place the estimate form's fields are described: each label is
// written there and nowhere else in the code, so a label changed there changes everywhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { columnHeader } from '../../server/leads/values';
import { exportColumns } from '../../src/estimate/contract/exportColumns';
import type { FieldSpec } from '../../src/estimate/contract/fieldSpec';
import { field, fieldPaths } from '../../src/estimate/contract/fieldTable';

/** The table: its first rows (the simple forms' fields, which the first view loads) and the rest. */
const tableFiles = [
  'src/estimate/contract/quickFields.ts',
  'src/estimate/contract/fieldTable.ts',
  'src/estimate/contract/exportColumns.ts',
];

/**
 * Where the code is. src/content/ is left out: it is the pages' copy, whose sentences mention the
 * fields (「車検満了日と車種を入れるだけで」) without naming any control.
 */
const roots = ['src', 'server', 'deploy', 'prerender'];
const copy = 'src/content/';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The text a file writes: its string and template literals and its JSX text, not comments. */
function writtenText(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isJsxText(node)
    ) {
      texts.push(node.text);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return texts;
}

const written = roots
  .flatMap(sourceFiles)
  .filter((path) => !path.startsWith(copy))
  .map((path) => ({ path, texts: writtenText(path) }));

/** Every name the table writes for a field: its label, the form's label, its legend. */
function namesOf(spec: FieldSpec): string[] {
  return [spec.label, spec.formLabel, spec.group?.legend].filter((name): name is string =>
    Boolean(name),
  );
}

/** The export's own headers (the others are the fields' names). */
const headers = Object.values(exportColumns).flatMap((column) =>
  'header' in column ? [column.header] : [],
);

const labels = [...new Set([...fieldPaths.flatMap((path) => namesOf(field(path))), ...headers])];

describe('the field table', () => {
  it('finds the code to search, the table among it', () => {
    expect(written.map((file) => file.path)).toEqual(
      expect.arrayContaining([
        ...tableFiles,
        'src/estimate/EstimateFields.tsx',
        'server/estimate/form.tsx',
        'server/staff/leadsCsv.ts',
        'server/db/leads.ts',
        'prerender/firstPaint.ts',
      ]),
    );
    expect(labels).toEqual(expect.arrayContaining(['連絡希望時間帯', '第1希望日', '車検満了日']));
  });

  it.each(labels)('「%s」 is written in one source file: the table', (label) => {
    // A longer label that holds this one (第1希望日 holds 希望日) is that label, not this one.
    const longer = labels.filter((other) => other !== label && other.includes(label));
    const writes = (text: string) => text.includes(label) && !longer.includes(text);
    const files = written.filter((file) => file.texts.some(writes)).map((file) => file.path);
    expect(files).toHaveLength(1);
    expect(tableFiles).toContain(files[0]);
  });

  it('gives each export column a header, and the CSV its legend or label', () => {
    expect(columnHeader('expiry')).toBe(field('vehicle.expiryYear').group?.legend);
    expect(columnHeader('mileage')).toBe(`${field('vehicle.mileage').label}（km）`);
  });

  it('shows every export column from some field', () => {
    const used = new Set<string | undefined>(fieldPaths.map((path) => field(path).column));
    expect(Object.keys(exportColumns).filter((key) => !used.has(key))).toEqual([]);
  });
});
