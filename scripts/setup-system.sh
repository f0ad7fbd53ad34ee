#!/usr/bin/env bash
# Install the Debian packages a command needs, only those missing. Usage: setup-system.sh build|test|judges|amd
#   build:  graphviz draws the diagrams; fonts-noto-cjk measures and embeds Chinese text;
#           pango lays out the PDFs (WeasyPrint); python3-venv makes the virtual environment.
#   test:   the build's packages, plus chromium (browser tests), poppler-utils (PDF checks), the
#           ShellCheck that lets actionlint check the workflows' shell steps, and Java for the Nu
#           HTML checker (a jar the tests fetch by hash: no Node.js or npm needed).
#   amd:    clang-19 only, for `make capture-amd` (HIP device code compiled for AMD gfx942 on a CPU).
#   judges: the tests' packages, plus Node.js for Lighthouse (`make judges`, `make bench`); npm
#           itself is fetched pinned by scripts/judges.py, since Debian's npm 9.2 cannot read the lock.
set -euo pipefail
build=(graphviz fonts-noto-cjk libpango-1.0-0 libpangoft2-1.0-0)
test_only=(chromium poppler-utils shellcheck default-jre-headless)
judges_only=(nodejs)
amd_only=(clang-19)
case "${1:-build}" in
  build) packages=("${build[@]}") ;;
  test) packages=("${build[@]}" "${test_only[@]}") ;;
  judges) packages=("${build[@]}" "${test_only[@]}" "${judges_only[@]}") ;;
  amd) packages=("${amd_only[@]}") ;;
  *) echo "usage: $0 build|test|judges|amd" >&2; exit 2 ;;
esac
# Debian splits venv out of python3; without it `python3 -m venv` fails half-way.
python3 -c 'import ensurepip' 2>/dev/null || packages+=(python3-venv)
missing=()
for package in "${packages[@]}"; do
  # A runner image may ship Chromium outside dpkg (GitHub's Ubuntu images link /usr/bin/chromium).
  if [ "$package" = chromium ] && [ -x /usr/bin/chromium ]; then
    continue
  fi
  # Java and Node.js may come from elsewhere too (a runner image, NodeSource): any that runs will do.
  if { [ "$package" = default-jre-headless ] && java -version >/dev/null 2>&1; } \
    || { [ "$package" = nodejs ] && command -v node >/dev/null; }; then
    continue
  fi
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${missing[*]}. Install them as root: apt-get install --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
echo "Installing Debian packages: ${missing[*]}"
apt-get update -qq
# Say what the install costs on disk (apt's own figure), then install quietly.
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" \
  | grep -E '^(After this operation|Need to get)' || true
