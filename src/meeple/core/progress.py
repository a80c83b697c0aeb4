"""Progress bars for long jobs (Rich), one call away for every game's command line."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeVar

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

T = TypeVar("T")

stderr_console = Console(stderr=True)


def track(items: Iterable[T], total: int | None, description: str) -> Iterator[T]:
    """Yield ``items`` while a progress bar on standard error shows how far the job has gone."""
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=stderr_console, transient=False) as progress:
        task = progress.add_task(description, total=total)
        for item in items:
            yield item
            progress.advance(task)
