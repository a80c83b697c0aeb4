"""The one registry of games: what the command line, the server, the browser app and the interop layer read.

A game is a Python package with a ``game.toml`` manifest beside its ``__init__.py``. The manifest names the
game, gives its title and summary in French and English, and says where each of its parts lives, as
``module:attribute`` references that are imported only when that part is needed::

    name = "stealth"
    order = 10
    title = { fr = "Infiltration", en = "Stealth" }
    summary = { fr = "…", en = "…" }

    [parts]
    info = "meeple.games.stealth:INFO"                       # the GameInfo (required)
    cli = "meeple.games.stealth.cli:app"                     # a Typer app: ``meeple stealth …``
    adapter = "meeple.server.adapters.stealth:make_adapter"  # what the server needs beyond the protocol
    space = "meeple.interop.spaces:StealthSpace.for_game"    # the fixed action space (interop)

    [web]
    page = "/static/games/stealth.js"                        # the game's page module in the browser app
    rules = "/static/rules/stealth.js"                       # its rules dialog

Reading a manifest imports nothing of the game, so ``meeple --help`` lists every game without loading one.

Games are found in three places, in this order (a name found twice keeps its first game and the second is
reported in :func:`problems`):

1. the packages under ``meeple.games`` (a new folder with a ``game.toml`` is a new game: no shared file
   changes);
2. the entry points of the group ``meeple.games`` (``[project.entry-points."meeple.games"]`` in the
   ``pyproject.toml`` of a separate distribution: ``tictactoe = "meeple_tictactoe"``);
3. the modules named in ``MEEPLE_GAME_PLUGINS`` (comma-separated), for a process started by a test.

An entry point or ``MEEPLE_GAME_PLUGINS`` names a module: a package with a ``game.toml``, or a plain module
that exposes ``INFO`` (a :class:`~meeple.core.game.GameInfo`) and optionally ``ADAPTER`` (a server adapter);
such a module is imported when the registry is read. docs/adding-a-game.md walks through a new game.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from meeple.core.errors import FormatError, MeepleError
from meeple.core.i18n import Msg

if TYPE_CHECKING:
    from meeple.core.game import GameInfo

ENTRY_POINT_GROUP = "meeple.games"
MANIFEST = "game.toml"
PLUGINS_VARIABLE = "MEEPLE_GAME_PLUGINS"
PARTS = ("info", "cli", "adapter", "space")
"""The parts a manifest may name (``[parts]``); ``info`` defaults to ``<package>:INFO``."""
WEB_KEYS = ("page", "rules", "dir")
"""``[web]``: the page and rules modules (a URL starting with ``/``, or a file under ``dir``, served at
``/plugins/<name>/``), and ``dir``, the package's folder of browser files."""
RESERVED_NAMES = frozenset({"serve", "help", "static", "api", "ws", "docs", "plugins"})
"""Names a game cannot take: a command of ``meeple`` itself, or a path of the server."""
_NAME = re.compile(r"^[a-z][a-z0-9-]{0,31}$")


@dataclass(frozen=True)
class GamePlugin:
    """One game as the registry knows it before anything of it is imported."""

    name: str
    title: Msg
    summary: Msg
    module: str
    """The game's package (or module), e.g. ``meeple.games.stealth``."""
    source: str
    """Where it was found: its manifest's path, or the module named by an entry point or the variable."""
    order: int = 100
    parts: Mapping[str, str] = field(default_factory=dict)
    web: Mapping[str, str] = field(default_factory=dict)
    directory: Path | None = None
    """The package's folder (the manifest's), for the browser files of ``[web] dir``."""
    loaded: ModuleType | None = None
    """A plain-module plug-in, already imported (its ``INFO`` and ``ADAPTER`` are read from it)."""

    @property
    def help_line(self) -> Msg:
        """The game's line in ``meeple --help``: « title — summary »."""
        return Msg(f"{self.title.fr} — {self.summary.fr}", f"{self.title.en} — {self.summary.en}")

    def has(self, part: str) -> bool:
        """Whether the game provides ``part`` (``cli``, ``adapter``, ``space``…)."""
        if self.loaded is not None:
            return part == "info" or (part == "adapter" and hasattr(self.loaded, "ADAPTER"))
        return part == "info" or part in self.parts

    def load(self, part: str) -> Any:
        """The object ``part`` names, imported now; ``None`` if the game has no such part."""
        if self.loaded is not None:
            return {"info": getattr(self.loaded, "INFO", None),
                    "adapter": getattr(self.loaded, "ADAPTER", None)}.get(part)
        reference = self.parts.get(part, f"{self.module}:INFO" if part == "info" else None)
        return None if reference is None else resolve(reference, f"{self.source}: parts.{part}")

    def info(self) -> GameInfo:
        """The game's :class:`GameInfo` (imports the game)."""
        from meeple.core.game import GameInfo

        info = self.load("info")
        if not isinstance(info, GameInfo):
            raise MeepleError(Msg(f"{self.source} : parts.info ne désigne pas un GameInfo",
                                  f"{self.source}: parts.info does not name a GameInfo"))
        if info.name != self.name:
            raise MeepleError(Msg(f"{self.source} : le jeu s'appelle « {self.name} » mais son INFO « {info.name} »",
                                  f"{self.source}: the game is called '{self.name}' but its INFO '{info.name}'"))
        return info

    def web_url(self, key: str) -> str | None:
        """The URL of the page (``page``) or rules (``rules``) module, or ``None`` when there is none."""
        value = self.web.get(key)
        if value is None or value.startswith("/"):
            return value
        return f"/plugins/{self.name}/{value}"

    def web_directory(self) -> Path | None:
        """The folder served at ``/plugins/<name>/`` (``[web] dir`` of the manifest), if any."""
        folder = self.web.get("dir")
        if folder is None or self.directory is None:
            return None
        path = (self.directory / folder).resolve()
        return path if path.is_dir() and path.is_relative_to(self.directory.resolve()) else None


