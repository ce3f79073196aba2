"""Icehouse Dash: seeded random play, replay, notation, views and determinize."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from core.engine import IllegalAction
from core.dash import GAME, Options, Play
from core.dash.cards import DECK, SIDES, SQUARES, UNKNOWN
from core.engine import NotationError
from core.dash.state import standing_trees

OPTIONS = [Options(), Options(hidden_hands=True)]


def accounted(s) -> None:
    pieces = Counter(p for st in s.stacks.values() for p in st)
    assert len(pieces) == 15 and set(pieces.values()) == {1}
    assert all(st for st in s.stacks.values())
    cards = [c for h in s.hands for c in h] + s.pile + [c for v in s.played.values() for c in v]
    assert sorted(cards) == sorted(DECK)
    assert s.turns == sum(len(v) for v in s.played.values())
    assert standing_trees(s.stacks) == s.tree_squares and sorted(s.trees) == sorted(s.tree_squares)


def random_game(seats, seed, options, check_all=False):
    s = GAME.new(seats, seed, options)
    rng = random.Random(seed)
    actions = []
    while not s.over:
        accounted(s)
        legal = s.legal_actions()
        assert legal, "a live game always has a legal play"
        if check_all:
            for a in legal:
                assert s.check(a) is None
            legal_set = set((a.card, a.side, a.src) for a in legal)
            for card in s.hands[s.to_move]:
                for side in SIDES:
                    for sq in s.stacks:
                        if (card, side, sq) not in legal_set:
                            assert s.check(Play(card, side, sq)), (card, side, sq)
        a = rng.choice(legal)
        before = s.to_move
        s.apply(a)
        actions.append(a)
        assert s.over or s.hands[s.to_move], "the player to move holds a card"
        assert before is not None
    accounted(s)
    assert s.legal_actions() == [] and s.to_move is None and s.outcome is not None
    assert s.outcome.scores == tuple(float(len(s.trees)) for _ in range(seats))
    assert (len(s.trees) == 5) == bool(s.outcome.winners)
    return s, actions


def test_random_play_1000_games_keeps_every_piece_and_card():
    ends = Counter()
    for i in range(1000):
        seats = 1 + i % 4
        s, _ = random_game(seats, 1000 + i, OPTIONS[(i // 4) % 2], check_all=(i % 50 == 0))
        ends[bool(s.outcome.winners)] += 1
    assert ends[False] > 0


def test_random_play_of_winnable_deals_keeps_every_piece_and_card():
    for i in range(24):
        options = Options(winnable=True, hidden_hands=bool(i % 2))
        s, actions = random_game(1 + i % 4, 5000 + i, options, check_all=(i % 6 == 0))
        assert s.options == options
        r = GAME.new(1 + i % 4, 5000 + i, options)
        for a in actions:
            r.apply(a)
        assert r.to_text() == s.to_text()


def test_check_agrees_with_legal_actions_and_gives_reasons():
    s = GAME.new(1, 3)
    legal = s.legal_actions()
    illegal = []
    for card in s.hands[0]:
        for side in SIDES:
            for sq in SQUARES:
                a = Play(card, side, sq)
                if a in legal:
                    assert s.check(a) is None
                else:
                    illegal.append(a)
                    assert isinstance(s.check(a), str) and s.check(a)
    assert illegal
    assert "do not hold" in s.check(Play(next(c for c in DECK if c not in s.hands[0]), "N", "a1"))
    with pytest.raises(IllegalAction):
        s.apply(illegal[0])


def test_illegal_apply_leaves_the_state_unchanged():
    s = GAME.new(2, 9)
    text = s.to_text()
    with pytest.raises(IllegalAction) as e:
        s.apply(Play("XX", "N", "a1"))
    assert e.value.reason
    assert s.to_text() == text


def test_replay_is_deterministic():
    for seats in range(1, 5):
        s, actions = random_game(seats, 77 + seats, Options())
        r = GAME.new(seats, 77 + seats, Options())
        for a in actions:
            r.apply(a)
        assert r.to_text() == s.to_text()
        assert r.log == s.log


def test_actions_serialise_as_tagged_json():
    a = Play("5D", "N", "e2")
    data = GAME.action_to_builtins(a)
    assert data == {"type": "play", "card": "5D", "side": "N", "src": "e2"}
    assert GAME.action_from_builtins(data) == a
    assert msgspec.json.decode(msgspec.json.encode(a), type=GAME.Action) == a
    assert GAME.options_from_builtins({"winnable": True}) == Options(winnable=True)


def test_notation_round_trips_every_position():
    for seats in range(1, 5):
        s = GAME.new(seats, 500 + seats, OPTIONS[seats % 2])
        rng = random.Random(seats)
        while True:
            t = s.to_text()
            back = GAME.from_text(t)
            assert back.to_text() == t and back == s
            assert back.legal_actions() == s.legal_actions()
            v = s.view(0)
            assert GAME.from_text(v.to_text()).to_text() == v.to_text()
            if s.over:
                assert back.over and back.outcome == s.outcome
                break
            s.apply(rng.choice(s.legal_actions()))


def test_notation_rejects_bad_text():
    t = GAME.new(1, 1).to_text()
    with pytest.raises(NotationError):
        GAME.from_text(t.replace("board ", "board a1:Z9 "))
    with pytest.raises(NotationError):
        GAME.from_text("\n".join(line for line in t.splitlines() if not line.startswith("pile")))
    with pytest.raises(NotationError):
        GAME.from_text(t.replace("hand1 ", "hand1 AC AC "))


def test_notation_trees_line_must_agree_with_the_board():
    t = GAME.new(1, 1).to_text()
    with pytest.raises(NotationError, match="trees standing on the board"):
        GAME.from_text(t.replace("trees -", "trees R:a1"))


def test_views_hide_pile_order_and_seeds():
    s = GAME.new(1, 21)
    for seat in (0, None):
        v = s.view(seat)
        assert v.pile == [UNKNOWN] * s.pile_count and v.pile_count == s.pile_count
        assert v.seed is None and v.deal_seed is None
        assert str(s.seed) not in v.to_text().splitlines()[1]
        assert v.hands == s.hands  # open hands by default
        for c in s.pile:
            assert c not in v.to_text().split("pile", 1)[1].split("\n", 1)[0]


def test_ruling_hidden_hands_view_hides_other_hands():
    s = GAME.new(3, 5, Options(hidden_hands=True))
    v = s.view(1)
    assert v.hands[1] == s.hands[1]
    assert v.hands[0] == [UNKNOWN] * len(s.hands[0]) and v.hands[2] == [UNKNOWN] * len(s.hands[2])
    spectator = s.view(None)
    assert all(set(h) == {UNKNOWN} for h in spectator.hands)
    text = v.to_text()
    for c in s.hands[0] + s.hands[2] + s.pile:
        assert f" {c}" not in text.split("board", 1)[1].split("hand1", 1)[1].replace(" " + " ".join(s.hands[1]), "")


def test_determinize_fills_only_the_unknown_consistently():
    s = GAME.new(3, 8, Options(hidden_hands=True))
    for _ in range(3):
        s.apply(s.legal_actions()[0]) if not s.over else None
    v = s.view(s.to_move if s.to_move is not None else 0)
    d = v.determinize(random.Random(4))
    accounted(d)
    seat = s.to_move if s.to_move is not None else 0
    assert d.hands[seat] == s.hands[seat]
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    assert d.stacks == s.stacks and d.played == s.played
    assert d.legal_actions() == s.legal_actions() or s.over
    assert v.determinize(random.Random(4)).to_text() == d.to_text()
    assert UNKNOWN not in d.to_text()


def test_clone_is_independent():
    s = GAME.new(2, 4)
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert c.to_text() != s.to_text()
    assert GAME.new(2, 4).to_text() == s.to_text()


def test_new_rejects_wrong_seat_counts():
    with pytest.raises(ValueError):
        GAME.new(5, 1)
    with pytest.raises(ValueError):
        GAME.new(0, 1)


def test_prompt_and_log_are_words():
    s = GAME.new(2, 6)
    assert "play a card" in s.prompt.lower()
    a = s.legal_actions()[0]
    s.apply(a)
    assert s.log[-1].endswith(s.log[-1]) and "Player" in s.log[-1] or "draw" in s.log[-1] or s.over
