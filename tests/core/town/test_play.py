"""TOWN 77: seeded random play with invariants, replay, notation, views, determinize."""

from __future__ import annotations

import random

import msgspec

from town_helpers import latin_ok, tiles_accounted

from core.engine import IllegalAction
from core.town import GAME, Exchange, GiveBack, Place
from core.town.tiles import CELLS, TILE_CS, TILES

ALL = sorted(TILES)


def random_game(seats: int, seed: int, rng: random.Random, deep: bool = False):
    """Play one game at random to the end, checking invariants after every action.
    `deep` also checks `check` against `legal_actions` and the view at every step."""
    st = GAME.new(seats, seed)
    actions = []
    limits = list(st.limits)
    steps = 0
    while not st.over:
        legal = st.legal_actions()
        assert legal, "no legal action in a game that is not over"
        assert st.to_move is not None and st.prompt
        if deep:
            for a in legal:
                assert st.check(a) is None, (a, st.check(a))
            seat = st.to_move
            # a few illegal ones get a reason
            for tile in TILES[:: 7]:
                for cell in ("a1", "g7", "d4"):
                    a = Place(tile, cell)
                    if a not in legal:
                        assert st.check(a), a
            if not st.solo:
                for s, rack in enumerate(st.racks):
                    if s != seat:
                        for t in rack:
                            assert st.check(GiveBack(t)) is not None or t in st.racks[seat]
            v = st.view(seat)
            assert_view_hides(st, v, seat)
        a = rng.choice(legal)
        actions.append(a)
        st.play(a)
        steps += 1
        # invariants
        assert sorted(tiles_accounted(st)) == ALL
        assert latin_ok(st)
        if not st.solo:
            for s in range(seats):
                assert len(st.racks[s]) <= st.limits[s] <= limits[s]
            limits = list(st.limits)
        assert steps < 2000
    assert st.outcome is not None and st.to_move is None and st.legal_actions() == []
    if st.solo:
        assert st.outcome.scores == (float(st.placed),)
        assert st.placed == 49 or (st.revealed is not None and not st.legal_cells(st.revealed))
    else:
        assert len(st.left_order) == seats == len(set(st.left_order))
        (w,) = st.outcome.winners
        fewest = min(len(r) for r in st.racks)
        assert len(st.racks[w]) == fewest
        later = [s for s in st.left_order if len(st.racks[s]) == fewest]
        assert w == later[-1]  # the later leaver wins a tie
    return st, actions


def assert_view_hides(st, v, seat):
    assert v.seed is None
    assert all(t == "??" for t in v.bag) and len(v.bag) == len(st.bag)
    for s, rack in enumerate(v.racks):
        if s == seat or st.over:
            assert rack == st.racks[s]
        else:
            assert all(t[1] == "?" for t in rack)
            assert sorted(t[0] for t in rack) == sorted(t[0] for t in st.racks[s])
    for vs, ss in zip(v.stacks, st.stacks):
        assert len(vs) == len(ss)
        assert all(t == "??" for t in vs[:-1])
        if vs:
            assert vs[-1] == ss[-1][0] + "?"
    text = v.to_text()
    hidden = set(t for s, r in enumerate(st.racks) if s != seat and not st.over for t in r)
    hidden.update(st.bag)
    for s in st.stacks:
        hidden.update(s)
    for t in hidden:
        assert t not in text.split(), t
    assert f"seed: {st.seed}" not in text


def test_random_play_1000_games_with_invariants():
    rng = random.Random(2024)
    for seed in range(1000):  # 200 games of each size, 1 to 5 seats; random_game checks the invariants
        random_game(1 + seed % 5, seed, rng)


def test_check_agrees_with_legal_actions_and_views_hide():
    rng = random.Random(7)
    for seed in range(60):
        random_game(1 + seed % 5, 10_000 + seed, rng, deep=True)


def test_replay_determinism():
    rng = random.Random(3)
    for seed in range(40):
        seats = 1 + seed % 5
        st, actions = random_game(seats, seed, rng)
        again = GAME.new(seats, seed)
        for a in actions:
            again.apply(a)
        assert again.to_text() == st.to_text() and again.log == st.log
        # actions survive a JSON round trip
        data = msgspec.json.encode([GAME.action_to_builtins(a) for a in actions])
        back = [GAME.action_from_builtins(d) for d in msgspec.json.decode(data)]
        assert back == actions


