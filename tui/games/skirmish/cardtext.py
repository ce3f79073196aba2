"""Every Skirmish card's text, as the screen shows it where the cursor rests, and the
"Card reference" section of docs/rules/skirmish.md made from the same table.

The engine's card table (core/skirmish/cards.py) gives kinds, houses and the printed
attack/defence; the words here follow docs/rules/skirmish.md. A test keeps the rules
page's reference in step with `reference_markdown()`.
"""

from __future__ import annotations

from core.skirmish.cards import (
    ACE, ATK, BLACK_JOKER, DEF, JACK, JOKER, KIND, KING, QUEEN, RANK, RED_JOKER, SOLDIER, SUIT,
    SUIT_NAMES, WORDS,
)

# House traits of the soldiers: (name, normal, enhanced by the King of the house).
TRAITS = (
    ("Quick", "enters the battlefield ready.",
     "blocking, it strikes first; an attacker it defeats strikes back with what is left of it."),
    ("Raging Charge", "blocked, the damage it deals beyond its blocker's defence goes to the defending "
     "player or another of their front units.",
     "if it falls attacking, it strikes once more, full attack, at the defending player or any unit of theirs."),
    ("Magic Shield", "may block while exhausted, but then deals no damage.",
     "a blocker that falls returns to its owner's hand, unless poisoned."),
    ("Dual Wielding", "attacking a unit, it may hit a second front-rank unit of that player, full attack "
     "to each.",
     "its targets may be in the rear ranks too."),
)

SCOUTS = (
    "reveal 2 random cards of an opponent's hand; the 2 goes to the Barrows.",
    "reveal 1 random card of an opponent's hand and send it to the Barrows, with the 2.",
    "reveal 1 random card of an opponent's hand; the 2 stays as a soldier.",
    "reveal 1 random card of an opponent's hand and take it; the 2 goes to the Barrows.",
)

ACES = (
    "Played in your DEPLOY or in a RESPONSE, it strikes at once: an opposing unit goes to the Barrows, "
    "and so does the Ace. It needs no rank space.",
    "When the unit it poisoned leaves, its owner discards a random card.",
    "After poisoning a unit it may stay as a 0/1 guard that blocks and poisons the attacker it blocks.",
    "If its target is in the front ranks, it may poison a second front-rank unit.",
)
ACE_BASE = ("Assassin: arrives exhausted; in a later COMBAT it strikes any opposing unit and poisons it, or an "
            "opponent directly for its 1 (no block either way), then goes to the Barrows. A poisoned unit goes "
            "to the Barrows at the end of the turn.")

JACKS = (
    "The turn ends at once (no combat) and the last card that player played this turn goes to the "
    "Barrows (played in your own DEPLOY, that card is the Jack itself).",
    "A unit of your choice (yours, or any other) deals double damage this turn.",
    "A unit of your choice (yours, or any other) takes no damage this turn (poison is not damage).",
    "Take any opposing unit into your own ranks (you need room for it).",
)
QUEENS = (
    "After your next turn, take one more.",
    "Send any two units on the battlefield to the Barrows (one, if only one stands).",
    "Bring a face-up soldier, Ace or King from the Barrows onto your battlefield; it is Soul Burned "
    "when it leaves.",
    "Look at the top four cards of the deck, keep one, put the rest back in the order you choose.",
)
ONE_OFF = "acts at once, in your DEPLOY or an opponent's RESPONSE, then goes to the Barrows."

JOKERS = {
    BLACK_JOKER: (
        ("Doppelganger", "a copy of any card but a Joker you choose: its stats, trait and place. As a "
         "Jack or Queen it stands in your rear ranks (0/11, 0/12) and uses that card's power once, at once."),
        ("Necromancer", "rear ranks; once a turn in your DEPLOY it summons a face-up soldier from the "
         "Barrows, ready to attack, which leaves Soul Burned at your next READY."),
    ),
    RED_JOKER: (
        ("Insane Wizard", "rear ranks; opposing soldiers lose their traits and cannot bond. On arrival "
         "every opposing Blood Bond splits (over four front units, their owner sends the extra away)."),
        ("Binding Spirit", "rear ranks; your soldiers may bond across houses (the leader's house gives "
         "the trait)."),
    ),
}

# Where each kind of card goes, for the reference table and the card panel.
WHERE = {SOLDIER: "front ranks", ACE: "rear ranks", KING: "rear ranks", JOKER: "rear ranks or as copied",
         JACK: "acts at once", QUEEN: "acts at once"}


