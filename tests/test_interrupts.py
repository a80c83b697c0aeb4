"""Interrupts that always work (docs/cli.md): one Ctrl-C — a real SIGINT sent to the command's whole process
group, as a terminal sends it, while CPU burners load the machine — ends every long job within 2 s, exit
130, no traceback, with the results it has (printed, or one --json document), its journal or folder
resumable, and no process left behind; a second Ctrl-C ends it at once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from meeple.core.batch import read_journal
from tests.plugin_template import ROOT, environment_with

pytestmark = pytest.mark.slow
EXIT_WITHIN = 2.0
RUNS = 20


@pytest.fixture(scope="module")
def burners() -> Iterator[None]:
    """Two processes that burn a core each for the whole module: the interrupted jobs compete for the CPU."""
    spinning = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    yield
    for process in spinning:
        process.kill()
        process.wait()


def _start(argv: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "meeple", "--lang", "en", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT, env=environment_with([]),
                            start_new_session=True)  # its own process group, as a terminal's foreground job


def _wait_for(ready: Callable[[], bool], process: subprocess.Popen[str], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the job did not start"
        time.sleep(0.05)


def _group_gone(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return True
    return False


def _interrupt(process: subprocess.Popen[str], times: int = 1) -> tuple[float, str, str]:
    """SIGINT to the process group (``times`` in a row); the seconds until the command exited, its output."""
    sent = time.monotonic()
    for _ in range(times):
        os.killpg(process.pid, signal.SIGINT)
        time.sleep(0.02)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    seconds = time.monotonic() - sent
    deadline = time.monotonic() + 2
    while not _group_gone(process.pid) and time.monotonic() < deadline:  # the workers' exit may lag a little
        time.sleep(0.05)
    assert _group_gone(process.pid), "a worker process was left running"
    return seconds, out, err


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines()) if path.exists() else 0


def _tournament(game: str, folder: Path, run: int, jobs: int) -> tuple[list[str], Callable[[], bool], Path]:
    journal = folder / f"{game}-{run}.jsonl"
    argv = {"hive": ["hive", "tournament", "--opponent", "random", "--depth", "1", "--max-plies", "16"],
            "ilyos": ["ilyos", "tournament", "--levels", "easy,medium", "--islands", "4", "--guardians", "1",
                      "--no-clock"]}[game]
    return ([*argv, "--games", "400", "--jobs", str(jobs), "--journal", str(journal), "--json"],
            lambda: _lines(journal) >= 2, journal)  # the header and a first game


def _check_tournament(out: str, journal: Path, argv: list[str], resume: bool) -> None:
    document = json.loads(out)  # exactly one document, nothing else on standard output
    assert document["interrupted"] is True and document["played"] >= 1
    header = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])["batch"]
    finished = read_journal(journal, header)
    assert len(finished) == document["played"], "every game counted is in the journal, and no other"
    if resume:  # resumable: the same command with --resume plays only what is left
        more = [*argv[:argv.index("--games")], "--games", str(len(finished) + 1), "--jobs", "1",
                "--journal", str(journal), "--resume", "--json"]
        done = subprocess.run([sys.executable, "-m", "meeple", "--lang", "en", *more], capture_output=True,
                              text=True, timeout=120, cwd=ROOT, env=environment_with([]))
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["played"] == len(finished) + 1


def _generator(game: str, folder: Path, run: int) -> tuple[list[str], Callable[[], bool], Path]:
    out = folder / f"{game}-{run}"
    argv = {"murder": ["murder", "generate", "--size", "4", "--difficulty", "1", "--count", "400", "--jobs", "2"],
            "stealth": ["stealth", "generate", "--mechanics", "stone", "--difficulty", "3", "--count", "50"]}[game]
    return [*argv, "--out", str(out), "--json"], lambda: out.is_dir() and len(list(out.glob("*.json"))) >= 1, out


def _book(folder: Path, run: int) -> tuple[list[str], Callable[[], bool], Path]:
    pdf = folder / f"book-{run}.pdf"
    started = time.monotonic()
    return (["murder", "book", "--out", str(pdf), "--count", "60", "--sizes", "6"],
            lambda: time.monotonic() - started > 1.5, pdf)  # under way (it writes nothing before the end)


JOBS = ["hive", "ilyos", "murder", "hive-in-process", "stealth"]
"""Twenty runs in turn over these (and a murder book once): a parallel tournament, another game's, a parallel
generator, a tournament in this process, a generator in this process."""


@pytest.mark.timeout(600)
def test_one_ctrl_c_ends_every_long_job_within_two_seconds_with_what_it_has(burners: None, tmp_path: Path) -> None:
    slowest: dict[str, float] = {}
    began = time.monotonic()
    for run in range(RUNS):
        started = time.monotonic()
        job = "book" if run == RUNS - 1 else JOBS[run % len(JOBS)]
        game = job.split("-")[0]
        if job == "book":
            argv, ready, journal = _book(tmp_path, run)
        elif game in ("hive", "ilyos"):
            argv, ready, journal = _tournament(game, tmp_path, run, 1 if job.endswith("in-process") else 2)
        else:
            argv, ready, journal = _generator(game, tmp_path, run)
        process = _start(argv)
        _wait_for(ready, process)
        seconds, out, err = _interrupt(process)
        assert process.returncode == 130, (job, err)
        assert "Traceback" not in err and "Error" not in err, (job, err)
        assert seconds < EXIT_WITHIN, f"{job}: {seconds:.2f} s after Ctrl-C"
        slowest[job] = max(slowest.get(job, 0.0), seconds)
        print(f"{job}: run {time.monotonic() - started:.1f} s, exit {seconds:.2f} s")
        if job == "book":
            assert not journal.exists(), "no half-made book"
        elif game in ("hive", "ilyos"):
            _check_tournament(out, journal, argv, resume=run == 0)
        else:
            document = json.loads(out)
            written = sorted(str(path) for path in journal.glob("*.json"))
            files = document["files"] if game == "murder" else [level["file"] for level in document["levels"]]
            assert document["interrupted"] is True and sorted(files) == written and written
    print("slowest exit after Ctrl-C:", {job: round(value, 2) for job, value in slowest.items()},
          f"({RUNS} runs in {time.monotonic() - began:.0f} s)")


def test_a_second_ctrl_c_ends_the_job_at_once(burners: None, tmp_path: Path) -> None:
    argv, ready, _journal = _tournament("hive", tmp_path, 0, 2)
    process = _start(argv)
    _wait_for(ready, process)
    seconds, _out, err = _interrupt(process, times=2)
    assert process.returncode == 130 and "Traceback" not in err and seconds < EXIT_WITHIN


def test_the_second_ctrl_c_does_not_wait_for_a_job_that_is_slow_to_stop(tmp_path: Path) -> None:
    """The first Ctrl-C only asks (this job ignores the request); the second kills its workers and exits."""
    marker = tmp_path / "killed"
    script = textwrap.dedent(f"""
        import sys, time
        from meeple.core.interrupts import first_stops_second_kills
        with first_stops_second_kills(kill=lambda: open({str(marker)!r}, "w").close()) as stop:
            print("ready", flush=True)
            while True:  # a job that does not look at ``stop``
                time.sleep(0.01)
    """)
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True, env=environment_with([]))
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    os.killpg(process.pid, signal.SIGINT)
    time.sleep(0.5)
    assert process.poll() is None, "the first Ctrl-C asks the job to stop; it does not kill it"
    sent = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    assert process.wait(timeout=10) == 130 and time.monotonic() - sent < EXIT_WITHIN
    assert marker.exists(), "the workers were stopped first"
    assert "Traceback" not in process.communicate()[1]
