#!/usr/bin/env bash
# Install hashed locks into a virtual environment, the one way `make` and the tests do it.
# Usage: install-python-packages.sh VENV LOCK...
#
# First the installer: pip and setuptools from requirements-bootstrap.txt, by hash, whatever pip the
# platform's venv brought (Debian 12: 23.0.1). Then each lock with --no-deps: the locks name every
# package at one version with its hashes, so nothing is resolved against the index, and a release
# published after the lock was made can never be picked. `pip check` then proves the lock complete.
set -euo pipefail
venv=${1:?usage: install-python-packages.sh VENV LOCK...}
shift
root=$(cd "$(dirname "$0")/.." && pwd)
pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps)
"${pip[@]}" -r "$root/requirements-bootstrap.txt"
# --no-build-isolation: an sdist in a lock builds with the setuptools just installed by hash,
# never with a backend pip would fetch unpinned into an isolated environment.
for lock in "$@"; do
  "${pip[@]}" --no-build-isolation -r "$lock"
done
"$venv/bin/python" -m pip check --disable-pip-version-check >/dev/null || {
  "$venv/bin/python" -m pip check --disable-pip-version-check >&2
  echo "the lock misses a dependency of a package it installs: run \`make lock\`" >&2
  exit 1
}
