"""The shared game log keeps whole entries: never the tail of a cut one."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.widgets.log import GameLog


class LogApp(App):
    CSS = "GameLog { width: 20; height: 4; }"

    def compose(self) -> ComposeResult:
        yield GameLog()


def shown(app) -> list[str]:
    return str(app.query_one(GameLog).render()).split("\n")


async def test_the_log_drops_an_old_entry_whole_rather_than_show_its_last_line():
    app = LogApp()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(GameLog)
        log.set_lines(["first entry is long enough to wrap twice over", "second", "third"])
        await pilot.pause()
        lines = shown(app)
        assert lines[-2:] == ["second", "third"]
        assert all(not line.startswith("  ") for line in lines), lines  # no hanging continuation


async def test_an_entry_taller_than_the_log_shows_its_start_and_an_ellipsis():
    app = LogApp()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(GameLog)
        log.set_lines(["word " * 30])
        await pilot.pause()
        lines = shown(app)
        assert len(lines) == 4 and lines[0].startswith("word") and lines[-1].endswith("...")


class FitApp(App):
    CSS = "FitText { width: 24; height: 3; }"

    def compose(self) -> ComposeResult:
        from tui.widgets.fit import FitText

        yield FitText(more="? all")


async def test_text_taller_than_its_box_ends_after_a_word_with_an_ellipsis_and_where_the_rest_is():
    from tui.widgets.fit import FitText

    app = FitApp()
    async with app.run_test(size=(40, 10)) as pilot:
        app.glyphs = {"ellipsis": "…"}
        box = app.query_one(FitText)
        box.show("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron")
        await pilot.pause()
        lines = str(box.render()).split("\n")
        assert len(lines) == 3 and lines[-1].endswith("… ? all"), lines
        words = " ".join(lines).replace("… ? all", "").split()
        assert all(w in "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda" for w in words)
        box.show("short text")
        await pilot.pause()
        assert str(box.render()) == "short text"
