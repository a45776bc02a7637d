# Sourced by types.sh and run by dev.ts: sets $node22 and $wrangler, installing them into this
# folder's node_modules when missing or not the versions package.json pins. wrangler needs
# Node >= 22.12: this folder's package.json pins wrangler and Node 22 itself (the npm package
# "node"); the project stays on its own Node.
wrangler_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
node22="$wrangler_dir/node_modules/node/bin/node"
wrangler="$wrangler_dir/node_modules/wrangler/bin/wrangler.js"
wrangler_installed() {
  [ -x "$node22" ] && [ -f "$wrangler" ] && "$node22" -e '
    const want = require(process.argv[1]).devDependencies;
    const have = (name) => require(`${process.argv[2]}/${name}/package.json`).version;
    process.exit(Object.keys(want).every((name) => have(name) === want[name]) ? 0 : 1);
  ' "$wrangler_dir/package.json" "$wrangler_dir/node_modules"
}
if ! wrangler_installed; then
  echo "Installing wrangler and Node 22 into deploy/cloudflare/node_modules…" >&2
  # npm install, not npm ci: the lock names only the workerd binaries of the platforms the
  # registry here serves, and npm ci refuses a lock without the others (optional) ones.
  (cd "$wrangler_dir" && npm install --no-audit --no-fund --loglevel=error)
fi
if ! "$node22" -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)'; then
  echo "deploy/cloudflare/node_modules/node is not Node >= 22.12" >&2
  exit 1
fi
export WRANGLER_SEND_METRICS=false
