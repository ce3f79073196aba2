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
    "Afterwards it may stay as a 0/1 guard that blocks and poisons the attacker it blocks.",
    "If its target is in the front ranks, it may poison a second front-rank unit.",
)
ACE_BASE = ("Assassin: arrives exhausted; in a later COMBAT it strikes any opposing unit (no block) and poisons it, "
            "then goes to the Barrows. A poisoned unit goes to the Barrows at the end of the turn.")

JACKS = (
    "Only in response: the turn ends at once (no combat) and the last card that player played this "
    "turn goes to the Barrows.",
    "One of your units deals double damage this turn.",
    "One of your units takes no damage this turn (poison is not damage).",
    "Take any opposing unit into your own ranks (you need room for it).",
)
QUEENS = (
    "After your next turn, take one more.",
    "Send any two units on the battlefield to the Barrows (one, if only one stands).",
    "Bring a face-up soldier, Ace or King from the Barrows onto your battlefield; it is Soul Burned "
    "when it leaves.",
    "Look at the top four cards of the deck, keep one, put the rest back in the order you choose.",
)
ONE_OFF = "Acts at once, in your DEPLOY or an opponent's RESPONSE, then goes to the Barrows."

JOKERS = {
    BLACK_JOKER: (
        ("Doppelganger", "a copy of any soldier, Ace or King you choose: its stats, trait and place."),
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

# Card kinds in words, for the reference table and the card panel.
KIND_WORDS = {SOLDIER: "Soldier", ACE: "Ace", JACK: "Jack", QUEEN: "Queen", KING: "King", JOKER: "Joker"}
WHERE = {SOLDIER: "front ranks", ACE: "rear ranks", KING: "rear ranks", JOKER: "rear ranks",
         JACK: "acts at once", QUEEN: "acts at once"}


def trait_text(suit: int) -> str:
    name, normal, enhanced = TRAITS[suit]
    return f"{SUIT_NAMES[suit]}, {name}: {normal} With the King: {enhanced}"


def card_text(c: int) -> str:
    """The full text of card `c` (an int of core.skirmish.cards)."""
    kind = KIND[c]
    if kind == SOLDIER:
        text = f"Soldier {ATK[c]}/{DEF[c]}, front ranks. {trait_text(SUIT[c])}"
        if RANK[c] == 2:
            text += f" Or scout: {SCOUTS[SUIT[c]]}"
        return text
    if kind == ACE:
        if SUIT[c] == 0:
            return f"Ace {ATK[c]}/{DEF[c]}. {ACES[0]}"
        return f"Ace {ATK[c]}/{DEF[c]}, rear ranks. {ACE_BASE} {ACES[SUIT[c]]}"
    if kind == JACK:
        return f"Jack: {ONE_OFF} {JACKS[SUIT[c]]}"
    if kind == QUEEN:
        return f"Queen: {ONE_OFF} {QUEENS[SUIT[c]]}"
    if kind == KING:
        _, _, enhanced = TRAITS[SUIT[c]]
        return (f"King {ATK[c]}/{DEF[c]}, rear ranks, one at a time. Enhances your "
                f"{SUIT_NAMES[SUIT[c]]} soldiers: {enhanced}")
    (n1, t1), (n2, t2) = JOKERS[c]
    return f"Joker {ATK[c]}/{DEF[c]}, deployed as one of two variants. {n1}: {t1} {n2}: {t2}"


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


def _rows() -> list[tuple[str, str, str, str]]:
    """(card, attack/defence, where, text) rows, one per distinct text."""
    rows = []
    for suit in range(4):
        base = suit * 13
        two, three = base + 1, base + 2
        rows.append((f"2 of {SUIT_NAMES[suit]}", f"{ATK[two]}/{DEF[two]}", WHERE[SOLDIER], card_text(two)))
        rows.append((f"3-10 of {SUIT_NAMES[suit]}", "its number", WHERE[SOLDIER], card_text(three)))
        for c in (base, base + 10, base + 11, base + 12):
            stats = f"{ATK[c]}/{DEF[c]}"
            rows.append((_title(WORDS[c]), stats, WHERE[KIND[c]], card_text(c)))
    for c in (BLACK_JOKER, RED_JOKER):
        rows.append((_title(WORDS[c]), f"{ATK[c]}/{DEF[c]}", WHERE[JOKER],
                     card_text(c)))
    return rows


def reference_markdown() -> str:
    """The "Card reference" section of docs/rules/skirmish.md (to the end of the file)."""
    lines = [
        REFERENCE_TITLE,
        "",
        "Every card's text, as the game shows it where the cursor rests. This section is made",
        "from the game's card table (`python -m tui.games.skirmish.cardtext` prints it), and a",
        "test keeps the two in step.",
        "",
        "| Card | Attack/Defence | Where | Text |",
        "|---|---|---|---|",
    ]
    for card, stats, where, text in _rows():
        lines.append(f"| {card} | {stats} | {where} | {text} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(reference_markdown(), end="")
