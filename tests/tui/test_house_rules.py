"""HOUSE RULES in the app: snapshots of its key states at 80x24 and Pilot flows by
keys (a whole game against the easy bot, resume from the save, the pending
decisions: revival, change marker, Regroup swap; refusals with their reasons).

Positions come from fixed lines of actions replayed from a save, so no bot thinks in
any picture. Seat 0 (White) is the person, seat 1 (Black) the easy bot.
"""

from __future__ import annotations


import pytest

import saves
from core import GAMES
from core.house_rules import EndTurn, Move, Pass, PlaceMarker, PlayCard, Revive, Swap, TakeBonus
from core.house_rules.board import CELL_INDEX
from tui_support import make_app, put_save, resume_app, status, wait_for
from tui.start import NewForm, NewGame, Resume

SIZE = (80, 24)
BIG = (120, 40)
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
# Another deal-1 game: White's cube sprints onto the far row with Homecoming in force.
BONUS_LINE = (
    "e1-e2 end c6-c5 card:colour-blind c1-c2 end b6-c6 card:regroup a1-a2 end d6-d5 card:homecoming g1-g2 end "
    "d5-e5 card:last-stand c2-c3 end e6/f6 end card:sprint c3-c5 e5-c5 end e2-e4 card:change end c5-e5 marker:d6 "
    "e4-c4 card:team-support end f6-f4 marker:b3 c4-c6"
).split()
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
    return resume_app(store, hr_save(tokens, save_id, **kwargs))


def new_app(store, seed: int = 7, **kwargs):
    return make_app(store, start=NewGame("house-rules", list(SEATS), seed, GAME.Options()), **kwargs)


def info(app) -> str:
    return str(app.screen.query_one("#hr-info").render())


# -- snapshots ------------------------------------------------------------------------------


def test_hr_start(snap_compare, store):
    assert snap_compare(new_app(store), terminal_size=SIZE)


def test_hr_ascii_mid_game(snap_compare, store):
    # change markers, upgrades, captured pawns and nine cards in force, in ASCII only
    put_save(store, hr_save(LINE[:SWAP_AT], "house-rules-20261129-100000-aaaa"))
    app = make_app(store, ascii=True, start=Resume("house-rules-20261129-100000-aaaa"))
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


def test_hr_mid_game_at_120x40(snap_compare, store):
    # a larger board and wider panels use the room
    app = resumed(store, LINE[:SWAP_AT])
    assert snap_compare(app, terminal_size=BIG, press=["up", "up", "enter"])


def test_hr_game_over(snap_compare, store):
    async def last_move(pilot):
        pilot.app.screen.submit(act(LINE[-1]))
        await pilot.pause()

    app = resumed(store, LINE[:-1])
    assert snap_compare(app, terminal_size=SIZE, run_before=last_move)


# -- Pilot flows by keys ----------------------------------------------------------------------

@pytest.fixture
def seeded_bots(monkeypatch):
    """The app's bots get a fixed seed, so a flow plays the same game every run."""
    import core.ai

    real = core.ai.bot
    monkeypatch.setattr(core.ai, "bot", lambda game_id, level, seed=None: real(game_id, level, 10))


async def settle(pilot, screen, limit: float = 20.0) -> None:
    """Wait until a person is to decide (a bot's reply may be on its way) or the game is over."""
    await pilot.pause()

    def a_person_decides() -> bool:
        state = screen.state
        return state.over or (not screen.is_bot(state.to_move) and screen._bot_token is None)

    await wait_for(pilot, a_person_decides, limit)


async def focus(pilot, screen, widget_id: str) -> None:
    for _ in range(4):
        if screen.focused is not None and screen.focused.id == widget_id:
            return
        await pilot.press("tab")
    assert screen.focused.id == widget_id


async def walk_to(pilot, screen, cell: str) -> None:
    """Move the board cursor to `cell` with the arrow keys."""
    await focus(pilot, screen, "board")
    board = screen.query_one("#board")
    row, col = screen.cell_of(CELL_INDEX[cell])
    cur_row, cur_col = board.cursor
    keys = ["down" if row > cur_row else "up"] * abs(row - cur_row)
    keys += ["right" if col > cur_col else "left"] * abs(col - cur_col)
    await pilot.press(*keys)
    assert board.cursor == (row, col)


