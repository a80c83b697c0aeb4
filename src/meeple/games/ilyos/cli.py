"""``meeple ilyos``: the symmetric setups, terminal play against the AI, and AI tournaments."""

from __future__ import annotations

import itertools
import json
import re
from typing import Annotated, cast

import typer
from rich.console import Console
from rich.table import Table

from meeple.core.batch import Backend, run_batch
from meeple.core.batch_cli import JobsOpt, JournalOpt, RayAddressOpt, RayOpt, ResumeOpt, check_journal
from meeple.core.cli_i18n import cli_help
from meeple.core.cli_json import JsonOpt, print_json
from meeple.core.errors import FormatError, MeepleError
from meeple.core.game import JSON
from meeple.core.i18n import Msg, counted
from meeple.core.progress import track
from meeple.core.rng import make_rng
from meeple.games.ilyos import INFO, board
from meeple.games.ilyos.ai import LEVELS, choose_move
from meeple.games.ilyos.engine import DEFAULT_OPTIONS, IlyosGame
from meeple.games.ilyos.text import LEGEND, draw_game, draw_hand, draw_setup
from meeple.games.ilyos.tournament import MatchResult, add_game, match_jobs, tournament_game

app = typer.Typer(
    help=cli_help(  # the first paragraph is the game's line in ``meeple --help``
        f"{INFO.title.fr} — {INFO.summary.fr}\n\n"
        "Configurations symétriques, partie au terminal contre l'IA, tournois de l'IA.",
        f"{INFO.title.en} — {INFO.summary.en}\n\nSymmetric setups, terminal play against the AI, AI tournaments.",
    ),
    no_args_is_help=True,
)
console = Console(highlight=False)

ModeOption = Annotated[str, typer.Option("--mode", help=cli_help(
    "mode de jeu : duel ou 2v2 (deux contre deux)", "game mode: duel or 2v2 (two against two)"
))]
IslandsOption = Annotated[int, typer.Option("--islands", help=cli_help(
    "nombre d'îles : 4, 6, 8, 10 ou 12", "number of islands: 4, 6, 8, 10 or 12"
))]
GuardiansOption = Annotated[int, typer.Option("--guardians", help=cli_help(
    "gardiens par équipe (1 à 4)", "guardians per team (1 to 4)"
))]
DiagonalOption = Annotated[bool, typer.Option("--team-diagonal", help=cli_help(
    "en 2v2, la variante « Diagonale d'équipe »", "in 2v2, the Team diagonal variant"
))]
SacrificedOption = Annotated[bool, typer.Option("--sacrificed", help=cli_help(
    "la variante « Gardien sacrifié »", "the Sacrificed guardian variant"
))]
SeedOption = Annotated[int | None, typer.Option("--seed", help=cli_help(
    "graine du hasard (défaut : tirée au hasard)", "random seed (default: a fresh one)"
))]
RuleOption = Annotated[list[str] | None, typer.Option("--rule", metavar="KEY=VALUE", help=cli_help(
    "une règle de mise en place par sa clé, répétable : --rule size=13 --rule escort=false "
    f"(clés : {', '.join(DEFAULT_OPTIONS)} ; oui/non s'écrit true/false, oui/non ou 1/0)",
    "a setup rule by its key, repeatable: --rule size=13 --rule escort=false "
    f"(keys: {', '.join(DEFAULT_OPTIONS)}; yes/no is written true/false, oui/non or 1/0)",
))]

# The defaults shown by --help are the engine's: an option left out is not sent, and the engine fills it in.
DEFAULT_MODE = str(DEFAULT_OPTIONS["mode"])
DEFAULT_ISLANDS = int(DEFAULT_OPTIONS["islands"])
DEFAULT_GUARDIANS = int(DEFAULT_OPTIONS["guardians"])

COLON = Msg(" :", ":")
"""A colon as each language writes it (French puts a space before it)."""
FLAGS: dict[str, tuple[str, str]] = {
    "mode": ("mode", "--mode"),
    "islands": ("islands", "--islands"),
    "guardians": ("guardians", "--guardians"),
    "team_diagonal": ("team_diagonal", "--team-diagonal"),
    "sacrificed_guardian": ("sacrificed", "--sacrificed"),
}
"""The game options that have a flag of their own: option key → (the command's parameter, the flag)."""
TRUE_WORDS = ("true", "oui", "yes", "1")
FALSE_WORDS = ("false", "non", "no", "0")


