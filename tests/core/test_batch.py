"""Batch jobs: the same results in this process, on several processes and on Ray; a journal that keeps
finished results through an interruption and resumes without running them again."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from meeple.core import modules
from meeple.core.batch import Backend, read_journal, run_batch
from meeple.core.errors import FormatError, MeepleError
from meeple.core.rng import derive_seed

TASKS = [(f"t{index}", (index, "batch-test")) for index in range(12)]
EXPECTED = {f"t{index}": derive_seed(index, "batch-test") for index in range(12)}
HEADER = {"job": "test", "count": 12}


def test_in_this_process_and_on_two_processes_the_results_are_the_same() -> None:
    assert dict(run_batch(derive_seed, TASKS)) == EXPECTED
    assert dict(run_batch(derive_seed, TASKS, Backend("local", processes=2))) == EXPECTED


def test_the_journal_records_each_result_and_a_resumed_run_does_not_redo_them(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    calls: list[int] = []

    def counted(seed: int, label: str) -> int:
        calls.append(seed)
        return derive_seed(seed, label)

    results: Iterator[tuple[str, object]] = run_batch(counted, TASKS, journal=journal, header=HEADER)
    first = [next(results) for _ in range(5)]  # then the run is interrupted
    results.close()
    assert read_journal(journal, HEADER) == dict(first)
    calls.clear()
    resumed = dict(run_batch(counted, TASKS, journal=journal, header=HEADER))
    assert resumed == EXPECTED
    assert sorted(calls) == list(range(5, 12)), "only the unfinished tasks run again"
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 12


def test_a_line_cut_short_by_an_interruption_is_ignored_and_rewritten(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    list(run_batch(derive_seed, TASKS[:3], journal=journal, header=HEADER))
    with journal.open("a", encoding="utf-8") as sink:
        sink.write('{"key": "t3", "res')
    assert set(read_journal(journal, HEADER)) == {"t0", "t1", "t2"}
    assert dict(run_batch(derive_seed, TASKS, journal=journal, header=HEADER)) == EXPECTED
    assert all(json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines())


def test_a_journal_of_other_parameters_or_a_broken_one_is_refused(tmp_path: Path) -> None:
    journal = tmp_path / "run.jsonl"
    list(run_batch(derive_seed, TASKS[:2], journal=journal, header=HEADER))
    with pytest.raises(FormatError, match=r"autre travail ou d.autres paramètres"):
        list(run_batch(derive_seed, TASKS, journal=journal, header={"job": "test", "count": 13}))
    journal.write_text('{"batch": {}}\nnot json\n{"key": "a", "result": 1}\n', encoding="utf-8")
    with pytest.raises(FormatError, match=r"line 2|ligne 2"):
        read_journal(journal, {})


def test_duplicate_keys_and_unknown_backends_are_refused() -> None:
    with pytest.raises(MeepleError):
        list(run_batch(derive_seed, [TASKS[0], TASKS[0]]))
    with pytest.raises(MeepleError, match=r"backend|exécution"):
        list(run_batch(derive_seed, TASKS, Backend("cloud")))


def test_the_command_line_choice_of_backend() -> None:
    assert Backend.choose(False, None, 3) == Backend("local", processes=3)
    assert Backend.choose(True, None, None) == Backend("ray")
    assert Backend.choose(False, "ray://head:10001", None) == Backend("ray", address="ray://head:10001")


def test_without_ray_installed_the_error_names_the_pip_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(modules, "import_optional", lambda name: None)
    with pytest.raises(MeepleError, match=r"pip install 'meeple\[ray\]'"):
        list(run_batch(derive_seed, TASKS, Backend("ray")))


@pytest.mark.slow
def test_on_ray_the_results_are_those_of_the_local_run(local_ray: None) -> None:
    assert dict(run_batch(derive_seed, TASKS, Backend("ray"))) == EXPECTED
