#!/usr/bin/env bash
# The README's test command: set up (tests included), lint, type-check, then every test.
# pytest's "no tests collected" (exit 5) fails this script like any failing test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
echo "== ruff"
.venv/bin/ruff check src tests benchmarks
echo "== mypy"
.venv/bin/mypy
echo "== pytest"
.venv/bin/python -m pytest -p no:cacheprovider "$@"