def _game_options(ctx: typer.Context, rules: list[str] | None) -> tuple[dict[str, JSON], dict[str, str]]:
    """The game options the command line sets — the flags typed (``--islands 6``), then each ``--rule KEY=VALUE``
    — and, for each, the words an error about it names (``--islands``, ``--rule size=12``).

    An option left out is not sent: the engine fills in its own default (DEFAULT_OPTIONS), so that a rule or a
    default the engine gains later needs no change here.
    """
    options: dict[str, JSON] = {}
    names: dict[str, str] = {}
    for key, (param, flag) in FLAGS.items():
        if param in ctx.params and _typed(ctx, param):
            options[key], names[key] = ctx.params[param], flag
    for text in rules or ():
        key, value = _rule(text)
        if key in names:  # the same option twice: refuse rather than pick one silently
            raise typer.BadParameter(Msg(f"{key} est déjà réglée par {names[key]} : donnez-la une seule fois",
                                         f"{key} is already set by {names[key]}: give it once").text(),
                                     param_hint=f"--rule {text}")
        options[key], names[key] = value, f"--rule {text}"
    return options, names


def _typed(ctx: typer.Context, param: str) -> bool:
    """Whether the user gave ``param`` (on the command line or in the environment), not left it at its default."""
    source = ctx.get_parameter_source(param)  # Typer's own copy of click's ParameterSource: compared by name
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def _rule(text: str) -> tuple[str, JSON]:
    """One ``--rule KEY=VALUE``: the option key and its value, read by the type of the engine's default."""
    hint = f"--rule {text}"
    if "=" not in text:
        raise typer.BadParameter(Msg(f"CLÉ=VALEUR attendu, p. ex. size=13 (clés : {', '.join(DEFAULT_OPTIONS)})",
                                     f"KEY=VALUE expected, e.g. size=13 (keys: {', '.join(DEFAULT_OPTIONS)})").text(),
                                 param_hint=hint)
    key, value = (part.strip() for part in text.split("=", 1))
    key = key.replace("-", "_")  # village-refuge reads as village_refuge, like the flags
    if key not in DEFAULT_OPTIONS:
        raise typer.BadParameter(Msg(f"règle « {key} » inconnue (connues : {', '.join(DEFAULT_OPTIONS)})",
                                     f"unknown rule '{key}' (known: {', '.join(DEFAULT_OPTIONS)})").text(),
                                 param_hint=hint)
    return key, _rule_value(DEFAULT_OPTIONS[key], value, hint)


def _rule_value(default: JSON, value: str, hint: str) -> JSON:
    """``value`` read as the type of ``default``; whether the engine accepts it is the engine's to say."""
    if isinstance(default, bool):
        if value.lower() in TRUE_WORDS + FALSE_WORDS:
            return value.lower() in TRUE_WORDS
        wrong = Msg("true ou false attendu (aussi oui/non, 1/0)", "true or false expected (also oui/non, 1/0)")
    elif isinstance(default, int):
        if re.fullmatch(r"[+-]?\d+", value):
            return int(value)
        wrong = Msg("un nombre entier attendu", "a whole number expected")
    elif isinstance(default, str):
        return value
    else:  # no such option today (a number with a decimal point, a list): written in JSON
        try:
            return cast(JSON, json.loads(value))
        except json.JSONDecodeError:
            wrong = Msg("du JSON attendu", "JSON expected")
    raise typer.BadParameter(wrong.text(), param_hint=hint)  # the hint already shows the value typed


def _value_text(value: JSON) -> str:
    """A rule's value as ``--rule`` takes it (``true``, not ``True``)."""
    return json.dumps(value) if isinstance(value, bool) else str(value)


def _rules_line(options: dict[str, JSON]) -> str:
    """One line naming the rules in play that differ from the engine's defaults, in the current language."""
    changed = [f"{key}={_value_text(value)}" for key, value in options.items() if value != DEFAULT_OPTIONS.get(key)]
    if not changed:
        return Msg("Règles : toutes par défaut", "Rules: all the defaults").text()
    return f"{Msg('Règles changées', 'Rules changed from the defaults')}{COLON} {', '.join(changed)}"


def _level(level: str, option: str = "--level") -> str:
    if level not in LEVELS:
        raise typer.BadParameter(Msg(f"« {level} » : {' | '.join(LEVELS)}", f"'{level}': {' | '.join(LEVELS)}").text(),
                                 param_hint=option)
    return level