def test_notation_round_trip_every_position():
    rng = random.Random(5)
    for seed in range(40):
        seats = 1 + seed % 5
        st = GAME.new(seats, seed)
        while True:
            text = st.to_text()
            back = GAME.from_text(text)
            assert back.to_text() == text and back == st
            assert back.legal_actions() == st.legal_actions()
            assert back.to_move == st.to_move and back.prompt == st.prompt
            v = st.view(st.to_move)
            assert GAME.from_text(v.to_text()).to_text() == v.to_text()
            if st.over:
                assert back.outcome == st.outcome
                break
            st.play(rng.choice(st.legal_actions()))


def test_notation_round_trip_continues_the_same_game():
    rng = random.Random(9)
    st = GAME.new(3, 77)
    for _ in range(15):
        st.play(rng.choice(st.legal_actions()))
    back = GAME.from_text(st.to_text())
    for _ in range(200):
        if st.over:
            break
        a = rng.choice(st.legal_actions())
        st.play(a)
        back.play(a)
        assert back.to_text() == st.to_text()


def test_determinize_is_consistent_with_the_view():
    rng = random.Random(11)
    for seed in range(60):
        seats = 1 + seed % 5
        st = GAME.new(seats, seed)
        for _ in range(rng.randrange(0, 30)):
            if st.over:
                break
            st.play(rng.choice(st.legal_actions()))
        if st.over:
            continue
        seat = st.to_move
        v = st.view(seat)
        d = v.determinize(random.Random(seed))
        assert sorted(tiles_accounted(d)) == ALL
        assert d.cells == st.cells and d.revealed == st.revealed
        if not st.solo:
            assert d.racks[seat] == st.racks[seat]
        for s in range(len(st.racks)):
            assert sorted(t[0] for t in d.racks[s]) == sorted(t[0] for t in st.racks[s])
        for ds, ss in zip(d.stacks, st.stacks):
            assert len(ds) == len(ss) and (not ss or ds[-1][0] == ss[-1][0])
        assert len(d.bag) == len(st.bag)
        assert d.to_move == st.to_move and d.phase == st.phase
        if st.solo or st.phase == "turn":
            # what the mover may do depends only on what the mover knows
            assert d.legal_actions() == st.legal_actions()
        # a determinized state plays on to the end
        while not d.over:
            d.play(rng.choice(d.legal_actions()))


def test_illegal_actions_leave_the_state_unchanged():
    rng = random.Random(13)
    st = GAME.new(2, 5)
    for _ in range(10):
        st.play(rng.choice(st.legal_actions()))
    before = st.to_text()
    for bad in (Place("Zz", "a1"), Place(TILES[0], "z9"), GiveBack("Rc"),
                Exchange(("Rc", "Rc", "Rc"))):
        try:
            st.apply(bad)
        except IllegalAction as e:
            assert e.reason
        assert st.to_text() == before


def test_helpers_for_the_screen():
    st = GAME.new(2, 8)
    assert len(st.grid) == 7 and all(len(r) == 7 for r in st.grid)
    assert st.grid[0][0] is not None and st.phase == "turn"
    tile = st.racks[0][0]
    cells = st.legal_cells(tile)
    assert all(st.why_not(tile, c) is None for c in cells)
    assert all(st.why_not(tile, c) for c in CELLS if c not in cells)
    assert st.bag_count == len(st.bag) and st.left == []
    assert TILE_CS[tile]


def test_from_text_rejects_malformed_positions():
    import pytest

    good = GAME.new(2, 1).to_text()
    for bad in ("", "TOWN 66\n", good.replace("seats: 2", "seats: x"),
                good.replace("row 3:", "row 9:"), good.replace("phase: turn", "phase: nap"),
                "\n".join(ln for ln in good.splitlines() if not ln.startswith("rack 2")),
                good.replace("row 1: ", "row 1: Zz ")):
        with pytest.raises(ValueError):
            GAME.from_text(bad)
