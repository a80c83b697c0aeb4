"""What ``pip install meeple`` gives, and a missing optional part said in one line naming the pip command."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from meeple.core.i18n import Msg
from meeple.core.modules import MissingPartError, require_optional

ROOT = Path(__file__).resolve().parents[2]

BLOCKED = """
import sys
for name in sys.argv[1].split(","):
    sys.modules[name] = None  # as if the package were not installed
from meeple.cli import main
sys.exit(main(sys.argv[2:]))
"""


def _meeple_without(modules: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCKED, modules, "--lang", "en", *args], capture_output=True,
                          text=True, timeout=120, cwd=cwd)


def test_the_browser_app_is_in_the_default_install_and_the_drivers_are_extras() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    default = " ".join(project["dependencies"])
    for needed in ("fastapi", "uvicorn", "sqlalchemy", "websockets"):
        assert needed in default
    assert "psycopg" not in default and "reportlab" not in default
    extras = project["optional-dependencies"]
    assert any("psycopg" in item for item in extras["postgresql"])
    assert any("reportlab" in item for item in extras["pdf"]) and any("svglib" in item for item in extras["pdf"])


def test_a_missing_part_names_the_pip_command() -> None:
    with pytest.raises(MissingPartError) as caught:
        require_optional("no_such_package_here.sub", "pdf", Msg("Le PDF", "PDF"))
    assert caught.value.message.en == "PDF needs no_such_package_here, which is not installed: pip install 'meeple[pdf]'"
    assert caught.value.message.fr == ("Le PDF demande no_such_package_here, qui n'est pas installé : "
                                       "pip install 'meeple[pdf]'")


def test_a_pdf_without_reportlab_is_one_line_naming_the_extra(tmp_path: Path) -> None:
    from meeple.games.murder.caseio import case_to_json
    from meeple.games.murder.generate import generate_case

    case = tmp_path / "case.json"
    case.write_text(json.dumps(case_to_json(generate_case(4, 1, 1))), encoding="utf-8")
    done = _meeple_without("reportlab,svglib", "murder", "render", str(case), "--out", "case.pdf", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr == ("meeple: PDF needs reportlab, which is not installed: pip install 'meeple[pdf]'\n")
    assert not (tmp_path / "case.pdf").exists()


def test_postgresql_without_its_driver_is_one_line_naming_the_extra(tmp_path: Path) -> None:
    done = _meeple_without("psycopg", "serve", "--db", "postgresql://nobody@127.0.0.1:9/none", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr == ("meeple: A PostgreSQL database needs psycopg, which is not installed: "
                           "pip install 'meeple[postgresql]'\n")


def test_serve_on_a_broken_install_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    done = _meeple_without("uvicorn", "serve", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr == ("meeple: meeple serve needs uvicorn, which is not installed: "
                           "pip install --force-reinstall meeple\n")
