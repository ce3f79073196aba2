"""The `Game` protocol is declared on core.engine.Game (issue 14): every game
subclasses it, the optional parts have defaults, and the four notations fail
with the one NotationError."""

from __future__ import annotations

import datetime
import random

import pytest

from core import GAMES
from core.ai import LEVELS, bot
from core.engine import Game, NotationError

DAY = datetime.date(2026, 12, 1)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_is_a_game_with_the_whole_protocol(game_id):
    game = GAMES[game_id]
    assert isinstance(game, Game)
    for name in ("make_bot", "check_options", "daily_seed", "option_labels", "option_choices"):
        assert hasattr(type(game), name), name
    assert set(game.option_labels) <= set(game.Options.__struct_fields__)
    assert set(game.option_help) <= set(game.Options.__struct_fields__)
    assert game.check_options(game.Options()) is None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_bad_notation_raises_the_one_notation_error_a_value_error(game_id):
    with pytest.raises(NotationError) as info:
        GAMES[game_id].from_text("not a position at all\n")
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
