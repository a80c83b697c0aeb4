"""``meeple serve --help`` speaks one language: French by default, English with ``--lang en``."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from meeple.cli import main
from meeple.core.i18n import set_language


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A wide terminal (no phrase wrapped), no language from the environment, French restored after."""
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.delenv("MEEPLE_LANG", raising=False)
    yield
    set_language("fr")


def test_serve_help_shows_one_language_each(wide: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "serve", "--help"]) == 0
    french = capsys.readouterr().out
    assert "Lance l'application web" in french and "fichier SQLite ou URL SQLAlchemy" in french
    assert "Start the browser app" not in french and "SQLite file" not in french
    assert main(["--lang", "en", "serve", "--help"]) == 0
    english = capsys.readouterr().out
    assert "Start the browser app" in english and "SQLite file or SQLAlchemy URL" in english
    assert "Lance l'application" not in english and "fichier SQLite" not in english
    assert main(["--lang", "en", "--help"]) == 0
    root = capsys.readouterr().out
    assert "Start the browser app" in root and "Lance l'application" not in root


def test_serve_refuses_an_unreadable_limit_in_one_line(wide: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "serve", "--limit-create", "lots"]) != 0
    error = capsys.readouterr().err.strip()
    assert "unreadable limit 'lots'" in error and "30/10m" in error and len(error.splitlines()) == 1
    assert main(["--lang", "en", "serve", "--trust-proxy", "my-proxy"]) != 0
    assert "--trust-proxy: 'my-proxy' is neither an IP address" in capsys.readouterr().err


def test_serve_help_lists_every_fair_use_limit_with_its_default(wide: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "serve", "--help"]) == 0
    english = capsys.readouterr().out
    for option, default in (("--limit-create", "30/10m"), ("--limit-lookup", "120/1m"), ("--limit-misses", "10/1h"),
                            ("--lockout", "5m"), ("--ai-rooms-per-client", "10"), ("--expire-finished", "7d"),
                            ("--expire-abandoned", "30d"), ("--expire-unstarted", "1d"), ("--trust-proxy", "")):
        assert option in english and default in english, option


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_serve_with_a_wrong_bus_or_a_redis_that_is_down_stops_in_one_line(
        wide: None, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Before serving anything: the process does not start deaf to its cluster."""
    db = ["--db", f"sqlite:///{tmp_path / 'rooms.sqlite3'}"]
    assert main(["--lang", "en", "serve", "--port", str(_free_port()), *db, "--bus", "http://localhost:6379"]) == 1
    error = capsys.readouterr().err.strip()
    assert error == "meeple: --bus http://localhost:6379: a redis:// URL is expected"
    down = f"redis://127.0.0.1:{_free_port()}/0"  # nobody listens there
    assert main(["--lang", "en", "serve", "--port", str(_free_port()), *db, "--bus", down]) == 1
    error = capsys.readouterr().err.strip()
    assert error.startswith(f"meeple: Redis bus unreachable ({down}):") and len(error.splitlines()) == 1
    assert main(["--lang", "fr", "serve", "--port", str(_free_port()), *db, "--bus",
                 f"unix://{tmp_path / 'no-redis.sock'}"]) == 1
    assert "bus Redis injoignable" in capsys.readouterr().err
    assert not (tmp_path / "rooms.sqlite3").exists(), "nothing was created"
