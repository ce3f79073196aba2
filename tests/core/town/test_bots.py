"""TOWN 77 bots: legal, reproducible, see only their view, and ordered by strength."""

from __future__ import annotations

import random

from core.ai import bot
from core.ai.arena import play_match, tournament
from core.ai.basic import RandomBot
from core.town import GAME
from core.town.bots import HardBot, make_bot


def test_every_level_plays_legal_games_to_the_end():
    for seats in (2, 3, 5):
        for level in ("easy", "normal"):
            bots = [make_bot(level, random.Random(s), iterations=8) for s in range(seats)]
            out = play_match(GAME, bots, seed=seats * 10, budget_s=1.0)  # applies with checks
            assert len(out.winners) == 1
    bots = [HardBot(random.Random(1), iterations=30), make_bot("normal", random.Random(2), iterations=8)]
    out = play_match(GAME, bots, seed=3, budget_s=5.0)
    assert len(out.winners) == 1


def test_bot_entry_point_and_solo():
    for level in ("easy", "normal", "hard"):
        b = bot("town", level, seed=1)
        st = GAME.new(1, 5)
        steps = 0
        while not st.over and steps < 8:
            st.apply(b.choose(st.view(0), 1.0))
            steps += 1
        assert steps == 8 or st.over


def test_bots_are_reproducible_and_read_only_the_view():
    rng = random.Random(4)
    st = GAME.new(3, 21)
    for _ in range(9):
        st.play(rng.choice(st.legal_actions()))
    seat = st.to_move
    view = st.view(seat)
    text = view.to_text()
    for level in ("easy", "normal"):
        a1 = make_bot(level, random.Random(8), iterations=40).choose(view, 30.0)
        a2 = make_bot(level, random.Random(8), iterations=40).choose(view, 30.0)
        assert a1 == a2 and st.check(a1) is None
    h1 = HardBot(random.Random(8), iterations=40).choose(view, 30.0)
    h2 = HardBot(random.Random(8), iterations=40).choose(view, 30.0)
    assert h1 == h2 and st.check(h1) is None
    assert view.to_text() == text  # the bots did not change the view


def test_easy_beats_random_and_normal_beats_easy():
    ranks = [("easy", "random", 40), ("normal", "easy", 20)]  # normal wins ~90%: 20 games tell
    for a, b, games in ranks:
        def mk(level):
            if level == "random":
                return lambda r: RandomBot(r)
            return lambda r: make_bot(level, r, iterations=6)  # normal capped: cheap and repeatable
        res = tournament(GAME, mk(a), mk(b), games=games, seats=2, budget_s=60.0, seed=77)
        assert res.wins > res.losses, res.line(a, b)
