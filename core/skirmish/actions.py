"""Skirmish actions: small frozen msgspec Structs, one per kind of decision.

Units are named by (seat, pos): pos 0-3 is a slot of the front ranks, 4-7 of the
rear ranks, -1 the player themself. Cards are the ints of `cards.py`.
"""

from __future__ import annotations

from typing import Union

import msgspec


class Options(msgspec.Struct, frozen=True):
    """`jokers`: play with the two Jokers (54 cards) or without (52)."""

    jokers: bool = True


class StartWith(msgspec.Struct, frozen=True, tag="start"):
    """The advantage winner names the seat that takes the first turn."""
    seat: int


class Deploy(msgspec.Struct, frozen=True, tag="deploy"):
    """Play `card` from hand. A soldier goes to a new front slot (slot -1) or joins
    the front unit at `slot` as a Blood Bond (`lead`: the new card goes on top)."""
    card: int
    slot: int = -1
    lead: bool = False


class Scout(msgspec.Struct, frozen=True, tag="scout"):
    """Deploy a 2 as a Scout against the hand of `seat`."""
    card: int
    seat: int


class Variant(msgspec.Struct, frozen=True, tag="variant"):
    """The variant a Joker is deployed as (doppelganger, necromancer, wizard, spirit)."""
    name: str


class CopyRank(msgspec.Struct, frozen=True, tag="copy-rank"):
    """The rank a Doppelganger copies (1 = Ace ... 13 = King)."""
    rank: int


class CopySuit(msgspec.Struct, frozen=True, tag="copy-suit"):
    """The suit a Doppelganger copies (0 Diamonds, 1 Clubs, 2 Hearts, 3 Spades)."""
    suit: int


class Return(msgspec.Struct, frozen=True, tag="return"):
    """Return one of your units to your hand."""
    pos: int


class Split(msgspec.Struct, frozen=True, tag="split"):
    """Split the Blood Bond at `pos`: `card` leaves it."""
    pos: int
    card: int


class Bond(msgspec.Struct, frozen=True, tag="bond"):
    """Join two of your front units into a Blood Bond; the unit at `pos` leads."""
    pos: int
    other: int


class Summon(msgspec.Struct, frozen=True, tag="summon"):
    """The Necromancer summons a face-up soldier from the Barrows."""
    card: int


class Target(msgspec.Struct, frozen=True, tag="target"):
    """Choose a unit (seat, pos) or a player (seat, -1) for the pending effect."""
    seat: int
    pos: int = -1


class Attack(msgspec.Struct, frozen=True, tag="attack"):
    """Your unit at `pos` attacks player `seat` (tpos -1) or their unit at `tpos`."""
    pos: int
    seat: int
    tpos: int = -1


class Block(msgspec.Struct, frozen=True, tag="block"):
    """Your unit at `pos` blocks the attacker at `attacker` (a pos of the player
    whose turn it is)."""
    pos: int
    attacker: int


class Pick(msgspec.Struct, frozen=True, tag="pick"):
    """Choose a card: from the Barrows, or from the top of the deck."""
    card: int


class Guard(msgspec.Struct, frozen=True, tag="guard"):
    """Keep the Ace of Hearts as a 0/1 guard (True) or send it to the Barrows."""
    keep: bool


class Done(msgspec.Struct, frozen=True, tag="done"):
    """Finish this step: end deployment, pass a response, stop declaring attackers
    or blockers, or skip an optional target."""


Action = Union[StartWith, Deploy, Scout, Variant, CopyRank, CopySuit, Return, Split, Bond,
               Summon, Target, Attack, Block, Pick, Guard, Done]

DONE = Done()

# Ready-made actions for the legal-move generators (actions are frozen, so sharing is
# safe and saves building the same small objects again and again).
DEPLOYS = tuple(Deploy(c) for c in range(54))
DEPLOY_BONDS = tuple(tuple((Deploy(c, i, False), Deploy(c, i, True)) for i in range(4))
                    for c in range(54))
RETURNS = tuple(Return(p) for p in range(8))
BONDS = tuple(tuple(Bond(i, j) for j in range(4)) for i in range(4))
ATTACKS = tuple(tuple(tuple(Attack(pos, q, t) for t in range(-1, 8)) for q in range(4))
               for pos in range(8))           # ATTACKS[pos][seat][tpos + 1]
BLOCKS = tuple(tuple(Block(pos, a) for a in range(8)) for pos in range(8))
TARGETS = tuple(tuple(Target(q, pos) for pos in range(-1, 8)) for q in range(4))   # [seat][pos + 1]
