#!/bin/sh
# Install Debian's chromium for the browser tests where it is missing (Playwright drives it).
set -e
if command -v chromium >/dev/null 2>&1; then exit 0; fi
sh "$(dirname "$0")/apt-install.sh" chromium