def trait_text(suit: int) -> str:
    name, normal, enhanced = TRAITS[suit]
    return f"{SUIT_NAMES[suit]}, {name}: {normal} With the King: {enhanced}"


def card_parts(c: int) -> tuple[str, str]:
    """Card `c` (an int of core.skirmish.cards) as (what it is, what it does)."""
    kind, suit, stats = KIND[c], SUIT[c], f"{ATK[c]}/{DEF[c]}"
    if kind == SOLDIER:
        text = trait_text(suit)
        if RANK[c] == 2:
            text += f" Or scout: {SCOUTS[suit]}"
        return f"Soldier {stats}, front ranks", text
    if kind == ACE:
        if suit == 0:
            return f"Ace {stats}", ACES[0]
        return f"Ace {stats}, rear ranks", f"{ACE_BASE} {ACES[suit]}"
    if kind == JACK:
        return "Jack", f"It {ONE_OFF} {JACKS[suit]}"
    if kind == QUEEN:
        return "Queen", f"It {ONE_OFF} {QUEENS[suit]}"
    if kind == KING:
        _, _, enhanced = TRAITS[suit]
        return f"King {stats}, rear ranks", f"One at a time. Enhances your {SUIT_NAMES[suit]} soldiers: {enhanced}"
    (n1, t1), (n2, t2) = JOKERS[c]
    return f"Joker {stats}", f"Deployed as one of two variants. {n1}: {t1} {n2}: {t2}"


def card_text(c: int) -> str:
    """The full text of card `c`."""
    head, body = card_parts(c)
    return f"{head}. {body}"


def variant_text(c: int, name: str) -> str:
    """The text of one Joker variant ("doppelganger", "necromancer", "wizard", "spirit")."""
    for words, text in JOKERS[c]:
        if words.lower().split()[-1] == name or words.lower() == name:
            return f"{words}: {text}"
    return ""


# -- the reference section of the rules page -------------------------------------------

REFERENCE_TITLE = "## Card reference"


def _title(words: str) -> str:
    words = words.removeprefix("the ")
    return words[:1].upper() + words[1:]


def _entries() -> list[tuple[str, list[tuple[str, str, str, str]]]]:
    """(heading, [(card, attack/defence, where, text)]) by house, one entry per distinct text."""
    out = []
    for suit in range(4):
        base = suit * 13
        two, three = base + 1, base + 2
        rows = [(f"2 of {SUIT_NAMES[suit]}", f"{ATK[two]}/{DEF[two]}", WHERE[SOLDIER], card_parts(two)[1]),
                (f"3 to 10 of {SUIT_NAMES[suit]}", "its number", WHERE[SOLDIER], card_parts(three)[1])]
        for c in (base, base + 10, base + 11, base + 12):
            where = "acts at once" if c == base and suit == 0 else WHERE[KIND[c]]
            rows.append((_title(WORDS[c]), f"{ATK[c]}/{DEF[c]}", where, card_parts(c)[1]))
        out.append((SUIT_NAMES[suit], rows))
    out.append(("Jokers", [(_title(WORDS[c]), f"{ATK[c]}/{DEF[c]}", WHERE[JOKER], card_parts(c)[1])
                           for c in (BLACK_JOKER, RED_JOKER)]))
    return out


def reference_markdown() -> str:
    """The "Card reference" section of docs/rules/skirmish.md (to the end of the file)."""
    lines = [
        REFERENCE_TITLE,
        "",
        "Every card's text, as the game shows it where the cursor rests (attack/defence and",
        "where it goes in brackets). This section is made from the game's card table",
        "(`python -m tui.games.skirmish.cardtext` prints it); a test keeps the two in step.",
    ]
    for heading, rows in _entries():
        lines += ["", f"### {heading}", ""]
        for card, stats, where, text in rows:
            lines.append(f"- **{card}** ({stats}, {where}): {text}")
    return "\n".join(lines) + "\n"


def write_reference(path) -> None:
    """Replace the Card reference section at the end of the rules page (or add it)."""
    from pathlib import Path

    path = Path(path)
    doc = path.read_text(encoding="utf-8")
    head = doc.split("\n" + REFERENCE_TITLE + "\n", 1)[0].rstrip("\n")
    path.write_text(head + "\n\n" + reference_markdown(), encoding="utf-8")


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--write"]:
        from tui.rules import RULES_DIR

        write_reference(RULES_DIR / "skirmish.md")
    else:
        print(reference_markdown(), end="")
