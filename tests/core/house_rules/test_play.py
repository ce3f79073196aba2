"""Seeded random play to the end with invariants, replay, notation, views, check."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from core.engine import IllegalAction
from core.house_rules import GAME, Move, Options, PlaceMarker, PlayCard, Revive, Swap
from core.house_rules.board import BASE, CELL_INDEX, CELL_NAMES, COL, UP, VALUE

ARMY = [0, 2, 2, 2, 1]  # pawns of each base value 1-4
MODES = [Options(cards="hands"), Options(cards="none"), Options(cards="random", random_cards=4),
         Options(cards="hands", first="black"), Options(cards="random", random_cards=10)]


def pick(state, rng: random.Random, acts=None):
    """A random legal action, leaning towards captures so that games end sooner."""
    acts = acts if acts is not None else state.legal_actions()
    if rng.random() < 0.6:
        board = state.board
        caps = [a for a in acts if type(a) is Move and board[CELL_INDEX[a.dst]]]
        if caps:
            return rng.choice(caps)
    return rng.choice(acts)


def check_invariants(s) -> None:
    """14 pawns accounted for kind by kind, totals match the board, one upgrade a
    pawn at most, every card once, at most 4 markers."""
    count = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    tot = [0, 0]
    for k in s.board:
        if k:
            c, b = COL[k], BASE[k]
            count[c][b] += 1
            tot[c] += VALUE[k]
            assert VALUE[k] - b in (0, 1) and (UP[k] != 1 or b < 4)
    for c in (0, 1):
        for b in s.captured_bases[c]:
            count[c][b] += 1
        assert count[c] == ARMY
    assert s.totals() == (tot[0], tot[1])
    cards = s.hands[0] + s.hands[1] + s.cards_in_force
    assert len(cards) == len(set(cards))
    assert len(s.marker_cells) <= 4 and len(set(s.marker_cells)) == len(s.marker_cells)
    if s.over:
        assert s.to_move is None and s.legal_actions() == [] and s.outcome is not None
    else:
        assert s.to_move in (0, 1)


def random_game(seed: int, options, full_check: bool = False):
    s = GAME.new(2, seed, options)
    rng = random.Random(seed)
    actions = []
    check_invariants(s)
    while not s.over:
        legal = s.legal_actions()
        assert legal
        if full_check:
            assert len(legal) == len(set(legal)) and s.prompt
            for a in legal:
                assert s.check(a) is None, (a, s.check(a))
        a = pick(s, rng, legal)
        assert s.check(a) is None
        s.play(a)
        actions.append(a)
        check_invariants(s)
        assert len(actions) < 3000
    return s, actions


def test_random_play_1000_games_to_the_end_with_invariants():
    reasons = Counter()
    for seed in range(1000):
        s, _ = random_game(seed, MODES[seed % len(MODES)])
        reasons[s.outcome.reason.split(":")[0]] += 1
    assert reasons["White wins"] > 100 and reasons["Black wins"] > 100


def test_check_agrees_with_legal_actions():
    illegal_reasons = 0
    for seed in range(40):
        s, actions = random_game(seed, MODES[seed % len(MODES)], full_check=True)
    # Some illegal actions get a reason, and apply refuses them unchanged.
    s = GAME.new(2, 3)
    rng = random.Random(3)
    for _ in range(200):
        if s.over:
            break
        legal = set(s.legal_actions())
        for _ in range(20):
            a = rng.choice([
                Move(rng.choice(CELL_NAMES), rng.choice(CELL_NAMES)),
                PlayCard(rng.choice(["sprint", "fortress", "change", "joker"])),
                Revive(rng.randint(1, 4), rng.choice(CELL_NAMES)),
                PlaceMarker(rng.choice(CELL_NAMES)),
                Swap(rng.choice(CELL_NAMES), rng.choice(CELL_NAMES)),
            ])
            if a not in legal:
                reason = s.check(a)
                assert isinstance(reason, str) and reason
                before = s.to_text()
                with pytest.raises(IllegalAction):
                    s.apply(a)
                assert s.to_text() == before
                illegal_reasons += 1
        s.apply(pick(s, rng))
    assert illegal_reasons > 1000


def test_replay_is_deterministic():
    for seed in (1, 2, 3, 4, 5):
        options = MODES[seed % len(MODES)]
        s, actions = random_game(seed, options)
        r = GAME.new(2, seed, options)
        for a in actions:
            r.apply(a)
        assert r.to_text() == s.to_text()
        assert r.log == s.log
        assert r.outcome == s.outcome


def test_actions_round_trip_as_json():
    s, actions = random_game(8, MODES[0])
    data = [GAME.action_to_builtins(a) for a in actions]
    back = [GAME.action_from_builtins(msgspec.json.decode(msgspec.json.encode(d))) for d in data]
    assert back == actions
    assert all("type" in d for d in data)
    opts = Options(cards="random", random_cards=5, first="black")
    assert GAME.options_from_builtins(GAME.options_to_builtins(opts)) == opts


def test_notation_round_trip():
    for seed in range(12):
        s = GAME.new(2, seed, MODES[seed % len(MODES)])
        rng = random.Random(seed)
        while not s.over:
            back = GAME.from_text(s.to_text())
            assert back == s
            assert back.to_text() == s.to_text()
            assert back.legal_actions() == s.legal_actions()
            s.play(pick(s, rng))
        back = GAME.from_text(s.to_text())
        assert back == s and back.outcome == s.outcome


def test_notation_rejects_broken_text():
    from core.house_rules import NotationError

    good = GAME.new(2, 1).to_text()
    for bad in ["", "CHESS\n", good.replace("W4", "Q4"), good.replace("Phase: before", "Phase: lunch"),
                good.replace("In force: -", "In force: joker"), "\n".join(good.splitlines()[:5])]:
        with pytest.raises(NotationError):
            GAME.from_text(bad)


def test_views_leak_nothing_hidden():
    s, _ = random_game(11, Options(cards="random"))
    for seat in (0, 1, None):
        v = s.view(seat)
        assert v.seed is None
        assert "seed -" in v.to_text() and "seed 11" not in v.to_text()
        assert v.board == s.board and v.hands == s.hands  # all else is open
    s2 = GAME.new(2, 12)
    v = s2.view(1)
    d = v.determinize(random.Random(1))
    assert d.legal_actions() == s2.legal_actions() and d.seed is None


def test_clone_is_independent():
    s = GAME.new(2, 1)
    c = s.clone()
    c.apply(PlayCard("sprint"))
    c.apply(Move("d1", "d3"))
    assert s.cards_in_force == [] and s.pawn_at("d3") is None and s.hands[0][3] == "sprint"
    assert c != s and s.clone() == s


def test_notation_fields_are_documented():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "house-rules.md").read_text()
    text = GAME.new(2, 1).to_text()
    fields = [ln.split(":")[0] for ln in text.splitlines() if ":" in ln]
    assert len(fields) == 14
    for f in fields:
        assert f"`{f}:" in doc, f
