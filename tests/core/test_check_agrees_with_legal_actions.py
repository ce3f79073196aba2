"""One property for every engine (docs/architecture.md, "The engine protocol", binding):

    state.check(a) is None  exactly when  a in state.legal_actions()

for random positions of every game and player count, tried on every legal action
and on many altered ones, built the way an outside auditor would build them:
every field of a legal action changed (other cards, other seats, cells off the
board, numbers out of range, a tuple reordered, shortened or with a repeat),
actions of the other decision kinds, cards of other seats. A refused action must
come with a reason in words, and `apply` must refuse it without changing the state.

Kept to a few seconds a game; HOUSES_DEEP=1 plays many more seeds.
"""

from __future__ import annotations

import itertools
import os
import random
from typing import Any

import msgspec
import pytest

from core import GAMES
from core.engine import IllegalAction
from every_game import every_game, game  # noqa: F401  (the fixture)

DEEP = os.environ.get("HOUSES_DEEP") == "1"
SCALE = 5 if DEEP else 1  # HOUSES_DEEP=1: five times the games
PER_POSITION = 400  # altered actions tried at one position (a random sample)


# -- altering actions ------------------------------------------------------------------

def _alter_value(v: Any, pool: dict[type, list], rng: random.Random) -> list:
    """Other values for one field of an action (a value of the wrong type too, as a
    hand-made action could hold: `check` must still answer in words)."""
    if isinstance(v, bool):
        return [not v, None]
    if isinstance(v, int):
        return [v - 1, v + 1, -1, 0, 1, 2, 3, 4, 7, 8, 13, 53, 99, None, str(v)] + rng.sample(
            pool[int], min(4, len(pool[int])))
    if isinstance(v, str):
        return list(pool[str]) + ["", v.upper(), v + "x", None, 7]
    if isinstance(v, tuple):
        out = [tuple(p) for p in itertools.permutations(v)]
        out += [v[:-1], v + v[:1], (v[0],) * len(v) if v else v, None, (1, 2, 3)]
        for i in range(len(v)):
            for w in rng.sample(pool[str], min(6, len(pool[str]))):
                out.append(v[:i] + (w,) + v[i + 1:])
        return out
    return []


def altered(action: Any, pool: dict[type, list], rng: random.Random) -> list:
    """Copies of `action` with one field changed, every field in turn."""
    out = []
    for name in action.__struct_fields__:
        v = getattr(action, name)
        for w in _alter_value(v, pool, rng):
            try:
                out.append(msgspec.structs.replace(action, **{name: w}))
            except (TypeError, ValueError):
                pass
    return out


def agree(state: Any, candidates: list, rng: random.Random) -> None:
    legal = state.legal_actions()
    legal_set = set(legal)
    assert len(legal_set) == len(legal), f"duplicate legal actions: {legal}"
    for a in legal:
        assert state.check(a) is None, (a, state.check(a))
    refused = []
    for a in candidates:
        reason = state.check(a)
        if a in legal_set:
            assert reason is None, (a, reason)
        else:
            assert isinstance(reason, str) and reason, (a, reason)
            refused.append(a)
    if refused:  # apply refuses too, and changes nothing
        a = rng.choice(refused)
        before = state.to_text()
        with pytest.raises(IllegalAction):
            state.apply(a)
        assert state.to_text() == before


def walk(game_id: str, seats: int, seed: int, options: Any, candidates_of, every: int) -> int:
    """Play a random game, checking the property every `every`-th position; returns
    how many positions were checked."""
    game = GAMES[game_id]
    s = game.new(seats, seed, options)
    rng = random.Random(seed * 7 + seats)
    kinds: dict[type, Any] = {}  # one action of every kind seen so far
    checked = step = 0
    looked_at: set = set()  # kinds of legal action seen at a checked position
    stale: list = []  # actions legal at earlier positions: stale options now
    while True:
        legal = s.legal_actions()
        for a in legal:
            kinds.setdefault(type(a), a)
        now_kinds = {type(a) for a in legal}
        # every n-th position, and the first position offering a kind of action not
        # looked at yet (so the rare decisions, an upgrade or a Joker's variant, are)
        if step % every == 0 or s.over or not now_kinds <= looked_at:
            looked_at |= now_kinds
            pool = candidates_of(s)
            cands = list(pool["actions"]) + list(kinds.values()) + FOREIGN + stale
            for a in rng.sample(legal, min(12, len(legal))):
                cands += altered(a, pool, rng)
            for a in list(kinds.values()):
                cands += altered(a, pool, rng)
            if len(cands) > PER_POSITION:
                cands = rng.sample(cands, PER_POSITION)
            agree(s, cands, rng)
            checked += 1
        if s.over:
            return checked
        stale = (stale + rng.sample(legal, min(3, len(legal))))[-40:]
        s.apply(rng.choice(legal))
        step += 1
        assert step < 5000


