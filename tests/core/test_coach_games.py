"""The coach on known positions, one or more a game, built through each game's
notation: a review marks the known blunder (an immediate win missed, or an
unforced loss), the hint finds the right move, and Dash's review says when the deal
was lost (docs/architecture.md, "Coach")."""

from __future__ import annotations

import pytest

from core import GAMES
from core.ai.coach import hint, review
from core.dash.actions import Play
from core.dash.cards import DECK
from core.dash.solver import search
from core.house_rules.actions import Move
from core.skirmish import actions as SA
from core.town.actions import KEEP, ChooseStack, GiveBack

BUDGET = 0.5  # a ceiling: the searches below stop on their own effort caps or proofs first

# -- HOUSE RULES: the tesseract on d3 takes the line on d4 and Black's total falls to 6 --

HOUSE_RULES_WIN_AT_ONCE = """HOUSE RULES
   a   b   c   d   e   f   g
6  B3  .   .   .   .   .   B3
5  .   .   .   .   .   .   .
4  .   .   .   B1  .   .   .
3  .   .   .   W4  .   .   .
2  .   .   .   .   .   .   .
1  W3  W2  .   .   .   .   .
   a   b   c   d   e   f   g
Options: cards=none random_cards=3 first=white
Turn: 9
To move: White
Phase: before
Card played this turn: no
Pending upgrade: -
Captured: White -; Black -
Hands: White -; Black -
In force: -
Markers: -
Counters: quiet 0, passes 0
History: -
Chance: seed 1, counter 0
Result: -
"""


def test_house_rules_a_missed_win_at_once_is_a_blunder():
    start = GAMES["house-rules"].from_text(HOUSE_RULES_WIN_AT_ONCE)
    got = review("house-rules", start, [(0, Move("a1", "a2"))], {0}, BUDGET, effort=3000)
    (j,) = got.judgements
    assert j.verdict == "blunder"
    assert j.best == Move("d3", "d4")
    assert "wins the game at once" in j.reason and "fell to 6" in j.reason
    assert got.summary == "1 blunder; the biggest: move 1."


def test_house_rules_hint_takes_the_win():
    start = GAMES["house-rules"].from_text(HOUSE_RULES_WIN_AT_ONCE)
    got = hint("house-rules", start.view(0), BUDGET, effort=3000)
    assert got.action == Move("d3", "d4")
    assert got.reason.startswith("Tesseract d3 takes line on d4")


def test_house_rules_the_winning_move_is_fine():
    start = GAMES["house-rules"].from_text(HOUSE_RULES_WIN_AT_ONCE)
    got = review("house-rules", start, [(0, Move("d3", "d4"))], {0}, BUDGET, effort=3000)
    assert [j.verdict for j in got.judgements] == ["fine"]
    assert got.summary == "No mistakes."


# -- Icehouse Dash: four trees stand; 4C north lifts the black small onto its tree --------

_PLAYED = [c for c in DECK if c not in ("4C", "2C")]
DASH_LAST_TREE = f"""dash players=1 hidden_hands=0 winnable=0
seed 1 deal 1 counter 4 turns 20
board a1:R3,R2,R1 c1:Y3,Y2,Y1 g1:G3,G2,G1 a8:B3,B2,B1 e4:K3,K2 e1:K1
hand1 4C 2C
pile -
N {' '.join(_PLAYED[:15])}
E {' '.join(_PLAYED[15:])}
S -
W -
trees R:a1 Y:c1 G:g1 B:a8
last -
move 1
"""


def test_dash_a_play_that_loses_the_deal_is_a_blunder_and_lost_at_names_it():
    start = GAMES["dash"].from_text(DASH_LAST_TREE)
    # 2C north pulls the black small to e2: the 4C then takes it to e5, past its tree.
    got = review("dash", start, [(0, Play("2C", "N", "e1")), (0, Play("4C", "N", "e2"))], {0}, BUDGET)
    first, second = got.judgements
    assert first.verdict == "blunder" and first.loss == 1.0
    assert first.best == Play("4C", "N", "e1")
    assert "the deal is won" in first.reason
    assert second.verdict == "fine"  # nothing better was left
    assert got.lost_at == 0
    assert got.summary == "1 blunder; the biggest: move 1. After move 1 the deal could no longer be won."


def test_dash_hint_completes_the_last_tree():
    start = GAMES["dash"].from_text(DASH_LAST_TREE)
    got = hint("dash", start.view(0), BUDGET)
    assert got.action == Play("4C", "N", "e1")


def _winnable_deal():
    game = GAMES["dash"]
    state = game.new(1, 20261201, game.Options(winnable=True))
    line = search(state, 20_000).line
    assert line, "a winnable deal has a winning line"
    return state, line


def _losing_turn(state, line):
    """The last move k of the winning `line` where another play loses the deal for
    sure (the solver proves it), and that play."""
    for k in range(len(line) - 1, -1, -1):
        pos = state.clone()
        for a in line[:k]:
            pos.apply(a)
        for bad in pos.legal_actions():
            after = pos.clone()
            after.apply(bad)
            result = search(after, 2_000)
            if result.decided and result.line is None:
                return k, pos, bad, after
    raise AssertionError("no losing play anywhere on the line")


