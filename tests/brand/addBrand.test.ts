// Proof that a brand is a row of data (issue 22, README "Adding a brand"): in a temporary copy
// of the project, a fixture brand gets only a row in src/brand/brands.ts and a folder
// src/content/<id>/; the copy then type-checks, builds, serves the new brand by its host (its own
// Worker, on Cloudflare's runtime as `npm start` runs it) and writes its nginx host rule, with no
// other file touched.
// Slow by nature (a type check and a full build of a copy, about 1–2 minutes on 2 cores): it is
// the one test that builds, so that `npm test` proves the claim every time.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandIds, brands, defaultBrandId, telHref } from '../../src/brand/brands';
import { gtmIds } from '../../src/brand/tagManager';
import { pageTable } from '../../src/content/pageTable';

const id = 'fixture-shaken';
const fixture = {
  name: 'フィクスチャ車検',
  phone: '0120-000-111',
  gtmId: 'GTM-FIXTUR3',
  siteUrl: 'https://www.fixture-shaken.example',
  primary: '#123456',
  sections: ['simple-form-1', 'question', 'point', 'simple-form-2', 'direction', 'footer'],
  menu: [
    { label: 'よくある質問', target: 'question' },
    { label: '選ばれる理由', target: 'point' },
  ],
};

/** The row, as a person adding the brand would write it. */
const row = `  '${id}': {
    id: '${id}',
    hostMarker: '${id}',
    name: '${fixture.name}',
    phone: '${fixture.phone}',
    receptionHours: '10:00〜18:00',
    holidays: '水曜日',
    sections: ${JSON.stringify(fixture.sections)},
    menu: ${JSON.stringify(fixture.menu)},
    enhancedConversions: false,
    logo: fixtureLogo,
  },
`;

const root = resolve('.');
const skipped =
  /^(node_modules|dist|\.build|\.data|\.git|test-results.*|.*-report|.*\.tsbuildinfo)$/;
let copy: string;
let server: ChildProcess | undefined;
let port = 0;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    cwd: copy,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

