#!/usr/bin/env bash
# Generates worker-configuration.d.ts, the Worker's Env and the Workers runtime types, with
# `wrangler types` from the wrangler config config.ts writes; env.ts adds what the config cannot
# say (the leads queue's message, optional vars and secrets). Run it after changing a binding:
#   bash deploy/cloudflare/types.sh            (rewrites the file; commit it)
#   bash deploy/cloudflare/types.sh --check    (fails when the file is out of date; npm test runs it)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# shellcheck source=wrangler.sh
source "$here/wrangler.sh"

# Generated in a temporary folder, always from the same relative paths, so the command wrangler
# writes into the file's first line is the same on every machine and in both modes.
check=false
[ "${1:-}" = --check ] && check=true
tmp="$(mktemp -d "${TMPDIR:-/tmp}/shaken-types.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && node --import tsx deploy/cloudflare/typesConfig.ts "$tmp/brand/wrangler.json")
(cd "$tmp" && "$node22" "$wrangler" types -c brand/wrangler.json \
  --strict-vars=false --include-main-module=false >/dev/null)
if $check; then
  if ! cmp -s "$tmp/worker-configuration.d.ts" "$root/server/worker-configuration.d.ts"; then
    echo "server/worker-configuration.d.ts is out of date: run bash deploy/cloudflare/types.sh and commit it" >&2
    exit 1
  fi
else
  cp "$tmp/worker-configuration.d.ts" "$root/server/worker-configuration.d.ts"
fi
