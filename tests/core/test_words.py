"""The engine speaks in seats, the UI in names (issue 14, item 5).

Log lines and prompts that name a seat are `core.engine.Line`s: their str is the
default reading ("Player 2 draws a card."), `text(names)` draws them with the
seats' names, verbs agreeing with "You". These tests play each game and read
its log and prompts with seats named "You", "Ann" and "Player 2"."""

from __future__ import annotations

import copy
import pickle
import random
import re

import msgspec
import pytest

from core import GAMES
from core.engine import Line, lines_from_wire, lines_to_wire, said
from core.skirmish.phases import DECISIONS, Decision

# A seat named "You" takes the plural verb: "You draws" or "You is" is wrong.
_YOU_WRONG = re.compile(r"\bYou (?:\w+s|is|has)\b(?<!\bYou was)")
# The verbs that end in s and are right after "You": none in our logs but these.
_YOU_OK = {"You pass"}


def _played(game_id: str, seats: int, seed: int, steps: int = 400):
    """A seeded random game's states, one after each action."""
    state = GAMES[game_id].new(seats, seed)
    rng = random.Random(seed)
    states = [state.clone()]
    for _ in range(steps):
        if state.over:
            break
        state.play(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def _read(lines, names):
    return [said(line, names) for line in lines]


def _check_names(lines: list[str], names: list[str]) -> list[str]:
    """The lines read with `names`, checked: no stray default name, no 'You draws'."""
    out = _read(lines, names)
    for line, text in zip(lines, out):
        if isinstance(line, Line):
            for seat in line.seats:
                if names[seat] != f"Player {seat + 1}":
                    assert f"Player {seat + 1}" not in text, text
        for m in _YOU_WRONG.finditer(text):
            assert m.group(0) in _YOU_OK, text
    return out


# -- the shared line type ------------------------------------------------------------

def test_line_str_is_the_default_reading():
    line = Line("{0} {0:draws/draw} a card from {1:'s} hand.", 1, 0)
    assert line == "Player 2 draws a card from Player 1's hand."
    assert isinstance(line, str)


def test_line_verb_follows_a_seat_named_you():
    line = Line("{0} {0:draws/draw} a card from {1:'s} hand; {1:obj} {1:look/look} on.", 1, 0)
    assert line.text(["Ann", "You"]) == "You draw a card from Ann's hand; Ann look on."
    assert line.text(["You", "Ann"]) == "Ann draws a card from your hand; you look on."
    assert line.text(["Player 1", "Player 2"]) == str(line)


def test_line_starting_with_a_possessive_is_capitalised():
    line = Line("{0:'s} Joker is the {variant}.", 0, variant="Necromancer")
    assert line.text(["You"]) == "Your Joker is the Necromancer."
    assert line.text(["Ann"]) == "Ann's Joker is the Necromancer."


def test_line_words_are_not_templates():
    line = Line("{0} {0:plays/play} {card}.", 0, card="the {1} card")  # braces in a word stay
    assert line == "Player 1 plays the {1} card."
    assert line.text(["You"]) == "You play the {1} card."


def test_line_keeps_its_structure_through_copy_pickle_and_the_wire():
    line = Line("{0} {0:wins/win} with {n} in hand.", 1, n="3 tiles")
    for back in (copy.deepcopy(line), pickle.loads(pickle.dumps(line)),
                 lines_from_wire(msgspec.json.decode(msgspec.json.encode(lines_to_wire([line]))))[0]):
        assert back == line and back.text(["Ann", "You"]) == "You win with 3 tiles in hand."
    assert lines_from_wire(lines_to_wire(["plain"])) == ["plain"]


def test_the_same_line_is_made_once_and_the_lines_kept_are_bounded(monkeypatch):
    """Line is cheap to log again (docs/performance.md, "The cost of core.engine.Line"):
    the same template, seats and words give back the one Line made; other words,
    other seats or the same words under other names never do."""
    import core.engine as engine

    first = Line("{0} {0:plays/play} {card} and {other}.", 0, card="a", other="b")
    assert Line("{0} {0:plays/play} {card} and {other}.", 0, card="a", other="b") is first
    assert Line("{0} {0:plays/play} {card} and {other}.", 0, other="a", card="b") == "Player 1 plays b and a."
    assert Line("{0} {0:plays/play} {card} and {other}.", 1, card="a", other="b") == "Player 2 plays a and b."
    monkeypatch.setattr(engine, "_MADE_MAX", 3)
    for n in range(10):
        Line("{0} {0:has/have} {n}.", 0, n=str(n))
        assert len(engine._MADE) <= 3


def test_a_seat_beyond_the_names_keeps_its_default():
    assert Line("{0} {0:draws/draw}.", 3).text(["You"]) == "Player 4 draws."


# -- every game ---------------------------------------------------------------------

@pytest.mark.parametrize("names", [["You", "Ann"], ["Ann", "You"], ["Ann", "Player 2"]])
def test_town_log_and_prompts_read_with_names(names):
    seen = set()
    for seed in range(6):
        states = _played("town", 2, seed)
        final = states[-1]
        out = _check_names(final.log, names)
        seen.update(out)
        for st in states:
            _check_names([st.prompt], names)
            if st.outcome:
                _check_names([st.outcome.reason], names)
        assert final.log == [str(x) for x in final.log]
    text = "\n".join(seen)
    you = names.index("You") if "You" in names else None
    if you is not None:
        assert "You place the " in text and "You places" not in text
    ann = names.index("Ann")
    assert f"Ann places the " in text
    if you is not None:
        assert re.search(r"You (win|give|exchange|cannot|placed)", text), "some other verb of You was read"


def test_town_hidden_prompt_names_the_seat_to_move():
    state = GAMES["town"].new(2, 1)
    view = state.view(1 - state.to_move)
    assert isinstance(view.prompt, Line)
    names = ["Ann", "Ann"]
    names[state.to_move] = "You"
    assert view.prompt.text(names) == "You place a tile"
    names[state.to_move] = "Bo"
    assert view.prompt.text(names) == "Bo places a tile"


@pytest.mark.parametrize("names", [["You", "Ann"], ["Ann", "You"], ["Ann", "Player 2"]])
def test_skirmish_log_and_prompts_read_with_names(names):
    text = []
    for seed in range(4):
        states = _played("skirmish", 2, seed, steps=600)
        final = states[-1]
        text += _check_names(final.log, names)
        for st in states[::7]:
            _check_names([st.prompt], names)
            assert "Player" not in st.prompt
        if final.outcome:
            _check_names([final.outcome.reason], names)
    joined = "\n".join(text)
    if "You" in names:
        assert "You draw a card." in joined and "You draws" not in joined
    assert "Ann draws a card." in joined


def test_dash_log_reads_with_names():
    state = GAMES["dash"].new(2, 5)
    rng = random.Random(5)
    for _ in range(6):
        if state.over:
            break
        state.play(rng.choice(state.legal_actions()))
    first = state.log[0]
    assert first.startswith("New deal for 2 players; Player ")
    out = _check_names(state.log, ["You", "Ann"])
    assert out[0] in ("New deal for 2 players; you go first.", "New deal for 2 players; Ann goes first.")
    assert any(line.startswith("You: ") for line in out) and any(line.startswith("Ann: ") for line in out)


def test_house_rules_speaks_of_colours_not_seats():
    # White and Black are the pieces' colours: there is no seat to name.
    for st in _played("house-rules", 2, 3, steps=120):
        assert "Player" not in st.prompt
    assert not any("Player" in line for line in st.log)


# -- Skirmish pending decisions -----------------------------------------------------

def test_skirmish_decision_kinds_are_one_enum_with_their_words():
    assert len(DECISIONS) == len(Decision) == 19
    for d in Decision:
        assert d == d.value and f"{d}" == d.value  # saves and notation keep the kind's text
        assert d.prompt and d.heading and d.ask
        assert "Player" not in d.prompt


def test_skirmish_notation_reads_pending_kinds_back_as_decisions():
    game = GAMES["skirmish"]
    state = game.new(2, 7)  # the advantage draw's winner chooses who starts
    back = game.from_text(state.to_text())
    assert back.pending[-1][0] is Decision.START
    assert back.prompt == state.prompt == Decision.START.prompt


def test_skirmish_notation_refuses_an_unknown_pending_kind():
    from core.engine import NotationError

    text = GAMES["skirmish"].new(2, 7).to_text().replace("pending: start", "pending: nonsense")
    with pytest.raises(NotationError, match="nonsense"):
        GAMES["skirmish"].from_text(text)
