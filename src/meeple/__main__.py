"""``python -m meeple`` is the ``meeple`` command."""

from meeple.cli import run

run()