async def list_to(pilot, screen, list_id: str, item_id: str) -> None:
    """Move a list's cursor to `item_id` with up and down."""
    await focus(pilot, screen, list_id)
    choices = screen.query_one(f"#{list_id}")
    ids = [o.id for o in choices.options]
    target = ids.index(item_id)
    key = "down" if target > (choices.highlighted or 0) else "up"
    for _ in range(len(ids)):
        if choices.highlighted == target:
            break
        await pilot.press(key)
    assert choices.current_id == item_id


async def play_by_keys(pilot, screen, action) -> None:
    """Make one decision the way a person does, by keys only."""
    kind = type(action)
    if kind is Move:
        await walk_to(pilot, screen, action.src)
        await pilot.press("enter")
        await walk_to(pilot, screen, action.dst)
        await pilot.press("enter")
    elif kind is Swap:
        await walk_to(pilot, screen, action.a)
        await pilot.press("enter")
        await walk_to(pilot, screen, action.b)
        await pilot.press("enter")
    elif kind is PlayCard:
        await list_to(pilot, screen, "hr-cards", action.card)
        await pilot.press("enter", "enter")
    elif kind is EndTurn:
        await pilot.press("e")
    elif kind is Pass:
        await pilot.press("p")
    elif kind is TakeBonus:
        await list_to(pilot, screen, "hr-choices", "bonus")
        await pilot.press("enter")
    elif kind is Revive:
        await list_to(pilot, screen, "hr-choices", f"revive-{action.pawn}")
        await pilot.press("enter")
        await walk_to(pilot, screen, action.cell)
        await pilot.press("enter")
    elif kind is PlaceMarker:
        await walk_to(pilot, screen, action.cell)
        await pilot.press("enter", "enter")
    await pilot.pause()


async def play_human_turns(pilot, screen, chooser, decisions: int | None = None) -> int:
    """Let `chooser` pick each of the person's decisions and make it by keys, until
    the game is over (or `decisions` were made). Every decision must be recorded."""
    made = 0
    await settle(pilot, screen)
    while not screen.state.over and (decisions is None or made < decisions):
        state = screen.state
        action = chooser.choose(state.view(state.to_move), 1.0)
        before = screen.save.cursor
        await play_by_keys(pilot, screen, action)
        assert screen.save.cursor > before and screen.save.actions[before] == GAME.action_to_builtins(action), \
            f"{action} was not played by keys: {status(pilot.app)}"
        made += 1
        await settle(pilot, screen)
    return made


