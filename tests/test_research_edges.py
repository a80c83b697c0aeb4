"""Edges of issue 30 met outside the command line: an uptime monitor's HEAD /, and English errors for a
program that uses meeple as a library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import meeple
from meeple.core.errors import IllegalMoveError
from meeple.core.i18n import get_language


def test_head_on_the_home_page_answers_200_without_a_body(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'rooms.sqlite3'}")) as client:
        head, get = client.head("/"), client.get("/")
        assert head.status_code == 200 and head.content == b""
        assert head.headers["content-type"] == get.headers["content-type"] and get.content
        assert client.head("/api/games").status_code == 405  # the API's own routes keep their methods


def test_meeple_set_language_gives_english_errors() -> None:
    from meeple.games.stealth import StealthGame

    game = StealthGame.new({"level": "1-1"}, 0)
    meeple.set_language("en")
    try:
        game.push(game.parse_move("zz"))
    except IllegalMoveError as error:
        assert str(error).startswith("illegal move") and get_language() == "en"
    else:
        raise AssertionError("a move to no node is illegal")
    meeple.set_language("fr")


def test_meeple_lang_in_the_environment_chooses_english_from_the_start() -> None:
    script = "import meeple; from meeple.core.errors import IllegalMoveError as E; print(E('x', meeple.core.i18n.Msg('a', 'b')))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          env={"MEEPLE_LANG": "en_US.UTF-8", "PATH": ""})
    assert done.stdout.strip() == "illegal move x: b", done.stderr
