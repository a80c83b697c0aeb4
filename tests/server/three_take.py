"""Take for three players, in turn: the server's actions in a game of more than two (consents, rematch seats)."""

from __future__ import annotations

from meeple.core.game import GameInfo, Outcome
from meeple.core.i18n import Msg
from meeple.server.registry import GameAdapter, GameRegistry
from tests.core.tiny_games import Take
from tests.server.conftest import test_registry


class ThreeTake(Take):
    """Take 1 to 3 stones, three players in turn; who takes the last stone wins."""

    name = "take3"

    @property
    def num_players(self) -> int:
        return 3

    def to_move(self) -> int | None:
        return None if self.pile == 0 else len(self.stack) % 3

    def outcome(self) -> Outcome | None:
        if self.pile:
            return None
        return Outcome(frozenset({(len(self.stack) - 1) % 3}), Msg("dernière pierre", "last stone"))


INFO = GameInfo(name="take3", title=Msg("Prendre à trois", "Take for three"),
                summary=Msg("Prendre, à trois", "Take, for three"), factory=ThreeTake.new)


def registry_with_three() -> GameRegistry:
    """The test games and Take for three."""
    return test_registry().with_game(INFO, GameAdapter())
