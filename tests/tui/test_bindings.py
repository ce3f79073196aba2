"""Every binding pressed (issue 11): each key a game screen's footer shows has a test
here that presses it where the footer shows it and asserts what it did.

`test_every_footer_key_has_a_test` walks each game (and a replay of each), collects
the (screen, key) pairs the footer shows, and fails naming any pair without a row in
EFFECTS. Each row of EFFECTS is one test: the setup is in the function, the key is the
row's, the expected effect is the function's assertion.
"""

from __future__ import annotations

import random
from contextlib import asynccontextmanager

import pytest

from every_game import game_registered  # noqa: F401  (the fixture: the toy's walks)
from walks.driver import MODES, SIZE, WalkLog, game_screen, install_bot_timer, make_walk_app, play_a_move, press, settle, walk

MODE = {m.name: m for m in MODES}
# The modes whose footers are collected (a game against a bot, a solo game); a game
# of the app's registry without one here is played in its default mode (walks.driver),
# so its footer keys must have a test below too.
KNOWN_FOOTER_MODES = ["dash-solo", "hr-normal", "town-normal", "town-solo", "sk-normal"]


def _screen_modes() -> dict[str, str]:
    """Each game screen's class name (tui.games.SCREENS) -> the mode that plays it."""
    from tui.games import SCREENS, playable

    out = {}
    for game_id in playable():
        mine = [name for name in KNOWN_FOOTER_MODES if MODE[name].game == game_id] or [f"{game_id}-default"]
        out[SCREENS[game_id].partition(":")[2]] = mine[0]
    return out


SCREEN_MODE = _screen_modes()
FOOTER_MODES = KNOWN_FOOTER_MODES + [m for m in SCREEN_MODE.values() if m not in KNOWN_FOOTER_MODES]


def footer_keys(app) -> set[tuple[str, str]]:
    """The (screen, key) pairs the footer of the game screen on top shows: its keys
    as drawn (one key an action, as Textual's Footer groups them)."""
    from textual.widgets._footer import FooterKey

    from tui.games.base import GameScreen

    screen = app.screen
    if not isinstance(screen, GameScreen):
        return set()
    name = type(screen).__name__ + (" replay" if screen.replay else "")
    return {(name, footer_key.key) for footer_key in screen.query(FooterKey)}


@asynccontextmanager
async def playing(store, monkeypatch, mode_name: str, moves: int = 0, seed: int = 3):
    """The app in `mode_name` after `moves` random legal moves of the people."""
    log = WalkLog(MODE[mode_name], seed)
    install_bot_timer(monkeypatch, [log])
    app = make_walk_app(store, MODE[mode_name], seed)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, log)
        rng = random.Random(seed)
        for _ in range(moves):
            await play_a_move(pilot, game_screen(app), rng)
            await settle(pilot, log)
        pilot.log = log
        yield pilot


async def key(pilot, name: str) -> None:
    await press(pilot, name)
    await settle(pilot, pilot.log)


def status(app) -> str:
    return str(game_screen(app).query_one("#status").render())


# -- the effects, one function a (screen, key) --------------------------------------


async def undo_takes_back_a_move(store, monkeypatch, screen, k):
    async with playing(store, monkeypatch, SCREEN_MODE[screen], moves=2) as pilot:
        before = game_screen(pilot.app).save.cursor
        await key(pilot, k)
        assert game_screen(pilot.app).save.cursor < before
        assert status(pilot.app).startswith("Undone.")


async def redo_plays_it_again(store, monkeypatch, screen, k):
    async with playing(store, monkeypatch, SCREEN_MODE[screen], moves=2) as pilot:
        gs = game_screen(pilot.app)
        before = gs.save.cursor
        await key(pilot, "u")
        assert gs.save.cursor < before
        await key(pilot, k)
        assert gs.save.cursor == before


async def new_opens_the_form(store, monkeypatch, screen, k):
    from tui.screens.new_game import NewGameScreen

    async with playing(store, monkeypatch, SCREEN_MODE[screen]) as pilot:
        game_id = game_screen(pilot.app).game_id
        await key(pilot, k)
        assert isinstance(pilot.app.screen, NewGameScreen) and pilot.app.screen.game_id == game_id


