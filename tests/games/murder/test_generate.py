"""The generator: same seed same case; unique, guess-free, exactly the asked difficulty, minimal clue sets."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from meeple.core.errors import MeepleError
from meeple.games.murder.caseio import case_from_json, case_to_json
from meeple.games.murder.exact import count_solutions
from meeple.games.murder.generate import FAMILIES, NAMES, THEMES, generate_case
from meeple.games.murder.logic import solve_logically
from meeple.games.murder.model import Case, fold
from meeple.games.murder.text import card_sentences

from .conftest import generated

SIZES = range(4, 10)


def test_same_seed_same_case_and_another_seed_another_case() -> None:
    first = case_to_json(generate_case(6, 2, 42))
    assert case_to_json(generate_case(6, 2, 42)) == first
    assert case_to_json(generate_case(6, 2, 43)) != first


def _without(case: Case, index: int) -> Case:
    clues = case.clues[:index] + case.clues[index + 1:]
    return Case(case.size, case.grid, case.rooms, case.objects, case.people, clues, None, case.title)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_generated_case_is_unique_guess_free_at_exactly_its_level_and_minimal(size: int, difficulty: int) -> None:
    case = generated(size, difficulty)
    assert case.size == size and len(case.people) == size
    exact = count_solutions(case, 2)
    assert exact.count == 1 and exact.solutions[0] == dict(case.solution or {})
    logic = solve_logically(case)
    assert logic.solved and logic.difficulty == difficulty
    for index in range(len(case.clues)):
        weaker = solve_logically(_without(case, index), max_level=difficulty, keep_steps=False)
        assert not weaker.solved, f"clue {index} ({case.clues[index].kind}) could be dropped"


@pytest.mark.parametrize("size", SIZES)
def test_generated_case_reads_like_a_house(size: int) -> None:
    case = generated(size, 2)
    case_from_json(case_to_json(case))  # passes every check of the format, floors included
    for pair in case.neighbouring_rooms():
        a, b = (case.room_by_id[room] for room in pair)
        assert a.floor != b.floor
    theme_names = {theme.fr for theme in THEMES}
    assert all(room.name.fr in theme_names for room in case.rooms)
    assert len({room.name.fr for room in case.rooms}) == len(case.rooms)
    assert len({p.name for p in case.people}) == size
    assert len(case.clues_of(case.victim.id)) <= 1
    for clue in case.clues:
        if clue.kind == "with_one_other":
            assert clue.gender == case.person_by_id[clue.person].gender  # « avec un autre homme »
    for person in case.people:
        for sentence in card_sentences(case, person):
            assert sentence.fr.endswith(".") and sentence.en.endswith(".")


def test_generated_people_have_french_names_with_accents_and_distinct_initials() -> None:
    names = []
    for size in SIZES:
        case = generated(size, 2)
        initials = [fold(p.name[0]) for p in case.people]
        assert len(set(initials)) == size  # two letters on a token always tell people apart
        assert all(p.id == p.name for p in case.people)  # what the player reads is what they type
        names += [p.name for p in case.people]
    assert any(not name.isascii() for name in names), names  # Hélène, Jérôme... not Helene
    assert sum(1 for name, _ in NAMES if not name.isascii()) >= 30


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_generated_cases_mix_the_kinds_of_clue(difficulty: int) -> None:
    # the drop order keeps a mix: no family of clues takes over a case (before: « à côté » made half the
    # clues of harder cases, rooms 3 %), and harder cases do not lean on rows and columns
    cases = [generated(size, difficulty) for size in SIZES]
    families = [Counter(FAMILIES[clue.kind] for clue in case.clues) for case in cases]
    assert all(len(found) >= 3 for found in families)
    assert all(max(found.values()) <= 0.5 * sum(found.values()) for found in families)
    total = sum(families, Counter())
    assert set(total) == set(FAMILIES.values())  # rows/columns, rooms, objects, beside, corners, company
    if difficulty > 1:
        assert total["line"] <= 0.15 * sum(total.values())


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(MeepleError, match="4"):
        generate_case(3, 1, 0)
    with pytest.raises(MeepleError):
        generate_case(5, 4, 0)


GOLDEN = Path(__file__).resolve().parent / "golden" / "case-5x5-d2-s1.json"


def test_generator_output_matches_the_golden_case() -> None:
    """Same seed, same case, across versions too (regenerate the file on purpose when the generator changes:
    ``save_case(generate_case(5, 2, 1), GOLDEN)``)."""
    assert case_to_json(generate_case(5, 2, 1)) == json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize("seed", range(5))
def test_sentences_of_many_generated_cases_are_clean(seed: int) -> None:
    for size in SIZES:
        case = generate_case(size, 1 + seed % 3, 100 + seed)
        for person in case.people:
            for sentence in card_sentences(case, person):
                for text in (sentence.fr, sentence.en):
                    assert "None" not in text and "{" not in text and "  " not in text
                    assert text[0].isupper()
