"""The command line: help lists every game, errors are one line and a non-zero exit."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Annotated, Any

import pytest
import typer

from meeple.cli import main
from meeple.core.cli_i18n import cli_help, localized_help, type_label
from meeple.core.i18n import set_language


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "meeple", *args], capture_output=True, text=True, timeout=120)


def test_help_lists_game_commands() -> None:
    done = _run("--help")
    assert done.returncode == 0
    from meeple.games import plugins

    for name, game in plugins().items():
        assert (name in done.stdout) == game.has("cli"), name


def test_unknown_command_is_one_line_and_non_zero() -> None:
    done = _run("no-such-game")
    assert done.returncode != 0
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_main_returns_zero_for_version() -> None:
    assert main(["--version"]) == 0


def test_a_command_exit_code_reaches_the_shell() -> None:
    from meeple import cli

    probe = typer.Typer()

    @probe.command()
    def fail() -> None:
        raise typer.Exit(3)

    @probe.command()
    def succeed() -> None:
        pass

    cli.app.add_typer(probe, name="exit-probe")
    try:
        assert main(["exit-probe", "fail"]) == 3
        assert main(["exit-probe", "succeed"]) == 0
    finally:
        cli.app.registered_groups.pop()


def test_usage_errors_speak_french_by_default_and_english_on_request(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MEEPLE_LANG", raising=False)
    set_language("fr")
    try:
        assert main(["no-such-game"]) == 2
        assert "commande inconnue « no-such-game »" in capsys.readouterr().err
        assert main(["--lang", "en", "no-such-game"]) == 2
        assert "No such command 'no-such-game'" in capsys.readouterr().err
    finally:
        set_language("fr")


# --- The help chrome speaks the user's language -------------------------------------------------

FRENCH_CHROME = ("Utilisation : meeple", "Affiche cette aide et quitte.")
ENGLISH_CHROME = (
    "Usage:",
    "Show this message and exit.",
    "[default:",
    "[required]",
    "[env var:",
    "COMMAND [ARGS]",
    "─ Commands ",
    "─ Error ",
    "<str>",
    "<bool>",
    "<int",
    "<path>",
)


def _command_paths() -> list[list[str]]:
    """Every command of the tree (root, games, their commands), as argument lists."""
    from meeple import cli

    paths: list[list[str]] = []

    def walk(command: Any, path: list[str]) -> None:
        paths.append(path)
        for name, sub in (getattr(command, "commands", None) or {}).items():
            walk(sub, [*path, name])

    walk(cli.root_command(load_all=True), [])
    return paths


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A wide terminal (no wrapped phrase) and the language restored after the test."""
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.delenv("MEEPLE_LANG", raising=False)
    set_language("fr")
    yield
    set_language("fr")