async def q_goes_home(store, monkeypatch, screen, k):
    from tui.screens.home import HomeScreen

    async with playing(store, monkeypatch, SCREEN_MODE[screen]) as pilot:
        await key(pilot, k)
        assert isinstance(pilot.app.screen, HomeScreen)


async def help_shows_the_rules(store, monkeypatch, screen, k):
    from tui.screens.help import HelpScreen

    async with playing(store, monkeypatch, SCREEN_MODE[screen]) as pilot:
        game_id = game_screen(pilot.app).game_id
        await key(pilot, k)
        assert isinstance(pilot.app.screen, HelpScreen) and pilot.app.screen.game_id == game_id


async def dash_escape_puts_the_card_back(store, monkeypatch, screen, k):
    async with playing(store, monkeypatch, "dash-solo") as pilot:
        await key(pilot, "1")
        assert game_screen(pilot.app).card is not None
        await key(pilot, k)
        assert game_screen(pilot.app).card is None


async def dash_t_gives_a_hint(store, monkeypatch, screen, k):
    async with playing(store, monkeypatch, "dash-solo") as pilot:
        await key(pilot, k)
        assert status(pilot.app).startswith("Hint")
        assert game_screen(pilot.app).card is not None  # the hinted card is picked up


async def dash_r_restarts_the_deal(store, monkeypatch, screen, k):
    async with playing(store, monkeypatch, "dash-solo", moves=2) as pilot:
        gs = game_screen(pilot.app)
        await key(pilot, k)
        assert gs.save.cursor == 0 and len(gs.save.actions) == 2
        assert status(pilot.app).startswith("Back to the deal")


async def hr_escape_drops_the_pawn(store, monkeypatch, screen, k):
    async with playing(store, monkeypatch, "hr-normal") as pilot:
        await key(pilot, "enter")  # the cursor starts on one of your pawns
        assert game_screen(pilot.app).sel is not None
        await key(pilot, k)
        assert game_screen(pilot.app).sel is None


async def hr_e_ends_the_turn(store, monkeypatch, screen, k):
    from core.house_rules import EndTurn, Move

    async with playing(store, monkeypatch, "hr-hotseat") as pilot:
        gs = game_screen(pilot.app)
        gs.submit(next(a for a in gs.state.legal_actions() if isinstance(a, Move)))
        await settle(pilot, pilot.log)
        while gs.state.phase != "after":  # an upgrade or a bonus may come first
            gs.submit(next(a for a in gs.state.legal_actions() if not isinstance(a, EndTurn)))
            await settle(pilot, pilot.log)
        before, side = gs.save.cursor, gs.state.to_move
        await key(pilot, k)
        assert gs.save.cursor == before + 1 and isinstance(gs.game.action_from_builtins(gs.save.actions[before]), EndTurn)
        assert gs.state.to_move != side


async def town_escape_puts_the_tile_back(store, monkeypatch, screen, k):
    async with playing(store, monkeypatch, "town-normal") as pilot:
        await key(pilot, "1")
        assert game_screen(pilot.app).tile is not None
        await key(pilot, k)
        assert game_screen(pilot.app).tile is None


async def town_x_exchanges(store, monkeypatch, screen, k):
    from core import GAMES
    from core.town.actions import Exchange

    # a deal where the first rack holds three tiles of a colour or a style
    seed = next(s for s in range(1, 500) if any(isinstance(a, Exchange) for a in GAMES["town"].new(2, s).legal_actions()))
    async with playing(store, monkeypatch, "town-normal", seed=seed) as pilot:
        gs = game_screen(pilot.app)
        await key(pilot, k)
        assert gs.exchanging and status(pilot.app).startswith("Exchange the")
        before = gs.save.cursor
        await key(pilot, k)  # x again confirms
        assert isinstance(gs.game.action_from_builtins(gs.save.actions[before]), Exchange)


async def town_t_gives_a_solo_hint(store, monkeypatch, screen, k):
    async with playing(store, monkeypatch, "town-solo") as pilot:
        await key(pilot, k)
        assert status(pilot.app).startswith("Hint (")


async def t_gives_a_hint(store, monkeypatch, screen, k):
    async with playing(store, monkeypatch, SCREEN_MODE[screen]) as pilot:
        await key(pilot, k)
        assert status(pilot.app).startswith("Hint (")
        assert game_screen(pilot.app).last_hint is not None


