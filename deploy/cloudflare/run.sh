#!/usr/bin/env bash
# Serves the repository's dist/ on Cloudflare's own runtime (workerd, through wrangler dev) on
# 127.0.0.1:$PORT, in the foreground: every brand on one port, picked by Host as on the real hosts,
# each brand's Worker with its estimate API over a local D1 database and local queues.
#   PORT=4223 bash deploy/cloudflare/run.sh        (DIST_DIR=dist by default)
# The configs are generated from the brand table (config.ts) into a temporary folder. State (D1,
# queues) is kept in CLOUDFLARE_STATE_DIR when set, so a restart on the same folder keeps the
# leads; otherwise in the temporary folder, removed on exit. WEBHOOK_URL (`{brand}` replaced by the
# brand id), WEBHOOK_SECRET, EXPORT_SECRET and STAFF_SECRET go to each Worker's .dev.vars there;
# RETRY_BASE_SECONDS tunes the retry delays (config.ts). The inspector listens on
# INSPECTOR_PORT (default PORT + 10).
# wrangler and the Node 22 it needs are installed into this folder on first run (wrangler.sh).
# Stops cleanly on SIGTERM or Ctrl-C.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

port="${PORT:?set PORT, e.g. PORT=4223 bash deploy/cloudflare/run.sh}"
dist="$(cd "$root" && realpath "${DIST_DIR:-dist}")"

# shellcheck source=wrangler.sh
source "$here/wrangler.sh"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/shaken-cloudflare.XXXXXX")"
if [ -n "${CLOUDFLARE_STATE_DIR:-}" ]; then
  state="$(cd "$root" && mkdir -p "$CLOUDFLARE_STATE_DIR" && realpath "$CLOUDFLARE_STATE_DIR")"
else
  state="$tmp/state"
fi
# One line per config written: the brands' first, the dev router's last.
written="$(cd "$root" && node --import tsx deploy/cloudflare/config.ts "$tmp" --dist "$dist" --local)" ||
  { rm -rf "$tmp"; exit 1; }
mapfile -t configs <<<"$written"
[ "${#configs[@]}" -ge 2 ] || { echo "config.ts wrote no configs" >&2; rm -rf "$tmp"; exit 1; }
router="${configs[-1]}"
brand_configs=("${configs[@]:0:${#configs[@]}-1}")

# One brand's database after the other: they share the state folder's metadata, which two
# wrangler processes at once can find locked (SQLITE_BUSY).
for config in "${brand_configs[@]}"; do
  (cd "$(dirname "$config")" && "$node22" "$wrangler" d1 migrations apply DB --local \
    --persist-to "$state" -c "$config" >/dev/null) ||
    { echo "wrangler d1 migrations apply failed" >&2; rm -rf "$tmp"; exit 1; }
done

pid=""
stop() {
  [ -z "$pid" ] || kill -TERM "$pid" 2>/dev/null || true
  [ -z "$pid" ] || wait "$pid" 2>/dev/null || true
  rm -rf "$tmp"
  exit 0
}
trap stop TERM INT

cd "$tmp"
config_flags=(-c "$router")
for config in "${brand_configs[@]}"; do config_flags+=(-c "$config"); done
"$node22" "$wrangler" dev "${config_flags[@]}" \
  --ip 127.0.0.1 --port "$port" --inspector-port "${INSPECTOR_PORT:-$((port + 10))}" \
  --persist-to "$state" --show-interactive-dev-session=false --live-reload=false &
pid=$!
echo "Cloudflare (workerd) on http://127.0.0.1:$port, every brand by Host; state in $state"
status=0
wait "$pid" || status=$?
rm -rf "$tmp"
exit "$status"
