"""HOUSE RULES in the app: snapshots of its key states at 80x24 and Pilot flows by
keys (a whole game against the easy bot, resume from the save, the pending
decisions: revival, change marker, Regroup swap; refusals with their reasons).

Positions come from fixed lines of actions replayed from a save, so no bot thinks in
any picture. Seat 0 (White) is the person, seat 1 (Black) the easy bot.
"""

from __future__ import annotations

import time

import pytest

import saves
from core import GAMES
from core.house_rules import EndTurn, Move, Pass, PlaceMarker, PlayCard, Revive, Swap, TakeBonus
from tui_support import make_app, put_save

SIZE = (80, 24)
GAME = GAMES["house-rules"]
SEATS = [saves.Seat(name="You"), saves.Seat(name="Easy bot", kind="bot", level="easy")]

# A game on deal 1 (a normal bot as White against the easy bot, recorded once): cards,
# change markers, Regroup, a revival with Homecoming at action 46, White wins at 49.
LINE = (
    "c1-c2 end f6-f5 end card:sprint b1-b3 g6-g5 card:colour-blind e1-e3 end d6-d5 card:homecoming "
    "d1-d3 card:team-support d5-b5 end b3-a3 card:change end f5-f4 marker:c5 card:diagonal-step e3-f4 end "
    "b5-b4 marker:b2 a3-a2 end card:last-stand b4-a3 marker:e1 f4-f6 end card:fortress g5-g6 marker:f3 "
    "f6-e6 end card:regroup c6-c5 card:stalwart d3-c3 a3-a2 c3-c5 a2-c2 c5-b6 revive:3@e1 c2-a2 b6-a6"
).split()
MARKER_AT = 18  # White has moved and may place a change marker
SWAP_AT = 40  # White may swap (Regroup in force)
REVIVE_AT = 46  # White's square reached the far row: +1 or bring back the cube
# No cards played: White's square on b4 can take the tetrahedron on c4 (3 vs 3, the
# white cell helps it) but not the hypertetrahedron on b5 (3 vs 4).
CAPTURE_LINE = "b1-b2 end c6-c5 end b2-b3 end c5-c4 end g1-g2 end d6-d5 end g2-g3 end d5-c5 end b3-b4 end c5-b5 end".split()


def act(token: str):
    """One action from the short notation of the lines above."""
    if token == "end":
        return EndTurn()
    if token == "pass":
        return Pass()
    if token == "bonus":
        return TakeBonus()
    kind, _, rest = token.partition(":")
    if kind == "card":
        return PlayCard(rest)
    if kind == "marker":
        return PlaceMarker(rest)
    if kind == "revive":
        pawn, cell = rest.split("@")
        return Revive(int(pawn), cell)
    if "/" in token:
        return Swap(*token.split("/"))
    return Move(*token.split("-"))


def hr_save(tokens: list[str], save_id: str, seed: int = 1, seats=None, options=None) -> saves.SaveFile:
    save = saves.new_save("house-rules", list(seats or SEATS),
                          GAME.options_to_builtins(options) if options else None, seed)
    save.id = save_id
    for token in tokens:
        saves.record(save, act(token))
    save.over = saves.replay(save).over
    return save


def resumed(store, tokens: list[str], save_id: str = "house-rules-20261129-100000-aaaa", **kwargs):
    put_save(store, hr_save(tokens, save_id, **kwargs))
    return make_app(store, start=("resume", save_id))


def new_app(store, seed: int = 7, **kwargs):
    return make_app(store, start=("new", "house-rules", list(SEATS), seed, GAME.Options()), **kwargs)


def status(app) -> str:
    return str(app.screen.query_one("#status").render())


def info(app) -> str:
    return str(app.screen.query_one("#hr-info").render())


# -- snapshots ------------------------------------------------------------------------------


def test_hr_start(snap_compare, store):
    assert snap_compare(new_app(store), terminal_size=SIZE)


def test_hr_ascii_mid_game(snap_compare, store):
    # change markers, upgrades, captured pawns and nine cards in force, in ASCII only
    put_save(store, hr_save(LINE[:SWAP_AT], "house-rules-20261129-100000-aaaa"))
    app = make_app(store, ascii=True, start=("resume", "house-rules-20261129-100000-aaaa"))
    assert snap_compare(app, terminal_size=SIZE)


def test_hr_pawn_selected(snap_compare, store):
    # the cursor starts on d1: walk to b4 and choose the square
    app = resumed(store, CAPTURE_LINE)
    assert snap_compare(app, terminal_size=SIZE, press=["up", "up", "up", "left", "left", "enter"])


def test_hr_capture_preview(snap_compare, store):
    app = resumed(store, CAPTURE_LINE)
    assert snap_compare(app, terminal_size=SIZE, press=["up", "up", "up", "left", "left", "enter", "right"])


def test_hr_card_being_played(snap_compare, store):
    # tab to the cards, down to Sprint, enter: the card waits for a second enter
    assert snap_compare(new_app(store), terminal_size=SIZE, press=["tab", "down", "down", "down", "enter"])


def test_hr_cards_in_force(snap_compare, store):
    app = resumed(store, LINE[:SWAP_AT])
    assert snap_compare(app, terminal_size=SIZE, press=["tab", "down", "down", "down"])


def test_hr_revival_choice(snap_compare, store):
    # the list offers +1 or the captured cube; choosing the cube lights its cells
    app = resumed(store, LINE[:REVIVE_AT])
    assert snap_compare(app, terminal_size=SIZE, press=["down", "enter"])


def test_hr_game_over(snap_compare, store):
    async def last_move(pilot):
        pilot.app.screen.submit(act(LINE[-1]))
        await pilot.pause()

    app = resumed(store, LINE[:-1])
    assert snap_compare(app, terminal_size=SIZE, run_before=last_move)
