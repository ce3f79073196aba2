"""Nothing cut (issue 11): no prompt, status line, label, footer key or menu entry is
cut mid-word at 80x24, in Unicode and in ASCII; long text wraps or is shortened on
purpose with an ellipsis. The check is in tests/tui/walks/cut.py.

The states: every screen outside the games (home, new-game form of each game, saves,
statistics, rules, help of each game), and every state a short key walk of each game
passes through (the walk's own checks run too), plus the "terminal too small" notice
at 40x12.
"""

from __future__ import annotations

import pytest

from every_game import every_game, game_registered  # noqa: F401  (the fixture: the toy's form, walk)
from tui_support import choose, dash_save, losing_line, make_app, put_save, settle, wait_for
from walks.cut import cut_findings
from walks.driver import MODES, SIZE, drain, walk
from tui.start import NewForm

CUT_WALK_KEYS = {"dash": 18, "house-rules": 18, "town": 18, "skirmish": 12}  # else 25
# One walk a game in Unicode and one in ASCII (the modes with the most on screen); a
# game without one named here (a new one, the test-only toy) walks its default mode.
CUT_MODES = [m for m in MODES if m.name in {
    "dash-2-hidden", "hr-normal", "town-4", "sk-4", "dash-ascii", "hr-ascii", "town-ascii", "sk-ascii"}]
CUT_MODES += [m for m in MODES if m.name.endswith("-default") and all(c.game != m.game for c in CUT_MODES)]


async def assert_nothing_cut(pilot, where: str) -> None:
    """Checked once the screen has settled: on a busy machine a form may still be
    rebuilding at the first pause (a player sees the settled screen)."""
    for _ in range(10):
        await settle(pilot)
        try:
            findings = cut_findings(pilot.app)
        except KeyError:  # a footer key drawn before its styles came: not settled yet
            findings = ["(the screen was still being built)"]
            continue
        if not findings:
            return
        await pilot.pause(0.1)
    assert not findings, f"text cut on {where}:\n" + "\n".join(findings)


# keys from the home screen to each screen outside the games
OTHER_SCREENS = {
    "home": [],
    "new-game form": ["n"],
    "saves": ["s"],
    "statistics": [("menu", "stats")],
    "settings": [("menu", "settings")],
    "rules menu": [("menu", "rules")],
    "rules of a game": [("menu", "rules"), "enter"],
    "help": ["question_mark"],
}
# the screen each path must reach (a new home entry once sent "rules menu" to Settings)
SCREEN_CLASS = {"statistics": "StatsScreen", "settings": "SettingsScreen", "rules menu": "RulesMenuScreen",
                "saves": "SavesScreen", "new-game form": "NewGameScreen", "home": "HomeScreen"}


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
@pytest.mark.parametrize("name", list(OTHER_SCREENS))
async def test_nothing_cut_outside_games(store, name, ascii):
    put_save(store, dash_save(4242, [], "dash-20261129-100000-aaaa"))
    put_save(store, dash_save(77, losing_line(77), "dash-20261128-090000-bbbb"), "2026-11-28T09:00:00.000000Z")
    app = make_app(store, ascii=ascii)
    async with app.run_test(size=SIZE) as pilot:
        for key in OTHER_SCREENS[name]:
            if isinstance(key, tuple):  # ("menu", id): a home menu entry
                await choose(pilot, key[1])
            else:
                await pilot.press(key)
        reached = type(app.screen).__name__
        assert reached == SCREEN_CLASS.get(name, reached), f"{name}: the keys reached {reached}"
        await assert_nothing_cut(pilot, f"{name} ({reached})")


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
@pytest.mark.parametrize("game_id", every_game())
async def test_nothing_cut_in_the_new_game_form(store, game_id, ascii):
    app = make_app(store, ascii=ascii, start=NewForm(game_id))
    async with app.run_test(size=SIZE) as pilot:
        await assert_nothing_cut(pilot, f"the new-game form of {game_id}")


@pytest.mark.parametrize("mode", CUT_MODES, ids=[m.name for m in CUT_MODES])
async def test_nothing_cut_along_a_walk(store, monkeypatch, mode):
    findings: dict[str, str] = {}

    async def check(pilot, log):
        await drain(pilot)
        for line in cut_findings(pilot.app):
            findings.setdefault(line, f"after keys {log.keys[-8:]} (seed {log.seed}, key {len(log.keys)})")

    await walk(store, mode, seed=5, length=CUT_WALK_KEYS.get(mode.game, 25), monkeypatch=monkeypatch, on_key=check)
    assert not findings, f"text cut in {mode.name}:\n" + "\n".join(f"{k}\n    {v}" for k, v in findings.items())


async def test_nothing_cut_in_the_terminal_too_small_notice(store):
    app = make_app(store)
    async with app.run_test(size=(40, 12)) as pilot:
        await wait_for(pilot, lambda: type(app.screen).__name__ == "TooSmallScreen")
        await assert_nothing_cut(pilot, "the terminal-too-small notice at 40x12")


# -- the check flags a cut, and only a cut -------------------------------------------

LONG = "Lay the card at which side? Press an arrow: up north, right east, down south, left west."


def one_line_app(css: str):
    from textual.app import App
    from textual.widgets import Static

    class OneLine(App):
        CSS = "Static { width: 30; height: 1; } " + css

        def compose(self):
            yield Static(LONG, id="line")

    return OneLine()


@pytest.mark.parametrize(("css", "cut"), [
    ("", True),  # wraps into a second line that a one-line widget does not show
    ("Static { text-wrap: nowrap; }", True),  # runs off the right edge mid-word
    ("Static { text-wrap: nowrap; text-overflow: ellipsis; }", False),  # shortened on purpose
    ("Static { height: auto; }", False),  # wraps and shows every line
], ids=["hidden-lines", "right-edge", "ellipsis", "wrapped"])
async def test_the_cut_check_flags_a_cut_and_only_a_cut(css, cut):
    app = one_line_app(css)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        findings = cut_findings(app)
    assert bool(findings) == cut, findings
    if cut:
        assert "Static#line" in findings[0]
