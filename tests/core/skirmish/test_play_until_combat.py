"""`SkirmishState.play_until_combat`, `resume` and `resolve_combat`: the public way to
stop a play where a combat resolves (the screen's "Last combat" box is drawn from
that position, tui/games/skirmish/plan.py), with nothing else changed."""

from __future__ import annotations

import random

from core.skirmish import GAME, Options
from core.skirmish import actions as A
from core.skirmish.phases import DEPLOY, RESOLVE


def same(a, b) -> bool:
    return a.to_text() == b.to_text() and a.log == b.log


def two_attackers(make):
    """Player 1 has declared the 9 of Diamonds at Player 2, who has no units; the 4
    of Clubs is the last possible attacker, so declaring it goes straight to
    resolution."""
    s = make(phase="combat", front={1: "9D 4C", 2: ""})
    s.play(A.Attack(0, 1, -1))
    return s


def test_play_until_combat_stops_before_the_combat_resolves(make):
    s = two_attackers(make)
    assert s.play_until_combat(A.Attack(1, 1, -1)) is True
    assert s.phase == RESOLVE and not s.pending
    assert [f.attacker for f in s.attacks] == [0, 1]
    assert s.life == [40, 40]  # nothing resolved yet
    assert s.log[-1] == "The 4 of Clubs attacks Player 2."


def test_resolve_combat_carries_out_the_attacks_and_stays_in_the_phase(make):
    s = two_attackers(make)
    s.play_until_combat(A.Attack(1, 1, -1))
    s.resolve_combat()
    assert s.life == [40, 27]
    assert s.phase == RESOLVE and s.cur == 0  # the turn does not move on


def test_resume_after_the_stop_equals_plain_play(make):
    plain = two_attackers(make)
    stopped = plain.clone()
    plain.play(A.Attack(1, 1, -1))
    stopped.play_until_combat(A.Attack(1, 1, -1))
    stopped.resume()
    assert same(stopped, plain)
    assert plain.life == [40, 27] and plain.cur == 1 and plain.phase == DEPLOY


def test_play_until_combat_without_a_resolution_is_plain_play(make):
    plain = make(phase="combat", front={1: "9D 4C", 2: ""})
    other = plain.clone()
    plain.play(A.Attack(0, 1, -1))
    assert other.play_until_combat(A.Attack(0, 1, -1)) is False
    assert same(other, plain)


def test_in_random_games_every_stop_then_resume_equals_plain_play():
    """A sample of seeded games for 2 to 4 seats: every action is also played on a copy
    through play_until_combat (then resume when it stopped); the copy always ends
    where plain play does, and stops happen exactly where a combat resolves."""
    stops = 0  # with attacks declared (with none, the flow still passes RESOLVE)
    for seed in range(12):
        seats = 2 + seed % 3
        s = GAME.new(seats, seed, Options(jokers=seed % 2 == 0))
        rng = random.Random(seed)
        while not s.over:
            action = rng.choice(s.legal_actions())
            copy = s.clone()
            stopped = copy.play_until_combat(action)
            if stopped:
                stops += bool(copy.attacks)
                assert copy.phase == RESOLVE and not copy.pending
                copy.resume()
            s.play(action)
            assert same(copy, s), (seed, action)
    assert stops > 50
