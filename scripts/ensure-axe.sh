#!/bin/sh
# Install axe-core (pinned in tests/web/axe/package-lock.json) from the npm registry for the
# browser tests' accessibility checks; npm (with Node.js) comes from apt where it is missing.
set -e
DIR=tests/web/axe
if [ -f "$DIR/node_modules/axe-core/axe.min.js" ] \
    && [ "$DIR/node_modules/.package-lock.json" -nt "$DIR/package-lock.json" ]; then
  exit 0
fi
command -v npm >/dev/null 2>&1 || sh "$(dirname "$0")/apt-install.sh" npm
echo "installing axe-core for the accessibility checks..."
npm ci --prefix "$DIR" --no-audit --no-fund --loglevel=error
