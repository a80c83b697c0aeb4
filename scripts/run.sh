#!/usr/bin/env bash
# The README's run command: set up, then start the browser app on http://127.0.0.1:8000.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/meeple serve "$@"
