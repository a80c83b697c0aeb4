"""The printed sheet through the server: the editor's ``print`` catalogue question (a draft sent inline) and the
room's ``print`` query share one sheet (:func:`meeple.games.murder.render.sheet`): the PDF ``meeple murder
render`` makes, on A4 or Letter, or its SVG."""

from __future__ import annotations

import base64
import copy
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.core.i18n import Msg
from meeple.core.modules import MissingPartError
from meeple.games.murder import pdf
from tests.games.murder.test_editor import ANSWER, GOOD_CLUES, draft

ROUTE = "/api/games/murder/catalog/print"
PERSON_TOKEN = "#1f4e79"
"""The colour of a person's token on the sheet (only drawn with the answer)."""



def _page_size(pdf: bytes) -> tuple[float, float]:
    """The width and height, in points, of the PDF's only page (its MediaBox)."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert len(boxes) == 1, boxes
    return float(boxes[0][0]), float(boxes[0][1])


def _ask(server: TestClient, **params: Any) -> Any:
    return server.post(ROUTE, json={"params": params})


def test_the_editor_gets_the_pdf_sheet_on_a4_or_letter(server: TestClient) -> None:
    sizes = {}
    for paper in ("a4", "letter"):
        reply = _ask(server, case=draft(GOOD_CLUES), paper=paper, lang="en")
        assert reply.status_code == 200
        answer = reply.json()["result"]
        pdf = base64.b64decode(answer["pdf"])
        assert pdf.startswith(b"%PDF") and answer["bytes"] == len(pdf) and answer["paper"] == paper
        sizes[paper] = tuple(round(side) for side in _page_size(pdf))
    assert sizes == {"a4": (595, 842), "letter": (612, 792)}


def test_the_svg_sheet_draws_the_answer_only_when_asked(server: TestClient) -> None:
    plain = _ask(server, case=draft(GOOD_CLUES), format="svg").json()["result"]
    assert plain["format"] == "svg" and "Blanche" in plain["svg"] and PERSON_TOKEN not in plain["svg"]
    solved = _ask(server, case=draft(GOOD_CLUES), format="svg", answer=True).json()["result"]
    assert solved["svg"].count(PERSON_TOKEN) == len(ANSWER) - 1  # the victim's token is red
    unsolvable = _ask(server, case=draft([*GOOD_CLUES, {"person": "Odile", "kind": "corner"}]), answer=True)
    assert unsolvable.status_code == 400 and "aucune solution" in unsolvable.json()["message"]["fr"]


def test_bad_drafts_and_parameters_are_named_and_an_oversized_one_is_413(server: TestClient) -> None:
    broken = copy.deepcopy(draft(GOOD_CLUES))  # the clues are the shared GOOD_CLUES' own dicts
    broken["clues"][1]["object"] = "piano"
    reply = _ask(server, case=broken)
    assert reply.status_code == 400 and reply.json()["error"] == "bad_query"
    assert "clues[1].object" in reply.json()["message"]["en"]
    for garbage in ("a case", 42, None):
        reply = _ask(server, case=garbage)
        assert reply.status_code == 400 and reply.json()["message"]["en"].startswith("case")
    for name, value in (("paper", "a3"), ("format", "png"), ("lang", "de")):
        reply = _ask(server, case=draft(GOOD_CLUES), **{name: value})
        assert reply.status_code == 400 and f"params.{name}" in reply.json()["message"]["en"]
    assert _ask(server, case=draft(GOOD_CLUES), answer="yes").status_code == 400
    too_many = _ask(server, case=draft([GOOD_CLUES[1]] * 101))
    assert too_many.status_code == 413 and too_many.json()["error"] == "too_large"


def test_without_the_pdf_extra_the_server_says_missing_part(server: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The editor falls back to the browser's print view on ``missing_part``; SVG still works."""
    def missing(name: str, extra: str | None, what: Msg) -> Any:
        raise MissingPartError(what, name.split(".")[0], extra)

    async def in_process(function, *args):  # type: ignore[no-untyped-def]
        return function(*args)  # the patched module is this process's: run the question here

    monkeypatch.setattr(pdf, "require_optional", missing)
    monkeypatch.setattr(server.app.state.service.game_workers, "run", in_process)  # type: ignore[attr-defined]
    reply = _ask(server, case=draft(GOOD_CLUES), paper="a4")
    assert reply.status_code == 501 and reply.json()["error"] == "missing_part"
    assert "pip install 'meeple[pdf]'" in reply.json()["message"]["fr"]
    assert _ask(server, case=draft(GOOD_CLUES), format="svg").status_code == 200


def test_a_room_prints_its_case_the_same_way_without_the_answer(server: TestClient) -> None:
    room = server.post("/api/rooms", json={"game": "murder", "options": {"case": draft(GOOD_CLUES, ANSWER)}}).json()
    route = f"/api/rooms/{room['code']}/query/print"
    svg = server.post(route, json={"params": {"lang": "fr"}}).json()["result"]
    assert "Blanche" in svg["svg"] and PERSON_TOKEN not in svg["svg"]
    reply = server.post(route, json={"params": {"format": "pdf", "paper": "letter", "answer": True}})
    pdf = base64.b64decode(reply.json()["result"]["pdf"])
    assert round(_page_size(pdf)[0]) == 612
    assert pdf == base64.b64decode(_ask(server, case=draft(GOOD_CLUES, ANSWER), paper="letter").json()["result"]["pdf"])