def _foreign() -> list:
    """Things that are not actions of the game at hand: other games' actions, None."""
    from core.dash import Play
    from core.house_rules import Move, Pass
    from core.skirmish import actions as A
    from core.town import Keep, Place

    return [None, "pass", 3, ("a1", "a2"), Play("AC", "N", "a1"), Move("a1", "a2"), Pass(),
            Place("Rc", "a1"), Keep(), A.Done(), A.Attack(0, 1, -1)]


FOREIGN = _foreign()


# -- what an auditor would try, game by game -----------------------------------------

def dash_pool(s) -> dict:
    from core.dash import Play
    from core.dash.cards import DECK, SQUARES

    rng = random.Random(s.turns)
    cards = list(DECK)
    squares = list(SQUARES) + ["a0", "i1", "a9"]
    acts = [Play(rng.choice(cards), rng.choice("NESWX"), rng.choice(squares)) for _ in range(150)]
    for h in s.hands:  # every card of every seat, at every side, on every stack
        for c in h:
            for side in "NESW":
                acts += [Play(c, side, sq) for sq in list(s.stacks)[:6]]
    return {"actions": acts, str: cards[:8] + squares[:10] + ["N", "E", "S", "W", "X", "??"], int: [0, 1]}


def house_rules_pool(s) -> dict:
    from core.house_rules import EndTurn, Move, Pass, PlaceMarker, PlayCard, Revive, Swap, TakeBonus
    from core.house_rules.board import CELL_NAMES
    from core.house_rules.cards import CARD_IDS

    cells = list(CELL_NAMES) + ["h1", "a7", "a0"]
    rng = random.Random(s.turn)
    pawns = [c for c in CELL_NAMES if s.pawn_at(c) is not None]
    acts: list = [Pass(), EndTurn(), TakeBonus(), PlayCard("nope")]
    acts += [PlayCard(c) for c in CARD_IDS]
    for src in pawns:
        acts += [Move(src, rng.choice(cells)) for _ in range(6)]
        acts += [Swap(src, rng.choice(cells)) for _ in range(2)]
        acts += [Swap(rng.choice(cells), src)]
    acts += [Revive(b, rng.choice(cells)) for b in range(0, 6) for _ in range(3)]
    acts += [PlaceMarker(rng.choice(cells)) for _ in range(10)]
    return {"actions": acts, str: rng.sample(cells, 10) + list(CARD_IDS[:3]), int: [0, 1, 2, 3, 4, 5]}


def town_pool(s) -> dict:
    from core.town import ChooseStack, Exchange, GiveBack, Keep, Leave, Place
    from core.town.tiles import CELLS, TILES

    rng = random.Random(s.placed)
    cells = list(CELLS) + ["h1", "a8", "a0"]
    acts: list = [Keep(), Leave()] + [ChooseStack(i) for i in range(-1, 4)]
    racks = [list(r) for r in getattr(s, "racks", [])]
    mine = racks[s.to_move] if s.to_move is not None and s.to_move < len(racks) else []
    others = [t for i, r in enumerate(racks) if i != s.to_move for t in r]
    for t in set(mine) | set(others[:4]) | set(rng.sample(TILES, 3)) | {"R?", "??"}:
        acts += [Place(t, c) for c in rng.sample(cells, 8)]
        acts.append(GiveBack(t))
    if getattr(s, "revealed", None):
        acts += [Place(s.revealed, c) for c in rng.sample(cells, 12)]
    for combo in itertools.combinations(mine, 3):
        acts += [Exchange(p) for p in itertools.permutations(combo)]
    if mine:
        acts += [Exchange((mine[0], mine[0], mine[0]))]
        if others and len(mine) >= 2:
            acts += [Exchange((mine[0], mine[1], others[0]))]
    return {"actions": acts, str: mine + others[:3] + rng.sample(TILES, 4) + ["??", "a1", "Zz"],
            int: [0, 1, 2]}


