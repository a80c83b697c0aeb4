"""Glicko-2, written from Mark Glickman's paper « Example of the Glicko-2 system » (2013).

One call of :func:`update` is one rating period. meeple uses one game as one rating period (the
rating changes after every rated game, as lichess does); an account that does not play keeps its RD
(no time-based RD growth yet).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
"""The Glicko-2 scale factor between the Glicko scale (1500, 350) and the internal (0, 2.01) one."""
TAU = 0.5
"""The system constant constraining the volatility's change (the paper suggests 0.3 to 1.2)."""
EPSILON = 0.000001
"""The convergence tolerance of the volatility iteration (the paper's value)."""
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
PROVISIONAL_RD = 110.0
"""A rating is provisional (shown with « ? ») while its RD is above this."""
MIN_RD = 30.0
"""RD never drops below this, so that a rating can still move."""
MAX_RD = 350.0


@dataclass(frozen=True)
class Rating:
    """A rating on the Glicko scale: value, rating deviation, volatility."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, games: list[tuple[Rating, float]], tau: float = TAU,
           min_rd: float = 0.0, max_rd: float = MAX_RD) -> Rating:
    """The player's rating after one rating period with ``games`` (opponent's rating, score 1 / 0.5 / 0).

    With no games only the RD grows (step 6 of the paper). ``min_rd`` / ``max_rd`` bound the result's RD
    (the paper has no bounds: pass 0 and infinity to get its figures exactly)."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(max(phi_star * SCALE, min_rd), max_rd), sigma)
    # Step 3: the estimated variance v; step 4: the estimated improvement delta.
    inverse_v = 0.0
    total = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
        phi_j = opponent.rd / SCALE
        expected = _e(mu, mu_j, phi_j)
        g = _g(phi_j)
        inverse_v += g * g * expected * (1.0 - expected)
        total += g * (score - expected)
    v = 1.0 / inverse_v
    delta = v * total
    # Step 5: the new volatility, by the Illinois algorithm.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2.0)
    # Steps 6 and 7: the new RD and rating; step 8: back to the Glicko scale.
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * total
    return Rating(SCALE * new_mu + DEFAULT_RATING, min(max(SCALE * new_phi, min_rd), max_rd), new_sigma)


def after_game(player: Rating, opponent: Rating, score: float) -> Rating:
    """meeple's rating period: one game (``score`` 1 win, 0.5 draw, 0 loss), RD kept within 30–350."""
    return update(player, [(opponent, score)], min_rd=MIN_RD)
