"""Every refusal says what kind of no it is (docs/architecture.md, "Refusals"):
`check` returns a `Refusal`, a str of the words a player reads with a `kind`
(core.engine.RefusalKind) that the app and the host act on, never the words.

One test per kind per game, generated from the registry (core.GAMES), so a game
added there is held to it without an edit here: GAME_OVER after the end,
MALFORMED for what is no move of the game, NOT_LEGAL for a move of the game the
rules refuse now, NOT_YOUR_TURN for a player moving out of turn (a match knows who
asks: a table's seat, a person while a bot is to move)."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

import saves
from core import GAMES
from core.engine import IllegalAction, Refusal, RefusalKind

GAME_IDS = list(GAMES)


def two_seats(game_id: str) -> int:
    seats = GAMES[game_id].seats
    return 2 if 2 in seats else seats.start


def random_game(game_id: str, seed: int = 3) -> tuple[list[Any], list[Any]]:
    """A game played to its end by random legal moves: every position, and every
    action it played."""
    game = GAMES[game_id]
    state = game.new(two_seats(game_id), seed, game.options_from_builtins(None))
    rng = random.Random(seed)
    states, actions = [state.clone()], []
    while not state.over and len(actions) < 20_000:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        states.append(state.clone())
        actions.append(action)
    assert state.over, "random play ends every game"
    return states, actions


def assert_refused(state: Any, action: Any, kind: RefusalKind) -> None:
    reason = state.check(action)
    assert isinstance(reason, Refusal) and reason.kind is kind and str(reason), (action, reason)
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert refused.value.kind is kind and refused.value.reason == reason


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_after_the_end_is_refused_as_game_over(game_id):
    states, actions = random_game(game_id)
    end = states[-1]
    for action in {*actions[-5:], actions[0], None}:
        assert_refused(end, action, RefusalKind.GAME_OVER)
    assert end.check(None) == "The game is over."  # the words, read as a str, as before


def wrong_kind(value: Any) -> Any:
    """A value of another kind than `value` (an int for a str, a str for an int...)."""
    if isinstance(value, bool) or value is None:
        return "yes"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return 7
    return None  # a tuple


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_what_is_no_move_of_the_game_is_refused_as_malformed(game_id):
    states, actions = random_game(game_id)
    start = states[0]
    others = [a for other in GAME_IDS if other != game_id
              for a in random_game(other)[1][:3]]  # the moves of the other games
    candidates: list[Any] = [None, "a move", 7, (), *others]
    for action in dict.fromkeys(actions):  # a move of the game with a field of the wrong kind
        for name in action.__struct_fields__:
            candidates.append(msgspec.structs.replace(action, **{name: wrong_kind(getattr(action, name))}))
    assert len(candidates) > 8
    for action in candidates:
        assert_refused(start, action, RefusalKind.MALFORMED)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_of_the_game_the_rules_refuse_now_is_refused_as_not_legal(game_id):
    states, actions = random_game(game_id)
    seen = list(dict.fromkeys(actions))
    tried = 0
    for state in states[:-1]:
        legal = set(state.legal_actions())
        for action in [a for a in seen if a not in legal][:10]:  # legal elsewhere, not here
            assert_refused(state.clone(), action, RefusalKind.NOT_LEGAL)
            tried += 1
    assert tried > 20


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_out_of_turn_is_refused_as_not_your_turn(game_id):
    game = GAMES[game_id]
    n = two_seats(game_id)
    if n < 2:
        pytest.skip(f"{game.title} has one seat: nobody else's turn")
    save = saves.new_save(game_id, [saves.Seat(f"P{i}") for i in range(n)], None, 5)
    table = saves.TableMatch(save, saves.replay(save))
    mover = table.state.to_move
    action = table.state.legal_actions()[0]
    assert table.check(action, mover) is None
    for seat in range(n):
        if seat != mover:
            reason = table.check(action, seat)
            assert isinstance(reason, Refusal) and reason.kind is RefusalKind.NOT_YOUR_TURN, reason
    # A person at a local game while a bot is to move (a game with bots).
    try:
        game.make_bot("easy", random.Random(1))
    except ValueError:
        return
    seats = [saves.Seat(f"P{i}", "bot", "easy") if i == mover else saves.Seat(f"P{i}") for i in range(n)]
    local = saves.LocalMatch(saves.new_save(game_id, seats, None, 5), saves.replay(save))
    reason = local.check(action)
    assert isinstance(reason, Refusal) and reason.kind is RefusalKind.NOT_YOUR_TURN, reason


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_match_keeps_the_kind_when_it_names_the_seats(game_id):
    """A match draws the engine's words with the players' names and keeps the kind."""
    states, actions = random_game(game_id)
    save = saves.new_save(game_id, [saves.Seat(f"P{i}") for i in range(states[0].seats)], None, 3)
    match = saves.LocalMatch(save, saves.replay(save))
    assert match.check(None).kind is RefusalKind.MALFORMED
    illegal = next(a for a in actions if a not in match.state.legal_actions())
    assert match.check(illegal).kind is RefusalKind.NOT_LEGAL
