"""HOUSES - Skirmish screen: snapshots at 80x24 (and 120x40) of every step of a turn
and of combat, sudden death and the end; Pilot flows by keys (a whole game against
the easy bot, quitting mid-combat and resuming, refusals, the response window, the
hand-over, the card reference of the help).

Positions are reached by replaying fixed actions: a seeded script plays every seat
until a condition holds with a person to decide, so no bot thinks in a picture.
"""

from __future__ import annotations

import random

import pytest

import saves
from core import GAMES
from core.skirmish import actions as A
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY, RESPONSE
from core.skirmish.units import EXH, GUARD
from tui_support import game_save, make_app, put_save, resume_app, status, wait_for
from tui.start import NewGame

SIZE = (80, 24)
BIG = (120, 40)
GAME = GAMES["skirmish"]
SAVE_ID = "skirmish-20261129-100000-test"


# -- fixed positions -------------------------------------------------------------------


def pick(state, rng: random.Random, aggression: float):
    """A fixed script's move: deploy often, attack with `aggression`, block half the time."""
    legal = state.legal_actions()
    if state.pending:
        return rng.choice(legal)
    if state.phase == DEPLOY:
        plays = [a for a in legal if isinstance(a, (A.Deploy, A.Scout, A.Summon))]
        return rng.choice(plays) if plays and rng.random() < 0.75 else A.DONE
    if state.phase == RESPONSE:
        plays = [a for a in legal if not isinstance(a, A.Done)]
        return rng.choice(plays) if plays and rng.random() < 0.3 else A.DONE
    if state.phase == ATTACK:
        attacks = [a for a in legal if isinstance(a, A.Attack)]
        if attacks and rng.random() < aggression:
            players = [a for a in attacks if a.tpos < 0]
            return rng.choice(players if players and rng.random() < 0.6 else attacks)
        return A.DONE
    if state.phase == BLOCK:
        blocks = [a for a in legal if isinstance(a, A.Block)]
        return rng.choice(blocks) if blocks and rng.random() < 0.6 else A.DONE
    return rng.choice(legal)


def script(seats: int, seed: int, until, aggression: float = 0.8) -> list:
    """The script's actions from the deal of `seed` until `until(state)` holds."""
    state = GAME.new(seats, seed)
    rng = random.Random(seed * 31 + seats)
    line: list = []
    while not until(state):
        assert not state.over and len(line) < 3000, "the position was never reached"
        action = pick(state, rng, aggression)
        state.apply(action)
        line.append(action)
    return line


def yours(state, phase=None) -> bool:
    """Player 1 (the person) decides now, in `phase` with nothing pending."""
    return state.to_move == 0 and (phase is None or (state.phase == phase and not state.pending))


def bond_choice(s) -> bool:
    """Your deploy, turn 5 on: a soldier in hand may take a new slot or bond."""
    if not yours(s, DEPLOY) or s.turn < 5:
        return False
    legal = s.legal_actions()
    bonds = [a for a in legal if isinstance(a, A.Deploy) and a.slot >= 0]
    slots = {a.card for a in legal if isinstance(a, A.Deploy) and a.slot < 0}
    return any(b.card in slots for b in bonds) and len(s.front[0]) >= 2 and len(s.front[1]) >= 2 and s.rear[1]


def declaring(s) -> bool:
    """Your combat: one attack declared, two units still able to attack."""
    if not yours(s, ATTACK) or s.turn < 5 or len(s.attacks) != 1:
        return False
    attackers = {a.pos for a in s.legal_actions() if isinstance(a, A.Attack)}
    return len(attackers) >= 2 and len(s.front[1]) >= 2


def blocking(s) -> bool:
    """You are attacked by two units and have two that may block."""
    if not yours(s, BLOCK) or s.turn < 4:
        return False
    blocks = [a for a in s.legal_actions() if isinstance(a, A.Block)]
    return len({a.attacker for a in blocks}) >= 2 and len({a.pos for a in blocks}) >= 2


def responding(s) -> bool:
    return yours(s, RESPONSE) and s.turn >= 3 and bool(s.front[1]) and any(
        not isinstance(a, A.Done) for a in s.legal_actions())


def joker_variant(s) -> bool:
    return yours(s) and bool(s.pending) and s.pending[-1][0] == "variant" and s.turn > 3 and bool(s.front[1])


def sudden_death(s) -> bool:
    return s.final is not None and yours(s, DEPLOY)


def you_won(s) -> bool:
    return s.over and 0 in s.outcome.winners


def busy_table(s) -> bool:
    return yours(s, DEPLOY) and s.turn > 8 and sum(1 for q in range(s.seats) if s.front[q]) >= 3 and min(s.life) > 0


def skirmish_save(kinds: list[str], seed: int, actions: list, save_id: str = SAVE_ID, options=None) -> saves.SaveFile:
    return game_save("skirmish", kinds, seed, actions, save_id, options)


