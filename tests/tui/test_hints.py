"""Issue 15: the `t` key asks the coach for a hint in every game, shown where it acts;
escape cancels it; with several people it is off unless the game was opened with it;
its thinking time is a setting; the statistics count wins without a hint."""

from __future__ import annotations

import functools

import msgspec
import pytest

import saves
from core import GAMES
from every_game import game_registered, one_person_games  # noqa: F401  (the fixture)
from tui_support import TODAY, make_app, put_save, settle, status, wait_for, winning_line
from tui.start import NewForm, NewGame, Resume

winning_line = functools.lru_cache(winning_line)  # one solve of today's deal for the tests here

SIZE = (80, 24)
FAST = "0.05"  # seconds: the hint's thinking time in these tests ($HOUSES_HINT_BUDGET_S)


def footer_keys(app) -> list[str]:
    from textual.widgets._footer import FooterKey

    return [key.description for key in app.screen.query(FooterKey)]


def seats_of(kinds: list[str]) -> list[saves.Seat]:
    people = kinds.count("human")
    return [saves.Seat(name="You" if people == 1 else f"Player {i + 1}") if k == "human"
            else saves.Seat(name=f"{k.title()} bot {i + 1}", kind="bot", level=k) for i, k in enumerate(kinds)]


def new_app(store, game_id: str, kinds: list[str], seed: int, options=None, **kwargs):
    options = options if options is not None else GAMES[game_id].Options()
    return make_app(store, start=NewGame(game_id, seats_of(kinds), seed, options), **kwargs)


# The key a hint's words say plays it ("enter plays it", "e ends your turn", ...).
KEYS = (("enter", "enter"), ("x exchanges", "x"), ("e ends", "e"), ("p passes", "p"), ("leave the game: e", "e"))

# Every game (the test-only toy too: every_game); Skirmish 11: who starts, a scout, a
# deployment. And TOWN 77 solo: its stacks and the revealed tile.
CASES = one_person_games({"dash": 4242, "house-rules": 7, "town": 5, "skirmish": 11})
CASES.insert(3, ("town", ["human"], 5))


@pytest.mark.parametrize(("game_id", "kinds", "seed"), CASES,
                         ids=[f"{g}-{len(k)}-{s}" for g, k, s in CASES])