def test_dash_lost_at_on_a_known_deal():
    """Follow the solver's winning line, then, late in the deal, play a move after
    which the solver proves the deal lost: lost_at is that move. A game that
    follows the line to the end was never lost."""
    from core.dash.coach import lost_at

    state, line = _winnable_deal()
    assert lost_at(state, [(0, a) for a in line]) is None  # the game was won
    k, pos, bad, after = _losing_turn(state, line)
    played = [(0, a) for a in line[:k]] + [(0, bad)]
    while not after.over:  # play on to the end, any which way
        a = after.legal_actions()[0]
        played.append((0, a))
        after.apply(a)
    assert lost_at(state, played) == k
    got = review("dash", state, played, {0}, 0.02, effort=1)
    assert got.lost_at == k
    assert got.summary.endswith(f"After move {k + 1} the deal could no longer be won.")


# -- HOUSES - Skirmish: their only unit is exhausted and they have 3 life ----------------

SKIRMISH_LETHAL = """skirmish 1
seats: 2
jokers: yes
seed: 5 chance 1
view: full
turn: 9 player 1 phase combat
life: 2 3
turns taken: 4 4
first turn without draw: no
redeployed: no
summoned: no
last played: -
returned: -
extra turns: -
final round: no
deck: 10C AS RJ AD 8H JD 6S 4S QH 6D 7D 6C JS 10D 5H JC 9C 7C KC 8C 2S 2H 8S 5D 3D JH 2D 3H KD QC BJ 7S 8D 2C KH
barrows up: QD 3C 7H QS 4D 4C 5S 3S 9H AC AH 4H 6H
barrows down: -
hand 1: 9D
front 1: 9S
rear 1: -
hand 2: 5C 10H KS
front 2: 10S/x
rear 2: -
responders: -
attacks: -
blockers: -
pending: -
hits: -
kept: -
known: -
outcome: -
"""


def test_skirmish_not_attacking_for_the_win_is_a_blunder():
    start = GAMES["skirmish"].from_text(SKIRMISH_LETHAL)
    got = review("skirmish", start, [(0, SA.Done())], {0}, BUDGET, effort=300)
    (j,) = got.judgements
    assert j.verdict == "blunder"
    assert j.best == SA.Attack(pos=0, seat=1, tpos=-1)
    assert j.reason == "The 9 of Spades attacks Player 2: it wins the game at once"


def test_skirmish_reasons_name_seats_as_lines_drawn_with_the_seats_names():
    """Issue 15: a reason speaks of seats as the log does (a core.engine.Line), so
    the UI draws "Easy bot 2", not "Player 2"; kept in a save and read back alike."""
    from core.ai.coach import Analysis, Judgement
    from core.ai.common import action_key
    from core.engine import Line
    from core.skirmish.coach import reason

    start = GAMES["skirmish"].from_text(SKIRMISH_LETHAL)
    got = review("skirmish", start, [(0, SA.Done())], {0}, BUDGET, effort=300)
    (j,) = got.judgements
    assert isinstance(j.reason, Line)
    assert j.reason.text(["Ann", "Easy bot 2"]) == "The 9 of Spades attacks Easy bot 2: it wins the game at once"
    back = Judgement.from_builtins("skirmish", j.to_builtins("skirmish"))
    assert back.reason.text(["Ann", "Easy bot 2"]) == j.reason.text(["Ann", "Easy bot 2"])
    # An attack on a player that does not win at once: its life, with the seat's name.
    view = start.view(0)
    attack = SA.Attack(pos=0, seat=1, tpos=-1)
    done = SA.Done()
    analysis = Analysis(attack, {action_key(attack): (attack, 0.7), action_key(done): (done, 0.4)},
                        extra={"visits": {action_key(attack): 30, action_key(done): 10}})
    words = reason(view, attack, analysis).text(["You", "Easy bot 2"])
    assert "Easy bot 2" in words and "Player 2" not in words


def test_skirmish_hint_attacks_the_player():
    start = GAMES["skirmish"].from_text(SKIRMISH_LETHAL)
    got = hint("skirmish", start.view(0), BUDGET, effort=300)
    assert got.action == SA.Attack(pos=0, seat=1, tpos=-1)


# -- TOWN 77 solo: a yellow tile can never fit beside the Yellow Tower in a1 -------------

