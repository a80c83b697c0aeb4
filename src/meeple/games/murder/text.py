"""The sentences of the cards: each clue in French exactly as the rules page writes it, and in English.

>>> from meeple.games.murder.text import row_phrase, column_phrase
>>> row_phrase(0, 6).fr, row_phrase(1, 6).fr, row_phrase(5, 6).fr
('la rangée du haut', 'la deuxième rangée', 'la rangée du bas')
>>> column_phrase(2, 6).fr, column_phrase(2, 6).en
('la troisième colonne en partant de la gauche', 'the third column from the left')
"""

from __future__ import annotations

from meeple.core.i18n import Msg
from meeple.games.murder.model import Case, Clue, ObjectKind, Person

ORDINALS_FR = ("première", "deuxième", "troisième", "quatrième", "cinquième", "sixième", "septième", "huitième", "neuvième")
ORDINALS_EN = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")

VICTIM_CARD = Msg("La victime. Elle était seule avec l'assassin.", "The victim. {pronoun} was alone with the murderer.")


def row_phrase(index: int, size: int) -> Msg:
    """« la rangée du haut », « la deuxième rangée » (counted from the top), « la rangée du bas »."""
    if index == 0:
        return Msg("la rangée du haut", "the top row")
    if index == size - 1:
        return Msg("la rangée du bas", "the bottom row")
    return Msg(f"la {ORDINALS_FR[index]} rangée", f"the {ORDINALS_EN[index]} row from the top")


def column_phrase(index: int, size: int) -> Msg:
    """« la colonne de gauche », « la troisième colonne en partant de la gauche », « la colonne de droite »."""
    if index == 0:
        return Msg("la colonne de gauche", "the left column")
    if index == size - 1:
        return Msg("la colonne de droite", "the right column")
    return Msg(
        f"la {ORDINALS_FR[index]} colonne en partant de la gauche", f"the {ORDINALS_EN[index]} column from the left"
    )


def _subject(person: Person) -> tuple[str, str]:
    return ("Elle", "She") if person.gender == "f" else ("Il", "He")


def _was(person: Person, negative: bool) -> Msg:
    fr, en = _subject(person)
    return Msg(f"{fr} n'était pas", f"{en} was not") if negative else Msg(f"{fr} était", f"{en} was")


def _de(noun: str) -> str:
    """« de » elided before a vowel: « d'une plante », « d'un arbre »."""
    return f"d'{noun}" if noun[0] in "aeiouéèh" else f"de {noun}"


def clue_sentence(case: Case, clue: Clue) -> Msg:
    """The sentence of ``clue`` on its person's card (Il/Elle agrees with the person's gender)."""
    person = case.person_by_id[clue.person]
    negative = clue.kind.startswith("not_")
    base = clue.kind.removeprefix("not_")
    was = _was(person, negative)
    if base in ("row", "column"):
        place = (row_phrase if base == "row" else column_phrase)(clue.index or 0, case.size)
        return Msg(f"{was.fr} dans {place.fr}.", f"{was.en} in {place.en}.")
    if base == "room":
        located = case.room_by_id[clue.room or ""].located
        return Msg(f"{was.fr} {located.fr}.", f"{was.en} {located.en}.")
    if base == "on":
        kind = case.kind(clue.object or "")
        return Msg(f"{was.fr} sur {kind.indefinite_fr}.", f"{was.en} on {kind.indefinite_en}.")
    if base == "beside":
        return _beside_sentence(person, case.kind(clue.object or ""), negative)
    if base == "corner":
        return Msg(f"{was.fr} dans un coin de la pièce.", f"{was.en} in a corner of the room.")
    if base == "alone":
        fr, en = _subject(person)
        return Msg(f"{fr} était {'seule' if person.gender == 'f' else 'seul'} dans la pièce.", f"{en} was alone in the room.")
    return _with_other_sentence(case, person, clue)


def _beside_sentence(person: Person, kind: ObjectKind, negative: bool) -> Msg:
    fr, en = _subject(person)
    if negative:
        none = f"{'aucune' if kind.feminine else 'aucun'} {kind.name_fr}"
        return Msg(f"{fr} n'était à côté {_de(none)}.", f"{en} was next to no {kind.english}.")
    return Msg(f"{fr} était à côté {_de(kind.indefinite_fr)}.", f"{en} was next to {kind.indefinite_en}.")


def _with_other_sentence(case: Case, person: Person, clue: Clue) -> Msg:
    located = case.room_by_id[clue.room or ""].located
    fr, en = _subject(person)
    same = clue.gender == person.gender
    if clue.gender == "m":
        other_fr, other_en = ("un autre homme", "another man") if same else ("un homme", "a man")
    else:
        other_fr, other_en = ("une autre femme", "another woman") if same else ("une femme", "a woman")
    return Msg(f"{fr} était {located.fr} avec {other_fr}.", f"{en} was {located.en} with {other_en}.")


def victim_sentence(case: Case) -> Msg:
    """« La victime. Elle était seule avec l'assassin. » — « Elle » is « la victime », whatever the gender."""
    pronoun = "She" if case.victim.gender == "f" else "He"
    return VICTIM_CARD.format(pronoun=pronoun)


def card_sentences(case: Case, person: Person) -> list[Msg]:
    """Every sentence on a person's card: the victim's line first, then the clues in case order."""
    lines = [victim_sentence(case)] if person.victim else []
    return lines + [clue_sentence(case, clue) for clue in case.clues_of(person.id)]


def cell_name(cell: tuple[int, int]) -> str:
    """A cell for explanations: « R2C3 » (rangée/row 2, colonne/column 3, counted from 1), both languages."""
    return f"R{cell[0] + 1}C{cell[1] + 1}"
