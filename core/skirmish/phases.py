"""Phase numbers, the kinds of pending decision and small shared words."""

from __future__ import annotations

from enum import StrEnum

SETUP, DEPLOY, RESPONSE, ATTACK, BLOCK, RESOLVE, END, OVER = range(8)
PHASE_NAMES = ("setup", "deploy", "response", "combat", "block", "resolution", "end", "over")


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def cap(text: str) -> str:
    """`text` with its first letter made upper case (the rest left alone)."""
    return text[:1].upper() + text[1:]


class Decision(StrEnum):
    """A pending decision's kind (the first item of a `pending` record). Its value is
    the kind's text in saves and notation ("qc1"); it equals that str. Each carries
    its prompt (State.prompt), its heading over the choices and its few words for
    "who is asked what" (the screen)."""

    START = ("start", "Choose who takes the first turn (you won the advantage draw)", "Who starts?",
             "who starts?")
    VARIANT = ("variant", "Choose the variant of your Joker", "The Joker's variant:", "Joker variant")
    COPYRANK = ("copyrank", "Choose the rank your Doppelganger copies", "The rank it copies:", "copy a rank")
    COPYSUIT = ("copysuit", "Choose the suit your Doppelganger copies", "The house it copies:", "copy a house")
    AD = ("ad", "Choose the unit the Ace of Diamonds strikes", "Strike (Ace of Diamonds):", "strike a unit")
    JC = ("jc", "Choose the unit (yours or any) that deals double damage this turn", "Double damage (Jack of Clubs):",
          "double damage")
    JH = ("jh", "Choose the unit (yours or any) that takes no damage this turn", "No damage (Jack of Hearts):",
          "protect a unit")
    JS = ("js", "Choose the unit the Jack of Spades takes into your ranks", "Take a unit (Jack of Spades):",
          "take a unit")
    QC1 = ("qc1", "Choose the first unit the Queen of Clubs sends to the Barrows", "First unit (Queen of Clubs):",
           "remove a unit")
    QC2 = ("qc2", "Choose the second unit the Queen of Clubs sends to the Barrows",
           "Second unit (Queen of Clubs):", "remove a unit")
    QH = ("qh", "Choose a face-up card in the Barrows to resurrect", "Resurrect (Queen of Hearts):", "resurrect")
    QSKEEP = ("qskeep", "Choose the card you keep from the top of the deck", "Keep one (Queen of Spades):",
              "keep a card")
    QSORDER = ("qsorder", "Choose the next card to put back (the last one is the new top)",
               "Put back, next under the top:", "order the deck")
    WIZ = ("wiz", "The Insane Wizard: choose a unit to send to the Barrows (keep four)",
           "Send away (Insane Wizard):", "send units away")
    SP2 = ("sp2", "Choose a second target for your Spades soldier, or finish", "Second target:", "second target")
    AS2 = ("as2", "Choose a second front-rank unit for the Ace of Spades to poison, or finish",
           "Second unit to poison:", "second poison")
    EXCESS = ("excess", "Choose where the excess damage of your Clubs soldier goes", "Excess damage goes to:",
              "excess damage")
    RAGE = ("rage", "Your enhanced Clubs soldier falls: choose the target of its last strike",
            "Last strike goes to:", "last strike")
    GUARD = ("guard", "Keep the Ace of Hearts as a 0/1 guard?", "The Ace of Hearts:", "keep the guard?")

    prompt: str  # State.prompt, said to the seat asked ("Ann: Choose ...")
    heading: str  # over the list of choices (not `title`: that is a str method)
    ask: str  # after the seat's name: "Ann: second target"

    def __new__(cls, value: str, prompt: str, heading: str, ask: str) -> Decision:
        member = str.__new__(cls, value)
        member._value_ = value
        member.prompt, member.heading, member.ask = prompt, heading, ask
        return member


DECISIONS: dict[str, Decision] = {d.value: d for d in Decision}  # by the text in saves