def _new_game(options: dict[str, JSON], names: dict[str, str] | None = None, seed: int | None = None) -> IlyosGame:
    """A new game; a bad option is reported under what the user typed (``--islands``, ``--rule size=12``,
    from ``names``), else under its flag, not the option key."""
    try:
        return IlyosGame.new(options, seed)
    except FormatError as error:
        if error.source != "options" or not error.field:
            raise
        flag = FLAGS[error.field][1] if error.field in FLAGS else f"--rule {error.field}"
        name = (names or {}).get(error.field, flag)
        raise typer.BadParameter(error.reason.text(), param_hint=name) from None  # a usage error: exit 2


def setup_names() -> list[str]:
    """The names of the symmetric Duel setups (``4i-1g`` … ``12i-4g``), for ``setups NAME`` and its completion."""
    return [item.name for item in board.all_setups()]


def _setup_json(item: board.Setup) -> dict[str, JSON]:
    """One setup as ``setups --json`` gives it (docs/cli.md): cells are ``[x, y]``, (0, 0) the top-left corner."""
    return {"name": item.name, "size": item.size, "islands": [{"cell": list(cell), "orientation": turn}
                                                               for cell, turn in item.islands],
            "team_a": [list(cell) for cell in item.team_a], "team_b": [list(cell) for cell in item.team_b]}


@app.command(help=cli_help(
    "Dessine les configurations symétriques du Duel (4 à 12 îles).", "Draw the symmetric Duel setups (4 to 12 islands)."
))
def setups(
    name: Annotated[str | None, typer.Argument(help=cli_help(
        "seulement cette configuration (8i-2g : 8 îles, 2 gardiens par équipe)",
        "only this setup (8i-2g: 8 islands, 2 guardians per team)",
    ), autocompletion=setup_names)] = None,
    islands: Annotated[int | None, typer.Option("--islands", help=cli_help(
        "seulement les configurations à ce nombre d'îles", "only the setups with this number of islands"
    ))] = None,
    guardians: Annotated[int | None, typer.Option("--guardians", help=cli_help(
        "seulement les configurations à ce nombre de gardiens par équipe",
        "only the setups with this number of guardians per team",
    ))] = None,
    as_json: JsonOpt = False,
) -> None:
    """Draw the symmetric Duel setups (4 to 12 islands)."""
    if name is not None and name not in setup_names():
        raise typer.BadParameter(Msg(f"« {name} » : une configuration parmi {', '.join(setup_names())}",
                                     f"'{name}': one of the setups {', '.join(setup_names())}").text(),
                                 param_hint="NAME")
    chosen = [s for s in board.all_setups()
              if (islands is None or len(s.islands) == islands) and (guardians is None or len(s.team_a) == guardians)
              and name in (None, s.name)]
    if not chosen:
        raise MeepleError(Msg("aucune configuration ne correspond", "no setup matches"))
    if as_json:
        print_json({"setups": [_setup_json(item) for item in chosen]})
        return
    for item in chosen:
        guardians_text = counted(len(item.team_a), ("gardien", "gardiens"), ("guardian", "guardians"))
        console.print(f"[bold]{item.name}[/bold] — {counted(len(item.islands), ('île', 'îles'), ('island', 'islands'))}, "
                      f"{guardians_text} {Msg('par équipe', 'per team')}")
        console.print(draw_setup(item), markup=False)
        console.print()
    console.print(LEGEND.text(), markup=False)


