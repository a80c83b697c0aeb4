"""What every test of meeple shares: the same result on every run, whatever the machine's load.

- Hypothesis draws its examples from a fixed seed (``derandomize``), keeps no example database and
  has no per-example deadline: a property test gives the same verdict every time, on a loaded 2-core
  CI machine too. A test's own ``@settings`` still overrides these where it names them.
- The interface language is put back after each test, so that a test that switches to English (and
  fails before switching back) cannot change what the next test reads.
- ``help_page(*args)`` gives the output of ``meeple ARGS --help`` for every game's help tests.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, settings

from meeple.cli import main
from meeple.core.i18n import get_language, set_language

settings.register_profile(
    "meeple",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("meeple")


@pytest.fixture(autouse=True)
def _language_restored() -> Iterator[None]:
    before = get_language()
    yield
    set_language(before)


@pytest.fixture
def help_page(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., str]:
    """``help_page(*args)``: the output of ``meeple ARGS --help`` on a wide terminal (no phrase wrapped)."""
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.delenv("MEEPLE_LANG", raising=False)

    def run(*args: str) -> str:
        capsys.readouterr()
        assert main([*args, "--help"]) == 0
        return capsys.readouterr().out

    return run


@pytest.fixture(scope="session")
def local_ray() -> Iterator[None]:
    """A local Ray on two CPUs for the whole session (started once: it takes seconds), shut down at the end;
    the tests that need it skip, naming the missing extra, where Ray is not installed."""
    ray = pytest.importorskip("ray", reason="Ray is not installed: pip install 'meeple[ray]'")
    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()
