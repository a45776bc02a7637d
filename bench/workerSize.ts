// The Worker's script as `wrangler deploy --dry-run` bundles it for one brand's local config: its
// size, and its startup by `wrangler check startup` (the CPU profile's endTime − startTime, on this
// machine), with deploy/cloudflare's Node 22. For the bench and e2e/size-budget.spec.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { writeConfigs } from '../deploy/cloudflare/config';
import { installWrangler, node22, wranglerJs } from '../deploy/cloudflare/wranglerBin';
import type { BrandId } from '../src/brand/brands';
import { summarize, type Summary } from './stats';

export type WorkerFigures = {
  brand: BrandId;
  /** worker.js as uploaded; gzip as wrangler counts it against the platform's limit. */
  rawBytes: number;
  gzipBytes: number;
  startupMs: Summary;
};

function wranglerRun(args: string[], config: string): string {
  const child = spawnSync(node22, [wranglerJs, ...args, '-c', config], {
    cwd: dirname(config),
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', FORCE_COLOR: '0' },
  });
  const output = `${child.stdout}${child.stderr}`;
  if (child.status !== 0) throw new Error(`wrangler ${args.join(' ')}: ${output.slice(-1000)}`);
  return output;
}

export function measureWorker(
  brand: BrandId,
  options: { distDir?: string; startupRuns?: number } = {},
): WorkerFigures {
  if (!installWrangler()) throw new Error('deploy/cloudflare/wrangler.sh failed');
  const work = mkdtempSync(join(tmpdir(), 'worker-size-'));
  try {
    writeConfigs({
      outDir: work,
      distDir: resolve(options.distDir ?? 'dist'),
      local: true,
      env: {},
    });
    const config = join(work, brand, 'wrangler.json');
    const bundle = join(work, 'worker.bundle');
    const out = join(work, 'out');
    const deployed = wranglerRun(
      ['deploy', '--dry-run', '--outdir', out, '--outfile', bundle],
      config,
    );
    const gzipKib = /Total Upload: [\d.]+ KiB \/ gzip: ([\d.]+) KiB/.exec(deployed)?.[1];
    if (!gzipKib) throw new Error(`wrangler deploy --dry-run gave no size: ${deployed}`);
    const startups: number[] = [];
    for (let run = 0; run < (options.startupRuns ?? 0); run += 1) {
      const profile = join(work, `startup-${run}.cpuprofile`);
      wranglerRun(['check', 'startup', '--worker', bundle, '--outfile', profile], config);
      const { startTime, endTime } = JSON.parse(readFileSync(profile, 'utf8')) as {
        startTime: number;
        endTime: number;
      };
      startups.push((endTime - startTime) / 1000);
    }
    return {
      brand,
      rawBytes: statSync(join(out, 'worker.js')).size,
      gzipBytes: Math.round(Number(gzipKib) * 1024),
      startupMs: summarize(startups),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
