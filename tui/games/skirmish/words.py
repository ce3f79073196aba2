"""Skirmish in words: what each decision is called, who is asked what, actions in
short words with card glyphs (for the choices list, the notes and the phase bar).

Plain functions of what they are given: the position shown (`view`), the save's
seats (`seats`: names, people or bots and their levels), the seat at the keyboard
(`me`) and the glyphs. They read nothing of the screen."""

from __future__ import annotations

from core.engine import said
from core.skirmish import actions as A
from core.skirmish.cards import KIND, RANK_WORDS, SOLDIER, SUIT_NAMES, WORDS
from core.skirmish.phases import ATTACK, BLOCK, DECISIONS, DEPLOY, END, RESOLVE, RESPONSE
from core.skirmish.phases import Decision as D
from tui.games.skirmish.field import card_label, unit_at, unit_label

# The decisions answered by choosing on the field (else from a list of choices).
FIELD_KINDS = frozenset({D.AD, D.JC, D.JH, D.JS, D.QC1, D.QC2, D.SP2, D.AS2, D.EXCESS, D.RAGE, D.WIZ})
PHASE_STEPS = (("ready", None), ("draw", None), ("deploy", DEPLOY), ("response", RESPONSE),
               ("combat", ATTACK), ("blocks", BLOCK), ("resolution", RESOLVE), ("end", END))
DONE_WORDS = {"deploy": "End deploy", "response": "Pass", "attack": "Attacks done",
              "block": "Blocks done", "second": "No 2nd target"}
CHOICE_TITLES = {d: d.heading for d in D}  # by kind (a Decision equals its text)
ASKS = {DEPLOY: "deploy", RESPONSE: "respond?", ATTACK: "attack", BLOCK: "block"}
PICK_VERBS = {D.QH: "Resurrect", D.QSKEEP: "Keep", D.QSORDER: "Put back", D.WIZ: "Send away"}
# Where a Doppelganger copying each rank goes, and (short) the power it uses as a
# Jack or Queen (rulings.md 4): the list is narrow at 80 columns.
COPY_WHERE = {1: "rear", 11: "rear, acts now", 12: "rear, acts now", 13: "rear"}
COPY_POWERS = {10: "ends turn", 23: "double dmg", 36: "no damage", 49: "take a unit",
               11: "extra turn", 24: "2 units away", 37: "resurrect", 50: "top 4 cards"}


def pending_kind(view) -> D | None:
    """The kind of the decision pending in `view` (a Decision), or None."""
    return view.pending[-1][0] if view.pending else None


def short_name(seats, seat: int, width: int = 8) -> str:
    """`P2 Easy bot` (or `P2 Easy`, `P2 Norm` when short), `Player 2`, `P1 You`."""
    info = seats[seat]
    name = info.name
    if name == f"Player {seat + 1}":
        return name[:width] if width >= 8 else f"P{seat + 1}"
    full = f"P{seat + 1} {name}"
    if len(full) > width and info.kind == "bot" and info.level:
        full = f"P{seat + 1} {info.level.title()} bot"
        if len(full) > width:
            full = f"P{seat + 1} {info.level[:4].title()}"
    return full[:width].rstrip()


def asked(view, seats) -> str:
    """Who is asked what, in a few words."""
    if view.over or view.to_move is None:
        return ""
    who = seats[view.to_move].name
    who = "You" if who == "You" else short_name(seats, view.to_move, 8)
    kind = pending_kind(view)
    if kind is not None:
        what = DECISIONS[kind].ask if kind in DECISIONS else "choose"
    else:
        what = ASKS.get(view.phase, "decide")
    return f"{who}: {what}"