def versus_easy(store, seed: int, until, aggression: float = 0.8, **kwargs):
    save = skirmish_save(["human", "easy"], seed, script(2, seed, until, aggression))
    return resume_app(store, save, **kwargs)


# -- snapshots ---------------------------------------------------------------------------


def test_sk_opening_with_the_advantage_draw(snap_compare, store):
    # deal 7: you turn up the 7 of Hearts against the 2 of Hearts and choose who starts
    app = resume_app(store, skirmish_save(["human", "easy"], 7, []))
    assert snap_compare(app, terminal_size=SIZE)


def test_sk_card_selected_with_its_legal_slots(snap_compare, store):
    # the 10 of Clubs: a new front slot, or a bond (Binding Spirit) with two units
    assert snap_compare(versus_easy(store, 1, bond_choice), terminal_size=SIZE, press=["enter"])


def test_sk_blood_bond_forming(snap_compare, store):
    # the card, then the 8 of Clubs: which card leads?
    press = ["enter", "left", "left", "left", "enter"]
    assert snap_compare(versus_easy(store, 1, bond_choice), terminal_size=SIZE, press=press)


def test_sk_choosing_a_joker_variant(snap_compare, store):
    assert snap_compare(versus_easy(store, 3, joker_variant), terminal_size=SIZE)


def test_sk_declaring_attackers(snap_compare, store):
    # one attack declared (listed on the right); a second unit chosen, its targets marked
    assert snap_compare(versus_easy(store, 1, declaring), terminal_size=SIZE, press=["enter"])


def test_sk_assigning_blockers(snap_compare, store):
    assert snap_compare(versus_easy(store, 1, blocking), terminal_size=SIZE, press=["enter"])


def test_sk_response_window(snap_compare, store):
    # the bot ended its deployment; you hold the Jack of Diamonds
    assert snap_compare(versus_easy(store, 2, responding), terminal_size=SIZE)


def test_sk_resolution_in_the_log(snap_compare, store):
    # block one attacker, finish blocking: the damage and the units lost, then your turn
    press = ["enter", "enter", "e"]
    assert snap_compare(versus_easy(store, 1, blocking), terminal_size=SIZE, press=press)


def test_sk_sudden_death(snap_compare, store):
    assert snap_compare(versus_easy(store, 4, sudden_death, aggression=0.3), terminal_size=SIZE)


def winning_line() -> tuple[int, list]:
    """A deal and the script's game on it that you win with your own last move."""
    for seed in range(1, 50):
        line = script(2, seed, lambda s: s.over)
        state = GAME.new(2, seed)
        for action in line[:-1]:
            state.apply(action)
        if state.to_move == 0 and you_won_after(state, line[-1]):
            return seed, line
    raise AssertionError("no such deal")


def you_won_after(state, action) -> bool:
    state = state.clone()
    state.apply(action)
    return you_won(state)


def test_sk_game_over(snap_compare, store):
    seed, line = winning_line()
    app = resume_app(store, skirmish_save(["human", "easy"], seed, line[:-1]))

    async def last_move(pilot):
        pilot.app.screen.submit(line[-1])
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=last_move)


def test_sk_ascii(snap_compare, store):
    assert snap_compare(versus_easy(store, 1, declaring, ascii=True), terminal_size=SIZE, press=["enter"])


def test_sk_two_players_at_120x40(snap_compare, store):
    assert snap_compare(versus_easy(store, 1, declaring), terminal_size=BIG, press=["enter"])


def test_sk_three_players_at_80x24(snap_compare, store):
    save = skirmish_save(["human", "easy", "normal"], 1, script(3, 1, busy_table))
    assert snap_compare(resume_app(store, save), terminal_size=SIZE)


def test_sk_four_players_at_120x40(snap_compare, store):
    save = skirmish_save(["human", "easy", "normal", "hard"], 1, script(4, 1, busy_table))
    assert snap_compare(resume_app(store, save), terminal_size=BIG)


def test_sk_four_players_at_80x24(snap_compare, store):
    save = skirmish_save(["human", "easy", "normal", "hard"], 1, script(4, 1, busy_table))
    assert snap_compare(resume_app(store, save), terminal_size=SIZE)


# -- the card reference in the rules ---------------------------------------------------------


def test_card_reference_in_the_rules_is_the_card_table():
    from tui.games.skirmish.cardtext import REFERENCE_TITLE, reference_markdown
    from tui.rules import RULES_DIR

    doc = (RULES_DIR / "skirmish.md").read_text(encoding="utf-8")
    assert REFERENCE_TITLE in doc, "run: python -m tui.games.skirmish.cardtext --write"
    section = REFERENCE_TITLE + doc.split(REFERENCE_TITLE, 1)[1]
    assert section == reference_markdown(), "run: python -m tui.games.skirmish.cardtext --write"


