#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests (tests/channels, marker
# `browser`). Playwright drives that binary through executable_path; we never run `playwright install`,
# which downloads a browser build from outside the package registries.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "ERROR: /usr/bin/chromium is missing; run as root or: sudo apt-get install -y chromium" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# fonts-dejavu-core: readable text in screenshots; chromium pulls its own libraries.
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
/usr/bin/chromium --version
