#!/usr/bin/env bash
# Serves the repository's dist/ on Cloudflare's own runtime (workerd, through wrangler dev) on
# 127.0.0.1:$PORT, in the foreground: both brands on one port, picked by Host as on the real hosts.
#   PORT=4223 bash deploy/cloudflare/run.sh        (DIST_DIR=dist by default)
# wrangler needs Node >= 22.12: this folder's package.json pins wrangler and Node 22 itself (the
# npm package "node"), installed here on first run; the project stays on its own Node.
# Stops cleanly on SIGTERM or Ctrl-C.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

port="${PORT:?set PORT, e.g. PORT=4223 bash deploy/cloudflare/run.sh}"
dist="$(cd "$root" && realpath "${DIST_DIR:-dist}")"
if [ ! -f "$dist/carsupport/_headers" ] || [ ! -f "$dist/yamada/_headers" ]; then
  echo "$dist has no built trees: run npm run build first" >&2
  exit 1
fi

node22="$here/node_modules/node/bin/node"
wrangler="$here/node_modules/wrangler/bin/wrangler.js"
installed() {
  [ -x "$node22" ] && [ -f "$wrangler" ] && "$node22" -e '
    const want = require(process.argv[1]).devDependencies;
    const have = (name) => require(`${process.argv[2]}/${name}/package.json`).version;
    process.exit(Object.keys(want).every((name) => have(name) === want[name]) ? 0 : 1);
  ' "$here/package.json" "$here/node_modules"
}
if ! installed; then
  echo "Installing wrangler and Node 22 into deploy/cloudflare/node_modules…" >&2
  # npm install, not npm ci: the lock names only the workerd binaries of the platforms the
  # registry here serves, and npm ci refuses a lock without the others (optional) ones.
  (cd "$here" && npm install --no-audit --no-fund --loglevel=error)
fi
if ! "$node22" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)'; then
  echo "deploy/cloudflare/node_modules/node is not Node >= 22.12" >&2
  exit 1
fi

# The committed configs name ../../dist; these copies point at $dist and at the scripts here.
tmp="$(mktemp -d "${TMPDIR:-/tmp}/shaken-cloudflare.XXXXXX")"
"$node22" - "$here" "$dist" "$tmp" <<'JS'
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const [here, dist, tmp] = process.argv.slice(2);
for (const name of ['dev-router', 'carsupport', 'yamada']) {
  const config = JSON.parse(readFileSync(join(here, `wrangler.${name}.json`), 'utf8'));
  delete config.$schema;
  config.main = join(here, config.main);
  if (config.assets) config.assets.directory = join(dist, name);
  writeFileSync(join(tmp, `wrangler.${name}.json`), JSON.stringify(config, null, 2));
}
JS

pid=""
stop() {
  [ -z "$pid" ] || kill -TERM "$pid" 2>/dev/null || true
  [ -z "$pid" ] || wait "$pid" 2>/dev/null || true
  rm -rf "$tmp"
  exit 0
}
trap stop TERM INT

cd "$tmp"
WRANGLER_SEND_METRICS=false "$node22" "$wrangler" dev \
  -c wrangler.dev-router.json -c wrangler.carsupport.json -c wrangler.yamada.json \
  --ip 127.0.0.1 --port "$port" --persist-to "$tmp/state" \
  --show-interactive-dev-session=false --live-reload=false &
pid=$!
echo "Cloudflare (workerd): carsupport http://localhost:$port  yamada http://yamada-shaken.localhost:$port"
status=0
wait "$pid" || status=$?
rm -rf "$tmp"
exit "$status"