@app.command(help=cli_help(
    "Joue contre l'ordinateur dans le terminal.\n\n"
    "L'IA joue les places absentes de --seats.\n\n"
    "Les actions s'écrivent « place e4/0 », « move #3 d4 », « push #3 d5 x2 », « take #3 d5 », « give #3 d5 », "
    "« drop #3 », « magic c4 q1 » (en quarts de tour), « end » ; « ? » liste les actions légales.",
    "Play against the computer in the terminal.\n\n"
    "The AI plays the seats not listed in --seats.\n\n"
    "Actions are typed as 'place e4/0', 'move #3 d4', 'push #3 d5 x2', 'take #3 d5', 'give #3 d5', "
    "'drop #3', 'magic c4 q1' (in quarter turns), 'end'; '?' lists the legal ones.",
))
def play(
    ctx: typer.Context,
    seats: Annotated[str, typer.Option("--seats", help=cli_help(
        "places humaines, p. ex. 0 ou 0,2 (0 = P1) ; l'IA joue les autres",
        "human seats, e.g. 0 or 0,2 (0 = P1); the AI plays the others",
    ))] = "0",
    level: Annotated[str, typer.Option("--level", help=cli_help(
        f"niveau de l'IA : {', '.join(LEVELS)}", f"the AI's level: {', '.join(LEVELS)}"
    ))] = "medium",
    seed: SeedOption = None,
    mode: ModeOption = DEFAULT_MODE,
    islands: IslandsOption = DEFAULT_ISLANDS,
    guardians: GuardiansOption = DEFAULT_GUARDIANS,
    team_diagonal: DiagonalOption = False,
    sacrificed: SacrificedOption = False,
    rule: RuleOption = None,
) -> None:
    """Play against the computer in the terminal.

    Seats not listed in --seats are the AI.

    Actions are typed as ``place e4/0``, ``move #3 d4``, ``push #3 d5 x2``, ``take #3 d5``, ``give #3 d5``,
    ``drop #3``, ``magic c4 q1`` (quarter turns), ``end``; ``?`` lists the legal ones."""
    game = _new_game(*_game_options(ctx, rule), seed=seed)
    humans = _seats(seats, game.num_players)
    level = _level(level)
    rng = make_rng(game.seed)
    console.print(_rules_line(game.options), markup=False, soft_wrap=True)  # one line, however long
    console.print(LEGEND.text(), markup=False)
    while not game.is_over():
        mover = game.to_move()
        assert mover is not None
        if mover not in humans:
            move = choose_move(game, mover, level, rng)
            console.print(f"P{mover + 1}{COLON} {game.move_text(move)}", markup=False)
            game.push(move)
            continue
        console.print(draw_game(game), markup=False)
        console.print(f"P{mover + 1} — {Msg('vous pouvez dépenser :', 'you may spend:')} {draw_hand(game, mover)}",
                      markup=False)
        if not _human_action(game):
            return
    console.print(draw_game(game), markup=False)
    outcome = game.outcome()
    assert outcome is not None
    console.print(f"{outcome.reason} — {Msg('gagnants :', 'winners:')} "
                  f"{', '.join(f'P{s + 1}' for s in sorted(outcome.winners)) or '—'}", markup=False)


def _seats(text: str, num_players: int) -> set[int]:
    last = num_players - 1
    wrong = typer.BadParameter(Msg(f"« {text} » : places de 0 à {last} attendues, séparées par des virgules",
                                   f"'{text}': seats from 0 to {last} expected, comma-separated").text(),
                               param_hint="--seats")
    try:
        chosen = {int(part) for part in text.split(",") if part.strip()}
    except ValueError as error:
        raise wrong from error
    if not chosen or not chosen <= set(range(num_players)):
        raise wrong
    return chosen


def _human_action(game: IlyosGame) -> bool:
    """Read and play one action; False when the player quits."""
    prompt = Msg("action (? = liste, q = quitter)", "action (? = list, q = quit)").text()
    try:
        text = input(f"{prompt}> ").strip()
    except EOFError:
        console.print()  # Ctrl-D: the shell's prompt starts on a line of its own
        return False
    if text in ("q", "quit"):
        return False
    if text in ("?", "help", ""):
        console.print("  ".join(game.move_text(m) for m in game.legal_moves()), markup=False)
        return True
    try:
        game.push(game.parse_move(text))
    except MeepleError as error:
        console.print(str(error), markup=False)
    return True