def resolve(reference: str, where: str = "") -> Any:
    """The object ``"package.module:attribute.attribute"`` names (the module is imported)."""
    module_name, _, attributes = reference.partition(":")
    if not module_name or not attributes:
        raise MeepleError(Msg(f"{where} : « {reference} » : module:attribut attendu",
                              f"{where}: '{reference}': module:attribute expected"))
    target: Any = importlib.import_module(module_name)
    for attribute in attributes.split("."):
        try:
            target = getattr(target, attribute)
        except AttributeError:
            raise MeepleError(Msg(f"{where} : « {reference} » : {attribute} introuvable",
                                  f"{where}: '{reference}': no {attribute}")) from None
    return target


# --- reading a manifest ----------------------------------------------------------------------------------
def read_manifest(path: Path, module: str) -> GamePlugin:
    """The game a ``game.toml`` describes; :class:`FormatError` naming the file and the field otherwise."""
    import tomllib

    source = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise FormatError(source, "", Msg("illisible", "unreadable")) from error
    except tomllib.TOMLDecodeError as error:
        raise FormatError(source, "", Msg(f"TOML invalide : {error}", f"invalid TOML: {error}")) from None
    name = data.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise FormatError(source, "name", Msg("un nom en minuscules (a-z, 0-9, -) est attendu",
                                              "a lower-case name (a-z, 0-9, -) is expected"))
    order = data.get("order", 100)
    if isinstance(order, bool) or not isinstance(order, int):
        raise FormatError(source, "order", Msg("un entier est attendu", "an integer is expected"))
    parts = _table(data, "parts", PARTS, source)
    web = _table(data, "web", WEB_KEYS, source)
    unknown = sorted(set(data) - {"name", "order", "title", "summary", "parts", "web"})
    if unknown:
        raise FormatError(source, unknown[0], Msg("clé inconnue", "unknown key"))
    return GamePlugin(name=name, title=_bilingual(data, "title", source), summary=_bilingual(data, "summary", source),
                      module=module, source=source, order=order, parts=parts, web=web, directory=path.parent)


def _bilingual(data: Mapping[str, Any], key: str, source: str) -> Msg:
    value = data.get(key)
    if not isinstance(value, Mapping) or set(value) != {"fr", "en"} \
            or not all(isinstance(text, str) and text.strip() for text in value.values()):
        raise FormatError(source, key, Msg("{ fr = \"…\", en = \"…\" } attendu", "{ fr = \"…\", en = \"…\" } expected"))
    return Msg(value["fr"], value["en"])


def _table(data: Mapping[str, Any], key: str, allowed: tuple[str, ...], source: str) -> dict[str, str]:
    table = data.get(key, {})
    if not isinstance(table, Mapping):
        raise FormatError(source, key, Msg("une table est attendue", "a table is expected"))
    for entry, value in table.items():
        if entry not in allowed:
            raise FormatError(source, f"{key}.{entry}", Msg(f"clé inconnue (connues : {', '.join(allowed)})",
                                                            f"unknown key (known: {', '.join(allowed)})"))
        if not isinstance(value, str) or not value:
            raise FormatError(source, f"{key}.{entry}", Msg("un texte est attendu", "a text is expected"))
    return dict(table)


