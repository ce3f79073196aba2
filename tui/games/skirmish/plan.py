"""The combat dialogue's list: the planned attacks (attacker, target, blocker) and
what they do, kept on screen as "Last combat" once resolved.

What a combat does is never reckoned here: the engine's own resolution is run on a
copy of the position and what changed is read off it (life lost, units that fall,
lose a card, go back to the hand, take damage, are poisoned). So the box says what
the log says, for every shape of combat. `PlanPanel.show(view, short_name,
last_combat)` draws the box from what it is given; `since_you_decided` finds the
latest combat again when a saved game is opened.
"""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual.widgets import Static

from core.skirmish import actions as A
from core.skirmish.cards import ACE, KIND
from core.skirmish.phases import ATTACK, BLOCK, RESOLVE, RESPONSE
from core.skirmish.state import SkirmishState
from core.skirmish.units import POIS, PROTECT, lead
from tui.app_typed import UsesHousesApp
from tui.games.skirmish.choice import Place
from tui.games.skirmish.field import card_label, exists, unit_label_rich
from tui.games.skirmish.targets import places_after, places_before


def at_resolution(before: SkirmishState, action: A.Action) -> SkirmishState | None:
    """The position as the combat resolves, if `action` made from `before` resolves
    one: every attack, block, second target and excess damage in place; else None."""
    s = before.clone()
    try:
        stopped = s.play_until_combat(action)
    except Exception:  # a copy gone wrong must never stop the game: no box then
        return None
    return s if stopped and s.attacks else None


def since_you_decided(steps, viewer) -> tuple[SkirmishState | None, int, list[tuple[int, int]]]:
    """On opening a saved game, from its steps (`Match.steps().walk`): the latest
    combat since `viewer` last decided (as it resolved), the first log line since
    then, and the places of the moves since then (to mark them as if watched)."""
    told: list[tuple[int | None, int, list[Place]]] = []  # (who decided, log length before, places)
    last = None  # (step, position) of the latest combat, as it resolved
    for step in steps:
        seat, action, state = step.seat, step.action, step.before
        passing = state.phase == RESPONSE and not state.pending and isinstance(action, A.Done)
        if state.phase in (ATTACK, BLOCK, RESOLVE):  # only there can a move resolve attacks
            resolved = at_resolution(state, action)
            last = (len(told), resolved) if resolved is not None else last
        places = places_before(action, seat, state) + places_after(action, seat, step.after)
        told.append((None if passing else seat, len(state.log), places))
    mine = [i for i, step in enumerate(told) if step[0] == viewer]
    start = mine[-1] if mine else 0
    combat = last[1] if last is not None and last[0] >= start else None
    return combat, told[start][1], [p for _, _, places in told[start:] for p in places]


class PlanPanel(UsesHousesApp, Static):
    """The attacks being planned, with what they would do; else the last combat."""

    def show(self, view, short_name: Callable[[int, int], str],
             last_combat: tuple[int, list[Text]] | None) -> list[Text]:
        """Draw the panel; the planned lines (none when no attack is planned)."""
        glyphs = self.houses.glyphs
        lines = plan_lines(view, short_name, glyphs) if not view.over else []
        if lines:
            lines = lines + outcome_lines(view, short_name, glyphs, "As it stands:")
            text = Text.assemble((f"Attacks of {short_name(view.cur, 14)}", "bold"))
            for line in lines:
                text.append("\n")
                text.append_text(line)
        elif last_combat is not None:
            turn, done = last_combat
            text = Text.assemble((f"Last combat, turn {turn}", "bold"))
            for line in done:
                text.append("\n")
                text.append_text(line)
        else:
            text = Text("")
        self.update(text)
        self.display = bool(text.plain)
        return lines


def combat_box(at: SkirmishState, short_name: Callable[[int, int], str], glyphs) -> tuple[int, list[Text]]:
    """"Last combat": the attacks as they were resolved, and what they did."""
    return at.turn, plan_lines(at, short_name, glyphs) + outcome_lines(at, short_name, glyphs, "Result:")