def test_every_card_has_a_text():
    from core.skirmish.cards import ALL_CARDS
    from tui.games.skirmish.cardtext import card_text, variant_text

    texts = {card_text(c) for c in ALL_CARDS}
    assert all(len(t) > 20 for t in texts)
    for c, names in ((52, ("doppelganger", "necromancer")), (53, ("wizard", "spirit"))):
        assert all(variant_text(c, n) for n in names)


# -- flows by keys -----------------------------------------------------------------------


def new_game(store, kinds: list[str], seed: int, **kwargs):
    humans = kinds.count("human")
    seats = [saves.Seat(name="You" if humans == 1 else f"Player {i + 1}") if k == "human"
             else saves.Seat(name=f"{k.title()} bot {i + 1}", kind="bot", level=k) for i, k in enumerate(kinds)]
    return make_app(store, start=NewGame("skirmish", seats, seed, GAME.Options()), **kwargs)


async def move_hand_to(pilot, screen, index: int) -> None:
    while screen.hand_bar.cursor != index:
        await pilot.press("right" if screen.hand_bar.cursor < index else "left")


async def decide_by_keys(pilot, screen) -> None:
    """One decision of the person, made with the keys a player would press: play the
    first card that can be played (enter, enter on its first place, enter in the list),
    attack with every unit that can (its first target), take the first choice offered,
    and end each step with e."""
    if screen.read_first:
        await pilot.press("e")  # the combat you resolved has been read: go on
    state = screen.state
    me = state.to_move
    legal = state.legal_actions()
    kind = state.pending[-1][0] if state.pending else None
    if kind is not None:
        if kind in ("sp2", "as2"):
            await pilot.press("e")
        else:
            await pilot.press("enter")  # the list, or the grid on the first target
    elif state.phase == DEPLOY:
        hand = state.hands[me]
        playable = [i for i, c in enumerate(hand)
                    if any(isinstance(a, (A.Deploy, A.Scout)) and a.card == c for a in legal)]
        if playable and len(state.log) < 2000:
            screen.hand_bar.focus()
            await move_hand_to(pilot, screen, playable[0])
            await pilot.press("enter")
            if screen.sel is not None:
                await pilot.press("enter")
            if screen.offer:
                await pilot.press("enter")
        else:
            await pilot.press("e")
    elif state.phase == ATTACK:
        if any(isinstance(a, A.Attack) for a in legal):
            await pilot.press("enter", "enter")  # the first attacker, then its first target
        else:
            await pilot.press("e")
    else:
        await pilot.press("e")  # pass a response, finish blocking
    await pilot.pause()


async def test_whole_game_against_the_easy_bot_by_keys(store):
    from tui.screens.game_over import GameOverScreen

    app = new_game(store, ["human", "easy"], 11)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.game_id == "skirmish"
        decisions = 0
        while not screen.state.over:
            await wait_for(pilot, lambda: screen.state.over or screen.state.to_move == 0)
            if screen.state.over:
                break
            before = screen.save.cursor
            await decide_by_keys(pilot, screen)
            await wait_for(pilot, lambda: screen.save.cursor > before or screen.state.over, 5)
            decisions += 1
            assert decisions < 1500
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = " ".join(str(w.render()) for w in app.screen.query(".dialog-text"))
        assert "Life:" in text
        await pilot.press("enter")  # see the battlefield
        await pilot.pause()
        assert app.screen is screen
        app.flush_saves()  # the result was queued at game over, after the save
    save = store.list()[0]
    assert save.over and save.game == "skirmish"
    assert store.read_stats()[0].get("skirmish").played == 1


async def test_quit_mid_combat_and_resume_at_the_same_decision(store):
    app = versus_easy(store, 1, declaring)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.state.phase == ATTACK and len(screen.state.attacks) == 1
        await pilot.press("enter")  # a second attacker chosen, not yet aimed
        assert screen.sel is not None
        position, plan = screen.shown().to_text(), [str(t) for t in screen.plan]
        await pilot.press("q")
        await pilot.pause()
        app.flush_saves()
    assert store.load(SAVE_ID).cursor == len(store.load(SAVE_ID).actions)

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Continue
        await pilot.pause()
        screen = app.screen
        assert screen.game_id == "skirmish" and screen.save.id == SAVE_ID
        assert screen.shown().to_text() == position
        assert screen.state.prompt.startswith("Declare an attacker")
        assert [str(t) for t in screen.plan] == plan
        assert "Attacks of P1 You" in str(screen.query_one("#sk-plan").render())
        # the same decision goes on: aim the second attacker at the opponent
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert len(screen.state.attacks) == 2


