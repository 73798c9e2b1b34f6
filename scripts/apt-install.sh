#!/bin/sh
# apt-install.sh PACKAGE: install one of Debian's packages through apt-get (with sudo when not
# root), or say in one line why it cannot be done. Used where a test tool is missing.
set -e
PACKAGE="$1"
if [ "$(id -u)" = "0" ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "$PACKAGE is missing and this user cannot install it: install Debian's '$PACKAGE' package" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "$PACKAGE is missing and apt-get is not available: install $PACKAGE by hand" >&2
  exit 1
fi
echo "installing $PACKAGE through apt-get..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$PACKAGE" >/dev/null
