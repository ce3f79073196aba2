"""The combat dialogue's list: the planned attacks (attacker, target, blocker) and
what they do, kept on screen as "Last combat" once resolved.

What a combat does is never reckoned here: the engine's own resolution is run on a
copy of the position and what changed is read off it (life lost, units that fall,
lose a card, go back to the hand, take damage, are poisoned). So the box says what
the log says, for every shape of combat.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from core.skirmish.cards import ACE, KIND
from core.skirmish.state import SkirmishState
from core.skirmish.units import C0, C1, DMG, FL, POIS, PROTECT, lead
from tui.games.skirmish.field import card_label, unit_label_rich


class _Resolving(Exception):
    """Raised where the engine would resolve a combat."""


class _UpToResolution(SkirmishState):
    """The engine's own flow, stopped where the combat resolves."""

    __slots__ = ()

    def _resolve(self) -> None:
        raise _Resolving


def at_resolution(before: SkirmishState, action) -> SkirmishState | None:
    """The position as the combat resolves, if `action` made from `before` resolves
    one: every attack, block, second target and excess damage in place; else None."""
    s = before.clone()
    s.__class__ = _UpToResolution
    try:
        s.play(action)
    except _Resolving:
        s.__class__ = SkirmishState
        return s if s.attacks else None
    except Exception:  # a copy gone wrong must never stop the game: no box then
        return None
    return None


class PlanMixin:
    """The attacks panel of the screen."""

    def _draw_plan(self) -> None:
        view = self._view
        box = self.query_one("#sk-plan", Static)
        lines = self.plan_lines(view) if not view.over else []
        if lines:
            lines = lines + self.outcome_lines(view, "As it stands:")
            self.plan = lines
            who = self.short_name(view.cur, 14)
            text = Text.assemble((f"Attacks of {who}", "bold"))
            for line in lines:
                text.append("\n")
                text.append_text(line)
        elif self.last_combat is not None:
            turn, lines = self.last_combat
            text = Text.assemble((f"Last combat, turn {turn}", "bold"))
            for line in lines:
                text.append("\n")
                text.append_text(line)
        else:
            text = Text("")
        box.update(text)
        box.display = bool(text.plain)

    def combat_box(self, at: SkirmishState) -> tuple[int, list[Text]]:
        """"Last combat": the attacks as they were resolved, and what they did."""
        return at.turn, self.plan_lines(at) + self.outcome_lines(at, "Result:")

    def plan_lines(self, view) -> list[Text]:
        glyphs = self.app.glyphs
        arrow = glyphs["to"]
        out = []
        for apos, q, tpos, q2, tpos2, bpos in view.attacks:
            u = view.unit(view.cur, apos) if self._exists(view, view.cur, apos) else None
            if u is None:
                continue
            line = unit_label_rich(u, glyphs)
            line.append(f" {arrow} ")
            if tpos < 0:
                line.append(self.short_name(q, 12), style="bold")
            elif self._exists(view, q, tpos):
                line.append_text(unit_label_rich(view.unit(q, tpos), glyphs))
                if view.seats > 2:
                    line.append(f" P{q + 1}")
            if tpos2 >= 0 and self._exists(view, q2, tpos2):
                line.append(" & ")
                line.append_text(unit_label_rich(view.unit(q2, tpos2), glyphs))
            out.append(line)
            if bpos >= 0 and self._exists(view, q, bpos):
                block = Text.assemble(("   blocked by ", "italic"))
                block.append_text(unit_label_rich(view.unit(q, bpos), glyphs))
                out.append(block)
        return out

    def outcome_lines(self, view, lead_words: str) -> list[Text]:
        """What the declared attacks do as they stand (or did): the engine resolves
        a copy of `view` and the differences are told."""
        if not view.attacks:
            return []
        parts = self._combat_effects(view)
        if parts is None:
            return []
        if not parts:
            parts = [Text("no damage")]
        line = Text.assemble((lead_words + " ", "italic"))
        line.append_text(Text("; ").join(parts))
        return [line]

    def _combat_effects(self, view) -> list[Text] | None:
        glyphs = self.app.glyphs
        after = view.clone()
        involved: set[tuple[int, int]] = set()
        for apos, q, tpos, q2, tpos2, bpos in view.attacks:
            involved.add((view.cur, apos))
            for seat, pos in ((q, tpos), (q2, tpos2), (q, bpos)):
                if pos >= 0:
                    involved.add((seat, pos))
        involved |= {(seat, pos) for seat, pos, _ in view.hits if pos >= 0}
        # (label, seat, the unit in `after` before it resolves, its damage and flags then)
        watched = []
        for seat, pos in sorted(involved):
            if self._exists(after, seat, pos):
                u = after.unit(seat, pos)
                watched.append((unit_label_rich(view.unit(seat, pos), glyphs), seat, u, u[DMG], u[FL]))
        life = after.life[:]
        try:
            after._resolve()
        except (IndexError, KeyError, TypeError, ValueError):
            return None
        parts: list[Text] = []
        for seat in range(view.seats):
            lost = life[seat] - after.life[seat]
            if lost > 0:
                out = " (out)" if after.life[seat] <= 0 else ""
                parts.append(Text(f"{self.short_name(seat, 12)} -{lost} life{out}"))
        for label, seat, u, dmg, flags in watched:
            # What happened to it, in the engine's order: poison first, then damage.
            fate = ["poisoned"] if u[FL] & POIS and not flags & POIS else []
            ranks = after.front[seat] + after.rear[seat]
            cards = [c for c in (u[C0], u[C1]) if c >= 0]
            stays = next((x for x in ranks if x[C1] < 0 and x[C0] in cards), None)
            if any(x is u for x in ranks):
                if u[DMG] > dmg:
                    fate.append(f"-{u[DMG] - dmg}")
                elif u[FL] & PROTECT and seat != view.cur:
                    fate.append("no damage")
            elif stays is not None and len(cards) == 2:
                gone = cards[1] if stays[C0] == cards[0] else cards[0]
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
