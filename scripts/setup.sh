#!/usr/bin/env bash
# Installs everything meeple needs into ./.venv (and, with --test, what the tests need:
# Debian's chromium for the browser tests, PostgreSQL for the store's tests, nginx for the reverse-proxy test). Safe to run again: it only adds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

with_tests=0
[ "${1:-}" = "--test" ] && with_tests=1
started=$SECONDS
# In a terminal, pip shows what it downloads and builds; in a log, only the step lines below.
pip_quiet="-q"
[ -t 2 ] && pip_quiet=""

# Each step that may take long (a cold cache: minutes) says what it does before it starts.
step() {
    echo "setup: $1 / $2… ($((SECONDS - started)) s)" >&2
}

apt_install() {
    step "installation Debian de $*" "installing $* from Debian"
    local as_root=""
    [ "$(id -u)" = 0 ] || as_root="sudo"
    $as_root apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive $as_root apt-get install -y -q --no-install-recommends "$@" >/dev/null
}

if ! command -v python3 >/dev/null; then
    echo "setup: python3 introuvable / not found (meeple needs Python >= 3.11)" >&2
    exit 1
fi
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "setup: Python >= 3.11 requis / required, trouvé / found $(python3 --version 2>&1)" >&2
    exit 1
fi

# Debian ships venv and ensurepip in a separate package.
if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    apt_install "python3-venv"
fi

# The PDFs meeple writes (murder render, murder book) embed DejaVu Sans, as print shops require.
if [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] && command -v apt-get >/dev/null; then
    apt_install fonts-dejavu-core || echo "setup: fonts-dejavu-core non installé, pas de PDF / not installed, no PDF" >&2
fi
if [ "$with_tests" = 1 ] && [ ! -x /usr/bin/chromium ]; then
    apt_install chromium fonts-dejavu-core
fi
# The store is also tested on a real PostgreSQL (tests/server/test_postgresql.py starts a throwaway
# cluster). Without it those tests are skipped, so a failed install warns instead of stopping.
if [ "$with_tests" = 1 ] && ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
    apt_install postgresql || echo "setup: PostgreSQL non installé, ses tests seront sautés / not installed, its tests will be skipped" >&2
fi
# The cluster tests (tests/server/test_cluster.py) start a throwaway Redis beside that PostgreSQL.
if [ "$with_tests" = 1 ] && ! command -v redis-server >/dev/null 2>&1; then
    apt_install redis-server || echo "setup: Redis non installé, les tests de grappe seront sautés / not installed, the cluster tests will be skipped" >&2
fi

# The reverse-proxy test (tests/server/test_reverse_proxy.py) runs Debian's nginx with deploy/nginx/'s files
# in front of a test server (it starts its own nginx on a loopback port; the package's own service is not used).
if [ "$with_tests" = 1 ] && ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
    apt_install nginx || echo "setup: nginx non installé, le test du proxy inverse sera sauté / not installed, the reverse-proxy test will be skipped" >&2
fi

# axe-core (npm) for the accessibility browser tests: loaded into the page by tests/web/test_accessibility.py.
# Without node/npm those tests are skipped, so a failed install warns instead of stopping.
if [ "$with_tests" = 1 ] && [ ! -f tests/web/a11y/node_modules/axe-core/axe.min.js ]; then
    command -v npm >/dev/null || apt_install npm || true
    step "axe-core (npm) pour les tests d'accessibilité" "axe-core (npm) for the accessibility tests"
    (cd tests/web/a11y && npm ci --no-audit --no-fund >/dev/null) \
        || echo "setup: axe-core non installé, les tests d'accessibilité seront sautés / not installed, the accessibility tests will be skipped" >&2
fi

# A .venv left half-made (no pip) by an earlier failed run is made again.
if [ -x .venv/bin/python ] && ! .venv/bin/python -m pip --version >/dev/null 2>&1; then
    rm -rf .venv
fi
if [ ! -x .venv/bin/python ]; then
    step "création de .venv" "creating .venv"
    python3 -m venv .venv
fi
step "mise à jour de pip" "updating pip"
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
extras="all"
[ "$with_tests" = 1 ] && extras="all,test"
step "installation de meeple[$extras] dans .venv (et compilation du cœur natif de Hive ; plusieurs minutes la première fois)" \
     "installing meeple[$extras] into .venv (and building the Hive native core; minutes the first time)"
# shellcheck disable=SC2086  # pip_quiet is empty or one flag
.venv/bin/python -m pip install $pip_quiet -e ".[$extras]"
echo "setup: prêt / ready ($((SECONDS - started)) s) — .venv/bin/meeple --help" >&2