async def test_an_illegal_place_shows_the_reason(store):
    app = versus_easy(store, 1, declaring)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        cursor = screen.save.cursor
        await pilot.press("enter")  # choose an attacker: the opponent's grid is focused
        grid = screen.grids[0]
        assert screen.focused is grid
        grid.cursor = screen.pos_cell(0, 7)  # an empty rear space: no target there
        await pilot.press("enter")
        assert screen.save.cursor == cursor
        pos = screen.sel[1]
        assert status(app) == screen.state.check(A.Attack(pos, 1, 7))
        assert screen.query_one("#status").has_class("-error")
        await pilot.press("escape")
        assert screen.sel is None


def scout_an_empty_hand(s) -> bool:
    """Your deploy; you hold a 2 with several places to go; the opponent has no cards."""
    if not yours(s, DEPLOY) or s.hands[1] or s.life[1] <= 0:
        return False
    twos = [c for c in s.hands[0] if c < 52 and c % 13 == 1]
    return any(sum(1 for a in s.legal_actions() if getattr(a, "card", None) == c) > 1 for c in twos)


async def test_a_refusal_names_the_player_not_player_n(store):
    """The engine speaks in seats: its refusal is drawn with the seats' names."""
    save = skirmish_save(["human", "easy"], 12, script(2, 12, scout_an_empty_hand))
    save.seats[1].name = "Ann"
    app = resume_app(store, save)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        hand = screen.state.hands[0]
        two = next(c for c in hand if c < 52 and c % 13 == 1)
        await pilot.press(str(hand.index(two) + 1))  # several places: it is selected
        assert screen.sel == ("card", two)
        await pilot.press("tab")  # Ann's ranks
        grid = screen.grids[0]
        assert screen.focused is grid
        grid.cursor = screen.pos_cell(0, -1)  # Ann herself: scout her hand
        await pilot.press("enter")
        assert status(app) == "Ann has no cards in hand to scout."
        assert screen.query_one("#status").has_class("-error")
        screen.submit(A.Scout(two, 1))  # the checked way in says it alike
        assert status(app) == "Ann has no cards in hand to scout."


def test_a_bots_redeploy_and_block_are_told_with_its_own_units():
    """The status line tells a bot's move in short words, read in the bot's ranks: its
    Return names its own unit and "their hand", not the unit in your ranks there."""
    from tui.games.skirmish.field import unit_label
    from tui.games.skirmish.words import action_words
    from tui.glyphs import Glyphs

    glyphs = Glyphs(False)
    seats = skirmish_save(["human", "easy"], 1, []).seats

    def bot_returns(s) -> bool:
        return (s.to_move == 1 and s.phase == DEPLOY and not s.pending and len(s.front[0]) > 0
                and any(isinstance(a, A.Return) and a.pos == 0 for a in s.legal_actions()))

    def bot_blocks(s) -> bool:
        return s.to_move == 1 and s.phase == BLOCK and any(isinstance(a, A.Block) for a in s.legal_actions())

    for until, action in ((bot_returns, A.Return(0)), (bot_blocks, None)):
        state = GAME.new(2, 4)
        for a in script(2, 4, until):
            state.apply(a)
        action = action or next(a for a in state.legal_actions() if isinstance(a, A.Block))
        words = action_words(action, state.view(0), 0, seats, glyphs)
        bots, mine = (unit_label(state.front[q][action.pos], glyphs) if action.pos < len(state.front[q]) else "?"
                      for q in (1, 0))
        assert bots != mine  # else the test could not tell them apart
        if isinstance(action, A.Return):
            assert words == f"Return {bots} to their hand"
        else:
            assert words.startswith(f"{bots} blocks ")


