"""Seeded random play to the end with invariants; replay; notation; views."""

from __future__ import annotations

import os
import random

from core.skirmish import GAME, Options
from core.skirmish import actions as A
from core.skirmish.cards import IS_SOLDIER, KIND, NAME
from core.skirmish.units import lead

GAMES = 4000 if os.environ.get("HOUSES_SLOW") else 1000  # the default run's share of the suite's time


def cards_accounted(s) -> list[int]:
    cards = list(s.deck) + s.up + s.down + [c for h in s.hands for c in h] + s.in_flight()
    for q in range(s.seats):
        for rank in (s.front[q], s.rear[q]):
            for u in rank:
                cards.append(u.first)
                if u.second >= 0:
                    cards.append(u.second)
    return cards


def probes(s) -> list:
    """A handful of actions, mostly illegal, to test `check`'s reasons."""
    p = s.to_move
    out = [A.Done(), A.Attack(0, (p + 1) % s.seats, -1), A.Block(0, 0), A.Target(0, 0),
           A.Pick(0), A.Return(0), A.Bond(0, 1), A.Split(0, 0), A.Guard(True),
           A.StartWith(0), A.Summon(3), A.Variant("necromancer"), A.CopyRank(13)]
    hand = s.hands[p] if p is not None else []
    out += [A.Deploy(c) for c in hand[:3]] + [A.Deploy(c, 0, True) for c in hand[:2]]
    out += [A.Scout(c, (p + 1) % s.seats) for c in hand if c % 13 == 1]
    return out


def play_checked(seats: int, seed: int, jokers: bool, deep: bool):
    s = GAME.new(seats, seed, Options(jokers=jokers))
    total = 54 if jokers else 52
    rng = random.Random(seed)
    life = list(s.life)
    steps = 0
    while not s.over:
        acts = s.legal_actions()
        assert acts and s.to_move is not None and s.prompt
        if deep and steps % 5 == 0:
            for a in acts:
                assert s.check(a) is None, (a, s.check(a))
            for a in probes(s):
                if a not in acts:
                    reason = s.check(a)
                    assert isinstance(reason, str) and len(reason) > 8
        a = rng.choice(acts)
        turn = s.turn
        s.play(a)
        steps += 1
        assert len(cards_accounted(s)) == total
        if deep:
            assert sorted(cards_accounted(s)) == list(range(total))
        if not any(r[0] == "wiz" for r in s.pending):
            assert all(len(r) <= 4 for r in s.front) and all(len(r) <= 4 for r in s.rear)
        assert all(x <= y for x, y in zip(s.life, life))
        life = list(s.life)
        for q in range(seats):  # a player out of life holds and fields nothing, game over or not
            if s.life[q] <= 0:
                assert not s.hands[q] and not s.front[q] and not s.rear[q], (seed, steps, q)
        if s.turn != turn and not s.over:
            for q in range(seats):             # one King a player (a Doppelganger King too)
                assert sum(1 for u in s.rear[q] if KIND[lead(u)] == "king") <= 1
                assert all(IS_SOLDIER[lead(u)] for u in s.front[q])
                assert not any(IS_SOLDIER[lead(u)] for u in s.rear[q])
            # after END: no damage left, nothing poisoned, no turn-long effect
            for q in range(seats):
                for rank in (s.front[q], s.rear[q]):
                    for u in rank:
                        assert u.damage == 0 and not u.flags & (2 | 64 | 128)
        assert steps < 4000
    assert s.outcome is not None and s.outcome.winners
    assert s.legal_actions() == [] and s.to_move is None
    return s, steps


