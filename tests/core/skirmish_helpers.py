"""Small helpers the Skirmish rules tests share (tests/core is on the test path)."""

from __future__ import annotations

from core.skirmish.units import token


def toks(s, seat, rank="front"):
    """The units of `seat` in `rank` as tokens ("9H", "3S+9S")."""
    return [token(u) for u in getattr(s, rank)[seat]]


def run(s, *acts):
    """`s` after the checked actions `acts`."""
    for a in acts:
        s.apply(a)
    return s
