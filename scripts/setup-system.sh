#!/usr/bin/env bash
# Install the Debian packages the build and tests need, only those missing.
# graphviz draws the diagrams; fonts-noto-cjk measures and embeds Chinese text;
# poppler-utils checks the PDFs; chromium runs the browser tests; pango lays out the PDFs (WeasyPrint).
set -euo pipefail
# shellcheck lets actionlint check the workflows' shell steps too.
packages=(graphviz fonts-noto-cjk poppler-utils chromium libpango-1.0-0 libpangoft2-1.0-0 shellcheck)
missing=()
for package in "${packages[@]}"; do
  # A runner image may ship Chromium outside dpkg (GitHub's Ubuntu images link /usr/bin/chromium).
  if [ "$package" = chromium ] && [ -x /usr/bin/chromium ]; then
    continue
  fi
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${missing[*]}. Install them as root: apt-get install ${missing[*]}" >&2
  exit 1
fi
echo "Installing Debian packages: ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