def _manifest_of(module: str) -> Path | None:
    """The ``game.toml`` of package ``module``, found without importing it (``None``: not a package with one)."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or ()) if spec is not None else []
    for location in locations:
        candidate = Path(location) / MANIFEST
        if candidate.is_file():
            return candidate
    return None


def plugin_from_module(module: str, source: str) -> GamePlugin:
    """The game module ``module`` provides: its package's manifest, or (a plain module) its ``INFO``."""
    manifest = _manifest_of(module)
    if manifest is not None:
        return read_manifest(manifest, module)
    try:
        loaded = importlib.import_module(module)
    except ImportError as error:
        raise MeepleError(Msg(f"{source} : module introuvable : {module} ({error})",
                              f"{source}: module not found: {module} ({error})")) from None
    from meeple.core.game import GameInfo

    info = getattr(loaded, "INFO", None)
    if not isinstance(info, GameInfo):
        raise MeepleError(Msg(f"{source} : {module} n'a ni {MANIFEST} ni INFO (un GameInfo)",
                              f"{source}: {module} has neither a {MANIFEST} nor an INFO (a GameInfo)"))
    return GamePlugin(name=info.name, title=info.title, summary=info.summary, module=module, source=source,
                      loaded=loaded)


# --- the registry ---------------------------------------------------------------------------------------
@dataclass
class Registry:
    """Every game found, by name, in order, and what could not be read (one line each)."""

    games: dict[str, GamePlugin]
    problems: list[Msg]


def _found_in_tree() -> list[tuple[str, str]]:
    """``(module, source)`` of each package under ``meeple.games`` that has a manifest."""
    here = Path(__file__).resolve().parent
    return [(f"{__package__}.{folder.parent.name}", str(folder)) for folder in sorted(here.glob(f"*/{MANIFEST}"))]


def _found_by_entry_points() -> list[tuple[str, str]]:
    from importlib.metadata import entry_points

    found = []
    for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda point: point.name):
        where = f"entry point {point.name} = {point.value}"
        if point.dist is not None:
            where += f" ({point.dist.name})"
        found.append((point.value.partition(":")[0].strip(), where))
    return found


def _found_in_variable() -> list[tuple[str, str]]:
    names = [name.strip() for name in os.environ.get(PLUGINS_VARIABLE, "").split(",") if name.strip()]
    return [(name, f"{PLUGINS_VARIABLE}={name}") for name in names]


def scan(in_tree_only: bool = False, tree: Registry | None = None) -> Registry:
    """Look for every game now (see the module docstring); :func:`registry` keeps the answer. With
    ``in_tree_only``, only the packages under ``meeple.games``; given ``tree`` (that answer), only the rest
    is looked for and added after it."""
    games: dict[str, GamePlugin] = dict(tree.games) if tree is not None else {}
    problems: list[Msg] = list(tree.problems) if tree is not None else []
    sources = [] if tree is not None else _found_in_tree()
    if not in_tree_only:
        sources += [*_found_by_entry_points(), *_found_in_variable()]
    for module, source in sources:
        try:
            game = read_manifest(Path(source), module) if source.endswith(MANIFEST) \
                else plugin_from_module(module, source)
        except MeepleError as error:
            problems.append(error.message)
            continue
        if game.name in RESERVED_NAMES:
            problems.append(Msg(f"{game.source} : « {game.name} » est un nom réservé",
                                f"{game.source}: '{game.name}' is a reserved name"))
        elif game.name in games:
            first = games[game.name].source
            problems.append(Msg(f"{game.source} : le jeu « {game.name} » existe déjà ({first}) : ignoré",
                                f"{game.source}: the game '{game.name}' already exists ({first}): ignored"))
        else:
            games[game.name] = game
    ordered = sorted(games.values(), key=lambda game: game.order)  # stable: ties keep the order found
    return Registry({game.name: game for game in ordered}, problems)


@cache
def _tree() -> Registry:
    return scan(in_tree_only=True)


@cache
def registry() -> Registry:
    """The games of this process, looked for once (:func:`forget` to look again)."""
    return scan(tree=_tree())


def forget() -> None:
    """Look for the games again at the next :func:`registry` (a test that installs a plug-in)."""
    _tree.cache_clear()
    registry.cache_clear()


def plugins() -> dict[str, GamePlugin]:
    """Every game, by name, in lobby order."""
    return registry().games


def problems() -> list[Msg]:
    """What could not be read while looking for games: one sentence each, naming the file or module."""
    return list(registry().problems)


class UnknownGameError(MeepleError):
    """A game name the registry does not know."""

    def __init__(self, name: str) -> None:
        super().__init__(Msg(f"jeu inconnu « {name} »", f"unknown game '{name}'"))
        self.name = name


def plugin(name: str) -> GamePlugin:
    """The game called ``name``; :class:`UnknownGameError` if there is none. A game of meeple's own packages
    is found without looking through the installed distributions' entry points (a package comes first
    anyway), which keeps ``meeple hive uhp`` quick to start."""
    found = _tree().games.get(name) or plugins().get(name)
    if found is None:
        raise UnknownGameError(name)
    return found


def is_loaded(name: str) -> bool:
    """Whether anything of game ``name``'s own package has been imported in this process."""
    game = plugins().get(name)
    return game is not None and any(module == game.module or module.startswith(game.module + ".")
                                    for module in sys.modules)
