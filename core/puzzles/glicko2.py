"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), for puzzles:
a player's rating against each puzzle's, both moved by every attempt, as puzzle
sites do. The puzzle is the player's opponent; solving it is a win."""

from __future__ import annotations

import math

import msgspec

SCALE = 173.7178  # Glicko to Glicko-2 units
TAU = 0.5  # how much the volatility may change (Glickman suggests 0.3 to 1.2)
START = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
MIN_RD = 45.0  # a rating never becomes certain enough to stop moving


class Rating(msgspec.Struct, frozen=True):
    rating: float = START
    rd: float = START_RD
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def expected(me: Rating, other: Rating) -> float:
    """The chance `me` beats `other`, as Glicko-2 reckons it."""
    mu, mu_j, phi_j = (me.rating - START) / SCALE, (other.rating - START) / SCALE, other.rd / SCALE
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(me: Rating, other: Rating, score: float) -> Rating:
    """`me` after one game against `other`, scoring 1 (won), 0.5 or 0 (lost)."""
    return update_period(me, [(other, score)])


def update_period(me: Rating, games: list[tuple[Rating, float]]) -> Rating:
    """`me` after a rating period of `games` (opponent, score); none only widens
    the deviation."""
    mu, phi, sigma = (me.rating - START) / SCALE, me.rd / SCALE, me.volatility
    if not games:
        return Rating(me.rating, min(START_RD, SCALE * math.sqrt(phi * phi + sigma * sigma)), sigma)
    inv_v = 0.0
    total = 0.0
    for other, score in games:
        mu_j, phi_j = (other.rating - START) / SCALE, other.rd / SCALE
        g = _g(phi_j)
        e = 1 / (1 + math.exp(-g * (mu - mu_j)))
        inv_v += g * g * e * (1 - e)
        total += g * (score - e)
    v = 1 / inv_v
    delta = v * total
    sigma = _volatility(delta, phi, v, sigma)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu = mu + phi * phi * total
    return Rating(START + SCALE * mu, max(MIN_RD, SCALE * phi), sigma)


def _volatility(delta: float, phi: float, v: float, sigma: float) -> float:
    # Step 5 of Glickman's example: the Illinois algorithm on f(x) = 0.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / TAU**2

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > 1e-6:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    return math.exp(big_a / 2)
