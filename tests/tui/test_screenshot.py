"""The palette's Screenshot (issue 26, item 12): chosen with ctrl+p, it saves an SVG in
screenshots/ of the player's folder and the toast names the file; when it cannot,
the toast says why."""

from __future__ import annotations

from tui_support import make_app, wait_for

SIZE = (80, 24)


def notes(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


def palette_offers(app, title: str) -> bool:
    """Whether the command palette is up, its search done, `title` highlighted."""
    from textual.command import CommandList, CommandPalette

    if not isinstance(app.screen, CommandPalette):
        return False
    found = app.screen.query_one(CommandList)
    return found.highlighted is not None and title in str(found.get_option_at_index(found.highlighted).prompt)


async def screenshot_from_the_palette(store) -> list[str]:
    """A player at home chooses Screenshot with ctrl+p: what the toasts said."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.press(*"screenshot")
        # The palette searches in the background: enter once it offers the command.
        await wait_for(pilot, lambda: palette_offers(app, "Screenshot"), timeout=10, what="the palette offering Screenshot")
        await pilot.press("enter")
        await wait_for(pilot, lambda: any("Screenshot" in n for n in notes(app)), timeout=10, what="the toast after it")
        app.flush_saves()
        return notes(app)


async def test_screenshot_from_the_palette_lands_in_the_players_folder_and_says_where(store, tmp_path):
    said = await screenshot_from_the_palette(store)
    shots = list((tmp_path / "screenshots").glob("houses-*.svg"))
    assert len(shots) == 1, said
    assert shots[0].read_text(encoding="utf-8").startswith("<svg")
    assert "Saved game" in shots[0].read_text(encoding="utf-8").replace("&#160;", " ")  # the home menu
    assert f"Screenshot: Saved to {shots[0]}" in said


async def test_a_screenshot_that_cannot_be_saved_says_why(store, tmp_path):
    (tmp_path / "screenshots").write_text("a file where the folder should be")
    said = [n for n in await screenshot_from_the_palette(store) if n.startswith("Screenshot not saved")]
    assert said and str(tmp_path / "screenshots") in said[0], said


async def test_the_palette_names_the_folder_and_offers_one_screenshot(store, tmp_path):
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        commands = [c for c in app.get_system_commands(app.screen) if c.title == "Screenshot"]
        assert len(commands) == 1 and str(tmp_path / "screenshots") in commands[0].help
