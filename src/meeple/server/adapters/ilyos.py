"""ILYOS for the server: the AI's four levels, the turn timer's time-out (rule 16), the click helpers
of :mod:`meeple.games.ilyos.interface` as queries (rules 3, 8, 10, 15), and the setup options described
for the new-game form and the room's rules (:mod:`meeple.server.options`).

The queries answer only the seat to move: a guardian's targets reveal which cards its player can spend
(push forces, moves), which nobody else may learn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from meeple.core.errors import FormatError
from meeple.core.game import JSON, Game
from meeple.core.i18n import Msg
from meeple.core.rng import make_rng
from meeple.server.history import history_queries
from meeple.server.options import Choice, OptionSpec, check_catalog, options_catalog, undescribed
from meeple.server.registry import GameAdapter, Level

LEVELS = (
    Level("easy", Msg("Facile", "Easy")),
    Level("medium", Msg("Moyen", "Medium")),
    Level("hard", Msg("Difficile", "Hard")),
    Level("expert", Msg("Expert", "Expert")),
)


def choose_move(game: Game[Any], seat: int, level: str | None, seed: int) -> Any:
    """:func:`meeple.games.ilyos.ai.choose_move` at ``level`` (default Medium)."""
    from meeple.games.ilyos import ai

    return ai.choose_move(game, seat, level or "medium", make_rng(seed))  # type: ignore[arg-type]


def timeout_moves(game: Game[Any]) -> Sequence[Any]:
    """Rule 16 at 0:00: an island placed automatically if none was, then the end of the turn."""
    moves: Sequence[Any] = game.timeout_moves()  # type: ignore[attr-defined]
    return moves


def turn_seconds(options: Mapping[str, JSON]) -> int | None:
    """The "Time per turn" option (minutes; 0 is untimed) in seconds."""
    minutes = options.get("time_per_turn", 0)
    return minutes * 60 if isinstance(minutes, int) and not isinstance(minutes, bool) and minutes > 0 else None


def _mover_only(game: Game[Any], seat: int | None) -> bool:
    return seat is not None and seat == game.to_move()


def _cell(params: JSON, key: str) -> tuple[int, int]:
    value = params.get(key) if isinstance(params, dict) else None
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise FormatError("params", key, Msg("une case [x, y] est attendue", "a cell [x, y] is expected"))
    return value[0], value[1]


def select(game: Game[Any], seat: int | None, params: JSON) -> JSON:
    """The first click on a guardian: its targets with their actions, its drop button, its cancel cell."""
    from meeple.games.ilyos import interface

    guardian = params.get("guardian") if isinstance(params, dict) else None
    if not isinstance(guardian, int) or isinstance(guardian, bool):
        raise FormatError("params", "guardian", Msg("un numéro de gardien est attendu", "a guardian number is expected"))
    if not _mover_only(game, seat):
        return {"guardian": guardian, "targets": [], "drop": None, "cancel": None}
    return interface.selection(game, guardian)  # type: ignore[arg-type]


def magic(game: Game[Any], seat: int | None, params: JSON) -> JSON:
    """The rotations the mover may cast on the island under a cell."""
    from meeple.games.ilyos import interface

    cell = _cell(params, "cell")
    return interface.magic_targets(game, cell) if _mover_only(game, seat) else []  # type: ignore[arg-type]


def placements(game: Game[Any], seat: int | None, _params: JSON) -> JSON:
    """Where the mover may place its island, with the orientations that fit."""
    from meeple.games.ilyos import interface

    return interface.placement_targets(game) if _mover_only(game, seat) else []  # type: ignore[arg-type]


def describe(game: Game[Any], move: Any) -> Msg:
    """A move in words for the history (:func:`meeple.games.ilyos.describe.describe_move`)."""
    from meeple.games.ilyos.describe import describe_move

    return describe_move(game, move)  # type: ignore[arg-type]


def _counted(values: Sequence[int], one: tuple[str, str], many: tuple[str, str], none: Msg | None = None) -> tuple[Choice, ...]:
    """Choices "1 move" / "2 moves" in both languages (French keeps 1 singular), ``none`` for 0 if given."""
    return tuple(Choice(n, none if n == 0 and none else Msg(f"{n} {one[0] if n <= 1 else many[0]}",
                                                               f"{n} {one[1] if n == 1 else many[1]}"))
                 for n in values)


def option_specs() -> list[OptionSpec]:
    """Every ILYOS option with its words, in the form's order; values and defaults are the engine's own
    (read at each call), an option the engine gains without words still gets a plain control."""
    from meeple.games.ilyos import board, engine

    default = engine.DEFAULT_OPTIONS
    moves = ("déplacement", "move"), ("déplacements", "moves")
    specs = [
        OptionSpec("mode", Msg("Mode", "Mode"), default["mode"], choices=(
            Choice("duel", Msg("Duel (2 joueurs)", "Duel (2 players)")), Choice("2v2", Msg("2 contre 2", "2 versus 2")))),
        OptionSpec("team_diagonal", Msg("Équipe diagonale", "Team diagonal"), default["team_diagonal"], "bool",
                   help=Msg("Les coéquipiers commandent les mêmes gardiens et partagent couronnes et score.",
                            "Teammates command the same guardians and share crowns and score."),
                   rule="R7", when={"mode": "2v2"}),
        OptionSpec("size", Msg("Taille du plateau", "Board size"), default["size"],
                   choices=tuple(Choice(n, Msg(f"{n} × {n}", f"{n} × {n}")) for n in board.SIZES),
                   help=Msg("Sanctuaire au centre, villages aux coins ; un grand plateau laisse plus de place aux îles.",
                            "Sanctuary in the centre, villages in the corners; a larger board leaves more room for islands."),
                   rule="R1"),
        OptionSpec("first_diagonal", Msg("Diagonale du joueur 1", "Player 1's diagonal"), default.get("first_diagonal", "NW-SE"),
                   choices=tuple(Choice(value, _DIAGONAL_WORDS.get(value)) for value in getattr(engine, "DIAGONALS", ())),
                   help=Msg("Les coins du joueur 1 (et de J3 à 2 contre 2) ; l'autre diagonale est l'image du plateau dans un miroir, mêmes règles.",
                            "Player 1's corners (and P3's in 2 versus 2); the other diagonal is the board's mirror image, same rules."),
                   rule="R52"),
        OptionSpec("islands", Msg("Îles au départ", "Starting islands"), default["islands"],
                   choices=tuple(Choice(n) for n in board.SETUP_ISLANDS),
                   help=Msg("Posées symétriquement : aucun camp n'a un meilleur départ.",
                            "Laid out symmetrically: neither side has a better start."), rule="R9"),
        OptionSpec("guardians", Msg("Gardiens par équipe", "Guardians per team"), default["guardians"],
                   choices=tuple(Choice(n) for n in board.SETUP_GUARDIANS),
                   help=Msg("Sur le plateau au départ, pour chaque équipe.", "On the board at the start, for each team."),
                   rule="R9"),
        OptionSpec("compensation", Msg("Compensation du second joueur", "Second player's compensation"),
                   default["compensation"], choices=_counted(engine.COMPENSATION_CHOICES, *moves, none=Msg("Aucune", "None")),
                   help=Msg("Le joueur qui joue en second (et J4 à 2 contre 2) commence avec autant de déplacements en réserve.",
                            "The player moving second (and P4 in 2 versus 2) starts with that many moves in stock."),
                   rule="R47"),
        OptionSpec("compensation_pushes", Msg("Compensation du second joueur : poussées", "Second player's compensation: pushes"),
                   default.get("compensation_pushes", 0),
                   choices=_counted(engine.COMPENSATION_CHOICES, ("poussée", "push"), ("poussées", "pushes"),
                                    none=Msg("Aucune", "None")),
                   help=Msg("Le joueur qui joue en second (et J4 à 2 contre 2) commence aussi avec autant de poussées en réserve : "
                            "une compensation plus fine qu'un déplacement.",
                            "The player moving second (and P4 in 2 versus 2) also starts with that many pushes in stock: "
                            "a finer compensation than a move."),
                   rule="R47"),
        OptionSpec("take_cost", Msg("Coût d'une prise", "Cost of a take"), default["take_cost"],
                   choices=_counted(engine.TAKE_COST_CHOICES, *moves),
                   help=Msg("Ce que coûte la prise de la couronne d'un gardien adverse adjacent.",
                            "What taking the crown of an adjacent opposing guardian costs."), rule="R36"),
        OptionSpec("crowns", Msg("Couronnes en jeu", "Crowns in play"), default["crowns"],
                   choices=tuple(Choice(n) for n in engine.CROWNS_CHOICES),
                   help=Msg("Au plus autant de couronnes circulent ; il en réapparaît une au cœur dès qu'il en manque.",
                            "At most this many crowns circulate; a new one appears on the heart as soon as one is missing."),
                   rule="R33"),
        OptionSpec("village_refuge", Msg("Village refuge", "Village refuge"), default["village_refuge"], "bool",
                   help=Msg("Un porteur dans l'un de ses propres villages ne peut pas se faire prendre sa couronne (il peut être poussé).",
                            "A carrier standing in one of its own villages cannot have its crown taken (it can still be pushed)."),
                   rule="R36"),
        OptionSpec("anchored_carriers", Msg("Porteurs ancrés", "Anchored carriers"), default.get("anchored_carriers", False),
                   "bool", help=Msg("Une poussée ne fait jamais tomber dans le vide un gardien qui porte une couronne.",
                                    "A push never drops a guardian carrying a crown into the void."), rule="R49"),
        OptionSpec("escort", Msg("Escorte", "Escort"), default.get("escort", False), "bool",
                   help=Msg("Un porteur avec un gardien allié juste à côté (pas en diagonale) ne peut pas se faire prendre sa couronne.",
                            "A carrier with an allied guardian right beside it (not diagonally) cannot have its crown taken."),
                   rule="R50"),
        OptionSpec("no_retake", Msg("Pas de reprise immédiate", "No immediate retake"), default.get("no_retake", False),
                   "bool", help=Msg("Une couronne prise à l'adversaire ne peut pas être reprise avant que l'équipe qui l'a prise rejoue.",
                                    "A crown taken from an opponent cannot be taken back before the taker's team plays again."),
                   rule="R51"),
        OptionSpec("sacrificed_guardian", Msg("Gardien sacrifié", "Sacrificed guardian"), default["sacrificed_guardian"],
                   "bool", help=Msg("Le gardien qui valide une couronne quitte la partie.",
                                    "The guardian that validates a crown leaves play."), rule="R38"),
        OptionSpec("time_per_turn", Msg("Temps par tour", "Time per turn"), default["time_per_turn"],
                   choices=tuple(Choice(n, Msg(f"{n} min", f"{n} min") if n else Msg("Sans limite", "Untimed"))
                                 for n in engine.TIME_CHOICES),
                   help=Msg("À 0:00, une île est posée d'office si besoin, puis le tour finit.",
                            "At 0:00 an island is placed for the player if need be, then the turn ends."), rule="R15"),
    ]
    game = Msg("La partie", "The game")
    variants = Msg("Variantes de règles", "Rule variants")
    specs = [spec for spec in specs if spec.key in default]  # words written ahead for an option not yet in the engine
    specs.sort(key=lambda spec: spec.key not in _GAME_KEYS)  # stable: the game's shape first, then the variants
    grouped = [replace(spec, group=game if spec.key in _GAME_KEYS else variants) for spec in specs]
    return [*grouped, *(replace(spec, group=variants) for spec in undescribed(default, specs))]


_GAME_KEYS = ("mode", "team_diagonal", "size", "first_diagonal", "islands", "guardians", "time_per_turn")
_DIAGONAL_WORDS = {"NW-SE": Msg("nord-ouest – sud-est", "north-west – south-east"),
                   "NE-SW": Msg("nord-est – sud-ouest", "north-east – south-west")}
"""The options that shape the game (the others are rule variants, shown under their own heading)."""


def _check_options(options: Mapping[str, JSON]) -> None:
    from meeple.games.ilyos.engine import normalize_options

    normalize_options(options)


def _stored_options(options: Mapping[str, JSON]) -> Mapping[str, JSON]:
    from meeple.games.ilyos.engine import stored_options

    return stored_options(options)


def make_adapter() -> GameAdapter:
    """ILYOS: AI seats, the turn timer, the click helpers and the options; no legal-move list is sent."""
    return GameAdapter(choose_move=choose_move, levels=LEVELS, default_level="medium", timeout_moves=timeout_moves,
                       turn_seconds=turn_seconds,
                       queries={"select": select, "magic": magic, "placements": placements, **history_queries(describe)},
                       catalog={"options": options_catalog(option_specs), "check_options": check_catalog(_check_options)},
                       send_legal_moves=False, stored_options=_stored_options)
