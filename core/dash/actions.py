"""Icehouse Dash actions and options, as msgspec Structs."""

from __future__ import annotations

import msgspec


class Options(msgspec.Struct, frozen=True):
    """Icehouse Dash options.

    hidden_hands: team members do not see each other's hands.
    winnable: only deal positions the solver proves can be won.
    """

    hidden_hands: bool = False
    winnable: bool = False


class Play(msgspec.Struct, frozen=True, tag="play"):
    """Lay `card` at `side` ("N", "E", "S", "W") and move the top piece on `src`."""

    card: str
    side: str
    src: str