/** Writes the brand's folder from an existing brand's, with its own name and colours. */
function writeBrandFolder(): void {
  const source = brandIds.find((brandId) => brandId !== defaultBrandId)!;
  const from = join(copy, 'src/content', source);
  const to = join(copy, 'src/content', id);
  cpSync(from, to, { recursive: true });
  for (const file of readdirSync(to)) {
    const path = join(to, file);
    const text = readFileSync(path, 'utf8')
      .replaceAll(`.${source}.`, `['${id}'].`)
      .replaceAll(`brands.${source})`, `brands['${id}'])`)
      .replaceAll(`'${source}'`, `'${id}'`)
      .replaceAll(brands[source].name, fixture.name)
      .replace(/(--c-primary:\s*)#[0-9a-f]+/, `$1${fixture.primary}`);
    writeFileSync(path, text);
  }
}

function addRow(): void {
  const path = join(copy, 'src/brand/brands.ts');
  const text = readFileSync(path, 'utf8');
  const withId = text.replace(/(export const brandIds = \[[^\]]*)\]/, `$1, '${id}']`);
  const withRow = withId.replace(
    /(export const brands: Record<BrandId, Brand> = \{\n)/,
    `$1${row}`,
  );
  const withLogo = `import { logo as fixtureLogo } from '../content/${id}/logo';\n${withRow}`;
  expect(withLogo).not.toBe(text);
  expect(withLogo).toContain(row);
  writeFileSync(path, withLogo);
  // Its operator facts, for the server's mails (README, Contributing).
  const companiesPath = join(copy, 'src/content/companies.ts');
  const companies = readFileSync(companiesPath, 'utf8');
  const withCompany = companies
    .replace(/= \{ ([^}]*) \};/, `= { $1, '${id}': fixtureCompany };`)
    .replace(/^/, `import * as fixtureCompany from './${id}/company';\n`);
  expect(withCompany).toContain(`'${id}': fixtureCompany`);
  writeFileSync(companiesPath, withCompany);
  // Its tag-manager container.
  const tagPath = join(copy, 'src/brand/tagManager.ts');
  const tags = readFileSync(tagPath, 'utf8');
  const withTag = tags.replace(
    /(export const gtmIds: Record<BrandId, string> = \{\n)/,
    `$1  '${id}': '${fixture.gtmId}',\n`,
  );
  expect(withTag).toContain(`'${id}': '${fixture.gtmId}',`);
  writeFileSync(tagPath, withTag);
  // It sends no mail until its domain is onboarded.
  const mailPath = join(copy, 'src/brand/mail.ts');
  const mail = readFileSync(mailPath, 'utf8');
  const withMail = mail.replace(
    /(export const mailDomains: Record<BrandId, string \| null> = \{\n)/,
    `$1  '${id}': null,\n`,
  );
  expect(withMail).toContain(`'${id}': null,`);
  writeFileSync(mailPath, withMail);
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `npm run preview`'s server in the copy: every brand's Worker on workerd (wrangler dev). */
async function startServer(): Promise<void> {
  port = await freePort();
  const inspector = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'deploy/cloudflare/dev.ts', '--no-build'], {
    cwd: copy,
    env: { ...process.env, PORT: String(port), INSPECTOR_PORT: String(inspector) },
    stdio: ['ignore', openSync(serverLog(), 'w'), openSync(serverLog(), 'a')],
  });
  await serving();
}

const serverLog = () => join(copy, 'server.log');

/**
 * Until the copy's server answers: wrangler applies each brand's migrations, then starts workerd,
 * a minute or more when busy, and may reload it while the machine is loaded.
 */
async function serving(): Promise<void> {
  for (let attempt = 0; attempt < 2400; attempt += 1) {
    if (server?.exitCode !== null) {
      throw new Error(
        `the copy's server exited (${server?.exitCode}):\n${readFileSync(serverLog(), 'utf8')}`,
      );
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/robots.txt`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`the copy's server does not answer:\n${readFileSync(serverLog(), 'utf8')}`);
}

async function get(path: string, host: string) {
  // Node's fetch refuses a Host header; http.request does not.
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (done, fail) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', fail);
      req.end();
    },
  );
}

function tree(file: string): string {
  return readFileSync(join(copy, 'dist', id, file), 'utf8');
}

const otherBrands = brandIds.map((brandId) => brands[brandId]);

describe(`a third brand (${id}) added as a table row and a content folder`, () => {
  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), 'add-brand-'));
    cpSync(root, copy, {
      recursive: true,
      filter: (path) =>
        !relative(root, path)
          .split(/[\\/]/)
          .some((part) => skipped.test(part)),
    });
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
    // wrangler and its Node 22, installed once into this checkout and shared with the copy.
    run('bash', [join(root, 'deploy/cloudflare/wrangler.sh')]);
    symlinkSync(
      join(root, 'deploy/cloudflare/node_modules'),
      join(copy, 'deploy/cloudflare/node_modules'),
      'dir',
    );
    addRow();
    writeBrandFolder();
    run(process.execPath, ['--import', 'tsx', 'prerender/build.ts'], {
      BUILD_ID: 'fixture-build',
      SITE_URL_FIXTURE_SHAKEN: fixture.siteUrl,
    });
    await startServer();
  }, 600_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server!.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    if (copy) rmSync(copy, { recursive: true, force: true });
  }, 60_000);

  it('type-checks with nothing else changed (src, tests, e2e, server, deploy, bench)', () => {
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b'], {
      cwd: copy,
      encoding: 'utf8',
    });
    expect(tsc.stdout).toBe('');
    expect(tsc.status).toBe(0);
  }, 300_000);

  it('builds every page of the brand, in its name, phone and tag-manager container', () => {
    for (const page of pageTable) {
      const html = tree(`${page.route}.html`);
      expect(html).toContain(`data-brand="${id}"`);
      expect(html).toContain(fixture.name);
      expect(html).toContain(`href="${telHref(fixture.phone)}"`);
      expect(html).toContain(`data-gtm="${fixture.gtmId}"`);
      expect(html).toContain(`ns.html?id=${fixture.gtmId}`);
      expect(html).toContain(`<link rel="canonical" href="${fixture.siteUrl}`);
      for (const other of otherBrands) {
        expect(html).not.toContain(other.name);
        expect(html).not.toContain(other.phone);
        expect(html).not.toContain(gtmIds[other.id]);
      }
    }
    expect(tree('sitemap.xml')).toContain(`${fixture.siteUrl}/term`);
  });

  it("lays the landing page out in the row's order, with the row's menu and colours", () => {
    const html = tree('index.html');
    const sections = [...html.matchAll(/data-section="([^"]+)"/g)].map((match) => match[1]);
    expect(sections).toEqual([
      'main-visual',
      ...fixture.sections.map((section) => section.replace(/-\d+$/, '')),
      'tracking-footer',
      'estimate-modal',
    ]);
    const nav = /<nav aria-label="メニュー"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    const links = [...nav.matchAll(/href="\/#([^"]+)"[^>]*>([^<]+)</g)].map((match) => ({
      label: match[2],
      target: match[1],
    }));
    expect(links).toEqual(fixture.menu);
    expect(html).toMatch(new RegExp(`\\[data-brand=["']?${id}["']?\\]\\{[^}]*${fixture.primary}`));
  });

  it('writes the same _headers rules as every other brand, and its build files', () => {
    const headers = tree('_headers');
    expect(headers).toContain('Content-Security-Policy');
    for (const other of brandIds) {
      expect(headers).toBe(readFileSync(join(copy, 'dist', other, '_headers'), 'utf8'));
    }
    const meta = JSON.parse(tree('_app/builds/meta/fixture-build.json')) as { brand: string };
    expect(meta.brand).toBe(id);
  });

  it("is served by its Worker to its hosts, and the default brand's to any other", async () => {
    await serving();
    for (const host of [`${id}.localhost:${port}`, 'www.fixture-shaken.example']) {
      const answer = await get('/', host);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(`data-brand="${id}"`);
      expect(answer.headers['content-security-policy']).toBeTruthy();
    }
    const missing = await get('/no-such-page', `${id}.localhost`);
    expect(missing.status).toBe(404);
    expect(missing.body).toContain(`data-brand="${id}"`);
    const other = await get('/', `localhost:${port}`);
    expect(other.body).toContain(`data-brand="${defaultBrandId}"`);
  });

  it('gets its own nginx host rule', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'deploy/nginx/config.ts', 'dist', '8080', join(copy, '.nginx')],
      { cwd: copy, encoding: 'utf8' },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(`"~${id}" ${id};`);
    expect(result.stdout).toContain(`default ${defaultBrandId};`);
  });
});
