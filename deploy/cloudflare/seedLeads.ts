// A year of one brand's leads in a local D1, for the staff queries' plans and times (issue 36,
// docs/deploy.md "Staff"): one INSERT of `count` rows spread evenly over `days` from `start`, with
// sources, click ids and stages mixed as a shop's would be.
//   node --import tsx deploy/cloudflare/seedLeads.ts <out.sql> <brand> [count]
// then: wrangler d1 execute DB --local --file <out.sql> (the brand's config: config.ts <dir> --local).
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isBrandId, type BrandId } from '../../src/brand/brands';

export type SeedOptions = { brand: BrandId; count: number; start?: string; days?: number };

const requestJson = JSON.stringify({
  brand: 'seed',
  entryPoint: 'cta',
  vehicle: {
    maker: 'ホンダ',
    model: 'N-BOX',
    expiryYear: '2027',
    expiryMonth: '4',
    postalCode: '1500001',
  },
  customer: {
    lastName: '山田',
    firstName: '花子',
    lastNameKana: 'ヤマダ',
    firstNameKana: 'ハナコ',
    phone: '09012345678',
    email: 'seed@example.com',
  },
  request: {},
  consent: true,
  tracking: {},
});

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** One statement, with its values inlined (wrangler's --file takes no bindings). */
export function seedLeadsSql(options: SeedOptions): string {
  const start = options.start ?? '2026-01-01T00:00:00';
  const stepMs = Math.max(1, Math.floor(((options.days ?? 365) * 86_400_000) / options.count));
  const brand = quote(options.brand);
  return `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${options.count - 1})
INSERT INTO leads (id, brand, idempotency_key, content_hash, received_at, last_name, first_name,
  kana, phone, model, source, inquiry_medium, campaign, gaid, yclid, stage, progress, amount,
  request_json)
SELECT printf('SEED-%s-%07d', ${brand}, i), ${brand}, 'seed-' || i, 'seed-' || i,
  strftime('%Y-%m-%dT%H:%M:%fZ', ${quote(start)}, '+' || (i * ${stepMs} / 1000) || ' seconds'),
  '山田', '花子', CASE i % 4 WHEN 0 THEN 'ヤマダハナコ' WHEN 1 THEN 'サトウタロウ' WHEN 2 THEN 'スズキイチロウ' ELSE 'タナカジロウ' END,
  printf('090%08d', i), 'N-BOX',
  CASE i % 3 WHEN 0 THEN 'google' WHEN 1 THEN 'yahoo' ELSE NULL END,
  CASE i % 3 WHEN 2 THEN NULL ELSE 'cpc' END,
  CASE i % 6 WHEN 0 THEN 'shaken-spring' WHEN 1 THEN 'shaken-yahoo' ELSE NULL END,
  CASE i % 3 WHEN 0 THEN 'g-' || i END, CASE i % 3 WHEN 1 THEN 'y-' || i END,
  CASE i % 10 WHEN 0 THEN 'new' WHEN 1 THEN 'contacted' WHEN 2 THEN 'booked' WHEN 3 THEN 'lost'
    WHEN 4 THEN 'excluded' ELSE 'completed' END,
  CASE i % 10 WHEN 0 THEN 0 WHEN 1 THEN 1 WHEN 2 THEN 2 WHEN 3 THEN 1 WHEN 4 THEN 0 ELSE 3 END,
  CASE WHEN i % 10 >= 5 THEN 50000 + (i % 7) * 1000 END,
  ${quote(requestJson)}
FROM n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [out, brand = '', count = '100000'] = process.argv.slice(2);
  if (!out || !isBrandId(brand) || !(Number(count) > 0)) {
    console.error(
      'usage: node --import tsx deploy/cloudflare/seedLeads.ts <out.sql> <brand> [count]',
    );
    process.exit(2);
  }
  writeFileSync(out, `${seedLeadsSql({ brand, count: Number(count) })};\n`);
  console.log(`${out}: ${count} ${brand} leads`);
}
