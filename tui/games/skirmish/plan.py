"""The combat dialogue's list: the planned attacks (attacker, target, blocker) and
what they do, kept on screen as "Last combat" once resolved."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from core.skirmish.units import C1, DMG, FL, PROTECT, defeated
from tui.games.skirmish.field import unit_label_rich


class PlanMixin:
    """The attacks panel of the screen."""

    def _draw_plan(self) -> None:
        view = self._view
        box = self.query_one("#sk-plan", Static)
        lines = self.plan_lines(view)
        if lines:
            lines = lines + self.outcome_lines(view, "Result:" if view.over else "As it stands:")
            self.plan = lines
            who = self.short_name(view.cur, 14)
            text = Text.assemble((f"Last combat, turn {view.turn}" if view.over else f"Attacks of {who}", "bold"))
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

    def outcome_lines(self, view, lead: str, hits=()) -> list[Text]:
        """What the declared attacks do as they stand (or did): damage to players,
        units that fall or lose a card, damage taken, poison. Read from the engine's
        own reckoning of the combat, so it is exactly what resolution will do."""
        reckon = getattr(view, "_plan", None)
        if reckon is None or not view.attacks:
            return []
        try:
            dmg, pdmg, poison, _excess, _rage, _aces = reckon()
        except (IndexError, KeyError, TypeError, ValueError):
            return []
        dmg, pdmg = dict(dmg), list(pdmg)
        for seat, pos, amount in [*view.hits, *hits]:
            if pos < 0:
                pdmg[seat] += amount
            else:
                dmg[(seat, pos)] = dmg.get((seat, pos), 0) + amount
        glyphs = self.app.glyphs
        parts: list[Text] = []
        for seat, amount in enumerate(pdmg):
            if amount:
                parts.append(Text(f"{self.short_name(seat, 12)} -{amount} life"))
        for (seat, pos), amount in dmg.items():
            if amount <= 0 or not self._exists(view, seat, pos):
                continue
            u = view.unit(seat, pos)
            label = unit_label_rich(u, glyphs)
            if u[FL] & PROTECT:
                parts.append(label + Text(" no damage"))
                continue
            first, second = defeated(u, u[DMG] + amount)
            if first and (u[C1] < 0 or second):
                parts.append(label + Text(f" falls ({amount})"))
            elif first or second:
                parts.append(label + Text(f" loses a card ({amount})"))
            else:
                parts.append(label + Text(f" -{amount}"))
        for seat, pos, _clubs in poison:
            if self._exists(view, seat, pos):
                parts.append(unit_label_rich(view.unit(seat, pos), glyphs) + Text(" poisoned"))
        if not parts:
            parts.append(Text("no damage"))
        line = Text.assemble((lead + " ", "italic"))
        line.append_text(Text("; ").join(parts))
        return [line]
