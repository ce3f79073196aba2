"""The `Game` protocol is declared on core.engine.Game (issue 14): every game
subclasses it, the optional parts have defaults, and the four notations fail
with the one NotationError."""

from __future__ import annotations

import datetime
import random

import pytest

from core import GAMES
from core.ai import LEVELS, bot
from core.engine import Coach, Game, NotationError
from every_game import every_game, game  # noqa: F401  (the fixture)

DAY = datetime.date(2026, 12, 1)


@pytest.mark.parametrize("game_id", every_game())
def test_every_game_is_a_game_with_the_whole_protocol(game):
    game = GAMES[game]
    assert isinstance(game, Game)
    for name in ("make_bot", "check_options", "daily_seed", "option_labels", "option_choices"):
        assert hasattr(type(game), name), name
    assert set(game.option_labels) <= set(game.Options.__struct_fields__)
    assert set(game.option_help) <= set(game.Options.__struct_fields__)
    assert game.check_options(game.Options()) is None


@pytest.mark.parametrize("game_id", every_game())
def test_bad_notation_raises_the_one_notation_error_a_value_error(game):
    with pytest.raises(NotationError) as info:
        GAMES[game].from_text("not a position at all\n")
    assert isinstance(info.value, ValueError) and str(info.value)


def test_daily_seed_is_on_the_game_and_matches_the_module_functions():
    from core.dash import daily_seed as dash_daily
    from core.town.solo import daily_seed as town_daily

    assert GAMES["dash"].daily_seed(DAY) == dash_daily(DAY)
    assert GAMES["town"].daily_seed(DAY) == town_daily(DAY)
    assert GAMES["skirmish"].daily_seed(DAY) is None
    assert GAMES["house-rules"].daily_seed(DAY) is None


def test_a_game_without_bots_says_so_through_the_declared_default():
    with pytest.raises(ValueError, match="no computer players"):
        bot("dash", "easy")
    with pytest.raises(ValueError, match="no computer players"):
        GAMES["dash"].make_bot("easy", random.Random(0))


def test_house_rules_checks_its_options_in_words():
    game = GAMES["house-rules"]
    assert "Random cards must be 2 to 10" in game.check_options(game.Options(cards="random", random_cards=12))


def test_levels_are_defined_once_in_core():
    from core.skirmish import bots

    assert bots.LEVELS is LEVELS


def test_the_days_deal_options_are_declared_by_each_game():
    from core import GAMES

    assert GAMES["dash"].daily_options().winnable is True  # the day's Dash deal can be won
    assert GAMES["town"].daily_options() == GAMES["town"].options_from_builtins(None)


# -- issue 23 item 1: the protocol declares what the app, the host and the tests need ------

def random_game(game_id: str, seats: int, seed: int, options=None, most: int = 2000):
    """A game of random legal moves from the deal `seed`, played to its end."""
    state = GAMES[game_id].new(seats, seed, options)
    rng = random.Random(seed)
    for _ in range(most):
        if state.over:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.over
    return state


@pytest.mark.parametrize("game_id", every_game())
def test_the_registry_entry_is_the_one_place_a_games_metadata_is_said(game):
    info, g = GAMES.info(game), GAMES[game]
    assert g.info is info and info.id == game
    assert (g.id, g.title, g.seats, g.cooperative) == (info.id, info.title, info.seats, info.cooperative)
    assert info.solo == (1 in g.seats) and info.rated == (not g.cooperative)
    assert info.module == type(g).__module__  # the registry names the game's own package


@pytest.mark.parametrize("game_id", every_game())
def test_hidden_information_as_declared_a_view_determinizes_to_itself_only_without(game):
    """`hidden_information` is what the engine does: without it a view is the whole
    position (its determinizations are itself); with it some view is not."""
    g, info = GAMES[game], GAMES.info(game)
    hidden = False
    for seats in g.seats:
        state, rng = g.new(seats, 3), random.Random(1)
        for _ in range(40):
            if state.over:
                break
            view = state.view(state.to_move)
            made = {view.determinize(random.Random(k)).to_text() for k in range(3)}
            hidden = hidden or made != {view.to_text()}
            state.apply(rng.choice(state.legal_actions()))
    assert hidden == info.hidden_information