def _help(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main([*args, "--help"]) == 0
    return capsys.readouterr().out


def test_every_help_page_is_french_by_default(wide: None, capsys: pytest.CaptureFixture[str]) -> None:
    paths = _command_paths()
    assert len(paths) > 10  # the root, five games and their commands
    for path in paths:
        page = _help(capsys, *path)
        for phrase in FRENCH_CHROME:
            assert phrase in page, (path, phrase)
        for phrase in ENGLISH_CHROME:
            assert phrase not in page, (path, phrase)


def test_every_help_page_is_english_with_lang_en(wide: None, capsys: pytest.CaptureFixture[str]) -> None:
    for path in _command_paths():
        page = _help(capsys, "--lang", "en", *path)
        assert "Usage: meeple" in page, path
        assert "Show this message and exit." in page, path
        for phrase in (*FRENCH_CHROME, "[défaut", "[obligatoire]", "Commandes", "<booléen>"):
            assert phrase not in page, (path, phrase)


def test_root_help_names_its_panels_and_defaults_in_each_language(
    wide: None, capsys: pytest.CaptureFixture[str]
) -> None:
    french = _help(capsys)
    assert "─ Commandes " in french and "[défaut : fr]" in french
    assert "[variable d'environnement : MEEPLE_LANG]" in french
    assert "langue : fr (défaut) ou en" in french and "language:" not in french
    english = _help(capsys, "--lang", "en")
    assert "─ Commands " in english and "[default: fr]" in english and "[env var: MEEPLE_LANG]" in english
    assert "language: fr (default) or en" in english and "langue" not in english
    assert _help(capsys, "--lang=fr") == french


def test_a_required_argument_is_marked_in_the_current_language(
    wide: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "[obligatoire]" in _help(capsys, "murder", "solve")
    assert "[required]" in _help(capsys, "--lang", "en", "murder", "solve")


def test_a_command_option_named_lang_does_not_switch_the_help_language(
    wide: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """``meeple murder render --lang en`` picks the picture's language, not the interface's."""
    page = _help(capsys, "murder", "render", "--lang", "en")
    assert "Utilisation : meeple murder render" in page


def test_bilingual_help_shows_the_current_language_only(
    wide: None, capsys: pytest.CaptureFixture[str]
) -> None:
    from meeple import cli

    probe = typer.Typer(help=cli_help("Sonde de test.", "Test probe."))

    @probe.command(help=cli_help("Compter les pions.", "Count the pieces."))
    def count(
        colour: Annotated[str, typer.Option(help=cli_help("la couleur", "the colour"))] = "red",
    ) -> None:
        print(colour)

    cli.app.add_typer(probe, name="help-probe")
    try:
        french = _help(capsys, "help-probe")
        assert "Sonde de test." in french and "Compter les pions." in french
        assert "Test probe" not in french and "Count the pieces" not in french
        option_page = _help(capsys, "help-probe", "count")
        assert "la couleur" in option_page and "the colour" not in option_page
        english = _help(capsys, "--lang", "en", "help-probe", "count")
        assert "Count the pieces." in english and "the colour" in english and "la couleur" not in english
        root = _help(capsys, "--lang", "en")
        assert "Test probe." in root and "Sonde" not in root
    finally:
        cli.app.registered_groups.pop()


def test_value_types_are_named_in_the_current_language() -> None:
    assert type_label("<int range> [1<=x<=9]") == "<entier> [1<=x<=9]"
    assert type_label("<list[str]>") == "<liste[texte]>" and type_label("<path>...") == "<chemin>..."
    assert type_label("<duel|2v2>") == "<duel|2v2>"  # choices are what the user types: never translated
    set_language("en")
    try:
        assert type_label("<int range>") == "<int range>"
    finally:
        set_language("fr")


def test_cli_help_reads_in_both_languages_when_read_raw() -> None:
    assert cli_help("Résoudre", "Solve") == "Résoudre / Solve"
    assert localized_help("not registered / pas enregistré") == "not registered / pas enregistré"


def test_english_help_from_the_environment() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "meeple", "hive", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "MEEPLE_LANG": "en", "COLUMNS": "200"},
    )
    assert done.returncode == 0
    assert "Usage: meeple hive" in done.stdout and "Show this message and exit." in done.stdout
    assert "Utilisation" not in done.stdout


@pytest.mark.parametrize(
    ("args", "french", "english"),
    [
        (["hive", "perft", "0"], "au moins 1 est attendu", "greater than or equal to 1"),
        (["hive", "perft", "10"], "au plus 9 est attendu", "less than or equal to 9"),
        (["hive", "perft", "x"], "un nombre entier est attendu", "valid integer"),
        (["hive", "perft"], "argument manquant : depth", "Missing argument 'depth'"),
        (["hive", "perft", "1", "--bogus"], "option inconnue : --bogus", "No such option: --bogus"),
        (["hive", "tournament", "--games"], "l'option --games attend une valeur", "requires an argument"),
        (["--lang", "en"], "commande manquante", "Missing command"),
        (["murder", "solve", "/no/such/case.json"], "/no/such/case.json", "/no/such/case.json"),
        (["hiv"], "commande inconnue « hiv » (vouliez-vous dire 'hive' ?)", "Did you mean 'hive'?"),
        (["hive", "tournament", "--gams", "3"], "option inconnue : --gams (options possibles :", "Possible options"),
    ],
)
def test_usage_errors_are_one_line_in_each_language(
    wide: None, capsys: pytest.CaptureFixture[str], args: list[str], french: str, english: str
) -> None:
    root_lang = args[:2] == ["--lang", "en"]
    rest = args[2:] if root_lang else args
    assert main(["--lang", "fr", *rest]) != 0
    error = capsys.readouterr().err
    assert len(error.strip().splitlines()) == 1 and french in error, error
    assert main(["--lang", "en", *rest]) != 0
    error = capsys.readouterr().err
    assert len(error.strip().splitlines()) == 1 and english in error, error


def test_an_unknown_language_is_refused_in_one_line(wide: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "de", "hive", "perft", "1"]) == 2
    error = capsys.readouterr().err
    assert error.strip() == "meeple: valeur invalide pour --lang : « de » : fr ou en"


def test_root_help_presents_each_game_in_the_current_language(
    wide: None, capsys: pytest.CaptureFixture[str]
) -> None:
    from meeple.games import discover

    french, english = _help(capsys), _help(capsys, "--lang", "en")
    for info in discover().values():
        assert info.summary.fr in french and info.summary.en in english, info.name
        if info.summary.fr != info.summary.en:
            assert info.summary.en not in french and info.summary.fr not in english, info.name


def test_a_command_given_no_arguments_shows_its_help_in_the_current_language(
    wide: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([]) == 0 and "Utilisation : meeple [OPTIONS] COMMANDE" in capsys.readouterr().out
    assert main(["hive"]) == 0 and "Utilisation : meeple hive" in capsys.readouterr().out
    assert main(["--lang", "en", "hive"]) == 0 and "Usage: meeple hive" in capsys.readouterr().out


def test_the_readme_lists_every_command_and_no_other() -> None:
    """The README's table of commands stays true as games add or rename commands."""
    import re
    from pathlib import Path

    from meeple import cli

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    root = cli.root_command(load_all=True)
    for name, group in root.commands.items():
        if not getattr(group, "commands", None):
            assert f"`{name}" in readme, f"README does not mention `meeple {name}`"
            continue
        # the commands table's row (its commands start with a backtick), not the screenshots' header row
        row = re.search(rf"^\| {re.escape(name)} \|(?= `)(.*)\|$", readme, re.MULTILINE)
        assert row is not None, f"README has no row for {name}"
        listed = set(re.findall(r"`([a-z][a-z-]*)", row.group(1)))
        assert listed == set(group.commands), f"{name}: README lists {sorted(listed)}, the CLI has {sorted(group.commands)}"


def test_dash_h_is_help_too(wide: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hive", "perft", "-h"]) == 0
    assert "Utilisation : meeple hive perft" in capsys.readouterr().out
