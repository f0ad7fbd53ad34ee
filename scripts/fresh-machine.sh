#!/usr/bin/env bash
# README's two commands, run as a newcomer runs them on a fresh machine (the pull-request job on
# fresh Debian containers, or by hand in a fresh root): the first must serve the site in both
# languages, the second must pass. The commands and the address are read from README's first code
# block, so this runs exactly what README gives.
set -euo pipefail
cd "$(dirname "$0")/.."
block=$(awk '/^```sh$/ {inside = 1; next} inside && /^```$/ {exit} inside' README.md)
mapfile -t commands < <(sed -e 's/[[:space:]]*#.*//' -e '/^$/d' <<<"$block")
url=$(grep -o 'http://[0-9.]*:[0-9]*' <<<"$block" | head -1)/
if [ ${#commands[@]} -ne 2 ] || [ "$url" = / ]; then
  echo "README's first code block should give two commands and the address the first serves at" >&2
  exit 2
fi
serve=${commands[0]} test=${commands[1]}
deadline=$((SECONDS + 45 * 60))

answers() {
  python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=10)' "$1" 2>/dev/null
}

echo "== $serve (until $url and ${url}en/ answer)"
log=$(mktemp)
setsid bash -c "$serve" >"$log" 2>&1 &
server=$!
trap 'kill -- -"$server" 2>/dev/null || true' EXIT
# Wait on the state needed (both languages served), not on a fixed delay; a command that ends
# before serving has failed.
until answers "$url" && answers "${url}en/"; do
  if ! kill -0 "$server" 2>/dev/null || [ "$SECONDS" -gt "$deadline" ]; then
    tail -40 "$log"
    echo "'$serve' did not serve the site" >&2
    exit 1
  fi
  sleep 2
done
tail -5 "$log"
echo "== $serve: both languages served"
kill -- -"$server" 2>/dev/null || true
wait "$server" 2>/dev/null || true
trap - EXIT

echo "== $test"
bash -c "$test"
