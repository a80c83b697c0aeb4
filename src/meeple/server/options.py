"""A game's setup options described for the browser: the new-game form and the room's rules are drawn
from this description, so that an option the engine gains shows up without more web work.

An adapter publishes its description as the catalogue question ``options`` (room-less, like the skirmish
scenario list) and, to explain a bad combination while the player chooses, ``check_options``::

    ctx.catalog("options")         -> [{"key": "size", "kind": "choice", "label": {fr, en},
                                        "help": {fr, en} | null, "rule": "R1" | null, "default": 11,
                                        "choices": [{"value": 11, "label": {fr, en}}, ...],
                                        "when": {"mode": "2v2"} | null, "group": {fr, en} | null}, ...]
    ctx.catalog("check_options", {"options": {...}})
                                   -> {"ok": true} | {"ok": false, "field": "team_diagonal",
                                                      "reason": {fr, en}}

``kind`` is ``choice`` (one of ``choices``), ``bool`` (a box to tick) or ``number`` (an integer the
engine checks). ``when`` names other options and the value they must have for this one to apply: the
form hides it otherwise (``team_diagonal`` only in 2 vs 2); ``group`` is the heading it is shown
under. The engine stays the only authority on what
is valid: ``check_options`` runs its own option check.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.core.errors import FormatError, MeepleError
from meeple.core.game import JSON
from meeple.core.i18n import Msg

OPTION_KINDS = ("choice", "bool", "number")


@dataclass(frozen=True)
class Choice:
    """One value of a ``choice`` option with its words (``value`` alone when ``label`` is None)."""

    value: JSON
    label: Msg | None = None

    def to_json(self) -> dict[str, JSON]:
        """The choice for the browser."""
        label = self.label or Msg(str(self.value), str(self.value))
        return {"value": self.value, "label": label.to_json()}


@dataclass(frozen=True)
class OptionSpec:
    """One setup option: its key in the room's options, its words, its default and its values."""

    key: str
    label: Msg
    default: JSON
    kind: str = "choice"
    choices: Sequence[Choice] = ()
    help: Msg | None = None
    """One line: what the option changes in play (shown under the control and in the room's rules)."""
    rule: str | None = None
    """The rule of docs/rules/<game>.md it sets (shown beside it)."""
    when: Mapping[str, JSON] | None = None
    group: Msg | None = None
    """The heading the form shows it under (consecutive options of one group share a frame)."""

    def to_json(self) -> dict[str, JSON]:
        """The option for the browser (the shape in the module docstring)."""
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"option {self.key}: kind must be one of {OPTION_KINDS}")
        return {
            "key": self.key, "kind": self.kind, "label": self.label.to_json(),
            "help": None if self.help is None else self.help.to_json(), "rule": self.rule,
            "default": self.default, "choices": [choice.to_json() for choice in self.choices],
            "when": None if self.when is None else dict(self.when),
            "group": None if self.group is None else self.group.to_json(),
        }


def undescribed(defaults: Mapping[str, JSON], described: Sequence[OptionSpec]) -> list[OptionSpec]:
    """Plain controls for the options an engine has but the description lacks (a new option still shows
    up, named by its key, until someone gives it words): a box for a flag, a number otherwise."""
    known = {spec.key for spec in described}
    found = []
    for key, default in defaults.items():
        if key in known:
            continue
        kind = "bool" if isinstance(default, bool) else "number" if isinstance(default, int) else "choice"
        choices = (Choice(default),) if kind == "choice" else ()
        found.append(OptionSpec(key, Msg(key, key), default, kind, choices))
    return found


def options_catalog(specs: Callable[[], Sequence[OptionSpec]]) -> Callable[[JSON], JSON]:
    """The ``options`` catalogue question answering ``specs()`` (computed at each call: cheap)."""

    def options(_params: JSON) -> JSON:
        return [spec.to_json() for spec in specs()]

    return options


def check_catalog(normalize: Callable[[Mapping[str, JSON]], Any]) -> Callable[[JSON], JSON]:
    """The ``check_options`` catalogue question: runs the engine's own option check ``normalize`` on
    ``params.options`` and answers the first problem it names, in words."""

    def check_options(params: JSON) -> JSON:
        options = params.get("options") if isinstance(params, dict) else None
        if not isinstance(options, dict):
            raise FormatError("params", "options", Msg("un objet d'options est attendu", "an object of options is expected"))
        try:
            normalize(options)
        except FormatError as error:
            return {"ok": False, "field": error.field, "reason": error.reason.to_json()}
        except MeepleError as error:
            return {"ok": False, "field": None, "reason": error.message.to_json()}
        return {"ok": True}

    return check_options
