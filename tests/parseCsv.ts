// Reads the staff export back in the unit tests, the smoke suite and wherever a test needs its cells.

/** The cells of a CSV (server/staff/csv.ts: every cell quoted, quotes doubled) as rows of strings. */
export function parseCsv(csv: string): string[][] {
  return csv
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) =>
      Array.from(line.matchAll(/"((?:[^"]|"")*)"/g), (m) => m[1]!.replace(/""/g, '"')),
    );
}
