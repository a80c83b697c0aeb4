"""The screenshot gallery: starts a server on a throwaway database, plays each game into an interesting
position in Debian's chromium (Playwright), and saves docs/screenshots/<game>-1280.png and <game>-360.png,
and the lobby's pictures: the board of the same position, small (400 px wide, JPEG), in
src/meeple/web/img/<game>.jpg (served at /static/img/).

    .venv/bin/python scripts/gallery.py [--out docs/screenshots] [--lang fr|en] [--only hive,stealth] [--no-thumbs]

Needs the test extras (Playwright) and /usr/bin/chromium (``bash scripts/setup.sh --test``).
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
WIDTHS = {1280: 860, 360: 780}
"""Screenshot widths and heights (CSS px): a desktop window and a phone."""
THUMBS = ROOT / "src" / "meeple" / "web" / "img"
THUMB_SCALE = 0.5
"""The lobby's pictures: the board of the 1280 px page at half its pixels (about 400 px wide)."""

HIVE_OPENING = [("wG1", "0,0"), ("bG1", "1,0"), ("wQ", "-1,0"), ("bQ", "2,-1"), ("wA1", "-1,-1"), ("bA1", "3,-2"),
                ("wA2", "-2,0"), ("bS1", "2,0"), ("wA3", "-2,1"), ("bG2", "3,-1"), ("wG2", "-3,0"), ("bB1", "2,-2")]
"""Twelve plies of base Hive: the black Queen is one move from being surrounded."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(database: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``meeple serve`` from this tree on a free port; returns once it answers."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    process = subprocess.Popen([sys.executable, "-m", "meeple", "serve", "--port", str(port), "--db", f"sqlite:///{database}"],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/games", timeout=5).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("gallery: the server did not start")


def wait_version(page: Any, number: int) -> None:
    page.wait_for_selector(f"section.room[data-version='{number}']", timeout=60_000)


def stealth(page: Any) -> None:
    """Level 1-1, next to the sentry, the move preview on its node: the hand says it will be neutralised."""
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    for number, node in enumerate(("a", "d", "e")):
        page.click(f"[data-node={node}].target")
        wait_version(page, number + 1)
    page.hover("[data-node=post].target")
    page.wait_for_selector(".hand-icon")


def hive(page: Any) -> None:
    """Twelve plies of a local game: the black Queen nearly surrounded, the white Ant selected."""
    page.click("[data-game=hive]")
    for box in page.query_selector_all("input[name=expansion]"):
        box.uncheck()
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)
    for number, (piece, cell) in enumerate(HIVE_OPENING):
        page.click(f"[data-piece={piece}]")
        page.click(f"[data-to='{cell}']")
        wait_version(page, number + 1)
    page.click("[data-piece=wA1]")
    page.wait_for_selector(".target")


def ilyos(page: Any) -> None:
    """A local duel after two turns each way, a guardian selected with its targets."""
    page.click("[data-game=ilyos]")
    page.select_option("#seat-1", "local")
    page.click("#start")
    wait_version(page, 0)
    version = 0
    for _turn in range(4):
        page.click("#place-island")
        page.click(".cell.pivot >> nth=0")
        if page.locator(".orientation").count():
            page.click(".orientation >> nth=0")
        version += 1
        wait_version(page, version)
        page.click("#end-turn")
        version += 1
        wait_version(page, version)
    guardian = page.locator(".cell:has(.guardian)").first
    guardian.click()
    page.wait_for_timeout(800)


def skirmish(page: Any) -> None:
    """The ford, a red fighter selected: its zone of control and every cell it reaches, with outcomes."""
    page.click("[data-game=skirmish]")
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)
    page.click("[data-fighter=R1]")
    page.wait_for_selector(".reach")


def murder(page: Any) -> None:
    """A 6 × 6 case with its first hint shown: the cells it rules out outlined on the board."""
    page.click("[data-game=murder]")
    page.select_option("#case-size", "6")
    page.click("#start")
    wait_version(page, 0)
    page.click("#hint")
    page.wait_for_selector(".hint-message")
    page.wait_for_timeout(500)


def lobby(page: Any) -> None:
    """The lobby with two games to resume: a Hive game against the computer (your turn) and an online
    skirmish room waiting for its second player."""
    page.click("[data-game=hive]")
    page.check("input[name=mode][value=ai]")
    page.select_option("#ai-level", "greedy")
    page.click("#start")
    wait_version(page, 0)
    page.click("#reserve-w [data-piece=wS1]")
    page.click("[data-to='0,0']")
    wait_version(page, 2)
    page.click("#home-link")
    page.click("[data-game=skirmish]")
    page.check("input[name=mode][value=online]")
    page.click("#start")
    wait_version(page, 0)
    page.click("#home-link")
    page.wait_for_selector(".resume-rooms li:nth-child(2)")
    page.wait_for_function("() => [...document.querySelectorAll('.card-picture img')].length >= 5"
                           " && [...document.querySelectorAll('.card-picture img')].every((img) => img.complete)")


SCENES: dict[str, Callable[[Any], None]] = {"stealth": stealth, "hive": hive, "ilyos": ilyos, "skirmish": skirmish, "murder": murder,
                                            "lobby": lobby}
NO_THUMB = {"lobby"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--lang", choices=("fr", "en"), default="en")
    parser.add_argument("--only", default=",".join(SCENES), help="games, comma-separated")
    parser.add_argument("--no-thumbs", action="store_true", help="leave the lobby's pictures as they are")
    args = parser.parse_args()
    wanted = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = sorted(set(wanted) - set(SCENES))
    if unknown:
        raise SystemExit(f"gallery: unknown game {unknown[0]} (known: {', '.join(SCENES)})")
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        process, url = start_server(Path(scratch) / "gallery.sqlite3")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"])
                for name in wanted:
                    passes: list[tuple[int, int, float]] = [(width, height, 1.0) for width, height in WIDTHS.items()]
                    if not args.no_thumbs and name not in NO_THUMB:
                        passes.append((1280, 800, THUMB_SCALE))
                    for width, height, scale in passes:
                        context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 600,
                                                      has_touch=width < 600, locale="fr-FR" if args.lang == "fr" else "en-GB",
                                                      reduced_motion="reduce", device_scale_factor=scale)
                        # a returning player: the first-steps guide is already put away
                        context.add_init_script('localStorage.setItem("meeple.coached", JSON.stringify(["hive", "ilyos", "skirmish", "murder"]))')
                        page = context.new_page()
                        page.goto(url + "/")
                        page.wait_for_selector(".game-cards [data-game=murder]")
                        SCENES[name](page)
                        page.evaluate("window.scrollTo(0, 0)")
                        if scale != 1.0:
                            THUMBS.mkdir(parents=True, exist_ok=True)
                            target = THUMBS / f"{name}.jpg"
                            page.locator(".play-board svg.board").first.screenshot(path=str(target), type="jpeg", quality=72)
                            print(f"{target.relative_to(ROOT)}")
                            context.close()
                            continue
                        target = args.out / f"{name}-{width}.png"
                        page.screenshot(path=str(target))
                        print(f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}")
                        context.close()
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)


if __name__ == "__main__":
    main()