def plan_lines(view, short_name: Callable[[int, int], str], glyphs) -> list[Text]:
    """The declared attacks, one line each (and one for each block)."""
    arrow = glyphs["to"]
    out = []
    for fight in view.attacks:
        apos, q, tpos, q2, tpos2, bpos = fight.fields()
        u = view.unit(view.cur, apos) if exists(view, view.cur, apos) else None
        if u is None:
            continue
        line = unit_label_rich(u, glyphs)
        line.append(f" {arrow} ")
        if tpos < 0:
            line.append(short_name(q, 12), style="bold")
        elif exists(view, q, tpos):
            line.append_text(unit_label_rich(view.unit(q, tpos), glyphs))
            if view.seats > 2:
                line.append(f" P{q + 1}")
        if tpos2 >= 0 and exists(view, q2, tpos2):
            line.append(" & ")
            line.append_text(unit_label_rich(view.unit(q2, tpos2), glyphs))
        out.append(line)
        if bpos >= 0 and exists(view, q, bpos):
            block = Text.assemble(("   blocked by ", "italic"))
            block.append_text(unit_label_rich(view.unit(q, bpos), glyphs))
            out.append(block)
    return out


def outcome_lines(view, short_name: Callable[[int, int], str], glyphs, lead_words: str) -> list[Text]:
    """What the declared attacks do as they stand (or did): the engine resolves
    a copy of `view` and the differences are told."""
    if not view.attacks:
        return []
    parts = combat_effects(view, short_name, glyphs)
    if parts is None:
        return []
    if not parts:
        parts = [Text("no damage")]
    line = Text.assemble((lead_words + " ", "italic"))
    line.append_text(Text("; ").join(parts))
    return [line]


def combat_effects(view, short_name: Callable[[int, int], str], glyphs) -> list[Text] | None:
    after = view.clone()
    involved: set[tuple[int, int]] = set()
    for fight in view.attacks:
        apos, q, tpos, q2, tpos2, bpos = fight.fields()
        involved.add((view.cur, apos))
        for seat, pos in ((q, tpos), (q2, tpos2), (q, bpos)):
            if pos >= 0:
                involved.add((seat, pos))
    involved |= {(seat, pos) for seat, pos, _ in view.hits if pos >= 0}
    # (label, seat, the unit in `after` before it resolves, its damage and flags then)
    watched = []
    for seat, pos in sorted(involved):
        if exists(after, seat, pos):
            u = after.unit(seat, pos)
            watched.append((unit_label_rich(view.unit(seat, pos), glyphs), seat, u, u.damage, u.flags))
    life = after.life[:]
    try:
        after.resolve_combat()
    except (IndexError, KeyError, TypeError, ValueError):
        return None
    parts: list[Text] = []
    for seat in range(view.seats):
        lost = life[seat] - after.life[seat]
        if lost > 0:
            out = " (out)" if after.life[seat] <= 0 else ""
            parts.append(Text(f"{short_name(seat, 12)} -{lost} life{out}"))
    for label, seat, u, dmg, flags in watched:
        # What happened to it, in the engine's order: poison first, then damage.
        fate = ["poisoned"] if u.flags & POIS and not flags & POIS else []
        ranks = after.front[seat] + after.rear[seat]
        cards = [c for c in (u.first, u.second) if c >= 0]
        stays = next((x for x in ranks if x.second < 0 and x.first in cards), None)
        if any(x is u for x in ranks):
            if u.damage > dmg:
                fate.append(f"-{u.damage - dmg}")
            elif u.flags & PROTECT and seat != view.cur:
                fate.append("no damage")
        elif stays is not None and len(cards) == 2:
            gone = cards[1] if stays.first == cards[0] else cards[0]
            fate.append(f"loses {card_label(gone, glyphs)}")
        elif seat == view.cur and KIND[lead(u)] is ACE:
            fate.append("spent")  # an Ace that struck goes to the Barrows
        elif any(c in after.hands[seat] for c in cards):
            fate.append("back to the hand")
        else:
            fate.append("falls")
        if fate:
            parts.append(label + Text(" " + ", ".join(fate)))
    return parts
