#!/usr/bin/env bash
# Serves the repository's dist/ with Debian's nginx on 127.0.0.1:$PORT, in the foreground, with
# the configuration generated from the trees' _headers (deploy/nginx/config.ts).
#   PORT=4213 bash deploy/nginx/run.sh        (DIST_DIR=dist by default)
# Installs nginx from Debian when it is missing. Stops cleanly on SIGTERM or Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/../.."

port="${PORT:?set PORT, e.g. PORT=4213 bash deploy/nginx/run.sh}"
dist="${DIST_DIR:-dist}"

nginx_bin="$(command -v nginx || true)"
[ -n "$nginx_bin" ] || [ ! -x /usr/sbin/nginx ] || nginx_bin=/usr/sbin/nginx
if [ -z "$nginx_bin" ]; then
  echo "nginx is missing: installing Debian's nginx…" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nginx-light \
    || DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nginx
  nginx_bin=/usr/sbin/nginx
fi

prefix="$(mktemp -d "${TMPDIR:-/tmp}/shaken-nginx.XXXXXX")"
# Fails, naming the missing file, when a brand's tree has not been built; prints each brand's URL.
if ! node --import tsx deploy/nginx/config.ts "$dist" "$port" "$prefix" > "$prefix/nginx.conf"; then
  rm -rf "$prefix"
  exit 1
fi
"$nginx_bin" -t -q -e stderr -p "$prefix" -c "$prefix/nginx.conf"

pid=""
stop() {
  # nginx's fast shutdown; then the temporary folder goes.
  [ -z "$pid" ] || kill -TERM "$pid" 2>/dev/null || true
  [ -z "$pid" ] || wait "$pid" 2>/dev/null || true
  rm -rf "$prefix"
  exit 0
}
trap stop TERM INT

"$nginx_bin" -e stderr -p "$prefix" -c "$prefix/nginx.conf" &
pid=$!
status=0
wait "$pid" || status=$?
rm -rf "$prefix"
exit "$status"