@pytest.mark.parametrize("game_id", every_game())
def test_make_bot_takes_a_level_an_rng_and_an_iterations_cap(game):
    """`make_bot(level, rng, iterations=None)`, as docs/architecture.md says: every
    level of a competitive game plays a legal move with a small cap; a cooperative
    game has no bots."""
    g = GAMES[game]
    state = g.new(g.seats.start if g.seats.start > 1 else 2, 5)
    if g.cooperative:
        with pytest.raises(ValueError, match="no computer players"):
            g.make_bot("easy", random.Random(0), iterations=5)
        return
    for level in LEVELS:
        chosen = g.make_bot(level, random.Random(0), iterations=5).choose(state.view(state.to_move), 30.0)
        assert state.check(chosen) is None, (level, chosen)


@pytest.mark.parametrize("game_id", every_game())
def test_the_coach_is_declared_by_the_game_not_found_by_its_module_name(game):
    coach = GAMES[game].coach()
    assert isinstance(coach, Coach)
    g = GAMES[game]
    state = g.new(g.seats.start if g.seats.start > 1 else 2, 2)
    if g.info.solo and g.cooperative:
        state = g.new(1, 2)
    from core.ai.coach import hint

    found = hint(game, state.view(state.to_move), budget_s=0.3, effort=2)
    assert state.check(found.action) is None and str(found.reason)


@pytest.mark.parametrize("game_id", every_game())
def test_a_daily_deal_is_declared_once_and_its_result_computed_by_the_game(game):
    """`info.daily` says whether a game has a deal of the day; the game gives its seed,
    and the result of a finished one (won, count, rank) from the state alone."""
    g, daily = GAMES[game], GAMES.info(game).daily
    if daily is None:
        assert g.daily_seed(DAY) is None
        with pytest.raises(ValueError, match="no deal of the day"):
            g.daily_result(g.new(g.seats.start, 1))
        return
    assert g.info.solo  # a deal of the day is played alone
    state = random_game(game, 1, g.daily_seed(DAY), g.daily_options())
    won, count, rank = g.daily_result(state)
    assert won == bool(state.outcome.winners) and isinstance(count, int) and count >= 0
    assert (rank is not None) == daily.ranked
    if daily.ranked:
        assert rank == g.rank(next(iter(g.solo_measures)), count)


@pytest.mark.parametrize("game_id", every_game())
def test_solo_results_are_the_games_declared_measures(game):
    """The statistics keep the best of `solo_results`, named in `solo_measures` (with
    their words and which way is better); a game with others has none."""
    g = GAMES[game]
    for seats in (g.seats.start, g.seats.stop - 1):
        results = g.solo_results(random_game(game, seats, 4))
        assert set(results) <= set(g.solo_measures)
        assert bool(results) == (seats == 1 and bool(g.solo_measures))
    for measure in g.solo_measures.values():
        assert measure.words and isinstance(measure.more_is_better, bool)


def test_the_days_results_of_dash_and_town_are_counted_as_before():
    """Dash: the cards played (fewer is better); TOWN 77: tiles placed and their rank."""
    dash = random_game("dash", 1, 7)
    assert GAMES["dash"].daily_result(dash) == (bool(dash.outcome.winners), dash.turns, None)
    assert GAMES.info("dash").daily.more_is_better is False
    town = random_game("town", 1, 7)
    from core.town.words import level_for

    assert GAMES["town"].daily_result(town) == (bool(town.outcome.winners), town.placed, level_for(town.placed))
    assert GAMES["town"].solo_results(town) == {"most_tiles_placed": float(town.placed)}
    assert GAMES.info("town").daily.more_is_better is True


@pytest.mark.parametrize("game_id", [g for g in GAMES if not GAMES.info(g).cooperative])
def test_bot_ratings_are_the_games_own_and_rise_with_the_level(game_id):
    from host.ratings import bot_rating

    figures = [bot_rating(game_id, level).mu for level in LEVELS]
    assert figures == sorted(figures) and len(set(figures)) == len(LEVELS)
    assert figures == [GAMES[game_id].bot_ratings[level] for level in LEVELS]


def test_a_game_registered_twice_is_refused_and_a_toy_game_comes_and_goes():
    import toygame

    with pytest.raises(ValueError, match="registered already"):
        GAMES.register(GAMES.info("dash"))
    assert toygame.ID not in GAMES
    with toygame.registered() as game_id:
        assert game_id in GAMES and list(GAMES)[-1] == game_id
        assert GAMES[game_id] is toygame.GAME
    assert toygame.ID not in GAMES
