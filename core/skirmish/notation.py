"""The Skirmish notation: one readable line per part of the position.

`to_text` writes it and `parse` reads it back (docs/rules/skirmish.md, "Notation").
Seats are numbered from 1 on lines that name a player (`turn`, `hand 1`, `front 1`,
`final`, `extra`, `responders`, `blockers`, `known`); the `attacks`, `pending` and
`hits` lines hold the engine's own records, with seats from 0 and positions 0-3
(front ranks) or 4-7 (rear ranks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.engine import NotationError, Outcome
from core.skirmish.cards import BY_NAME, DOPPELGANGER, VARIANT_NAMES, name
from core.skirmish.combat import Fight
from core.skirmish.phases import DECISIONS, PHASE_NAMES
from core.skirmish.units import C0, FLAG_LETTERS, RES0, RES1, Unit, token

if TYPE_CHECKING:
    from core.skirmish.state import SkirmishState

HEADER = "skirmish 1"
_LETTER_BIT = {ch: bit for bit, ch in FLAG_LETTERS}
_VARIANT = {n: i for i, n in enumerate(VARIANT_NAMES) if n}


def _cards(cs) -> str:
    return " ".join(name(c) for c in cs) if cs else "-"


def _seats(xs) -> str:
    return " ".join(str(x + 1) for x in xs) if xs else "-"


def _rec(r) -> str:
    return ",".join(str(x) for x in r)


def _parse_card_token(t: str, u: Unit, i: int) -> None:
    if t.endswith("*"):
        u.flags |= RES0 if i == 0 else RES1
        t = t[:-1]
    if "(" in t:
        base, arg = t[:-1].split("(", 1)
        card = BY_NAME[base]
        if arg in _VARIANT:
            u.variant = _VARIANT[arg]
        else:
            u.variant = DOPPELGANGER
            u.imitates = BY_NAME[arg]
    else:
        card = BY_NAME[t]
    if i == C0:
        u.first = card
    else:
        u.second = card


def parse_unit(tok: str) -> Unit:
    u = Unit(-1)
    body, _, flags = tok.partition("/")
    parts = body.split("+")
    for i, t in enumerate(parts):
        _parse_card_token(t, u, i)
    j = 0
    while j < len(flags):
        ch = flags[j]
        if ch == "d":
            u.damage = int(flags[j + 1:])
            break
        u.flags |= _LETTER_BIT[ch]
        j += 1
    return u


def to_text(s: SkirmishState) -> str:
    n = s.seats
    L = [HEADER, f"seats: {n}", f"jokers: {'yes' if s.jokers else 'no'}"]
    L.append(f"seed: {'-' if s.seed is None else s.seed} chance {s.counter}")
    v = s.viewer
    L.append(f"view: {'full' if v is None else 'spectator' if v < 0 else v + 1}")
    L.append(f"turn: {s.turn} player {s.cur + 1} phase {PHASE_NAMES[s.phase]}")
    L.append("life: " + " ".join(str(x) for x in s.life))
    L.append("turns taken: " + " ".join(str(x) for x in s.turns_taken))
    L.append(f"first turn without draw: {'yes' if s.skip_draw else 'no'}")
    L.append(f"redeployed: {'yes' if s.redeployed else 'no'}")
    L.append(f"summoned: {'yes' if s.summoned else 'no'}")
    L.append(f"last played: {name(s.last_played) if s.last_played >= 0 else '-'}")
    L.append(f"returned: {_cards(s.no_deploy)}")
    L.append("extra turns: " + (" ".join(f"{q + 1}@{t}" for q, t in s.extra) or "-"))
    L.append("final round: " + ("no" if s.final is None else _seats(s.final)))
    L.append(f"deck: {_cards(s.deck)}")
    L.append(f"barrows up: {_cards(s.up)}")
    L.append(f"barrows down: {_cards(s.down)}")
    for q in range(n):
        L.append(f"hand {q + 1}: {_cards(s.hands[q])}")
        L.append(f"front {q + 1}: " + (" ".join(token(u) for u in s.front[q]) or "-"))
        L.append(f"rear {q + 1}: " + (" ".join(token(u) for u in s.rear[q]) or "-"))
    L.append(f"responders: {_seats(s.responders)}")
    L.append("attacks: " + (" ".join(_rec(a.fields()) for a in s.attacks) or "-"))
    L.append(f"blockers: {_seats(s.blockers)}")
    L.append("pending: " + (" ".join(_rec(r) for r in s.pending) or "-"))
    L.append("hits: " + (" ".join(_rec(h) for h in s.hits) or "-"))
    L.append("kept: " + (" ".join(str(k) for k in s.kept) or "-"))
    kn = []
    for c in range(54):
        m = s.known[c]
        if m:
            kn.append(name(c) + ":" + ",".join(str(q + 1) for q in range(n) if m >> q & 1))
    L.append("known: " + (" ".join(kn) or "-"))
    if s.outcome is not None:
        o = s.outcome
        L.append("outcome: " + ",".join(str(w + 1) for w in o.winners) + " | "
                 + ",".join(repr(x) for x in o.scores) + " | " + o.reason)
    else:
        L.append("outcome: -")
    return "\n".join(L) + "\n"


def parse(cls, text: str):
    """Read `to_text` back into a state of class `cls`."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    if not lines or lines[0].strip() != HEADER:
        raise NotationError(f"Not a Skirmish position: the first line must be {HEADER!r}.")
    f: dict[str, str] = {}
    for ln in lines[1:]:
        key, sep, val = ln.partition(":")
        if not sep:
            raise NotationError(f"Cannot read the line {ln!r}: expected 'name: value'.")
        f[key.strip()] = val.strip()

    def get(k: str) -> str:
        try:
            return f[k]
        except KeyError:
            raise NotationError(f"The position has no {k!r} line.") from None

    def cards(k: str) -> list[int]:
        v = get(k)
        return [] if v == "-" else [BY_NAME[t] for t in v.split()]

    def seats(k: str) -> list[int]:
        v = get(k)
        return [] if v in ("-", "no") else [int(t) - 1 for t in v.split()]

    def recs(k: str, first_str: bool = False) -> list:
        v = get(k)
        if v == "-":
            return []
        out: list[Any] = []
        for t in v.split():
            parts = t.split(",")
            if first_str:
                if parts[0] not in DECISIONS:
                    raise NotationError(f"Unknown pending decision {parts[0]!r} in the {k!r} line.")
                out.append((DECISIONS[parts[0]],) + tuple(int(x) for x in parts[1:]))
            else:
                out.append([int(x) for x in parts])
        return out

    n = int(get("seats"))
    s = cls(n, get("jokers") == "yes")
    seed, _, counter = get("seed").partition(" chance ")
    s.seed = None if seed == "-" else int(seed)
    s.counter = int(counter)
    v = get("view")
    s.viewer = None if v == "full" else -1 if v == "spectator" else int(v) - 1
    t = get("turn").split()
    s.turn, s.cur, s.phase = int(t[0]), int(t[2]) - 1, PHASE_NAMES.index(t[4])
    s.life = [int(x) for x in get("life").split()]
    s.turns_taken = [int(x) for x in get("turns taken").split()]
    s.skip_draw = get("first turn without draw") == "yes"
    s.redeployed = get("redeployed") == "yes"
    s.summoned = get("summoned") == "yes"
    lp = get("last played")
    s.last_played = -1 if lp == "-" else BY_NAME[lp]
    s.no_deploy = cards("returned")
    ex = get("extra turns")
    s.extra = [] if ex == "-" else [(int(a) - 1, int(b)) for a, b in (x.split("@") for x in ex.split())]
    s.final = None if get("final round") == "no" else seats("final round")
    s.deck = cards("deck")
    s.up = cards("barrows up")
    s.down = cards("barrows down")
    for q in range(n):
        s.hands[q] = cards(f"hand {q + 1}")
        for k, dest in (("front", s.front), ("rear", s.rear)):
            val = get(f"{k} {q + 1}")
            dest[q] = [] if val == "-" else [parse_unit(t) for t in val.split()]
    s.responders = seats("responders")
    s.attacks = [Fight(*r) for r in recs("attacks")]
    s.blockers = seats("blockers")
    s.pending = recs("pending", first_str=True)
    s.hits = [tuple(h) for h in recs("hits")]
    s.kept = [] if get("kept") == "-" else [int(x) for x in get("kept").split()]
    s.known = [0] * 54
    kn = get("known")
    if kn != "-":
        for tok in kn.split():
            c, _, qs = tok.partition(":")
            for seat in qs.split(","):
                s.known[BY_NAME[c]] |= 1 << (int(seat) - 1)
    o = get("outcome")
    if o != "-":
        w, sc, reason = (x.strip() for x in o.split("|", 2))
        s.outcome = Outcome(tuple(int(x) - 1 for x in w.split(",") if x),
                            reason, tuple(float(x) for x in sc.split(",")))
        s.over = True
    return s
