"""Hand-made cases for the solver cross-checks and the benchmark: name → (case JSON, expected count or None).

Some are pathological on purpose: "counting-unsat-9x9" needs a counting argument (six rows need a corner
cell or one of three columns, and only the victim may stand on a corner), "everyone-alone-9x9" leaves
nobody to keep the victim company, "crowded-victim-room-6x6" puts the victim in a room that five rows
must fill through two outside columns (the exact solver searched 54 601 nodes, 4 s, before it counted
that), "crowded-alone-room-7x7" does the same to someone « alone » (5 209 nodes before).
"""

from __future__ import annotations

from typing import Any

from .builders import case_json

HAND_MADE: dict[str, tuple[dict[str, Any], int | None]] = {
    "no-clue-4x4": (case_json(["AABB", "AABB", "CCDD", "CCDD"]), 2),
    "alone-and-corner-5x5": (case_json(
        ["AAABB", "AAABB", "CCDDD", "CCDDD", "CCDDD"],
        objects={(0, 0): "plante", (2, 2): "lit", (4, 4): "table"},
        clues=[{"person": "P1", "kind": "alone"}, {"person": "P2", "kind": "corner"},
               {"person": "P3", "kind": "on", "object": "lit"}, {"person": "P4", "kind": "room", "room": "B"}]), None),
    "impossible-6x6": (case_json(
        ["AAABBB"] * 3 + ["CCCDDD"] * 3,
        clues=[{"person": "P1", "kind": "row", "index": 0}, {"person": "P2", "kind": "row", "index": 0}]), 0),
    "with-another-man-7x7": (case_json(
        ["AAAABBB"] * 3 + ["CCCDDDD"] * 4,
        objects={(0, 0): "chaise", (6, 6): "fontaine", (3, 3): "tapis"},
        clues=[{"person": "P1", "kind": "with_one_other", "room": "D", "gender": "m"},
               {"person": "P3", "kind": "not_room", "room": "D"}, {"person": "P2", "kind": "beside", "object": "tapis"},
               {"person": "P5", "kind": "column", "index": 0}, {"person": "P0", "kind": "room", "room": "A"}]), None),
    "victim-room-8x8": (case_json(
        ["AABBBBCC"] * 2 + ["DDDDEECC"] * 3 + ["FFFFEEGG"] * 3,
        clues=[{"person": "P0", "kind": "room", "room": "C"}, {"person": "P1", "kind": "not_corner"},
               {"person": "P2", "kind": "row", "index": 7}, {"person": "P4", "kind": "alone"}]), None),
    "sparse-9x9": (case_json(
        ["AAABBBCCC"] * 3 + ["DDDEEEFFF"] * 3 + ["GGGHHHIII"] * 3,
        objects={(r, (r * 4) % 9): "table" for r in range(9)},
        clues=[{"person": f"P{i}", "kind": "column", "index": (i * 2) % 9} for i in range(1, 9)]), None),
    "counting-unsat-9x9": (case_json(  # 6 rows need a corner, only the victim may stand on one
        ["AAABBBCCC"] * 3 + ["DDDEEEFFF"] * 3 + ["GGGHHHIII"] * 3,
        clues=[{"person": "P0", "kind": "corner"}] + [{"person": f"P{i}", "kind": "not_corner"} for i in range(1, 9)]), 0),
    "crowded-victim-room-6x6": (case_json(  # rows 1-5 have only two columns outside D: three people in D
        ["AADDDD"] * 5 + ["BBBBBB"], clues=[{"person": "P0", "kind": "room", "room": "D"}]), 0),
    "crowded-alone-room-7x7": (case_json(  # six rows, three columns outside D: « alone » in D is impossible
        ["AAADDDD"] * 6 + ["BBBBBBB"], clues=[{"person": "P1", "kind": "alone"}, {"person": "P1", "kind": "room", "room": "D"}]), 0),
    "everyone-alone-9x9": (case_json(  # nobody may keep the victim company
        ["AAABBBCCC"] * 3 + ["DDDEEEFFF"] * 3 + ["GGGHHHIII"] * 3,
        clues=[{"person": f"P{i}", "kind": "alone"} for i in range(1, 9)]), 0),
}
