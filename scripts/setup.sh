#!/usr/bin/env bash
# Installs everything meeple needs into ./.venv (and, with --test, what the tests need:
# Debian's chromium for the browser tests). Safe to run again: it only adds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

with_tests=0
[ "${1:-}" = "--test" ] && with_tests=1

if [ "$with_tests" = 1 ] && [ ! -x /usr/bin/chromium ]; then
    as_root=""
    [ "$(id -u)" = 0 ] || as_root="sudo"
    $as_root apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -q --no-install-recommends \
        chromium fonts-dejavu-core >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
if [ "$with_tests" = 1 ]; then
    .venv/bin/python -m pip install -q -e ".[all,test]"
else
    .venv/bin/python -m pip install -q -e ".[all]"
fi
