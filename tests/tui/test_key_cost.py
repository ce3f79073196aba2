"""What a key and the rules screen cost (docs/performance.md, "Bursts of keys" and
"The rules screen"): a burst of keys is read in order without a pile of timers, a
byte that was not UTF-8 is dropped before it reaches a screen, and the rules are one
widget, not hundreds."""

from __future__ import annotations

import time

from textual import events
from textual.widgets import Static

from test_fast_keys import burst, settle
from tui_support import make_app, wait_for

SIZE = (80, 24)


def count_calls(monkeypatch, cls, name: str) -> list:
    calls = []
    original = getattr(cls, name)

    async def counted(self, *args):
        calls.append(1)
        return await original(self, *args)

    monkeypatch.setattr(cls, name, counted)
    return calls


async def test_a_burst_of_keys_looks_again_a_bounded_number_of_times(store, monkeypatch):
    # Keys wait for the one before them; a timer per arriving key made N keys cost
    # about N^2 looks (36 ms of CPU a key). One look-again timer at most now.
    from tui.app import HousesApp

    looks = count_calls(monkeypatch, HousesApp, "_look_again")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, 0.1)
        keys = 200
        started = time.process_time()
        burst(app, *("x" if i % 2 else "y" for i in range(keys)))  # no binding on home
        await settle(pilot, 0.0)
        cpu = time.process_time() - started
        assert type(app.screen).__name__ == "HomeScreen"
        assert not app._held_keys and app._key_in_flight is None
        assert len(looks) <= 3 * keys, len(looks)
        assert cpu < 4.0, f"{keys} keys took {cpu:.2f} s of CPU"  # ~0.1 s on an idle machine


async def test_bytes_that_were_not_utf8_never_reach_a_screen(store, monkeypatch):
    from tui.app import JUNK_CHARACTER, HousesApp

    released = count_calls(monkeypatch, HousesApp, "_release_keys")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, 0.1)
        before = len(released)
        for _ in range(100):
            event = events.Key("replacement_character", JUNK_CHARACTER)
            event.set_sender(app)
            app._driver.send_message(event)
        await settle(pilot, 0.0)
        assert len(released) == before
        await pilot.press("n")  # the next real key still works
        await settle(pilot, 0.1)
        assert type(app.screen).__name__ == "NewGameScreen"


async def test_the_rules_screen_is_one_text_widget(store):
    from tui.screens.help import HelpScreen

    app = make_app(store)  # --ascii showed a plain Static already
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(HelpScreen("skirmish"))
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        widgets = list(screen.walk_children())
        assert len(widgets) < 20, len(widgets)  # Textual's Markdown: ~550
        text = screen.query_one("#help-text", Static)
        assert "## Card reference" in text.source and "## Keys" in text.source
        await pilot.press("end")  # scrolling by keys still reaches the end
        await pilot.pause()
        body = screen.query_one("#help-body")
        assert body.scroll_y > 0 and body.scroll_y == body.max_scroll_y