TOWN_SOLO_DEAD_STACK = """TOWN 77
seats: 1
seed: 1
chance: 1
max-exchanges: 7
phase: solo-choose
turn: 1
exchanges: 0
view: full
town:  a  b  c  d  e  f  g
row 1: Yt .. .. .. .. .. ..
row 2: .. .. .. .. .. .. ..
row 3: .. .. .. .. .. .. ..
row 4: .. .. .. .. .. .. ..
row 5: .. .. .. .. .. .. ..
row 6: .. .. .. .. .. .. ..
row 7: .. .. .. .. .. .. ..
stack 1: Ym Bc Pd Gf Wt Os Yd Gt Pc Rf Rm Rs Gm Pg Gd Gc
stack 2: Rt Wg Gg Rc Yf Rd Bs Wm Ot Ps Oc Og Yg Om Bd Pm
stack 3: Bm Wc Ys Ws Of Bf Wd Bt Pt Od Gs Pf Rg Wf Yc Bg
revealed: -
"""


def test_town_solo_taking_a_stack_whose_tile_cannot_fit_is_a_blunder():
    start = GAMES["town"].from_text(TOWN_SOLO_DEAD_STACK)
    got = review("town", start, [(0, ChooseStack(0))], {0}, BUDGET)
    (j,) = got.judgements
    assert j.verdict == "blunder" and 0.9 <= j.loss <= 1.0
    assert j.best in (ChooseStack(1), ChooseStack(2))
    assert "unseen tiles of its colour fit the town" in j.reason


def test_town_solo_hint_is_the_solo_strategy():
    from core.town.solo import solo_hint

    start = GAMES["town"].from_text(TOWN_SOLO_DEAD_STACK)
    got = hint("town", start.view(0), BUDGET)
    assert got.action == solo_hint(start)
    assert got.action != ChooseStack(0)


# -- TOWN 77, 2 players: Player 1 left with one tile; neither of yours fits anywhere ------
# Keeping both means leaving with two (Player 1 wins); giving one back means leaving
# with one, a tie that the later leaver wins.

_TOWN_BAG = ("Gt Pd Rt Rd Rg Rs Oc Ot Of Om Os Yc Yt Yd Yf Ym Ys Gd Gf Gm Gs Bt Bd Bf Bm Bs "
             "Pc Pt Pg Pf Pm Wc Wt Wd Wf Wm Ws")
TOWN_KEEP_LOSES = f"""TOWN 77
seats: 2
seed: 0
chance: 10
max-exchanges: 7
phase: give-back
turn: 2
exchanges: 0
view: full
town:  a  b  c  d  e  f  g
row 1: Rf Gg Bc .. .. .. ..
row 2: Yg Od .. .. .. .. ..
row 3: Gc Rm Wg .. .. .. ..
row 4: Ps .. .. .. .. .. ..
row 5: .. .. .. .. .. .. ..
row 6: .. .. .. .. .. .. ..
row 7: .. .. .. .. .. .. ..
rack 1: limit 1: Bg
rack 2: limit 2: Rc Og
bag: 37: {_TOWN_BAG}
left: 1
"""


def test_town_keeping_two_tiles_that_fit_nowhere_is_a_blunder():
    start = GAMES["town"].from_text(TOWN_KEEP_LOSES)
    got = review("town", start, [(1, KEEP)], {1}, BUDGET, effort=200)
    (j,) = got.judgements
    assert j.verdict == "blunder" and j.loss >= 0.9
    assert isinstance(j.best, GiveBack)
    assert j.reason.endswith("it wins the game: after it nobody has a choice left")


def test_town_hint_gives_a_tile_back_to_win_the_tie():
    start = GAMES["town"].from_text(TOWN_KEEP_LOSES)
    got = hint("town", start.view(1), BUDGET, effort=200)
    assert isinstance(got.action, GiveBack)


def _random_lost_game(seed: int) -> list:
    """A solo Dash game on `seed` played at random to its end, lost (as tui_support's)."""
    import random

    rng = random.Random(seed)
    while True:
        state = GAMES["dash"].new(1, seed)
        line = []
        while not state.over:
            action = rng.choice(state.legal_actions())
            line.append(action)
            state.apply(action)
        if not state.outcome.winners:
            return line


@pytest.mark.serial  # times itself on the wall clock (tests/test_wall_clock_is_serial.py)
def test_dash_lost_at_keeps_to_its_budget_and_reports_progress():
    """A lost deal of random play: each position after move 10 takes the solver
    seconds (11.6 s in all with no budget). Within its budget lost_at answers (a
    move only when proven) and the progress moves."""
    import time

    from core.ai.coach import Stop
    from core.dash.coach import lost_at

    start = GAMES["dash"].new(1, 5)
    played = [(0, a) for a in _random_lost_game(5)]
    seen = []
    t = time.perf_counter()
    got = lost_at(start, played, Stop(), budget_s=0.5, progress=lambda d, n: seen.append((d, n)))
    spent = time.perf_counter() - t
    assert spent < 0.5 + 1.0, spent  # a try is started only when the pace says it ends in time
    assert seen and seen[0] == (0, len(played)) and all(n == len(played) for _, n in seen)
    if got is not None:  # named only when proven: before it a winning line, after it none
        before = start.clone()
        for _, a in played[:got]:
            before.apply(a)
        after = before.clone()
        after.apply(played[got][1])
        assert search(before, 200_000).line and search(after, 200_000).decided
