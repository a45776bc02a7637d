#!/usr/bin/env bash
# Installs wrangler and Node 22 into deploy/cloudflare/node_modules unless the pinned versions are
# there already (wrangler and Miniflare need Node >= 22.12; this folder's package.json pins both,
# the project stays on its own Node). Used by run.sh and `npm run test:d1`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
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