async def test_hr_whole_game_vs_easy_bot_by_keys_then_resume(store, seeded_bots):
    # About 20 decisions by keys, cards and end of turn included (some 11 s of CPU).
    from core.ai import bot
    from tui.screens.game_over import GameOverScreen

    chooser = bot("house-rules", "normal", 5)  # picks the person's moves; keys make them
    app = new_app(store, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.game_id == "house-rules"
        await play_human_turns(pilot, screen, chooser, decisions=8)
        position, save_id, cursor = screen.state.to_text(), screen.save.id, screen.save.cursor
        await pilot.press("q")  # home: the game is already saved
        await pilot.pause()
        app.flush_saves()
    assert store.load(save_id).cursor == cursor

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # "Continue", the newest unfinished game
        await pilot.pause()
        screen = app.screen
        assert screen.save.id == save_id
        assert screen.state.to_text() == position
        await play_human_turns(pilot, screen, chooser)
        assert screen.state.over
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        app.flush_saves()
        assert store.load(save_id).over
        await pilot.press("q")
        await pilot.pause()
        app.flush_saves()
    stats = store.load_stats().get("house-rules")
    assert stats.played == 1 and stats.won + stats.lost + stats.drawn == 1


async def test_hr_capture_that_fails_shows_both_strengths_and_is_refused(store):
    app = resumed(store, CAPTURE_LINE)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await walk_to(pilot, screen, "b4")
        await pilot.press("enter")
        marks = screen.query_one("#board").marks
        assert marks[screen.cell_of(CELL_INDEX["c4"])] == "target"  # 3 vs 3: the attacker wins ties
        assert marks[screen.cell_of(CELL_INDEX["b5"])] == "bad"  # 3 vs 4
        await walk_to(pilot, screen, "c4")
        assert "3 vs 3, captures: square 2 + white cell +1 = 3 vs tetrahedron 3" in info(app)
        await walk_to(pilot, screen, "b5")
        assert "3 vs 4, no capture" in info(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "cannot capture the hypertetrahedron: strength 3 vs 4" in status(app)
        assert screen.save.cursor == len(CAPTURE_LINE)  # nothing was played
        await pilot.press("escape")
        await pilot.pause()
        assert screen.sel is None and not any(m in ("target", "bad") for m in screen.query_one("#board").marks.values())


async def test_hr_revival_by_keys(store):
    app = resumed(store, LINE[:REVIVE_AT])
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.state.phase == "upgrade"
        assert screen.focused.id == "hr-choices"  # the pending decision has the focus
        assert [o.id for o in screen.query_one("#hr-choices").options] == [None, "revive-2", "revive-3"]
        await pilot.press("shift+tab", "enter")  # the board waits for the choice in the list
        await pilot.pause()
        assert "First choose +1 or which pawn comes back" in status(app)
        assert screen.focused.id == "hr-choices"
        await pilot.press("enter")  # the square (value 2): its cells light up on the board
        await pilot.pause()
        assert screen.revive_base == 2 and screen.focused.id == "board"
        await pilot.press("escape")  # back to the list
        await pilot.pause()
        assert screen.revive_base is None and screen.focused.id == "hr-choices"
        await play_by_keys(pilot, screen, Revive(3, "e1"))
        assert screen.save.actions[REVIVE_AT] == GAME.action_to_builtins(Revive(3, "e1"))
        assert screen.state.pawn_at("e1").kind == "cube"


async def test_hr_take_bonus_by_keys(store):
    # With Homecoming in force, White's cube sprints to the far row: +1 or a comeback
    app = resumed(store, BONUS_LINE[:-1])
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await play_by_keys(pilot, screen, act(BONUS_LINE[-1]))
        assert screen.state.phase == "upgrade" and screen.focused.id == "hr-choices"
        assert "bonus" in [o.id for o in screen.query_one("#hr-choices").options]
        await play_by_keys(pilot, screen, TakeBonus())
        pawn = screen.state.pawn_at("c6")
        assert pawn.upgrade == "+1" and pawn.value == pawn.base + 1


async def test_hr_change_marker_by_keys(store):
    app = resumed(store, LINE[:MARKER_AT])
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.state.phase == "after" and "change" in screen.state.cards_in_force
        marks = screen.query_one("#board").marks
        legal = {a.cell for a in screen.state.legal_actions() if type(a) is PlaceMarker}
        assert {c for c, m in marks.items() if m == "target"} == {screen.cell_of(CELL_INDEX[c]) for c in legal}
        await walk_to(pilot, screen, "d4")
        await pilot.press("enter")
        await pilot.pause()
        assert "Enter again" in status(app) and screen.save.cursor == MARKER_AT
        assert screen.check_action("back_out", ()) is True  # escape would cancel it
        await pilot.press("enter")
        await pilot.pause()
        assert screen.save.actions[MARKER_AT] == GAME.action_to_builtins(PlaceMarker("d4"))
        assert "d4" in screen.state.markers


async def test_hr_regroup_swap_by_keys(store):
    app = resumed(store, LINE[:SWAP_AT])
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        swap = next(a for a in screen.state.legal_actions() if type(a) is Swap)
        await play_by_keys(pilot, screen, swap)
        assert screen.save.actions[SWAP_AT] == GAME.action_to_builtins(swap)


async def test_hr_card_before_the_move_then_sprint(store):
    app = new_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await list_to(pilot, screen, "hr-cards", "sprint")
        assert "A pawn may move two cells" in info(app)  # the cursor shows the card's text
        await pilot.press("enter")
        await pilot.pause()
        assert screen.card_pending == "sprint" and screen.save.cursor == 0
        await pilot.press("escape")  # changed my mind
        await pilot.pause()
        assert screen.card_pending is None
        await list_to(pilot, screen, "hr-cards", "fortress")
        await pilot.press("enter")
        await pilot.pause()
        assert "not in White's hand" in status(app)  # refused with the engine's reason
        await play_by_keys(pilot, screen, PlayCard("sprint"))
        assert screen.state.cards_in_force == ["sprint"]
        await play_by_keys(pilot, screen, Move("b1", "b3"))  # two cells: Sprint is in force
        assert screen.save.actions[:2] == [GAME.action_to_builtins(PlayCard("sprint")),
                                           GAME.action_to_builtins(Move("b1", "b3"))]


async def test_hr_card_after_the_move_and_end_turn(store, seeded_bots):
    app = new_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await play_by_keys(pilot, screen, Move("b1", "b2"))
        assert screen.state.phase == "after"
        await play_by_keys(pilot, screen, PlayCard("stalwart"))  # after the move
        assert screen.save.actions[1] == GAME.action_to_builtins(PlayCard("stalwart"))
        await settle(pilot, screen)  # playing the card ended the turn: the bot answered
        assert screen.state.to_move == 0 and screen.save.cursor > 2
        assert any(m == "last" for m in screen.query_one("#board").marks.values())  # its move is shown
        await play_by_keys(pilot, screen, Move("f1", "f2"))
        assert screen.state.phase == "after"  # a card is still in hand: e ends the turn
        before = screen.save.cursor
        await play_by_keys(pilot, screen, EndTurn())
        assert screen.save.actions[before] == GAME.action_to_builtins(EndTurn())


async def test_hr_undo_steps_back_over_the_bot_reply(store, seeded_bots):
    app = new_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        start = screen.state.to_text()
        await play_by_keys(pilot, screen, Move("b1", "b2"))
        await play_by_keys(pilot, screen, EndTurn())
        await settle(pilot, screen)
        assert screen.save.cursor > 2  # the bot has answered
        await pilot.press("u")  # back to before my end of turn: the bot's reply is gone
        await pilot.pause()
        assert screen.save.cursor == 1 and screen.state.phase == "after"
        await pilot.press("u")
        await pilot.pause()
        assert screen.state.to_text() == start
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert screen.save.cursor == 1


async def test_hr_two_people_share_the_keyboard_without_hand_over(store):
    from tui.screens.dialogs import HandOverScreen

    people = [saves.Seat(name="Ann"), saves.Seat(name="Bob")]
    app = make_app(store, start=NewGame("house-rules", people, 7, GAME.Options()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert not screen.UNDO
        await play_by_keys(pilot, screen, Move("b1", "b2"))
        await play_by_keys(pilot, screen, EndTurn())
        assert not isinstance(app.screen, HandOverScreen)
        assert screen.state.to_move == 1 and status(app).startswith("Bob")
        await play_by_keys(pilot, screen, Move("b6", "b5"))
        assert screen.state.pawn_at("b5").colour == 1


async def test_hr_black_player_sees_the_board_from_black_side(store, seeded_bots):
    seats = [saves.Seat(name="Easy bot", kind="bot", level="easy"), saves.Seat(name="You")]
    app = make_app(store, start=NewGame("house-rules", seats, 7, GAME.Options()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert screen.flipped
        board = screen.query_one("#board")
        assert board.row_labels[0] == "1" and board.col_labels[0] == "g"
        assert all(screen.index_of(screen.cell_of(i)) == i for i in range(42))
        await settle(pilot, screen)  # White, the bot, moves first
        assert screen.state.to_move == 1
        await play_by_keys(pilot, screen, Move("c6", "c5"))
        assert screen.state.pawn_at("c5").colour == 1


async def test_hr_replay_steps_through_a_finished_game(store):
    put_save(store, hr_save(LINE, "house-rules-20261129-100000-rrrr"))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "r")  # saves browser, the only save, replay
        await pilot.pause()
        screen = app.screen
        assert screen.replay and screen.replay_at == len(LINE)
        await pilot.press("left", "left", "left")
        await pilot.pause()
        assert screen.replay_at == REVIVE_AT
        assert screen.state.phase == "upgrade"  # the revival is coming
        marks = screen.query_one("#board").marks
        assert marks == {screen.cell_of(CELL_INDEX["c5"]): "last", screen.cell_of(CELL_INDEX["b6"]): "last"}
        await pilot.press("enter")  # choosing is not possible in a replay
        await pilot.pause()
        assert screen.replay_at == REVIVE_AT


async def test_hr_new_game_form_offers_the_options(store):
    from textual.widgets import Select

    app = make_app(store, start=NewForm("house-rules"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        assert form.query_one("#opt-cards", Select).value == "hands"
        assert form.query_one("#opt-first", Select).value == "white"
        assert form.query_one("#opt-random_cards", Select).value == 3
        form.query_one("#opt-cards", Select).value = "random"
        form.query_one("#seat-1", Select).value = "easy"
        await pilot.press("ctrl+s")
        await pilot.pause()
        screen = app.screen
        assert screen.game_id == "house-rules"
        assert screen.state.options.cards == "random" and len(screen.state.cards_in_force) == 3
        cards = screen.query_one("#hr-cards")
        assert [o.id for o in cards.options] == screen.state.cards_in_force


async def test_hr_ascii_draws_only_ascii(store):
    put_save(store, hr_save(LINE[:SWAP_AT], "house-rules-20261129-100000-aaaa"))
    app = make_app(store, ascii=True, start=Resume("house-rules-20261129-100000-aaaa"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        texts = ["".join(t for line in screen.paint(r, c).lines for t, _ in line) for r in range(6) for c in range(7)]
        texts += [str(screen.query_one(f"#{w}").render()) for w in ("hr-title", "hr-players", "hr-info", "status")]
        texts += [str(o.prompt) for o in screen.query_one("#hr-cards").options]
        assert all(t.isascii() for t in texts), [t for t in texts if not t.isascii()]


BLOCKED = """\
HOUSE RULES
   a   b   c   d   e   f   g
6  B1  .   .   .   .   .   .
5  .   .   .   .   .   .   .
4  .   .   .   .   .   .   .
3  B4  .   .   .   .   .   .
2  W2  B3+ .   .   .   .   .
1  W3  W2  B3+ .   .   .   .
   a   b   c   d   e   f   g
Options: cards=hands random_cards=3 first=white
Turn: 1
To move: White
Phase: before
Card played this turn: no
Pending upgrade: -
Captured: White -; Black -
Hands: White team-support diagonal-step change sprint stalwart; Black fortress homecoming regroup colour-blind last-stand
In force: -
Markers: -
Counters: quiet 0, passes 0
History: -
Chance: seed 1, counter 0
Result: -
"""


async def test_hr_pass_when_no_move_is_possible(store):
    # White's three pawns are walled in by pawns they cannot capture: p passes.
    people = [saves.Seat(name="Ann"), saves.Seat(name="Bob")]
    state = GAME.from_text(BLOCKED)
    assert Pass() in state.legal_actions()
    save = saves.new_save("house-rules", people, None, 1)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(save, state)  # a position set up by hand (not a replayable save)
        await pilot.pause()
        screen = app.screen
        assert screen.check_action("pass_turn", ()) is True and screen.check_action("end_turn", ()) is False
        await walk_to(pilot, screen, "a2")
        await pilot.press("enter")
        await pilot.pause()
        assert "has no legal move" in status(app)
        await pilot.press("p")
        await pilot.pause()
        assert screen.save.actions == [GAME.action_to_builtins(Pass())]
        assert screen.state.phase == "after" and screen.check_action("end_turn", ()) is True


def last_line_position(board_rows: dict[int, str]) -> str:
    """BLOCKED's notation with other rows of pawns (rank -> the row as printed)."""
    lines = BLOCKED.splitlines()
    for rank, row in board_rows.items():
        lines[8 - rank] = f"{rank}  {row}"
    return "\n".join(lines) + "\n"


async def test_hr_the_end_of_the_game_reads_as_a_sentence(store):
    # Black has 4 + 2 + 1 = 7; White's tesseract takes the line on a6 and leaves 6.
    text = last_line_position({6: "B1  .   .   B4  .   B2  .  ", 5: "W4  .   .   .   .   .   .  ",
                               3: ".   .   .   .   .   .   .  ", 2: ".   .   .   .   .   .   .  ",
                               1: ".   W3  W3  .   .   .   .  "})
    state = GAME.from_text(text)
    save = saves.new_save("house-rules", [saves.Seat(name="Ann"), saves.Seat(name="Bob")], None, 1)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(save, state)
        await pilot.pause()
        screen = app.screen
        await play_by_keys(pilot, screen, Move("a5", "a6"))
        assert screen.state.over
        reason = screen.state.outcome.reason
        # was "White wins: Black's total is 6, 6 or less."
        assert reason == "White wins: Black's total fell to 6; a total of 6 or less loses."
        await pilot.pause()
        text = " ".join(str(w.render()) for w in app.screen.query(".dialog-text"))
        assert "total fell to 6; a total of 6 or less loses" in text


async def test_hr_after_a_card_is_played_the_board_has_the_focus_and_the_cursor(store):
    app = new_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        board = screen.query_one("#board")
        await list_to(pilot, screen, "hr-cards", "sprint")
        assert board.read_only  # reading the cards: the board draws no cursor
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert screen.state.cards_in_force == ["sprint"] and screen.state.phase == "before"
        # the next decision is a move: the board has the focus and shows its cursor
        assert screen.focused is board and not board.read_only
        cursor = board.cursor
        await pilot.press("up")  # arrows move the board cursor, not the cards list
        assert board.cursor == (cursor[0] - 1, cursor[1])
        assert screen.save.cursor == 1


async def test_hr_at_120x40_the_board_takes_the_room(store):
    app = resumed(store, LINE[:SWAP_AT])
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.query_one("#board")
        # Issue 26: at 10x3 ~16 rows stayed empty; the cells grow to the rows there are.
        assert (board.cell_w, board.cell_h) == (11, 4)
        assert board.region.width >= 78 and board.region.height >= 25  # was 45x13, then 73x19
        right = screen.query_one("#hr-right")
        assert right.region.x >= board.region.right and right.region.right <= BIG[0]
        await play_by_keys(pilot, screen, Swap("f1", "g1"))  # the same keys on the large board
        assert screen.save.actions[-1] == GAME.action_to_builtins(Swap("f1", "g1"))
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert (board.cell_w, board.cell_h) == (6, 2)


async def test_hr_title_fits_80_columns_with_a_long_game_number(store):
    app = new_app(store, seed=12345678901234)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = str(app.screen.query_one("#hr-title").render()).rstrip()
        # it ran past the edge: "...16 : 16 Black   White to p"
        assert len(title) <= SIZE[0] and title.endswith("White to play") and "game 12345678901234" in title


async def test_hr_revival_choice_lists_every_cell(store):
    app = resumed(store, LINE[:REVIVE_AT])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        choices = screen.query_one("#hr-choices")
        for option in choices.options:
            if option.id and option.id.startswith("revive-"):
                base = int(option.id.split("-")[1])
                cells = [a.cell for a in screen.state.legal_actions() if type(a) is Revive and a.pawn == base]
                assert str(option.prompt).endswith(", ".join(cells))


async def test_hr_a_long_player_name_is_shortened_with_an_ellipsis(store):
    people = [saves.Seat(name="Maximiliana Bartholomew"), saves.Seat(name="Bob")]
    app = make_app(store, start=NewGame("house-rules", people, 7, GAME.Options()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        players = str(app.screen.query_one("#hr-players").render())
        assert "White  Maximiliana … total 16" in players  # was "Maximiliana Batotal 16"


CROWDED = {6: ".   .   .   .   .   .   B2 ", 5: ".   B1  B4  B1  .   .   .  ", 4: ".   W2  B3  .   .   .   .  ",
           3: ".   W1  W1  .   .   .   .  ", 2: ".   .   .   .   .   .   .  ", 1: "W3  .   .   .   .   .   .  "}


async def test_hr_a_long_note_under_the_board_is_shown_whole_at_80x24(store):
    # Team Support on both sides, Colour Blind and Stalwart: the capture preview takes
    # five lines; the panel under the board had four and cut the last one.
    text = last_line_position(CROWDED).replace("In force: -", "In force: stalwart team-support colour-blind")
    text = text.replace("White team-support diagonal-step change sprint stalwart", "White diagonal-step change sprint")
    text = text.replace("Black fortress homecoming regroup colour-blind last-stand", "Black fortress homecoming regroup last-stand")
    state = GAME.from_text(text)
    save = saves.new_save("house-rules", [saves.Seat(name="Ann"), saves.Seat(name="Bob")], None, 1)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(save, state)
        await pilot.pause()
        screen = app.screen
        await walk_to(pilot, screen, "b4")
        await pilot.press("enter")
        await walk_to(pilot, screen, "c4")
        await pilot.pause()
        panel = screen.query_one("#hr-info")
        assert "(Colour Blind: no cell bonus)." in info(app)
        assert panel.region.height >= 5 and panel.virtual_size.height <= panel.region.height


def test_hr_change_marker_glyph_is_no_pawn_shape():
    # `◆` was both the change marker and Black's value-4 pawn ("B◆4").
    from tui.games.house_rules.pieces import MARKER, SHAPES
    from tui.games.house_rules.screen import HouseRulesScreen
    from tui.glyphs import Glyphs

    shapes = set(SHAPES[0].values()) | set(SHAPES[1].values())
    assert MARKER[False] not in shapes and MARKER[True] not in "WB0123456789+*"
    for ascii in (False, True):
        legend = HouseRulesScreen.legend(Glyphs(ascii))
        assert f"`{MARKER[ascii]}` a change marker" in legend