async def sk_e_ends_the_step(store, monkeypatch, screen, k):
    from core.skirmish.actions import DONE

    async with playing(store, monkeypatch, "sk-hotseat") as pilot:
        gs = game_screen(pilot.app)
        for _ in range(40):  # moves until e is offered to the person at the keyboard
            if gs._done_kind() is not None and pilot.app.screen is gs:
                break
            await key(pilot, "enter")
            await play_a_move(pilot, gs, random.Random(len(gs.save.actions)))
            await settle(pilot, pilot.log)
        assert gs._done_kind() is not None
        before = gs.save.cursor
        await key(pilot, k)
        assert gs.save.cursor == before + 1
        assert gs.game.action_from_builtins(gs.save.actions[before]) == DONE


async def sk_escape_drops_the_card(store, monkeypatch, screen, k):
    from core.skirmish.phases import DEPLOY

    async with playing(store, monkeypatch, "sk-normal") as pilot:
        gs = game_screen(pilot.app)
        for _ in range(3):  # a response window first (a Jack may mark any unit): pass it
            if gs.state.phase == DEPLOY and gs.state.to_move == 0:
                break
            await key(pilot, "e")
        await key(pilot, "1")
        assert gs.sel is not None or gs.offer is not None
        await key(pilot, k)
        assert gs.sel is None and gs.offer is None


async def sk_tab_moves_to_the_next_zone(store, monkeypatch, screen, k):
    async with playing(store, monkeypatch, "sk-normal") as pilot:
        gs = game_screen(pilot.app)
        zones = gs.zones()
        at = pilot.app.focused
        await key(pilot, k)
        assert pilot.app.focused is not at and pilot.app.focused in zones


async def digit_picks_from_the_hand(store, monkeypatch, screen, k):
    """1 (shown "1-N Card" or "1-N Tile"): the first card or tile is chosen."""
    async with playing(store, monkeypatch, SCREEN_MODE[screen]) as pilot:
        gs = game_screen(pilot.app)
        before = gs.save.cursor
        await key(pilot, k)
        chosen = {"DashScreen": lambda: gs.card, "TownScreen": lambda: gs.tile,
                  "SkirmishScreen": lambda: gs.sel or gs.offer}[screen]()
        # chosen, or played at once (a card with one place to go), or refused in words
        assert chosen is not None or gs.save.cursor > before or gs.query_one("#status").has_class("-error"), \
            status(pilot.app)


async def replaying(store, monkeypatch, screen):
    """A replay of the game of `screen` after three moves, at its end."""
    cm = playing(store, monkeypatch, SCREEN_MODE[screen], moves=3)
    pilot = await cm.__aenter__()
    pilot.app.open_game(game_screen(pilot.app).save, replay=True)
    await settle(pilot, pilot.log)
    assert game_screen(pilot.app).replay
    return cm, pilot


async def replay_steps(store, monkeypatch, screen, k):
    cm, pilot = await replaying(store, monkeypatch, screen.removesuffix(" replay"))
    try:
        gs = game_screen(pilot.app)
        end = gs.save.cursor
        assert gs.replay_at == end
        expected = {"left": end - 1, "home": 0}
        if k in ("right", "end"):
            await key(pilot, "home")
            expected = {"right": 1, "end": end}
        await key(pilot, k)
        assert gs.replay_at == expected[k]
        assert gs.state.to_text() == __import__("saves").replay(gs.save, upto=expected[k]).to_text()
    finally:
        await cm.__aexit__(None, None, None)


async def replay_q_goes_home(store, monkeypatch, screen, k):
    from tui.screens.home import HomeScreen

    cm, pilot = await replaying(store, monkeypatch, screen.removesuffix(" replay"))
    try:
        await key(pilot, k)
        assert isinstance(pilot.app.screen, HomeScreen)
    finally:
        await cm.__aexit__(None, None, None)


async def replay_generic(store, monkeypatch, screen, k):
    """n and ? in a replay do what they do in play."""
    from tui.screens.help import HelpScreen
    from tui.screens.new_game import NewGameScreen

    cm, pilot = await replaying(store, monkeypatch, screen.removesuffix(" replay"))
    try:
        game_id = game_screen(pilot.app).game_id
        await key(pilot, k)
        top = pilot.app.screen
        assert isinstance(top, {"n": NewGameScreen, "question_mark": HelpScreen}[k]) and top.game_id == game_id
    finally:
        await cm.__aexit__(None, None, None)