@app.command(help=cli_help(
    "Fait jouer l'IA contre elle-même, niveau contre niveau : table des victoires avec intervalles de confiance "
    "à 95 %.",
    "Play the AI against itself, level against level: the win table with 95% confidence intervals.",
))
def tournament(
    ctx: typer.Context,
    games: Annotated[int, typer.Option("--games", help=cli_help(
        "parties par paire de niveaux", "games per pair of levels"
    ))] = 10,
    levels: Annotated[str, typer.Option("--levels", help=cli_help(
        "niveaux séparés par des virgules, le plus faible d'abord", "levels, comma-separated, weakest first"
    ))] = ",".join(LEVELS),
    all_pairs: Annotated[bool, typer.Option("--all-pairs", help=cli_help(
        "toutes les paires de niveaux, pas seulement les voisins", "every pair of levels, not only neighbours"
    ))] = False,
    seed: Annotated[int, typer.Option("--seed", help=cli_help("graine du hasard", "random seed"))] = 1,
    mode: ModeOption = DEFAULT_MODE,
    islands: IslandsOption = DEFAULT_ISLANDS,
    guardians: GuardiansOption = DEFAULT_GUARDIANS,
    rule: RuleOption = None,
    clock: Annotated[bool, typer.Option("--clock/--no-clock", help=cli_help(
        "l'IA respecte ses délais d'horloge (avec --no-clock, seules ses limites de positions comptent : "
        "parties reproductibles)",
        "the AI keeps to its wall-clock deadlines (with --no-clock only its position limits count: "
        "reproducible games)",
    ))] = True,
    jobs: JobsOpt = None,
    ray: RayOpt = False,
    ray_address: RayAddressOpt = None,
    journal: JournalOpt = None,
    resume: ResumeOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """The AI against itself, level against level: the win table with 95 % confidence intervals."""
    if games < 1:
        raise typer.BadParameter(Msg("au moins 1", "at least 1").text(), param_hint="--games")
    chosen = [_level(name.strip(), "--levels") for name in levels.split(",") if name.strip()]
    if len(chosen) < 2:
        raise typer.BadParameter(Msg("au moins deux niveaux", "at least two levels").text(), param_hint="--levels")
    pairs = ([(a, b) for i, a in enumerate(chosen) for b in chosen[i + 1:]] if all_pairs
             else list(itertools.pairwise(chosen)))
    # bad options fail here, before any game; every option is then written out (the engine's defaults too), so
    # that the games, the journal's header and the --json document do not depend on the defaults of the day
    options = _new_game(*_game_options(ctx, rule), seed=0).options
    check_journal(journal, resume)
    tasks = [(f"{first}-{second}-{index}", (first, second, index, options, seed, clock))
             for first, second, index in match_jobs(pairs, games)]
    # what decides each game's result (not --games or --levels: a resumed run may play more games or pairs)
    header: dict[str, JSON] = {"job": "ilyos tournament", "options": options, "seed": seed, "clock": clock}
    results = {pair: MatchResult(*pair) for pair in pairs}  # the table's rows in the pairs' order
    played = 0
    if not as_json:
        console.print(_rules_line(options), markup=False, soft_wrap=True)
    try:
        batch = run_batch(tournament_game, tasks, Backend.choose(ray, ray_address, jobs), journal, header)
        for _key, game in track(batch, len(tasks), "ILYOS"):
            assert isinstance(game, dict)
            add_game(results[(str(game["first"]), str(game["second"]))], str(game["outcome"]),
                     cast(dict[str, float], game["slowest"]))
            played += 1
    except KeyboardInterrupt:
        _print_table(list(results.values()), played, len(tasks), options, as_json)
        raise typer.Exit(130) from None
    _print_table(list(results.values()), played, len(tasks), options, as_json)


def _print_table(results: list[MatchResult], played: int, total: int, options: dict[str, JSON],
                 as_json: bool = False) -> None:
    """The win table; a line under it says when the tournament was interrupted before its last game. The
    --json document names every option the games were played with."""
    if as_json:
        print_json({"games": total, "played": played, "interrupted": played < total, "options": options, "pairs": [
            {"first": result.first, "second": result.second, "wins": result.wins, "losses": result.losses,
             "draws": result.draws, "score": round(result.score, 4),
             "interval": [round(bound, 4) for bound in result.interval()],
             "slowest_turn": {level: round(seconds, 3) for level, seconds in sorted(result.slowest_turn.items())}}
            for result in results]})
        return
    table = Table(title=Msg("ILYOS — tournoi des IA", "ILYOS — AI tournament").text())
    for column in ("A", "B", Msg("A gagne", "A wins").text(), Msg("B gagne", "B wins").text(),
                   Msg("nuls", "draws").text()):
        table.add_column(column)
    for column in (Msg("score A", "A score").text(), Msg("IC à 95 %", "95% CI").text()):
        table.add_column(column, no_wrap=True)  # a percentage is never cut in two
    table.add_column(Msg("tour le plus long (s)", "slowest turn (s)").text())
    for result in results:
        low, high = result.interval()
        slow = "\n".join(f"{k} {_seconds(v)}" for k, v in sorted(result.slowest_turn.items()))
        table.add_row(result.first, result.second, str(result.wins), str(result.losses), str(result.draws),
                      _percent(result.score), f"[{_percent(low)}, {_percent(high)}]", slow)
    console.print(table)
    if played < total:
        console.print(Msg(f"interrompu après {played} parties sur {total}",
                          f"interrupted after {played} of {total} games").text())


def _percent(rate: float) -> str:
    """``42 %`` in French, ``42%`` in English."""
    return f"{rate * 100:.0f}{Msg(' %', '%')}"


def _seconds(duration: float) -> str:
    """``0,25`` in French, ``0.25`` in English."""
    return Msg(f"{duration:.2f}".replace(".", ","), f"{duration:.2f}").text()
