"""Games as plug-ins: one registry (meeple.games.registry) that the command line, the server, the browser app
and the interop layer read. The template game (examples/tictactoe), registered through the ``meeple.games``
entry point as ``pip install`` registers it, shows up in each without a file of meeple changing; a broken
manifest is left out with one line naming the file and the field."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from meeple.games import registry
from meeple.games.registry import plugins, read_manifest
from tests.plugin_template import ROOT, environment_with, install_template


def _meeple(paths: list[str], *argv: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "meeple", "--lang", "en", *argv], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env={**environment_with(paths), "COLUMNS": "200"})


@pytest.fixture
def template_installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The template registered in this process too (the registry looked for again, and after the test)."""
    paths = install_template(tmp_path / "site")
    for path in reversed(paths):
        monkeypatch.syspath_prepend(path)
    monkeypatch.delenv("MEEPLE_GAME_PLUGINS", raising=False)
    registry.forget()
    yield paths
    registry.forget()


def test_every_manifest_agrees_with_its_games_info() -> None:
    """The help line comes from game.toml (read without importing the game); the lobby from INFO."""
    assert list(plugins())[:5] == ["stealth", "ilyos", "skirmish", "hive", "murder"]
    for name, game in plugins().items():
        info = game.info()
        assert (info.name, info.title, info.summary) == (name, game.title, game.summary), name


def test_the_template_shows_in_the_help_and_its_command_runs(tmp_path: Path) -> None:
    paths = install_template(tmp_path)
    listed = _meeple(paths, "--help")
    assert listed.returncode == 0, listed.stderr
    assert "tictactoe  Tic-tac-toe — Three in a row on a 3 × 3 grid: the template game." in listed.stdout
    solved = _meeple(paths, "tictactoe", "solve", "a1", "b1", "--json")
    assert solved.returncode == 0, solved.stderr
    # after a1 b1, X wins with best play: a2, b2 or a3 (each makes a fork)
    assert json.loads(solved.stdout) == {"to_move": "X", "value": 1.0, "best": ["a2", "b2", "a3"]}
    refused = _meeple(paths, "tictactoe", "solve", "a1", "a1")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "already taken" in refused.stderr


def test_without_its_entry_point_the_template_is_not_there() -> None:
    listed = _meeple([], "--help")
    assert listed.returncode == 0 and "tictactoe" not in listed.stdout
    unknown = _meeple([], "tictactoe", "solve")
    assert unknown.returncode == 2 and "No such command 'tictactoe'" in unknown.stderr


def test_the_server_offers_the_template_with_its_page_and_rules(template_installed: list[str],
                                                                 tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'rooms.sqlite3'}")) as client:
        games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
        entry = games["tictactoe"]
        assert entry["title"] == {"fr": "Morpion", "en": "Tic-tac-toe"}
        assert (entry["page"], entry["rules"]) == ("/plugins/tictactoe/page.js", "/plugins/tictactoe/rules.js")
        assert [level["key"] for level in entry["levels"]] == ["random", "perfect"]
        assert games["stealth"]["page"] == "/static/games/stealth.js"
        page = client.get(entry["page"])
        assert page.status_code == 200 and "javascript" in page.headers["content-type"]
        assert client.get("/plugins/tictactoe/page.css").status_code == 200
        assert client.get("/plugins/tictactoe/../game.toml").status_code == 404  # only the web folder is served
        room = client.post("/api/rooms", json={"game": "tictactoe", "seats": [{"kind": "human"},
                                                                             {"kind": "ai", "level": "perfect"}]})
        assert room.status_code == 200, room.text
        state = room.json()["state"]
        assert state["view"] == {"board": ".........", "to_move": 0} and sorted(state["legal"]) == list(range(9))


def test_the_interop_layer_checks_and_drives_the_template(tmp_path: Path) -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    script = """
import pyspiel
from pettingzoo.test import api_test
from meeple.games import game_info
from meeple.interop.conformance import check_space
import meeple.interop.openspiel as spiel
from meeple.interop.pettingzoo import env

info = game_info("tictactoe")
check_space(info.factory, {}, seeds=range(5))
api_test(env("tictactoe"), num_cycles=50)
game = pyspiel.load_game("meeple_tictactoe")
pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
print("checked", game.num_distinct_actions(), game.max_game_length())
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env=environment_with(install_template(tmp_path)))
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "checked 9 9"


def _package(folder: Path, manifest: str) -> Path:
    package = folder / "broken_game"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "game.toml").write_text(manifest, encoding="utf-8")
    return package


@pytest.mark.parametrize(("manifest", "field"), [
    ('name = "Bad Name"\ntitle = { fr = "a", en = "b" }\nsummary = { fr = "a", en = "b" }\n', "name"),
    ('name = "ok"\ntitle = { fr = "a" }\nsummary = { fr = "a", en = "b" }\n', "title"),
    ('name = "ok"\ntitle = { fr = "a", en = "b" }\nsummary = { fr = "a", en = "b" }\n[parts]\nengine = "x:y"\n',
     "parts.engine"),
    ('name = "ok"\ntitle = { fr = "a", en = "b" }\nsummary = { fr = "a", en = "b" }\ncolour = 3\n', "colour"),
    ('name = "ok"\ntitle = { fr = "a", en = "b" }\nsummary = { fr = "a", en = "b" }\n[web]\npage = 3\n', "web.page"),
])
def test_a_bad_manifest_is_refused_naming_the_field(tmp_path: Path, manifest: str, field: str) -> None:
    from meeple.core.errors import FormatError

    package = _package(tmp_path, manifest)
    with pytest.raises(FormatError) as refused:
        read_manifest(package / "game.toml", "broken_game")
    assert refused.value.field == field and refused.value.source.endswith("game.toml")


def test_a_broken_plugin_is_left_out_in_one_line_and_meeple_still_runs(tmp_path: Path) -> None:
    _package(tmp_path, 'name = "serve"\ntitle = { fr = "a", en = "b" }\nsummary = { fr = "a", en = "b" }\n')
    info = tmp_path / "broken-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[meeple.games]\nserve = broken_game\nghost = no_such_module\n"
                                           "stealth = meeple.games.stealth\n", encoding="utf-8")
    listed = _meeple([str(tmp_path)], "--help")
    assert listed.returncode == 0 and "stealth" in listed.stdout
    lines = listed.stderr.strip().splitlines()
    assert len(lines) == 3, listed.stderr
    assert any("'serve' is a reserved name" in line for line in lines)
    assert any("module not found: no_such_module" in line for line in lines)
    assert any("the game 'stealth' already exists" in line for line in lines)
    assert all(line.startswith("meeple: game left out: ") for line in lines)


def test_the_template_passes_the_conformance_kit(template_installed: list[str]) -> None:
    from meeple.core.conformance import random_playout
    from meeple.games import game_info

    info = game_info("tictactoe")
    for seed in range(30):
        random_playout(info.factory, {}, seed, info.max_playout_moves)


@pytest.mark.slow
def test_the_templates_own_tests_pass(tmp_path: Path) -> None:
    """What a contributor copies keeps working: examples/tictactoe/tests, run as the guide says."""
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "examples/tictactoe/tests"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env=environment_with(install_template(tmp_path)))
    assert done.returncode == 0, done.stdout[-3000:]