def skirmish_pool(s) -> dict:
    from core.skirmish import actions as A

    rng = random.Random(s.turn)
    seats = list(range(-1, s.seats + 1))
    every_card = [c for h in s.hands for c in h] + s.up[-4:] + list(s.deck[:3]) + [53, 54, -1]
    acts: list = [A.Done(), A.Guard(True), A.Guard(False)]
    acts += [A.Deploy(c, rng.randrange(-1, 5), rng.random() < 0.5) for c in every_card]
    acts += [A.Scout(c, rng.choice(seats)) for c in every_card[:8]]
    acts += [A.Attack(rng.randrange(-1, 9), rng.choice(seats), rng.randrange(-2, 9)) for _ in range(40)]
    acts += [A.Block(rng.randrange(-1, 9), rng.randrange(-1, 9)) for _ in range(20)]
    acts += [A.Target(rng.choice(seats), rng.randrange(-2, 9)) for _ in range(20)]
    acts += [A.Pick(c) for c in every_card[:10]] + [A.Summon(c) for c in every_card[:6]]
    acts += [A.Return(p) for p in range(-1, 9)] + [A.Bond(i, j) for i in range(-1, 5) for j in range(-1, 5)]
    acts += [A.Split(p, c) for p in range(0, 4) for c in every_card[:3]]
    acts += [A.StartWith(q) for q in seats] + [A.CopyRank(r) for r in range(0, 15)]
    acts += [A.CopySuit(x) for x in range(-1, 5)]
    acts += [A.Variant(v) for v in ("doppelganger", "necromancer", "wizard", "spirit", "nope", "")]
    return {"actions": acts, str: ["doppelganger", "necromancer", "wizard", "spirit", "x"],
            int: every_card[:6] + seats}


def any_game_pool(s) -> dict:
    """What an auditor tries in a game it knows nothing of: the legal actions of
    other positions (walk's stale ones), each field altered, and odd values."""
    return {"actions": [], str: ["", "x", "a1", "??"], int: [-1, 0, 1, 2, 3, 99]}


# What the auditor knows of each game: (option sets, what to try, look at every n-th
# position, games for each player count and option set); a few seconds a game in the
# normal run. A game not here is still walked, with `any_game_pool`, at every
# position of its seat counts (every_game: the registry's games and the toy).
KNOWN = {
    "dash": (lambda: [None, GAMES["dash"].Options(hidden_hands=True)], dash_pool, 2, 5),
    "house-rules": (lambda: [
        None,
        GAMES["house-rules"].Options(cards="random", random_cards=10),
        GAMES["house-rules"].Options(cards="none", first="black"),
    ], house_rules_pool, 7, 5),
    "town": (lambda: [None, GAMES["town"].Options(max_exchanges=2)], town_pool, 1, 6),
    "skirmish": (lambda: [None, GAMES["skirmish"].Options(jokers=False)], skirmish_pool, 9, 3),
}


def case(game_id: str) -> tuple:
    """(player counts, option sets, pool, every, games) of a game."""
    options, pool, every, games = KNOWN.get(game_id, (lambda: [None], any_game_pool, 1, 30))
    return GAMES[game_id].seats, options, pool, every, games


@pytest.mark.parametrize("game_id", every_game())
def test_check_is_none_exactly_for_legal_actions(game):
    game_id = game
    seat_counts, options, pool, every, games = case(game_id)
    checked = 0
    for seats in seat_counts:
        for k, opts in enumerate(options()):
            for seed in range(games * SCALE):
                checked += walk(game_id, seats, 1000 * seats + 100 * k + seed, opts, pool, every)
    assert checked >= 100


# -- views: every call answers, and check agrees with legal_actions there too --------

def _view_answers(v: Any, tried: list, pool, rng: random.Random) -> None:
    legal = v.legal_actions()
    assert isinstance(legal, list)
    assert isinstance(v.prompt, str) and isinstance(v.to_text(), str)
    assert GAMES[v.game_id].from_text(v.to_text()).to_text() == v.to_text()  # a view reads back
    for a in legal + tried:
        assert isinstance(v.describe(a), str)
    cands = list(tried) + list(pool(v)["actions"])
    agree(v, rng.sample(cands, min(len(cands), 120)), rng)


@pytest.mark.parametrize("game_id", every_game())
def test_every_view_answers_every_call_and_check_agrees_there(game):
    """The view of any seat, and the spectator's (None), answers legal_actions, check,
    describe, prompt and to_text without raising, and check(a) is None exactly for
    its legal_actions (a seat whose cards are hidden there has no known play)."""
    seat_counts, options, pool, every, games = case(game)
    game = GAMES[game]
    looked = 0
    # One game a player count and option set; more while that is under 20 views
    # (a short game such as the toy's).
    plays = [(seats, k, opts, n) for n in range(50) for seats in seat_counts for k, opts in enumerate(options())]
    for seats, k, opts, n in plays:
        if n and looked >= 20:
            break
        s = game.new(seats, 500 + 10 * seats + k + 1000 * n, opts)
        rng = random.Random(seats * 31 + k + 1000 * n)
        step = 0
        while True:
            if step % (every * 3) == 0 or s.over:
                tried = rng.sample(s.legal_actions(), min(6, len(s.legal_actions())))
                for seat in [None, *range(seats)]:
                    _view_answers(s.view(seat), tried, pool, rng)
                    looked += 1
            if s.over:
                break
            s.apply(rng.choice(s.legal_actions()))
            step += 1
    assert looked >= 20