async def test_t_shows_a_legal_hint_with_its_reason_and_its_key_plays_it(store, monkeypatch, game_id, kinds, seed):
    monkeypatch.setenv("HOUSES_HINT_BUDGET_S", FAST)
    app = new_app(store, game_id, kinds, seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        for step in range(3):  # three decisions in a row, whatever kind they are (~2-4 s)
            await wait_for(pilot, lambda: screen.check_action("hint", ()) is True or screen.state.over)
            if screen.state.over:
                break
            assert "Hint" in footer_keys(app)
            before, legal = screen.save.cursor, screen.state.legal_actions()
            await pilot.press("t")
            await wait_for(pilot, lambda: screen.last_hint is not None and not screen.hint_thinking)
            hint, line = screen.last_hint, status(app)
            assert hint.action in legal and hint.reason
            # A reason that names a seat (a Line) is drawn with the seats' names.
            assert line.startswith("Hint (") and screen.hint_reason(screen.named(hint.reason)).rstrip(".") in line, line
            assert "Player " not in line, line  # the seats here are "You" and "Easy bot 2"
            assert screen.save.hints_used == step + 1
            key = next(k for words, k in KEYS if words in line.lower())
            await pilot.press(key)
            await wait_for(pilot, lambda: screen.save.cursor > before)
            assert screen.game.action_from_builtins(screen.save.actions[before]) == hint.action
            screen.last_hint = None


async def test_escape_cancels_a_hint_being_thought_about(store, monkeypatch):
    # (~4 s: the coach's search holds the interpreter while the keys go through.)
    monkeypatch.setenv("HOUSES_HINT_BUDGET_S", "20")
    app = new_app(store, "house-rules", ["human", "easy"], 7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("t")
        await pilot.pause()
        assert screen.hint_thinking
        assert status(app).startswith("Thinking about a hint") and "escape cancels" in status(app)
        assert screen.check_action("hint", ()) is None  # greyed while it thinks
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.hint_thinking and status(app) == "Hint cancelled."
        await wait_for(pilot, lambda: not app.workers or all(not w.is_running for w in app.workers), timeout=5)
        await pilot.pause()
        assert screen.last_hint is None and screen.save.hints_used == 0
        assert status(app) == "Hint cancelled."  # no late answer after all
        await pilot.press("escape")  # escape is the game's own again
        await pilot.pause()
        assert screen.check_action("cancel_hint", ()) is False



async def test_hot_seat_has_no_hints_unless_the_game_was_opened_with_them(store, monkeypatch):
    monkeypatch.setenv("HOUSES_HINT_BUDGET_S", FAST)
    app = new_app(store, "house-rules", ["human", "human"], 7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "Hint" not in footer_keys(app)
        await pilot.press("t")
        await settle(pilot)  # a hint, had one started, would be done by now
        assert not screen.hint_thinking and screen.last_hint is None
        # Issue 26: t says why in a line, naming the form's tick box.
        assert status(app).startswith("Hints are off") and "Hints (t) for every person" in status(app)


async def test_the_new_game_form_opens_a_hot_seat_game_with_hints(store, monkeypatch):
    from textual.widgets import Select

    monkeypatch.setenv("HOUSES_HINT_BUDGET_S", FAST)
    app = make_app(store, start=NewForm("house-rules"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        row = form.query_one("#hints-row")
        assert not row.display  # one person and a bot: hints are always on, no choice
        form.query_one("#seat-1", Select).value = "human"  # two people
        await pilot.pause()
        assert row.display
        form.query_one("#hints").focus()
        await pilot.press("space", "ctrl+s")
        await wait_for(pilot, lambda: getattr(app.screen, "game_id", None) == "house-rules")
        screen = app.screen
        assert screen.save.hints and len(screen.humans) == 2
        assert "Hint" in footer_keys(app)
        await pilot.press("t")
        await wait_for(pilot, lambda: screen.last_hint is not None)
        assert status(app).startswith("Hint (")
        await pilot.press("enter")  # plays it: a game left before its first move is not kept
        await wait_for(pilot, lambda: screen.save.cursor >= 1)
    saved = store.load(screen.save.id)
    assert saved.hints and saved.hints_used == 1


async def test_the_hint_time_is_chosen_in_settings_and_kept(store):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("G", "up", "up", "enter")  # Quit, Rules, Settings
        await pilot.pause()
        assert type(app.screen).__name__ == "SettingsScreen"
        assert "(x) 1 s" in [str(o.prompt) for o in app.screen.query_one("#hint-times").options]
        await pilot.press("down", "enter")  # 2 s
        await pilot.pause()
        assert app.settings.hint_budget_s == 2.0
        assert "(x) 2 s" in [str(o.prompt) for o in app.screen.query_one("#hint-times").options]
        app.flush_saves()
    assert saves.Store(store.root).read_settings()[0].hint_budget_s == 2.0
    again = make_app(store)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.settings.hint_budget_s == 2.0


def test_a_settings_file_from_before_hints_loads(store):
    store.root.mkdir(parents=True, exist_ok=True)
    store.settings_path.write_text('{"format": 1, "theme": "textual-light", "player_name": "Ann"}')
    settings, problem = store.read_settings()
    assert problem is None and settings.player_name == "Ann" and settings.hint_budget_s == 1.0


def test_a_save_from_before_hints_loads_with_no_hint_used(store):
    save = saves.new_save("dash", [saves.Seat(name="You")], None, 5)
    data = msgspec.to_builtins(save)
    del data["hints"], data["hints_used"]
    save.id = "dash-20261129-100000-old1"
    put_save(store, save)
    path = store.saves_dir / f"{save.id}.json"
    path.write_text(msgspec.json.encode(data).decode())
    loaded = store.load(save.id)
    assert loaded.hints is False and loaded.hints_used == 0


async def win_todays_dash(store, monkeypatch, save_id: str, hint: bool) -> str:
    """Today's Dash deal, one move from its end, won by the last move (after a hint if
    `hint`); the game-over dialog's text."""
    from tui.screens.game_over import GameOverScreen

    game = GAMES["dash"]
    seed = game.daily_seed(TODAY)
    line = winning_line(seed)
    save = saves.new_save("dash", [saves.Seat(name="You")], {"winnable": True}, seed)
    save.id = save_id
    for action in line[:-1]:
        saves.record(save, action)
    put_save(store, save)
    app = make_app(store, start=Resume(save_id))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        if hint:
            await pilot.press("t")
            await wait_for(pilot, lambda: screen.last_hint is not None)
        # The last card, side and piece by keys: 1, the side's arrow, then the cell.
        await pilot.press("escape", "escape")  # the hinted side, then its card, put back
        assert screen.card is None
        last = line[-1]
        await pilot.press(str(screen._hand().index(last.card) + 1), {"N": "up", "E": "right", "S": "down", "W": "left"}[last.side])
        from tui.games.dash.screen import cell_of
        from tui.widgets.board import BoardGrid

        screen.query_one(BoardGrid).cursor = cell_of(last.src)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        text = " ".join(str(w.render()) for w in app.screen.query(".dialog-text"))
        app.flush_saves()
        await settle(pilot)  # what the game's end wrote (stats) after that, then again
        app.flush_saves()
    return text


async def test_stats_count_a_win_without_a_hint_and_todays_deal_says_so(store, monkeypatch):
    # (~5 s: three app runs, two of them replaying 27 moves of today's deal.)
    monkeypatch.setenv("HOUSES_HINT_BUDGET_S", FAST)
    text = await win_todays_dash(store, monkeypatch, "dash-20261129-100000-nohi", hint=False)
    assert "Today's deal solved without a hint." in text
    text = await win_todays_dash(store, monkeypatch, "dash-20261129-100001-hint", hint=True)
    assert "Today's deal solved with 1 hint." in text
    stats = store.read_stats()[0].get("dash")
    assert stats.won == 2 and stats.won_no_hint == 1
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("G", "up", "up", "up", "enter")  # Quit, Rules, Settings, Statistics
        await pilot.pause()
        table = app.screen.query_one("#stats-table")
        columns = [str(c.label) for c in table.columns.values()]
        row = table.get_row_at(0)
        assert row[columns.index("Won")] == 2 and row[columns.index("No hint")] == 1
        assert "No hint: games won without asking for a hint" in str(app.screen.query_one("#stats-detail").render())


# -- how it looks ------------------------------------------------------------------------


def test_settings_screen(snap_compare, store):
    async def before(pilot):
        await pilot.pause()
        await pilot.press("G", "up", "up", "enter")  # Quit, Rules, Settings
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "SettingsScreen"

    assert snap_compare(make_app(store), terminal_size=SIZE, run_before=before)


def test_town_solo_hint_shown_on_its_stack(snap_compare, store, monkeypatch):
    # The solo coach is a fixed strategy: the same hint and words on every machine.
    monkeypatch.setenv("HOUSES_HINT_BUDGET_S", FAST)

    async def before(pilot):
        await pilot.pause()
        await pilot.press("t")
        await wait_for(pilot, lambda: pilot.app.screen.last_hint is not None)
        await pilot.pause()

    assert snap_compare(new_app(store, "town", ["human"], 5), terminal_size=SIZE, run_before=before)
