#!/usr/bin/env bash
# Stop early, in one line, when the interpreter is missing or older than the project supports,
# instead of letting pip print a resolver dump. Usage: check-python.sh PYTHON
set -u
python=${1:-python3}
minimum=3.11
if ! command -v "$python" >/dev/null 2>&1; then
  echo "No $python found: install Python $minimum or newer (Debian/Ubuntu: apt-get install python3 python3-venv), or run make PYTHON=/path/to/python3.X" >&2
  exit 1
fi
if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  found=$("$python" -c 'import platform; print(platform.python_version())' 2>/dev/null || echo unknown)
  echo "$python is Python $found; GPU Stack Map needs Python $minimum or newer (3.11-3.13 are tested): install one (e.g. apt-get install python3.11 python3.11-venv) and run make PYTHON=python3.11" >&2
  exit 1
fi
