"""Ratings of a host's players, per game: OpenSkill's Plackett-Luce model, which rates
free-for-all games of 2 to 5 seats (and ties). Pure: no files, no clock, no host.

A rating is (mu, sigma): the skill the host believes in and how unsure it is. What a
player is shown is the conservative figure `displayed` (mu - 3 sigma, OpenSkill's
"ordinal"): a new player shows 0 and climbs as games confirm their skill.

Bots are rated too, but never change: each game declares a fixed figure a level
(`Game.bot_ratings`, default core.engine.BOT_RATINGS), so beating a hard bot is worth
more than beating an easy one, and a player can climb playing bots alone. (The
figures are our estimate of each level's strength, ordered as the bench's win rates
between levels are, docs/performance.md.)

Cooperative games (Icehouse Dash) are not rated: everybody wins or loses together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from core.engine import AnyGame  # for the checker only

MU = 25.0
SIGMA = MU / 3


class Rating(NamedTuple):
    mu: float
    sigma: float


NEW = Rating(MU, SIGMA)

# A bot's rating is sure (sigma 1), so a game against a bot moves the player, not the
# bot's figure, which never changes.
BOT_SIGMA = 1.0


def displayed(rating: Rating | tuple[float, float]) -> float:
    """The figure a player is shown: mu - 3 sigma (conservative, starts at 0)."""
    mu, sigma = rating
    return mu - 3 * sigma


def bot_rating(game_id: str, level: str | None) -> Rating:
    """The fixed rating of `game_id`'s bot at `level` (its game's `bot_ratings`)."""
    from core import GAMES

    strengths = GAMES[game_id].bot_ratings
    return Rating(strengths.get(level or "normal", strengths["normal"]), BOT_SIGMA)


def rated_game(game: AnyGame) -> bool:
    """Whether tables of `game` (a core Game or GameInfo) are rated: not cooperative."""
    return not game.cooperative


def ranks_of(outcome: Any, seats: int) -> list[int]:
    """Each seat's place from a finished game's Outcome: the winners share first
    place, everybody else shares second (no winner: all tied)."""
    winners = set(outcome.winners)
    if not winners:
        return [1] * seats
    return [1 if i in winners else 2 for i in range(seats)]


def rate(game_id: str, seats: list[tuple[str, str, str | None]], ranks: list[int],
         current: dict[str, Rating | tuple[float, float]]) -> dict[str, Rating]:
    """New ratings of the people at a finished table.

    `seats`: (name, kind, level) a seat, kind "human" or "bot"; `ranks`: each seat's
    place (1 is best, equal numbers tie); `current`: the people's ratings now (one
    missing is new). Returns the people's new ratings by name; bots are left out (their
    ratings are fixed). A table with fewer than two seats, or a person in two seats,
    rates nobody."""
    from openskill.models import PlackettLuce

    if len(seats) < 2 or len(ranks) != len(seats):
        return {}
    people = [name for name, kind, _ in seats if kind == "human"]
    if not people or len(set(people)) != len(people) or any(not name for name in people):
        return {}
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    teams = []
    for name, kind, level in seats:
        mu, sigma = bot_rating(game_id, level) if kind == "bot" else current.get(name, NEW)
        teams.append([model.rating(mu=mu, sigma=sigma, name=name)])
    new = model.rate(teams, ranks=list(ranks))
    return {name: Rating(team[0].mu, team[0].sigma)
            for (name, kind, _), team in zip(seats, new) if kind == "human"}
