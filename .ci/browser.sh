#!/usr/bin/env bash
# Install Debian's headless-capable Chromium for the web inspector's end-to-end tests, once.
#
# The tests drive /usr/bin/chromium through Playwright's Python driver with executable_path set; no browser
# is ever downloaded by Playwright (never run `playwright install`). Idempotent: exits at once when
# /usr/bin/chromium already exists.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
    echo "chromium: already installed ($(/usr/bin/chromium --version 2>/dev/null || echo unknown version))"
    exit 0
fi

if [ "$(id -u)" != 0 ]; then
    echo "chromium: not installed and this is not root; run this script as root" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -qq
# fonts-liberation: readable text in screenshots without recommends pulling a desktop.
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null

if [ -x /usr/bin/chromium ]; then
    echo "chromium: installed ($(/usr/bin/chromium --version 2>/dev/null || echo unknown version))"
else
    echo "chromium: apt-get finished but /usr/bin/chromium is missing" >&2
    exit 1
fi
