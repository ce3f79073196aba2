"""A position builder for the HOUSE RULES tests: positions are written in the game's
own notation (docs/rules/house-rules.md), so every test also reads the notation."""

from __future__ import annotations

import pytest

from core.house_rules import GAME

FILES = "abcdefg"


def build(
    pawns: dict[str, str],
    side: str = "White",
    phase: str = "before",
    in_force: tuple[str, ...] = (),
    hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    markers: tuple[str, ...] = (),
    captured: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    cards: str = "hands",
    card_played: bool = False,
    pending: str = "-",
    quiet: int = 0,
    passes: int = 0,
):
    """A position with `pawns` ({"c3": "W3", "d4": "B2+"}) and nothing else on the board."""
    rows = []
    for r in range(6, 0, -1):
        toks = [pawns.get(f"{f}{r}", ".") for f in FILES]
        rows.append(f"{r}  " + " ".join(t.ljust(3) for t in toks))

    def lst(x):
        return " ".join(str(v) for v in x) if x else "-"

    text = "\n".join(
        ["HOUSE RULES", *rows,
         f"Options: cards={cards} random_cards=3 first=white",
         "Turn: 10",
         f"To move: {side}",
         f"Phase: {phase}",
         f"Card played this turn: {'yes' if card_played else 'no'}",
         f"Pending upgrade: {pending}",
         f"Captured: White {lst(captured[0])}; Black {lst(captured[1])}",
         f"Hands: White {lst(hands[0])}; Black {lst(hands[1])}",
         f"In force: {lst(in_force)}",
         f"Markers: {lst(markers)}",
         f"Counters: quiet {quiet}, passes {passes}",
         "History: -",
         "Chance: seed 7, counter 0",
         "Result: -"]
    )
    return GAME.from_text(text)


@pytest.fixture
def pos():
    return build
