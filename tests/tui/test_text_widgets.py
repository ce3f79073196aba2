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


# -- scroll bars in --ascii (tui/screens/text.py, set as ScrollBar.renderer by tui/app.py)

EIGHTHS = set("▁▂▃▄▅▆▇▉▊▋▌▍▎▏")


async def _scroll_bar_text(ascii: bool) -> str:
    from textual.containers import VerticalScroll
    from textual.geometry import Region
    from textual.scrollbar import ScrollBar
    from textual.widgets import Static

    import tui.app  # noqa: F401  (sets ScrollBar.renderer)
    from tui.glyphs import Glyphs

    class BarApp(App):
        def __init__(self) -> None:
            super().__init__()
            self.glyphs = Glyphs(ascii)

        def compose(self) -> ComposeResult:
            yield VerticalScroll(Static("\n".join(map(str, range(37)))))

    app = BarApp()
    async with app.run_test(size=(20, 10)) as pilot:
        scroll = app.query_one(VerticalScroll)
        scroll.scroll_to(y=5, animate=False)
        await pilot.pause()
        bar = scroll.vertical_scrollbar
        assert isinstance(bar, ScrollBar) and bar.renderer.__name__ == "AppScrollBarRender"
        strips = bar.render_lines(Region(0, 0, bar.size.width, bar.size.height))
        return "".join(strip.text for strip in strips)


async def test_an_ascii_app_draws_its_scroll_bars_without_block_glyphs():
    assert EIGHTHS & set(await _scroll_bar_text(ascii=False))  # the thumb's ends, in eighths
    assert not EIGHTHS & set(await _scroll_bar_text(ascii=True))
