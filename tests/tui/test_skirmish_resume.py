"""HOUSES - Skirmish, issue 26 item 7: what a player sees is the same before quitting
and after resuming (the Barrows list of a 4-player game), and the Ace of Hearts'
guard is called one thing everywhere."""

from __future__ import annotations

import re
from pathlib import Path

from core import GAMES
from core.skirmish.phases import DEPLOY
from test_skirmish import decide_by_keys, script, skirmish_save, yours
from tui_support import make_app, resume_app, wait_for

ROOT = Path(__file__).resolve().parents[2]


def barrows_on_screen(app) -> list[str]:
    """The rows of the Barrows list as the screen draws them."""
    screen = app.screen
    region = screen.barrows.region
    rows = screen._compositor.render_strips()
    return [rows[y].crop(region.x, region.right).text for y in range(region.y, region.bottom)]


async def test_resume_shows_the_same_barrows_as_before_quitting(store):
    kinds = ["human", "easy", "easy", "easy"]
    save = skirmish_save(kinds, 3, script(4, 3, lambda s: yours(s, DEPLOY) and len(s.up) >= 4))
    app = resume_app(store, save)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        piles = [len(screen.state.up)]
        for _ in range(12):  # cards reach the Barrows while the player plays on
            await wait_for(pilot, lambda: screen.state.over or screen.state.to_move == 0)
            await decide_by_keys(pilot, screen)
            piles.append(len(screen.state.up))
        await wait_for(pilot, lambda: screen.state.over or screen.state.to_move == 0)
        await pilot.pause()
        assert piles[-1] > piles[0] + 3, piles  # the list grew past the rows it has
        before = barrows_on_screen(app)
        await pilot.press("q")
        await pilot.pause()
        app.flush_saves()
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Continue
        await pilot.pause()
        assert app.screen.game_id == "skirmish"
        after = barrows_on_screen(app)
    assert before == after
    assert any(row.strip() for row in before)


def test_the_guard_has_one_name_everywhere():
    """The kept Ace of Hearts is "a 0/1 guard" in the prompt, the choice, the card text
    and the rules; never "+0/+1" (issue 26: both were shown for the same thing)."""
    from core.skirmish import actions as A
    from core.skirmish.phases import Decision
    from tui.games.skirmish.cardtext import ACES
    from tui.games.skirmish.words import action_words

    assert "0/1 guard" in Decision.GUARD.prompt
    assert "0/1 guard" in action_words(A.Guard(keep=True), GAMES["skirmish"].new(2, 1), 0, [], None)
    assert any("0/1 guard" in text for text in ACES)
    places = [*(ROOT / "core" / "skirmish").glob("*.py"), *(ROOT / "tui" / "games" / "skirmish").glob("*.py"),
              ROOT / "docs" / "rules" / "skirmish.md", ROOT / "README.md"]
    said = {path.name: re.findall(r"[+\d]+/[+\d]+ guard", path.read_text(encoding="utf-8")) for path in places}
    assert {w for words in said.values() for w in words} == {"0/1 guard"}, said
