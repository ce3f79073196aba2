"""Icehouse Dash puzzles (docs/rules/dash.md, "Puzzles"): the goals, what "only play"
means, what `verify` refuses, what `accepts` takes, and the miner's reproducibility.

Positions come from the solver's winning lines of seeded solo deals (as the miner
takes them), so every test here is fast and exact."""

from __future__ import annotations

import msgspec
import pytest

from core.dash import GAME
from core.dash.actions import Play
from core.dash.cards import SQUARES
from core.dash.puzzle_search import Bounded, kind
from core.dash.puzzles import as_move, same_play
from core.dash.solver import solve
from core.puzzles import Puzzle, puzzle_id

KIT = GAME.puzzle_kit()


def _on_the_solvers_line(seed: int, back: int):
    """The position `back` plays before the solver's win of solo deal `seed`, and
    the solver's last `back` plays."""
    s = GAME.new(1, seed)
    line = solve(s, 20_000)
    assert line is not None
    for a in line[:len(line) - back]:
        s.apply(a)
    return s, line[len(line) - back:]


def _puzzle(s, line, goal: str | None = None, moves: int | None = None) -> Puzzle:
    position = s.to_text()
    solution = [GAME.action_to_builtins(a) for a in line]
    return Puzzle(id=puzzle_id(KIT.prefix, position, solution), game="dash",
                  goal=goal or ("finish" if len(s.trees) == 4 else "par"), moves=len(line) if moves is None else moves,
                  position=position, seat=0, solution=solution, band="easy", rating=1200.0,
                  themes=("last tree",), generator="dash/1")


def _mined(seed: int, back: int) -> Puzzle:
    s, _ = _on_the_solvers_line(seed, back)
    found = KIT._forced_end(s, back)
    assert found is not None
    puzzle = KIT._puzzle(*found, seed=0)
    assert puzzle is not None
    return puzzle


@pytest.fixture(scope="module")
def six() -> Puzzle:
    """A 'finish' puzzle of six forced plays (deal 0, eight plays from the solver's win)."""
    return _mined(0, 8)


def _replay(puzzle: Puzzle):
    s = KIT.start(puzzle)
    for a in KIT.line(puzzle):
        assert s.check(a) is None
        s.apply(a)
    return s


def test_goal_finish_the_last_tree_in_n_plays_from_four_trees_no_fewer_plays_can(six):
    s = KIT.start(six)
    assert six.goal == "finish" and six.moves == 6 and len(s.trees) == 4
    assert KIT.task(six) == "Finish the last tree in 6 plays"
    end = _replay(six)
    assert end.over and end.outcome.winners and end.turns == s.turns + 6
    assert Bounded(s).wins_within(5) is None  # the proof of "no fewer"
    assert KIT.verify(six) is None


def test_goal_par_win_the_deal_in_its_par_from_fewer_than_four_trees():
    # A deal ending with fewer than four trees standing whose par of 6 plays is forced
    # all the way (mined from seed 1 by the kit's first version).
    puzzle = msgspec.json.decode(PAR_PUZZLE, type=Puzzle)
    s = KIT.start(puzzle)
    assert puzzle.goal == "par" and len(s.trees) < 4
    assert KIT.task(puzzle) == f"Win this deal in {puzzle.moves} plays, its par"
    assert _replay(puzzle).outcome.winners
    assert Bounded(s).wins_within(puzzle.moves - 1) is None
    assert KIT.verify(puzzle) is None


def test_only_play_each_other_play_cannot_win_in_the_plays_left(six):
    # What "only play" means: at every step of the line, every play of another kind
    # or pyramid or square, made instead, leaves no win within the plays left.
    s = KIT.start(six)
    for i, want in enumerate(KIT.line(six)):
        left = six.moves - i
        for a in s.legal_actions():
            if same_play(as_move(s, a), as_move(s, want)):
                continue
            x = s.clone()
            x.apply(a)
            assert x.over and not x.outcome.winners or Bounded(x).wins_within(left - 1) is None
        s.apply(want)


def test_verify_refuses_a_wrong_first_play(six):
    s = KIT.start(six)
    line = KIT.line(six)
    other = next(a for a in s.legal_actions() if not same_play(as_move(s, a), as_move(s, line[0])))
    broken = _puzzle(s, [other, *line[1:]])
    assert KIT.verify(broken) is not None


def test_verify_refuses_a_position_where_a_second_first_play_also_wins():
    # Four plays from the solver's win of deal 0, four different first plays still
    # finish in the fewest (4) plays: no puzzle.
    s, _ = _on_the_solvers_line(0, 4)
    assert KIT.verify(_puzzle(s, _par_line(s, 4))) == "Play 1 of the line is not the only one that wins in time."