def action_words(a, view, me: int, seats, glyphs) -> str:
    """`a`, an action in `view`, in short words with card glyphs; `me`: the seat at
    the keyboard ("your" is theirs). A move is read in the ranks of whoever makes
    it: a bot's redeploy or block names the bot's units."""
    names = [seat.name for seat in seats]
    actor = view.to_move if view.to_move is not None else me
    whose = "your" if actor == me else "their"
    if isinstance(a, A.StartWith):
        return f"{names[a.seat]} start{'s' if names[a.seat] != 'You' else ''}"
    if isinstance(a, A.Target):
        if a.pos < 0:
            return f"{names[a.seat]} (the player)"
        u = unit_at(view, a.seat, a.pos)
        where = "front" if a.pos < 4 else "rear"
        label = unit_label(u, glyphs) if u else "?"
        return f"{label} ({short_name(seats, a.seat, 12)}, {where})"
    if isinstance(a, A.Variant):
        return {"doppelganger": "Doppelganger (copies a card)", "necromancer": "Necromancer (rear)",
                "wizard": "Insane Wizard (rear)", "spirit": "Binding Spirit (rear)"}.get(a.name, a.name)
    if isinstance(a, A.CopyRank):
        where = COPY_WHERE.get(a.rank, "front")
        return f"Copy a{'n' if a.rank in (1, 8) else ''} {RANK_WORDS.get(a.rank, str(a.rank))} ({where})"
    if isinstance(a, A.CopySuit):
        rank = view.pending[-1][2] if pending_kind(view) == D.COPYSUIT else 0
        if rank in (11, 12) and 0 <= a.suit < 4:
            card = a.suit * 13 + rank - 1
            return f"{card_label(card, glyphs)} {RANK_WORDS[rank]}: {COPY_POWERS[card]}"
        return f"Copy the house of {SUIT_NAMES[a.suit]}"
    if isinstance(a, A.Guard):
        return "Keep it as a 0/1 guard" if a.keep else "Send it to the Barrows"
    if isinstance(a, A.Pick):
        decision = pending_kind(view)
        verb = PICK_VERBS.get(decision, "Choose") if decision is not None else "Choose"
        return f"{verb} {card_label(a.card, glyphs)} ({WORDS[a.card].removeprefix('the ')})"
    if isinstance(a, A.Done) and view.pending:
        return "No second target" if view.pending[-1][0] in (D.SP2, D.AS2) else "Done"

    def unit(seat: int, pos: int) -> str:
        if pos < 0:
            return short_name(seats, seat, 12)
        u = unit_at(view, seat, pos)
        return unit_label(u, glyphs) if u else "?"

    if isinstance(a, A.Deploy):
        c = card_label(a.card, glyphs)
        if a.slot >= 0:
            other = unit(actor, a.slot)
            return f"Bond: {c} leads, {other} behind" if a.lead else f"Bond: {other} leads, {c} behind"
        kind = KIND[a.card]
        if kind == SOLDIER:
            return f"{c} to a new front slot"
        if kind in ("jack", "queen"):
            return f"Play {c}: it acts at once"
        if a.card == 0:
            return f"Play {c}: strike a unit"
        if kind == "joker":
            return f"Deploy {c}, then choose its variant"
        return f"{c} to the rear ranks"
    if isinstance(a, A.Scout):
        return f"Scout the hand of {short_name(seats, a.seat, 12)} with {card_label(a.card, glyphs)}"
    if isinstance(a, A.Return):
        return f"Return {unit(actor, a.pos)} to {whose} hand"
    if isinstance(a, A.Split):
        return f"Split: {card_label(a.card, glyphs)} leaves {unit(actor, a.pos)}"
    if isinstance(a, A.Bond):
        return f"Bond: {unit(actor, a.pos)} leads, {unit(actor, a.other)} behind"
    if isinstance(a, A.Summon):
        return f"Summon {card_label(a.card, glyphs)} from the Barrows"
    if isinstance(a, A.Attack):
        return f"{unit(view.cur, a.pos)} attacks {unit(a.seat, a.tpos)}"
    if isinstance(a, A.Block):
        return f"{unit(actor, a.pos)} blocks {unit(view.cur, a.attacker)}"
    return said(view.describe(a), names)


def not_yours(st, replay: bool, seat_name) -> str:
    """Why a card or place chosen here does nothing now."""
    if replay:
        return "This is a replay."
    if st.over:
        return "The game is over."
    return f"Wait: {seat_name(st.to_move)} decides now."


def others_move(action, text: str, view_before, words) -> str:
    """Another seat's move for the status line: in short words with card glyphs
    (`words`), read in the position before it; a Done in the engine's words (`text`);
    a choice asked by a card named with that choice's heading."""
    if isinstance(action, A.Done) or view_before is None:
        return text
    kind = view_before.pending[-1][0] if view_before.pending else None
    if kind and isinstance(action, (A.Target, A.Variant, A.CopyRank, A.CopySuit, A.StartWith)):
        return f"{CHOICE_TITLES.get(kind, 'Chose')} {words(action)}"
    return words(action)


def summary(st, title: str, named) -> str:
    """The game in one line, for the saves list (`named` puts the seats' names in)."""
    lives = " / ".join(str(max(0, x)) for x in st.life)
    if st.over and st.outcome:
        return f"{title}: {named(st.outcome.reason)} Life {lives}"
    return f"{title}, turn {st.turn}: life {lives}, deck {len(st.deck)}"


def result_lines(st, names: list[str]) -> list[str]:
    """The game-over dialog's lines: each seat's life, the turns and the deck."""
    parts = [f"{names[s]} {st.life[s] if st.life[s] > 0 else 'out'}" for s in range(st.seats)]
    return ["Life: " + ", ".join(parts) + ".", f"{st.turn} turns played; {len(st.deck)} cards left in the deck."]
