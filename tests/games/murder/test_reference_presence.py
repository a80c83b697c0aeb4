"""A clone without ``../shared`` skips the reference-case tests with the reason; CI fails instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from . import reference


def test_missing_reference_cases_skip_with_the_reason_outside_ci(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    monkeypatch.setattr(reference, "REFERENCE_DIR", tmp_path / "absent")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="reference murder cases"):
        reference.require_reference()


def test_missing_reference_cases_fail_under_ci(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(reference, "REFERENCE_DIR", tmp_path / "absent")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="reference murder cases"):
        reference.require_reference()


def test_present_reference_cases_neither_skip_nor_fail(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(reference, "REFERENCE_DIR", tmp_path)
    reference.require_reference()
