"""Fixtures for the Skirmish tests: `make` builds a position from a few zones."""

from __future__ import annotations

import pytest

from core.skirmish import GAME
from core.skirmish.cards import BY_NAME


def build(seats=2, cur=1, phase="deploy", hands=None, front=None, rear=None, deck=None,
          up="", down="", life=None, pending="-", attacks="-", blockers="-", responders="-",
          jokers=True, seed=7, turns=None, redeployed=False, last="-", extra="-"):
    """A position in the notation of docs/rules/skirmish.md. Seats here are 1-based
    like the notation (`cur=1` is the first player); dict keys too."""
    hands = hands or {}
    front = front or {}
    rear = rear or {}
    if deck is None:
        deck = "3C 4C 5C 6C 7C 8C 9C 10C"
    lines = [
        "skirmish 1", f"seats: {seats}", f"jokers: {'yes' if jokers else 'no'}",
        f"seed: {seed} chance 1", "view: full", f"turn: 5 player {cur} phase {phase}",
        "life: " + " ".join(str(x) for x in (life or [40] * seats)),
        "turns taken: " + " ".join(str(x) for x in (turns or [3] * seats)),
        "first turn without draw: no", f"redeployed: {'yes' if redeployed else 'no'}",
        "summoned: no", f"last played: {last}", "returned: -", f"extra turns: {extra}",
        "final round: no", f"deck: {deck or '-'}", f"barrows up: {up or '-'}",
        f"barrows down: {down or '-'}",
    ]
    for q in range(1, seats + 1):
        lines.append(f"hand {q}: {hands.get(q, '-') or '-'}")
        lines.append(f"front {q}: {front.get(q, '-') or '-'}")
        lines.append(f"rear {q}: {rear.get(q, '-') or '-'}")
    lines += [f"responders: {responders}", f"attacks: {attacks}", f"blockers: {blockers}",
              f"pending: {pending}", "hits: -", "kept: -", "known: -", "outcome: -"]
    s = GAME.from_text("\n".join(lines))
    for q in range(seats):
        for c in s.hands[q]:
            s.known[c] |= 1 << q
    return s


@pytest.fixture
def make():
    return build


def C(name: str) -> int:
    return BY_NAME[name]
