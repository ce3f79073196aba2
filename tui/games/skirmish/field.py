"""How Skirmish cards, units and players are drawn: short labels, the cells of the
battlefield grids (a unit as a small card of one or three lines) and units in words;
what stands at a place of the battlefield (`unit_at`, `exists`).

Every mark that means something has a letter or glyph as well as a colour: `exh` /
`x` exhausted, `p` poisoned (`P` by the Ace of Clubs), `s` summoned, `*` resurrected
(Soul Burned when it leaves), `x2` double damage, `sh` shielded by the Jack of Hearts,
`g` the Ace of Hearts kept as a guard, `-3` damage taken this turn.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from core.skirmish.cards import (
    BINDING_SPIRIT, BLACK_JOKER, DOPPELGANGER, INSANE_WIZARD, NECROMANCER, RANK, RED_JOKER, SUIT,
    VARIANT_WORDS, WORDS,
)
from core.skirmish.units import (
    C0, C1, DOUBLE, EXH, GUARD, POIS, POIS_CLUBS, PROTECT, RES0, RES1, SUMMONED, Unit, attack, defence,
)

Run = tuple[str, Style | None]
RED = Style(color="red", bold=True)
BLACK = Style(bold=True)
DIM = Style(dim=True)
POISON = Style(color="magenta", bold=True)
GOOD = Style(color="green", bold=True)
DAMAGE = Style(color="yellow", bold=True)
LIFE = Style(color="red", bold=True)
VALUES = {1: "A", 11: "J", 12: "Q", 13: "K"}
SHORT_VARIANT = {NECROMANCER: "nec", INSANE_WIZARD: "wiz", BINDING_SPIRIT: "spi"}


def unit_at(view, seat: int, pos: int):
    """The unit at a place, or None (an empty slot, or the player's own cell)."""
    if pos < 0:
        return None
    rank = view.front[seat] if pos < 4 else view.rear[seat]
    i = pos % 4 if pos < 4 else pos - 4
    return rank[i] if i < len(rank) else None


def exists(view, seat: int, pos: int) -> bool:
    """A player's cell always; a slot if a unit stands there."""
    return pos < 0 or unit_at(view, seat, pos) is not None


def card_label(c: int, glyphs) -> str:
    """`7♦`, `10♥`, `A♠`, `BJ`, `RJ`; `▒▒` for a card the viewer cannot see."""
    if c < 0:
        return glyphs["card_back"] * 2
    if c == BLACK_JOKER:
        return "BJ"
    if c == RED_JOKER:
        return "RJ"
    return VALUES.get(RANK[c], str(RANK[c])) + glyphs["suit_" + "DCHS"[SUIT[c]]]


def card_style(c: int) -> Style:
    if c < 0:
        return DIM
    if c == RED_JOKER or (c < 52 and SUIT[c] in (0, 2)):
        return RED
    return BLACK


def card_rich(c: int, glyphs) -> Text:
    return Text(card_label(c, glyphs), style=card_style(c))


def card_runs(u: Unit, i: int, glyphs, wide: bool) -> list[Run]:
    """One card of a unit: its label, a Joker's variant or copy, `*` if resurrected."""
    c = u.card(i)
    runs: list[Run] = [(card_label(c, glyphs), card_style(c))]
    if c >= 52 and u.variant == DOPPELGANGER and u.imitates >= 0:
        runs.append(("=", None))
        runs.append((card_label(u.imitates, glyphs), card_style(u.imitates)))
    elif c >= 52 and u.variant:
        runs.append((" " + (VARIANT_WORDS[u.variant].split()[-1].lower() if wide else SHORT_VARIANT[u.variant]), None))
    if u.flags & (RES0 if i == C0 else RES1):
        runs.append(("*", None))
    return runs


def unit_runs(u: Unit, glyphs, wide: bool = False) -> list[Run]:
    """The cards of a unit, leader first and in bold: `7♦+5♦`."""
    runs = card_runs(u, C0, glyphs, wide)
    if u.second >= 0:
        runs.append((" + " if wide else "+", DIM))
        for text, style in card_runs(u, C1, glyphs, wide):
            runs.append((text, (style or Style()) + Style(bold=False)))
    return runs


def unit_label(u: Unit, glyphs) -> str:
    return "".join(t for t, _ in unit_runs(u, glyphs))


def unit_label_rich(u: Unit, glyphs) -> Text:
    label = Text()
    for text, style in unit_runs(u, glyphs):
        label.append(text, style)
    return label


def stat_runs(u: Unit, wide: bool) -> list[Run]:
    runs: list[Run] = [(f"{attack(u)}/{defence(u)}", None)]
    if u.damage:
        runs.append((f" -{u.damage}" if wide or u.damage < 10 else f"-{u.damage}", DAMAGE))
    return runs


def flag_runs(u: Unit, wide: bool) -> list[Run]:
    f = u.flags
    if f & GUARD:
        runs: list[Run] = [("guard" if wide else "grd", GOOD)]
    elif f & EXH:
        runs = [("exhausted" if wide else "exh", DIM)]
    else:
        runs = [("ready", GOOD)]
    extra: list[Run] = []
    if f & POIS:
        extra.append(("poison" if wide else ("P" if f & POIS_CLUBS else "p"), POISON))
    if f & SUMMONED:
        extra.append(("summoned" if wide else "s", None))
    if f & DOUBLE:
        extra.append(("x2", DAMAGE))
    if f & PROTECT:
        extra.append(("shield" if wide else "sh", GOOD))
    for run in extra:
        runs.append((" ", None))
        runs.append(run)
    return runs


def compact_flags(u: Unit) -> str:
    f = u.flags
    out = ""
    if f & EXH:
        out += "x"
    if f & POIS:
        out += "p"
    if f & SUMMONED:
        out += "s"
    if u.damage:
        out += "!"
    return out


def fit(runs: list[Run], width: int, base: Style | None = None) -> tuple[Run, ...]:
    """The runs cut or padded to exactly `width` characters, with a space either side
    (the board draws its cursor brackets and mark glyphs there)."""
    inner = width - 2
    out: list[Run] = [(" ", None)]
    used = 0
    for text, style in runs:
        if used >= inner:
            break
        text = text[: inner - used]
        used += len(text)
        out.append((text, (base + style) if base and style else (style or base)))
    out.append((" " * (inner - used + 1), None))
    return tuple(out)


def centred(runs: list[Run], width: int, base: Style | None = None) -> tuple[Run, ...]:
    length = sum(len(t) for t, _ in runs)
    pad = max(0, (width - 2 - length) // 2)
    return fit([(" " * pad, None), *runs], width, base)


def unit_lines(u: Unit, glyphs, width: int, height: int) -> tuple[tuple[Run, ...], ...]:
    """A unit as a small card: cards, attack/defence and damage, ready or exhausted and
    its marks (three lines), or everything on one line when compact."""
    wide = width >= 14
    base = DIM if u.flags & EXH and not u.flags & GUARD else None
    if height == 1:
        flags = compact_flags(u)
        runs = unit_runs(u, glyphs)
        length = sum(len(t) for t, _ in runs)
        room = width - 2 - length
        if flags and room > 0:
            runs.append(((" " if room > len(flags) else "") + flags[:room], DIM))
        return (fit(runs, width, base),)
    return (
        fit(unit_runs(u, glyphs, wide), width),
        fit(stat_runs(u, wide), width, base),
        fit(flag_runs(u, wide), width),
    )


def unit_words(u: Unit) -> str:
    """Everything about a unit in words, for the card panel."""
    def one(i: int) -> str:
        c = u.card(i)
        w = WORDS[c].removeprefix("the ")
        if c >= 52 and u.variant == DOPPELGANGER and u.imitates >= 0:
            w += f" (Doppelganger as {WORDS[u.imitates].removeprefix('the ')})"
        elif c >= 52 and u.variant:
            w += f" ({VARIANT_WORDS[u.variant]})"
        if u.flags & (RES0 if i == C0 else RES1):
            w += ", resurrected (Soul Burned when it leaves)"
        return w

    f = u.flags
    if u.second >= 0:
        head = f"Blood Bond: {one(C0)} leads, {one(C1)} behind"
    else:
        head = one(C0)
    parts = [f"attack {attack(u)}, defence {defence(u)}"]
    if f & GUARD:
        parts.append("an Ace of Hearts guard: blocks, deals nothing, poisons the attacker")
    if f & EXH:
        parts.append("exhausted: cannot attack until its READY")
    elif not f & GUARD:
        parts.append("ready")
    if u.damage:
        parts.append(f"{u.damage} damage taken this turn")
    if f & POIS:
        parts.append("poisoned: to the Barrows at the end of the turn"
                     + (" (its owner then discards a random card)" if f & POIS_CLUBS else ""))
    if f & SUMMONED:
        parts.append("summoned: leaves Soul Burned at its owner's READY")
    if f & DOUBLE:
        parts.append("deals double damage this turn")
    if f & PROTECT:
        parts.append("takes no damage this turn")
    body = "; ".join(parts)
    return f"{head}: {body}."