def _par_line(s, par):
    """A line of the fewest plays from `s`, as the search finds it."""
    found = Bounded(s).fewest(par)
    assert found is not None and found[0] == par
    x, line = s.clone(), []
    for k, _w, side, src, _d in found[1]:
        card = next(c for c in x.hands[0] if kind(c) == k)
        line.append(Play(card, side, SQUARES[src]))
        x.apply(line[-1])
    assert x.outcome.winners
    return line


def test_only_play_in_a_par_is_one_set_of_plays_in_any_order_that_keeps_the_par():
    puzzle = next(iter(KIT.mine(1000, 1)))  # seeds from 1000 mine 'par' puzzles
    assert puzzle.goal == "par" and KIT.verify(puzzle) is None
    s = KIT.start(puzzle)
    line = KIT.line(puzzle)
    for a in line[:2]:
        s.apply(a)
    # The third and fourth plays of this line may come the other way round.
    swapped = line[3]
    rest = KIT.accepts(s, swapped, puzzle, 2)
    assert rest is not None and len(rest) == puzzle.moves - 3
    x = s.clone()
    for a in [swapped, *rest]:
        x.apply(a)
    assert x.over and x.outcome.winners
    # A play after which the par cannot be reached is refused.
    wrong = next(a for a in s.legal_actions() if KIT.accepts(s, a, puzzle, 2) is None)
    y = s.clone()
    y.apply(wrong)
    assert y.over or Bounded(y).wins_within(puzzle.moves - 3) is None


def test_verify_refuses_a_par_where_another_set_of_plays_also_wins():
    s, _ = _on_the_solvers_line(3, 5)  # three trees stand; two sets of five plays win
    assert len(s.trees) == 3
    assert KIT.verify(_puzzle(s, _par_line(s, 5))) == "Other plays than the line's also win in 5."


def test_verify_refuses_a_line_that_does_not_reach_the_goal_or_is_not_the_fewest(six):
    s = KIT.start(six)
    line = KIT.line(six)
    assert KIT.verify(_puzzle(s, line[:-1])) == "The line does not stand all five trees."
    # the solver's own eight plays win too, but six are enough
    start, solvers = _on_the_solvers_line(0, 8)
    assert start.to_text() == six.position and len(solvers) == 8
    assert KIT.verify(_puzzle(start, solvers)) == "The deal can be won in fewer than 8 plays."
    assert KIT.verify(_puzzle(s, line, goal="par")) is not None  # four trees stand: a 'finish'


def test_accepts_the_line_and_the_same_play_but_not_another_play():
    puzzle = _mined(8, 2)
    s = KIT.start(puzzle)
    line = KIT.line(puzzle)
    assert KIT.accepts(s, line[0], puzzle, 0) == line[1:]
    # an ace against a small moves nothing: laid against another small, the same play
    like = [a for a in s.legal_actions() if a != line[0] and same_play(as_move(s, a), as_move(s, line[0]))]
    assert like and KIT.accepts(s, like[0], puzzle, 0) == line[1:]
    other = next(a for a in s.legal_actions() if not same_play(as_move(s, a), as_move(s, line[0])))
    assert KIT.accepts(s, other, puzzle, 0) is None


def test_accepts_another_card_of_the_same_kind_and_keeps_the_line_with_the_card_kept(six):
    s = KIT.start(six)
    line = KIT.line(six)
    first = line[0]
    # Give the hand a second card of the first play's kind in place of a card the
    # line never lays (a test of `accepts` alone: the proof is not asked).
    used = {a.card for a in line}
    assert first.card[1] != "D"
    twin = next(first.card[0] + suit for suit in "CHS" if first.card[0] + suit not in used)
    spare = next(c for c in s.hands[0] if c not in used)
    where = next(name for name, cards in [("pile", s.pile), *s.played.items()] if twin in cards)
    cards = s.pile if where == "pile" else s.played[where]
    cards[cards.index(twin)] = spare
    s.hands[0][s.hands[0].index(spare)] = twin
    play = Play(twin, first.side, first.src)
    assert s.check(play) is None
    rest = KIT.accepts(s, play, six, 0)
    assert rest == [Play(first.card, a.side, a.src) if a.card == twin else a for a in line[1:]]


def test_shown_lists_the_draws_the_puzzle_can_bring_in_order(six):
    s = KIT.start(six)
    assert KIT.shown(s, six) == [f"Your next draws, in order: {' '.join(s.pile[:5])}"]


def test_mine_gives_the_same_puzzles_twice():
    first = list(KIT.mine(1, 2))
    assert len(first) == 2 and first == list(KIT.mine(1, 2))
    assert all(KIT.verify(p) is None and p.generator == "dash/1" and p.seed == 1 for p in first)