async def palette_opens(store, monkeypatch, screen, k):
    from textual.command import CommandPalette

    async with playing(store, monkeypatch, SCREEN_MODE[screen.removesuffix(" replay")]) as pilot:
        if screen.endswith(" replay"):
            pilot.app.open_game(game_screen(pilot.app).save, replay=True)
            await settle(pilot, pilot.log)
        await key(pilot, k)
        assert isinstance(pilot.app.screen, CommandPalette)


GENERIC = {"n": new_opens_the_form, "q": q_goes_home, "question_mark": help_shows_the_rules}
EFFECTS = {
    **{(s, k): f for s in SCREEN_MODE for k, f in GENERIC.items()},
    **{(f"{s} replay", k): replay_steps for s in SCREEN_MODE for k in ("left", "right", "home", "end")},
    **{(f"{s} replay", "q"): replay_q_goes_home for s in SCREEN_MODE},
    **{(f"{s} replay", k): replay_generic for s in SCREEN_MODE for k in ("n", "question_mark")},
    **{(s, "ctrl+p"): palette_opens for s in [*SCREEN_MODE, *(f"{s} replay" for s in SCREEN_MODE)]},
    ("DashScreen", "u"): undo_takes_back_a_move,
    ("DashScreen", "ctrl+z"): undo_takes_back_a_move,
    ("DashScreen", "ctrl+r"): redo_plays_it_again,
    ("DashScreen", "escape"): dash_escape_puts_the_card_back,
    ("DashScreen", "t"): dash_t_gives_a_hint,
    ("DashScreen", "r"): dash_r_restarts_the_deal,
    ("HouseRulesScreen", "u"): undo_takes_back_a_move,
    ("HouseRulesScreen", "ctrl+z"): undo_takes_back_a_move,
    ("HouseRulesScreen", "ctrl+r"): redo_plays_it_again,
    ("HouseRulesScreen", "escape"): hr_escape_drops_the_pawn,
    ("HouseRulesScreen", "e"): hr_e_ends_the_turn,
    ("TownScreen", "escape"): town_escape_puts_the_tile_back,
    ("TownScreen", "x"): town_x_exchanges,
    ("TownScreen", "t"): town_t_gives_a_solo_hint,
    ("HouseRulesScreen", "t"): t_gives_a_hint,
    ("SkirmishScreen", "t"): t_gives_a_hint,
    ("SkirmishScreen", "e"): sk_e_ends_the_step,
    ("SkirmishScreen", "escape"): sk_escape_drops_the_card,
    ("SkirmishScreen", "tab"): sk_tab_moves_to_the_next_zone,
    **{(s, "1"): digit_picks_from_the_hand for s in ("DashScreen", "TownScreen", "SkirmishScreen")},
}


@pytest.mark.parametrize(("screen", "k"), list(EFFECTS), ids=[f"{s}-{k}" for s, k in EFFECTS])
async def test_footer_key(store, monkeypatch, screen, k):
    await EFFECTS[(screen, k)](store, monkeypatch, screen, k)


async def test_every_footer_key_has_a_test(store, monkeypatch):
    shown: dict[tuple[str, str], str] = {}

    async def collect(pilot, log):
        for pair in footer_keys(pilot.app):
            shown.setdefault(pair, f"{log.mode.name} seed {log.seed} after {len(log.keys)} keys")

    for name in FOOTER_MODES:
        await walk(store, MODE[name], seed=7, length=20, monkeypatch=monkeypatch, on_key=collect)
    for screen, mode_name in SCREEN_MODE.items():  # and the replay of each game
        async with playing(store, monkeypatch, mode_name, moves=3) as pilot:
            pilot.app.open_game(game_screen(pilot.app).save, replay=True)
            await settle(pilot, pilot.log)
            for pair in footer_keys(pilot.app):
                shown.setdefault(pair, f"replay of {mode_name}")
    print(sorted(shown))
    missing = {pair: where for pair, where in shown.items() if pair not in EFFECTS}
    assert not missing, "footer keys without a test in EFFECTS:\n" + "\n".join(
        f"  {screen} {k}  (shown in {where})" for (screen, k), where in sorted(missing.items()))
