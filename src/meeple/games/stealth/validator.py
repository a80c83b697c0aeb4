"""The stealth level validator: the seed's rules, the lessons a level claims, and the design thresholds.

:func:`validate` checks a level and gives one reason per broken rule (docs/rules/stealth.md, R21 and R26):

* solvable; at most four neutralisable enemies; in a tutorial level no solution that neutralises nobody
  within three moves of the shortest; every declared star achievable; the recorded par equals the shortest
  solution length; every mechanic the level claims to teach is needed (:mod:`.analysis`);
* for the levels beyond the first act, the **design thresholds** on the measures of :mod:`.measures`
  (:data:`THRESHOLDS`): the greedy exit-seeker does not win, a random cautious player wins at most
  :data:`MAX_RANDOM_WIN` of the time, and a level that offers the par star has at most
  :data:`MAX_OPTIMAL_SOLUTIONS` optimal solutions — unless the level waives one with a stated reason
  (``waivers`` in the level file); a waiver of a threshold the level meets is refused too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from meeple.core.errors import BudgetExceededError
from meeple.core.i18n import Msg
from meeple.games.stealth.analysis import BY_CODE, mechanic_needed
from meeple.games.stealth.level import DESIGN_THRESHOLDS, Level
from meeple.games.stealth.measures import Measures, measure
from meeple.games.stealth.solver import (
    DEFAULT_BUDGET,
    OBJECTIVES,
    Solution,
    Transitions,
    neutralisable_enemies,
    reachable,
    solve,
    state_graph,
)

MAX_NEUTRALISABLE = 4
TUTORIAL_MARGIN = 3
MAX_RANDOM_WIN = 0.25
"""The largest share of wins a random cautious player may have in a level beyond the first act."""
DESIGN_FROM = 2
"""The generator's difficulty from which its levels are held to the thresholds (R24, R26). Difficulty 1 is the
first act's tier — a level a greedy player or a random walk cannot win scores 3.3 or more — and the first act
is not held to them either; such levels still have no filler step and no dead stub."""
MAX_OPTIMAL_SOLUTIONS = 3
"""The most optimal solutions a level beyond the first act may have when it offers the par star."""
THRESHOLDS = {
    "greedy": Msg("le joueur glouton (jamais en danger, toujours vers la sortie) ne gagne pas",
                  "the greedy player (never into danger, always toward the exit) does not win"),
    "random": Msg(f"un joueur prudent au hasard gagne au plus {MAX_RANDOM_WIN:.0%}".replace("%", " %"),
                  f"a random cautious player wins at most {MAX_RANDOM_WIN:.0%}"),
    "solutions": Msg(f"au plus {MAX_OPTIMAL_SOLUTIONS} solutions optimales si l'étoile par est offerte",
                     f"at most {MAX_OPTIMAL_SOLUTIONS} optimal solutions when the par star is offered"),
}
"""The design thresholds by code (the codes a level's ``waivers`` may name)."""
assert tuple(THRESHOLDS) == DESIGN_THRESHOLDS


def design_applies(level: Level) -> bool:
    """Whether the design thresholds hold for ``level``: a level of the second act or later (``2-5``)."""
    match = re.fullmatch(r"(\d+)-\d+", level.id)
    return match is not None and int(match.group(1)) >= 2


@dataclass
class Report:
    """What :func:`validate` found: problems (empty when the level is valid) and the figures."""

    level: Level
    problems: list[Msg] = field(default_factory=list)
    solutions: dict[str, Solution] = field(default_factory=dict)
    reachable: int = 0
    neutralisable: list[str] = field(default_factory=list)
    states_explored: int = 0
    seconds: float = 0.0
    measures: Measures | None = None
    """The design measures, when the thresholds were checked."""

    @property
    def ok(self) -> bool:
        """Whether the level passes every rule."""
        return not self.problems


def validate(level: Level, max_states: int = DEFAULT_BUDGET, design: bool | None = None) -> Report:
    """Check ``level`` against the validation rules; every broken rule is one problem with its reason.

    ``design``: check the design thresholds too (None: when :func:`design_applies`). A search that runs out
    of budget is reported as a problem, not raised.
    """
    report = Report(level)
    cache: Transitions = {}
    try:
        states, stats = reachable(level, max_states=max_states, cache=cache)
        report.reachable = len(states)
        report.states_explored += stats.states_seen
        report.seconds += stats.seconds
        report.neutralisable = [level.enemies[i].id for i in sorted(neutralisable_enemies(states.values()))]
        for objective in OBJECTIVES:
            solution = solve(level, objective, max_states, cache=cache)
            report.solutions[objective] = solution
            report.states_explored += solution.stats.states_seen
            report.seconds += solution.stats.seconds
        if report.solutions["finish"].found and (design_applies(level) if design is None else design):
            report.measures = measure(level, max_states, state_graph(level, max_states, cache))
    except BudgetExceededError as error:
        report.problems.append(error.message)
        return report
    _check(report)
    _check_lessons(report, max_states)
    if report.measures is not None:
        report.problems += design_problems(level, report.measures)
    return report


def threshold_broken(level: Level, measures: Measures) -> dict[str, Msg]:
    """The design thresholds ``measures`` break, by code, each with what was measured."""
    broken: dict[str, Msg] = {}
    if measures.greedy.won:
        path = " ".join(measures.greedy.path)
        broken["greedy"] = Msg(f"le joueur glouton gagne ({path})", f"the greedy player wins ({path})")
    if measures.random_cautious > MAX_RANDOM_WIN:
        share = measures.random_cautious
        broken["random"] = Msg(f"un joueur prudent au hasard gagne {share:.0%} du temps".replace("%", " %"),
                               f"a random cautious player wins {share:.0%} of the time")
    if "par" in level.stars and measures.optimal_solutions > MAX_OPTIMAL_SOLUTIONS:
        count = measures.optimal_solutions
        broken["solutions"] = Msg(f"{count} solutions optimales avec l'étoile par",
                                  f"{count} optimal solutions with the par star")
    return broken


def design_problems(level: Level, measures: Measures) -> list[Msg]:
    """The design thresholds a level breaks without a waiver, and the waivers it does not need (R26)."""
    broken = threshold_broken(level, measures)
    problems: list[Msg] = []
    for code, found in broken.items():
        if code not in level.waivers:
            limit = THRESHOLDS[code]
            problems.append(Msg(f"seuil « {code} » : {found.fr} (attendu : {limit.fr}) ; sinon une dérogation motivée",
                                f"threshold '{code}': {found.en} (expected: {limit.en}); else a waiver with a reason"))
    for code in level.waivers:
        if code not in broken:
            problems.append(Msg(f"dérogation « {code} » inutile : le niveau tient ce seuil, retirez-la",
                                f"waiver '{code}' not needed: the level meets that threshold, remove it"))
    return problems


def _check_lessons(report: Report, max_states: int) -> None:
    """Every mechanic the level claims to teach must be needed (R23): taking it away changes the answer."""
    finish = report.solutions["finish"]
    if not finish.found:
        return
    for code in report.level.teaches:
        try:
            row = mechanic_needed(report.level, code, finish.length, max_states)
        except BudgetExceededError as error:
            report.problems.append(error.message)
            continue
        name = BY_CODE[code].name
        if not row.present:
            report.problems.append(Msg(f"enseigne « {code} » ({name.fr}), absent du niveau",
                                       f"teaches '{code}' ({name.en}), which the level does not contain"))
        elif not row.needed:
            report.problems.append(Msg(
                f"enseigne « {code} » ({name.fr}), qui n'est pas nécessaire : sans lui, "
                f"la plus courte solution fait toujours {row.par_without} coups",
                f"teaches '{code}' ({name.en}), which is not needed: without it the shortest solution "
                f"is still {row.par_without} moves"))


def _check(report: Report) -> None:
    level, problems = report.level, report.problems
    finish = report.solutions["finish"]
    if not finish.found:
        problems.append(Msg("le niveau n'a pas de solution", "the level has no solution"))
        return
    count = len(report.neutralisable)
    if count > MAX_NEUTRALISABLE:
        names = ", ".join(report.neutralisable)  # which ones: the editor and the command line point at them
        problems.append(Msg(f"{count} ennemis neutralisables (au plus {MAX_NEUTRALISABLE}) : {names}",
                            f"{count} neutralisable enemies (at most {MAX_NEUTRALISABLE}): {names}"))
    ghost = report.solutions["ghost"]
    if level.tutorial and ghost.found and ghost.length < finish.length + TUTORIAL_MARGIN:
        problems.append(Msg(
            f"niveau tutoriel : une solution sans neutralisation en {ghost.length} coups, "
            f"à moins de {TUTORIAL_MARGIN} coups de la plus courte ({finish.length})",
            f"tutorial level: a solution neutralising nobody in {ghost.length} moves, "
            f"within {TUTORIAL_MARGIN} moves of the shortest ({finish.length})"))
    if level.par is not None and level.par != finish.length:
        problems.append(Msg(f"par {level.par} enregistré, mais la plus courte solution fait {finish.length} coups",
                            f"par {level.par} recorded, but the shortest solution is {finish.length} moves"))
    for star in ("ghost", "sweep"):
        if star in level.stars and not report.solutions[star].found:
            problems.append(Msg(f"l'étoile « {star} » est déclarée mais inatteignable",
                                f"the '{star}' star is declared but cannot be earned"))