PAR_PUZZLE = (
    b'{"id":"D-4NIRFW","game":"dash","goal":"par","moves":6,"position":"dash players=1 hidden_ha'
    b'nds=0 winnable=0\\nseed 309216877 deal 309216877 counter 4 turns 17\\nboard h1:B1 h2:G1 a3:R'
    b'3,R2,R1 h5:B2 g6:Y3,Y2,Y1 f7:K3,K2,K1 h7:B3 h8:G3,G2\\nhand1 8D 8C 3D\\npile 4H 6D AD 3S 7D '
    b'6H 7H 8H AS AH 5H AC\\nN 5D 7C 5C 6S\\nE 2C 5S 3C 6C 4C 8S 7S 4S 2H\\nS 2D 2S 3H\\nW 4D\\ntrees'
    b' R:a3 Y:g6 K:f7\\nlast g2 h2\\nmove 1\\n","seat":0,"solution":[{"type":"play","card":"3D","si'
    b'de":"N","src":"h1"},{"type":"play","card":"4H","side":"S","src":"h5"},{"type":"play","card'
    b'":"6D","side":"N","src":"h2"},{"type":"play","card":"8C","side":"S","src":"h7"},{"type":"p'
    b'lay","card":"AD","side":"S","src":"h3"},{"type":"play","card":"3S","side":"S","src":"h4"}]'
    b',"band":"hard","rating":1727.0,"themes":["par","diamond","use the draw"],"generator":"dash'
    b'/1","seed":1,"before":"","mistake":null}'
)


def _deals():
    from core.puzzles import load

    return [p for p in load("dash") if p.goal == "deal"]


def test_goal_deal_win_the_whole_deal_from_its_first_card_in_its_par():
    deals = _deals()
    assert len(deals) >= 30
    for puzzle in deals[::9]:  # a sample; HOUSES_SLOW=1 verifies every shipped puzzle
        s = KIT.start(puzzle)
        assert s.turns == 0 and not any(s.played.values())
        assert KIT.task(puzzle) == f"Win the whole deal in {puzzle.moves} plays, its par"
        assert _replay(puzzle).outcome.winners
        assert Bounded(s, tight=True).wins_within(puzzle.moves - 1) is None
        assert KIT.verify(puzzle) is None


def test_verify_refuses_a_whole_deal_with_a_wrong_par():
    puzzle = _deals()[0]
    s = KIT.start(puzzle)
    short = _puzzle(s, KIT.line(puzzle)[:-1], goal="deal")
    assert KIT.verify(short) == "The line does not stand all five trees."
    x = s.clone()
    x.apply(KIT.line(puzzle)[0])
    assert KIT.verify(_puzzle(x, KIT.line(puzzle)[1:], goal="deal")) == \
        "A 'deal' puzzle starts from the first card, nothing played."


def _first_deal():
    from core.puzzles import by_id

    puzzle = by_id("D-32HCEB")
    assert puzzle is not None and puzzle.goal == "deal"
    return puzzle, KIT.start(puzzle)


def test_a_whole_deal_takes_its_line_s_plays_in_another_order_without_a_search(monkeypatch):
    puzzle, s = _first_deal()
    line = KIT.line(puzzle)
    assert line[1] == Play("8C", "S", "c8")  # the line's second play, made first

    def no_search(*args, **kwargs):
        raise AssertionError("searched")

    monkeypatch.setattr("core.dash.puzzles.Bounded", no_search)
    rest = KIT.accepts(s.clone(), line[1], puzzle, 0)
    assert rest is not None and len(rest) == puzzle.moves - 1
    x = s.clone()
    for a in [line[1], *rest]:
        assert x.check(a) is None
        x.apply(a)
    assert x.outcome is not None and x.outcome.winners


def test_a_whole_deal_play_the_judge_cannot_settle_in_time_is_unchecked_not_wrong():
    from core.puzzles import Undecided
    from tui.puzzles.match import UNCHECKED, WRONG, PuzzleMatch

    puzzle, s = _first_deal()
    unsettled, lost = Play("5C", "N", "g2"), Play("6C", "N", "h1")
    with pytest.raises(Undecided):
        KIT.accepts(s.clone(), unsettled, puzzle, 0)
    assert KIT.accepts(s.clone(), lost, puzzle, 0) is None
    match = PuzzleMatch(puzzle)
    refusal = match.check(unsettled)
    assert refusal is not None and refusal.startswith(UNCHECKED)
    assert not match.failed and match.state.turns == 0  # nothing lost, nothing changed
    refusal = match.check(lost)
    assert refusal is not None and refusal.startswith(WRONG) and match.failed
