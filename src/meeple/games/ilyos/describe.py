"""An ILYOS action in words for the move history: « Gardien 3 va en d4 », "Guardian 3 (P1) pushes d5 (force 2):
guardian 2 (P2) falls into the void", « Magie : l'île de c4 tourne de 90° », « Fin du tour : J2 valide une couronne ».
Cells are named as the command line names them (column letter, row number: ``a1`` top left)."""

from __future__ import annotations

from meeple.core.i18n import Msg
from meeple.games.ilyos.engine import Action, IlyosGame, State, cell_name


def guardian_words(state: State, gid: int) -> Msg:
    """« gardien 3 (J1) » / "guardian 3 (P1)": the number players read on it (1..6 within its team) and
    its owner's seat."""
    guardian = state.guardians.get(gid)
    number = state.numbers.get(gid, gid + 1)
    if guardian is None:
        return Msg(f"gardien {number}", f"guardian {number}")
    return Msg(f"gardien {number} (J{guardian.owner + 1})", f"guardian {number} (P{guardian.owner + 1})")


def _head(state: State, move: Action) -> Msg:
    who = guardian_words(state, move.guardian)
    who_fr, who_en, where = who.fr[0].upper() + who.fr[1:], who.en[0].upper() + who.en[1:], cell_name(move.cell)
    kind = move.kind
    if kind == "place":
        return Msg(f"Île posée en {where}", f"Island placed at {where}")
    if kind == "move":
        return Msg(f"{who_fr} va en {where}", f"{who_en} moves to {where}")
    if kind == "push":
        return Msg(f"{who_fr} pousse {where} (force {move.amount})", f"{who_en} pushes {where} (force {move.amount})")
    if kind == "take":
        return Msg(f"{who_fr} prend la couronne en {where}", f"{who_en} takes the crown at {where}")
    if kind == "give":
        return Msg(f"{who_fr} passe sa couronne en {where}", f"{who_en} passes its crown to {where}")
    if kind == "drop":
        return Msg(f"{who_fr} pose sa couronne", f"{who_en} puts its crown down")
    if kind == "magic":
        return Msg(f"Magie : l'île de {where} tourne de {90 * move.amount}°", f"Magic: the island at {where} turns {90 * move.amount}°")
    return Msg("Fin du tour", "End of turn")


def describe_move(game: IlyosGame, move: Action) -> Msg:
    """``move`` in words with what it caused (falls, new guardians, crowns validated), ``game`` being the
    position before it (left unchanged)."""
    after = game.copy()
    after.push(move)
    before_state, after_state = game.state, after.state
    said: list[Msg] = []
    for gid in sorted(set(before_state.guardians) - set(after_state.guardians)):
        who = guardian_words(before_state, gid)
        said.append(Msg(f"le {who.fr} tombe dans le vide", f"{who.en} falls into the void"))
    for gid in sorted(set(after_state.guardians) - set(before_state.guardians)):
        who = guardian_words(after_state, gid)
        said.append(Msg(f"le {who.fr} apparaît", f"{who.en} appears"))
    for seat, (old, new) in enumerate(zip(before_state.scores, after_state.scores, strict=True)):
        if new > old:
            said.append(Msg(f"J{seat + 1} valide une couronne ({new})", f"P{seat + 1} validates a crown ({new})"))
    head = _head(before_state, move)
    if not said:
        return head
    return Msg(f"{head.fr} : " + ", ".join(m.fr for m in said), f"{head.en}: " + ", ".join(m.en for m in said))