def test_random_games_to_the_end_with_invariants():
    for i in range(GAMES):
        seats = 2 + i % 3
        play_checked(seats, 10_000 + i, jokers=(i // 3) % 2 == 0, deep=i % 40 == 0)


def test_check_agrees_with_legal_actions():
    for i in range(12):
        play_checked(2 + i % 3, 500 + i, jokers=True, deep=True)


def test_rule_life_only_falls_through_damage():
    for seed in range(40):
        s = GAME.new(2 + seed % 3, seed)
        rng = random.Random(seed)
        while not s.over:
            life = list(s.life)
            s.play(rng.choice(s.legal_actions()))
            if s.life != life:
                assert any("damage" in line for line in s.log[-12:])


def record(seats: int, seed: int, jokers: bool = True):
    s = GAME.new(seats, seed, Options(jokers=jokers))
    rng = random.Random(seed * 7 + 1)
    actions = []
    states = []
    while not s.over:
        a = rng.choice(s.legal_actions())
        actions.append(a)
        if len(actions) % 9 == 0:
            states.append(s.clone())
        s.play(a)
    return s, actions, states


def test_replay_determinism():
    for seed in range(15):
        seats = 2 + seed % 3
        end, actions, _ = record(seats, seed, jokers=seed % 2 == 0)
        again = GAME.new(seats, seed, Options(jokers=seed % 2 == 0))
        for a in actions:
            data = GAME.action_to_builtins(a)
            again.apply(GAME.action_from_builtins(data))
        assert again.to_text() == end.to_text()
        assert again.outcome == end.outcome


def test_notation_round_trip():
    for seed in range(20):
        _, _, states = record(2 + seed % 3, 100 + seed)
        for s in states:
            text = s.to_text()
            back = GAME.from_text(text)
            assert back.to_text() == text
            assert back.legal_actions() == s.legal_actions()
            assert back.to_move == s.to_move and back.prompt == s.prompt


def test_clone_is_independent():
    _, _, states = record(3, 77)
    for s in states[:10]:
        text = s.to_text()
        c = s.clone()
        rng = random.Random(1)
        while not c.over:
            c.play(rng.choice(c.legal_actions()))
        assert s.to_text() == text


def hidden_from(s, seat):
    """Cards in hands and deck that `seat` (None: a spectator) does not know."""
    allm = (1 << s.seats) - 1
    def knows(c):
        return s.known[c] == allm if seat is None else bool(s.known[c] >> seat & 1)
    out = {c for q in range(s.seats) if q != seat for c in s.hands[q] if not knows(c)}
    out |= {c for c in s.deck if not knows(c)}
    return out


def test_views_leak_no_hidden_card():
    for seed in range(20):
        _, _, states = record(2 + seed % 3, 300 + seed)
        for s in states:
            for seat in list(range(s.seats)) + [None]:
                v = s.view(seat)
                assert v.seed is None
                text = v.to_text()
                words = set(text.replace(",", " ").replace(":", " ").replace("+", " ").split())
                words |= {w.split("(")[0].rstrip("*") for w in list(words)}
                for c in hidden_from(s, seat):
                    assert NAME[c] not in words, (NAME[c], seat)
                assert "\n".join(v.log).count("draws") == "\n".join(s.log).count("draws")
                if seat is not None:
                    assert v.hands[seat] == s.hands[seat]
                assert [len(h) for h in v.hands] == [len(h) for h in s.hands]
                assert len(v.deck) == len(s.deck)


def test_log_names_no_hidden_card():
    end, _, _ = record(2, 4)
    text = "\n".join(end.log)
    assert "draws a card" in text and "draws the" not in text


def test_determinize_fills_hidden_cards_consistently():
    rng = random.Random(5)
    for seed in range(10):
        _, _, states = record(2 + seed % 3, 700 + seed)
        for s in states[::2]:
            seat = s.to_move if s.to_move is not None else 0
            v = s.view(seat)
            d = v.determinize(rng)
            total = 54 if s.jokers else 52
            assert sorted(cards_accounted(d)) == list(range(total))
            assert d.hands[seat] == s.hands[seat]
            assert d.up == s.up and d.down == s.down and d.front == s.front
            for q in range(s.seats):
                known = [c for c in v.hands[q] if c >= 0]
                assert set(known) <= set(d.hands[q])
            if s.to_move == seat and not s.pending:
                assert d.legal_actions() == s.legal_actions()
            while not d.over:
                d.play(rng.choice(d.legal_actions()))


def test_describe_every_legal_action_in_words():
    for seed in range(12):
        s = GAME.new(2 + seed % 3, 900 + seed)
        rng = random.Random(seed)
        while not s.over:
            acts = s.legal_actions()
            texts = [s.describe(a) for a in acts]
            assert all(isinstance(t, str) and t and "Struct" not in t for t in texts)
            assert len(set(texts)) == len(texts), texts
            s.play(rng.choice(acts))


def test_notation_rejects_broken_text():
    import pytest
    good = GAME.new(2, 1).to_text()
    for bad in ("", "chess 1\n", good.replace("hand 1:", "hand one:"),
                good.replace("life: 40 40", "life: forty"), good.replace("deck: ", "deck: ZZ ")):
        with pytest.raises(ValueError):
            GAME.from_text(bad)