async def test_a_card_with_several_places_marks_them_all(store):
    app = versus_easy(store, 1, bond_choice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("enter")
        card = screen.sel[1]
        wanted = {a for a in screen.state.legal_actions() if getattr(a, "card", None) == card}
        offered = {a for acts in screen.targets.values() for a in acts}
        assert offered == wanted and len(screen.targets) >= 3
        marked = sum(1 for m in screen.grids[-1].marks.values() if m == "target")
        assert marked == sum(1 for seat, _ in screen.targets if seat == 0)
        # a bond: the list asks which card leads
        await pilot.press("left", "left", "left", "enter")
        assert screen.focused is screen.choices and len(screen.choice_actions) == 2
        await pilot.press("down", "enter")
        await pilot.pause()
        done = GAME.action_from_builtins(screen.save.actions[-1])
        assert isinstance(done, A.Deploy) and done.card == card and done.slot == 0 and done.lead


async def test_a_digit_chooses_that_card_of_the_hand(store):
    app = versus_easy(store, 1, bond_choice)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        hand, before = screen.state.hands[0], screen.save.cursor
        await pilot.press(str(len(hand)))
        assert screen.hand_bar.cursor == len(hand) - 1
        assert screen.sel == ("card", hand[-1])  # three places: they are marked
        assert screen.save.cursor == before


async def test_joker_variant_by_keys(store):
    app = versus_easy(store, 3, joker_variant)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.focused is screen.choices
        names = [a.name for a in screen.choice_actions]
        assert names and all(isinstance(a, A.Variant) for a in screen.choice_actions)
        made = len(screen.save.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert GAME.action_from_builtins(screen.save.actions[made]) == A.Variant(names[0])


def royal_copy(s) -> bool:
    """Your Doppelganger chooses its form, a Queen among them (rulings.md 4)."""
    return yours(s) and bool(s.pending) and s.pending[-1][0] == "copyrank" and 12 in {
        a.rank for a in s.legal_actions()}


def ace_at_the_player(s) -> bool:
    """Your combat, turn 4 on: an Ace of yours may strike the opponent directly."""
    return yours(s, ATTACK) and s.turn > 3 and any(
        isinstance(a, A.Attack) and a.pos >= 4 and a.tpos < 0 for a in s.legal_actions())


async def test_doppelganger_may_imitate_a_queen_by_keys(store):
    app = versus_easy(store, 17, royal_copy)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.focused is screen.choices
        ranks = [a.rank for a in screen.choice_actions]
        assert ranks[-2:] == [11, 12]
        made = len(screen.save.actions)
        await pilot.press("end", "enter")       # the last of the list: a Queen
        await pilot.pause()
        assert GAME.action_from_builtins(screen.save.actions[made]) == A.CopyRank(12)
        assert screen.focused is screen.choices
        suits = {a.suit: i for i, a in enumerate(screen.choice_actions)}
        from tui.games.skirmish.words import action_words
        from tui.glyphs import Glyphs
        listed = action_words(A.CopySuit(1), screen.state.view(0), 0, screen.save.seats, Glyphs(False))
        assert listed.endswith("Queen: 2 units away")     # the list names the power, not a house
        for _ in range(suits[1]):
            await pilot.press("down")
        await pilot.press("enter")              # the Queen of Clubs
        await pilot.pause()
        assert GAME.action_from_builtins(screen.save.actions[made + 1]) == A.CopySuit(1)
        assert screen.state.rear[0][-1].imitates == 24  # it stands in the rear as the Queen of Clubs
        assert screen.state.pending[-1][0] == "qc1"  # and uses her power: choose a unit


async def test_ace_may_strike_the_opponent_directly_by_keys(store):
    app = versus_easy(store, 2, ace_at_the_player)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        ace = next(a.pos for a in screen.state.legal_actions() if isinstance(a, A.Attack) and a.pos >= 4)
        grid = screen.focused
        for _ in range(12):
            if screen.cell_pos(screen.grids.index(grid), grid.cursor) == ace:
                break
            await pilot.press("down" if screen.cell_pos(screen.grids.index(grid), grid.cursor) < 4 else "right")
            grid = screen.focused
        await pilot.press("enter")
        await pilot.pause()
        assert (1, -1) in screen.targets        # the opponent's own cell is marked
        grid = screen.focused
        assert (screen.order[screen.grids.index(grid)], screen.cell_pos(screen.grids.index(grid), grid.cursor)) \
            == (1, -1)                          # the cursor starts on the player
        made = len(screen.save.actions)
        life = screen.state.life[1]
        await pilot.press("enter")
        await pilot.pause()
        assert GAME.action_from_builtins(screen.save.actions[made]) == A.Attack(ace, 1, -1)
        await pilot.press("e")
        await wait_for(pilot, lambda: screen.state.life[1] == life - 1)


async def test_response_window_play_or_pass(store):
    app = versus_easy(store, 2, responding)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.state.phase == RESPONSE and screen.focused is screen.hand_bar
        assert screen.check_action("done", ("response",)) is True
        assert screen.check_action("done", ("deploy",)) is False
        cursor = screen.save.cursor
        await pilot.press("e")
        await pilot.pause()
        assert GAME.action_from_builtins(screen.save.actions[cursor]) == A.DONE


async def test_a_response_with_nothing_to_answer_passes_by_itself(store):
    # the bot has just ended its deployment; nothing in your hand can answer
    def nothing_to_answer(s):
        return yours(s, RESPONSE) and s.turn >= 3 and s.legal_actions() == [A.DONE]

    line = script(2, 1, nothing_to_answer)
    save = skirmish_save(["human", "easy"], 1, line)
    app = resume_app(store, save)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.save.cursor > len(line))
        assert GAME.action_from_builtins(screen.save.actions[len(line)]) == A.DONE
        # not a decision of yours: what the bot did in its turn stays marked as new
        bot_ended = len(saves.replay(save).log) - 1  # "Player 2 ends deployment."
        assert 0 < screen.query_one("#sk-log").new_from <= bot_ended


async def test_hot_seat_hands_over_between_people(store):
    from tui.screens.dialogs import HandOverScreen

    app = new_game(store, ["human", "human"], 7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.viewer == 0
        await pilot.press("down", "enter")  # Player 2 takes the first turn
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == 1
        assert screen.order[-1] == 1  # Player 2's ranks at the bottom now
        hand = screen.shown().hands[1]
        assert -1 not in hand and all(c == -1 for c in screen.shown().hands[0])


async def test_bots_do_not_need_a_hand_over(store):
    app = new_game(store, ["human", "easy"], 7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert not screen.needs_hand_over()


async def test_rules_and_card_reference_on_help(store):
    from tui.screens.help import HelpScreen

    app = versus_easy(store, 1, declaring)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.query_one("#help-text").source
        assert "## Card reference" in text and "Queen of Spades" in text


async def test_replay_is_read_only(store):
    save = skirmish_save(["human", "easy"], 1, script(2, 1, declaring))
    put_save(store, save)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_game(store.load(SAVE_ID), replay=True)
        await pilot.pause()
        screen = app.screen
        assert screen.replay
        assert screen.check_action("done", ("attack",)) is False
        await pilot.press("left", "left")
        assert screen.replay_at == screen.save.cursor - 2
        assert "Replay" in status(app)


def test_new_game_form_labels_the_jokers_option():
    assert GAME.option_labels["jokers"]


def unblockable(s) -> bool:
    """Your combat with an attack declared; the opponent has nothing that could block."""
    if not yours(s, ATTACK) or not s.attacks or s.turn < 3 or (0, s.turns_taken[0]) in s.extra:
        return False
    hearts = 2
    return all(u.flags & EXH and (u.first >= 52 or u.first // 13 != hearts) for u in s.front[1]) and not any(
        u.flags & GUARD for u in s.rear[1])


async def test_a_resolution_is_held_on_screen_and_told_line_by_line(store):
    line = script(2, 1, unblockable)
    app = resume_app(store, skirmish_save(["human", "easy"], 1, line), bot_delay=0.2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        log = screen.query_one("#sk-log")
        assert log.step > 0
        turn = screen.state.turn
        screen.action_done("attack")  # e: no blocks possible, the combat resolves at once
        assert screen.state.turn == turn + 1 and screen.state.to_move == 1
        assert log.revealing  # the new lines come one at a time
        assert "Combat resolved" in status(app)
        assert screen.last_combat is not None and screen.last_combat[0] == turn
        text = str(screen.query_one("#sk-plan").render())
        assert f"Last combat, turn {turn}" in text and "Result:" in text
        cursor, shown = screen.save.cursor, log._shown
        await wait_for(pilot, lambda: log._shown > shown)  # the next line is told...
        assert screen.save.cursor == cursor  # ...and the bot waits while the result is read
        await wait_for(pilot, lambda: not log.revealing and screen.save.cursor > cursor)


# Where the script first asks Player 1 each card's own decision: (deal, actions before).
PENDING = {
    "variant": (3, 52), "copyrank": (17, 30), "copysuit": (17, 31), "qh": (1, 38), "qskeep": (7, 16),
    "qsorder": (7, 17), "jc": (6, 4), "jh": (1, 3), "js": (1, 19), "qc1": (15, 18), "qc2": (15, 19),
    "ad": (1, 73), "excess": (27, 56), "sp2": (5, 52), "as2": (2, 35), "wiz": (292, 34), "guard": (8, 139),
    "rage": (4, 85),
}
IN_A_LIST = {"variant", "copyrank", "copysuit", "qh", "qskeep", "qsorder", "guard"}


@pytest.mark.parametrize("kind", sorted(PENDING))
async def test_every_card_decision_by_keys(store, kind):
    """Each decision a card asks for is offered where it is made (a list, or the
    battlefield with the cursor on the first legal place) and made by keys."""
    seed, count = PENDING[kind]
    state = GAME.new(2, seed)
    rng = random.Random(seed * 31 + 2)
    line = []
    for _ in range(count):
        action = pick(state, rng, 0.8)
        state.apply(action)
        line.append(action)
    assert state.to_move == 0 and state.pending[-1][0] == kind
    app = resume_app(store, skirmish_save(["human", "easy"], seed, line))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        legal = screen.state.legal_actions()
        if kind in IN_A_LIST:
            assert screen.focused is screen.choices
            assert screen.choice_actions == legal
        else:
            grid = screen.focused
            assert grid in screen.grids
            k = screen.grids.index(grid)
            assert (screen.order[k], screen.cell_pos(k, grid.cursor)) in screen.targets
            assert screen.query_one("#sk-choices").display  # the same choices, listed
        await decide_by_keys(pilot, screen)
        await pilot.pause()
        made = GAME.action_from_builtins(screen.save.actions[count])
        assert made in legal


# -- the "Last combat" box tells what the engine did ---------------------------------------


def combat_log(log: list[str], turn: int) -> list[str]:
    """The log lines of turn `turn`'s combat: from its first attack to the turn's end."""
    start = log.index(next(line for line in log if line.startswith(f"Turn {turn}:")))
    lines = log[start:]
    first = next(i for i, line in enumerate(lines) if " attacks " in line or " attack " in line)
    end = next((i for i, line in enumerate(lines) if line.startswith(f"Turn {turn + 1}:")), len(lines))
    return lines[first:end]


def assert_box_tells_the_log(box: str, log: list[str]) -> None:
    """Each thing the engine's log says the combat did is in the box, as often."""
    result = box.split("Result:", 1)[1]
    # a Blood Bond takes the plural verb ("... and the 7 of Hearts block"): count both
    count = lambda *words: sum(1 for line in log if any(w in line for w in words))  # noqa: E731
    assert box.count("blocked by") == count(" blocks ", " block "), (box, log)
    assert result.count(" falls") == count(" is defeated.", " are defeated.") + count(" is out of life"), (box, log)
    assert result.count(" loses ") == count("fights on"), (box, log)
    assert result.count(" back to the hand") == count("returns to the hand", "return to the hand"), (box, log)
    assert result.count(" poisoned") == count(" is poisoned.", " are poisoned."), (box, log)
    lost = [int(line.split(" takes ")[1].split()[0]) for line in log if " damage: " in line and " takes " in line]
    told = [int(part.split(" life")[0].rsplit("-", 1)[1]) for part in result.split(";") if " life" in part]
    assert sorted(told) == sorted(lost), (box, log)


@pytest.mark.parametrize("seed", [1, 5, 8, 10, 17])
async def test_last_combat_box_tells_what_the_log_says_after_your_blocks(store, seed):
    # Block every attacker you can, by keys: the last block resolves the combat at once
    # (the box once told that attack as unblocked, from the position before the block).
    app = versus_easy(store, seed, blocking)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        turn = screen.state.turn
        for _ in range(4):
            if not yours(screen.state, BLOCK):
                break
            await pilot.press("enter", "enter")  # one of your units, then the attacker it stops
            await pilot.pause()
        if yours(screen.state, BLOCK):
            await pilot.press("e")
            await pilot.pause()
        assert screen.last_combat is not None and screen.last_combat[0] == turn
        log = combat_log(saves.replay(screen.save).log, turn)
        assert any(" blocks " in line for line in log)
        box = "\n".join(line.plain for line in screen.last_combat[1])
        assert_box_tells_the_log(box, log)


@pytest.mark.parametrize("seed,until", [(3, unblockable), (10, unblockable), (2, declaring), (6, declaring),
                                        (11, declaring), (12, declaring)])
async def test_last_combat_box_tells_what_the_log_says_after_your_attacks(store, seed, until):
    # e ends your attacks: the combat resolves at once (nothing can block), or once
    # the bot has blocked (or not) and chosen where excess damage goes. (A bot delay,
    # so the resolved combat is held on screen before the bot's own turn goes on.)
    app = versus_easy(store, seed, until, bot_delay=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        turn = screen.state.turn
        await pilot.press("e")

        def told() -> bool:
            return screen.last_combat is not None and screen.last_combat[0] == turn

        # The bot's blocks are its own (unseeded): a blocked Clubs soldier of yours may
        # then ask where its excess damage goes; the first place is taken by keys.
        while not told():
            await wait_for(pilot, lambda: told() or yours_to_decide(screen))
            if not told():
                await pilot.press("enter")
                await pilot.pause()
        log = combat_log(saves.replay(screen.save).log, turn)
        assert_box_tells_the_log("\n".join(line.plain for line in screen.last_combat[1]), log)


def yours_to_decide(screen) -> bool:
    st = screen.state
    return not st.over and bool(st.pending) and not screen.is_bot(st.to_move)


def footer_keys(screen) -> dict[str, str]:
    """The keys the footer shows now: key -> description."""
    return {key: b.binding.description for key, b in screen.active_bindings.items() if b.binding.show}


async def test_the_e_for_blocks_never_ends_the_next_deployment(store):
    # Your last block resolves the combat at once and your turn begins: an e pressed
    # for "Blocks done" must not end your deployment; it only goes on.
    app = versus_easy(store, 1, blocking)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        turn = screen.state.turn
        while yours(screen.state, BLOCK):
            assert footer_keys(screen).get("e") == "Blocks done"
            await pilot.press("enter", "enter")
            await pilot.pause()
        assert screen.state.turn == turn + 1 and yours(screen.state, DEPLOY)
        cursor = screen.save.cursor
        assert footer_keys(screen).get("e") == "Go on" and "Combat resolved" in status(app)
        await pilot.press("e")
        await pilot.pause()
        assert screen.save.cursor == cursor and yours(screen.state, DEPLOY)  # nothing ended
        assert footer_keys(screen).get("e") == "End deploy"
        await pilot.press("e")  # now a deliberate e ends the deployment
        await pilot.pause()
        assert GAME.action_from_builtins(screen.save.actions[cursor]) == A.DONE


async def test_the_footer_shows_each_step_key_after_a_hand_over(store):
    from tui.screens.dialogs import HandOverScreen

    app = new_game(store, ["human", "human"], 7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down", "enter")  # Player 2 takes the first turn
        await pilot.pause()
        assert isinstance(app.screen, HandOverScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == 1 and yours_now(screen, DEPLOY)
        assert footer_keys(screen).get("e") == "End deploy"
        await pilot.press("e")  # Player 1 may answer: the hand-over, then the response window
        await pilot.pause()
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
            await pilot.pause()
        if yours_now(screen, RESPONSE):
            assert footer_keys(screen).get("e") == "Pass"


def yours_now(screen, phase) -> bool:
    st = screen.state
    return st.to_move == screen.viewer and st.phase == phase and not st.pending


async def test_the_footer_catches_up_when_a_key_brings_the_app_back(store):
    # The terminal lost the focus while the bot answered (the footer is not redrawn
    # then); the first key back must bring the current step's key into the footer.
    from textual.widgets import Footer

    app = versus_easy(store, 1, bond_choice, bot_delay=0.3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("e")  # end deployment: the bot may answer in the response window
        app.app_focus = False
        await wait_for(pilot, lambda: screen.state.to_move == 0 and screen.state.phase == ATTACK)
        await pilot.pause()
        screen.hand_bar.focus()
        await pilot.pause()
        app.app_focus = False  # (focusing redraws the footer: blur again)
        await pilot.pause()
        await pilot.press("right")  # any key: the app has the focus again

        def footer_keys():
            return {k.key: k.description for k in app.screen.query_one(Footer).query("FooterKey")}

        await wait_for(pilot, lambda: footer_keys().get("e") == "Attacks done")


async def test_ascii_four_players_at_80x24_show_each_opponents_life(store):
    save = skirmish_save(["human", "easy", "normal", "hard"], 1, script(4, 1, busy_table))
    app = resume_app(store, save, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.compact
        for k, seat in enumerate(screen.order[:-1]):
            cell = "".join(text for text, _ in screen.paint(k, 0, 0).lines[0])
            life = screen.state.life[seat]
            assert (f"P{seat + 1} L{life}" if life > 0 else f"P{seat + 1} out") in cell, cell


async def test_the_header_at_80_columns_tells_who_is_asked_what_in_full(store):
    # Sudden death: the other phases shrink to initials so the whole question fits
    # (it was cut to "SUDDEN DEATH").
    app = versus_easy(store, 4, sudden_death, aggression=0.3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        header = str(app.screen.query_one("#sk-phase").render()).rstrip("\n")
        assert header.rstrip().endswith("SUDDEN DEATH You: deploy") and "[DEPLOY]" in header
        assert len(header) <= SIZE[0]


async def test_a_long_end_of_game_in_the_header_ends_in_an_ellipsis(store):
    from core.engine import Outcome

    app = versus_easy(store, 4, sudden_death, aggression=0.3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        view = screen.shown()
        view.over = True
        view.outcome = Outcome((0, 2), "Sudden death: Player 1 and Player 3 share the highest life (23).", (1, 0))
        header = screen._phase_text(view, SIZE[0]).plain
        assert len(header) <= SIZE[0] and header.endswith("…") and "Sudden death" in header


async def test_after_a_dialog_closes_the_focus_is_on_the_next_decision(store):
    # You end your deployment and read the rules while the bot answers: closing them
    # puts you on your attackers (the decision now), not on the hand you left.
    from tui.screens.help import HelpScreen

    app = versus_easy(store, 1, bond_choice, bot_delay=0.3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.focused is screen.hand_bar
        await pilot.press("e", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await wait_for(pilot, lambda: screen.state.to_move == 0 and screen.state.phase == ATTACK)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        grid = screen.grids[-1]
        assert screen.focused is grid and not grid.read_only
        pos = screen.cell_pos(len(screen.order) - 1, grid.cursor)
        assert any(isinstance(a, A.Attack) and a.pos == pos for a in screen.state.legal_actions())


def test_a_doppelganger_standing_as_a_jack_or_queen_says_what_it_is():
    """Its panel does not read the card's "then goes to the Barrows": it stays."""
    from core.skirmish.units import new_unit
    from tui.games.skirmish.panels import unit_rules

    text = unit_rules(new_unit(52, 1, 24, 1))        # the Black Joker as the Queen of Clubs
    assert text.startswith("The Doppelganger as the Queen of Clubs") and "defence 12" in text
    assert "goes to the Barrows" not in text
