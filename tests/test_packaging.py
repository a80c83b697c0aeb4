"""What a person gets from the project's packages: the licence, a source distribution that carries the
docs and scripts, and a test run free of deprecation warnings from the test client."""

from __future__ import annotations

import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_licence_named_in_pyproject_is_there() -> None:
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


@pytest.mark.slow
def test_the_source_distribution_carries_docs_scripts_and_licence(tmp_path: Path) -> None:
    build = ("import sys; from setuptools import build_meta; "
             "print(build_meta.build_sdist(sys.argv[1]))")
    done = subprocess.run([sys.executable, "-c", build, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                          timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    archive = tmp_path / done.stdout.strip().splitlines()[-1]
    with tarfile.open(archive) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    for needed in ("LICENSE", "README.md", "docs/architecture.md", "scripts/setup.sh", "scripts/test.sh",
                   "src/meeple/web/index.html", "setup.py", "src/meeple/games/hive/cpp/position.cpp",
                   "src/meeple/games/hive/cpp/position.hpp"):
        assert needed in names, f"{needed} missing from the source distribution"
    assert not any(name.endswith((".pyc", ".so")) for name in names)


def test_the_test_client_imports_without_a_deprecation_warning() -> None:
    done = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "-c", "import fastapi.testclient"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
