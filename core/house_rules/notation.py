"""The HOUSE RULES position notation (documented in docs/rules/house-rules.md).

    HOUSE RULES
       a   b   c   d   e   f   g
    6  B1  B2  B3  B4  B3  B2  B1
    5  .   .   .   .   .   .   .
    ...
    1  W1  W2  W3  W4  W3  W2  W1
    Options: cards=hands random_cards=3 first=white
    Turn: 1
    To move: White
    Phase: before
    ...

One "Key: value" line a field after the board; `from_text` reads exactly what
`to_text` writes (and tolerates extra spaces and blank lines).
"""

from __future__ import annotations

from core.engine import NotationError, Outcome
from core.house_rules.board import (
    CELL_INDEX,
    CODE_CHARS,
    COLOUR_NAMES,
    NCELLS,
    NFILES,
    NROWS,
    TOKEN_CODE,
)
from core.house_rules.cards import CARD_BY_ID
from core.house_rules.actions import Options, validate_options
from core.house_rules.state import HouseRulesState
from core.house_rules.words import FILES_LINE, HEADER, to_text  # noqa: F401 - to_text: compat, now in words.py

def _items(v: str) -> list[str]:
    v = v.strip()
    return [] if v in ("", "-") else v.split()


def from_text(text: str):
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
    if not lines or lines[0].strip() != HEADER:
        raise NotationError(f"A HOUSE RULES position starts with the line {HEADER!r}.")
    board = [0] * NCELLS
    rows_seen = set()
    fields: dict[str, str] = {}
    for ln in lines[1:]:
        st = ln.strip()
        if st == FILES_LINE.strip():
            continue
        if st[0].isdigit():
            parts = st.split()
            r = int(parts[0]) - 1
            toks = parts[1:]
            if not 0 <= r < NROWS or len(toks) != NFILES:
                raise NotationError(f"Bad board row: {st!r} (a row number 1-6 and 7 cells).")
            for f, t in enumerate(toks):
                if t not in TOKEN_CODE:
                    raise NotationError(f"Bad cell {t!r} on row {r + 1}: use ., W1-W4 or B1-B4, with + or *.")
                board[r * NFILES + f] = TOKEN_CODE[t]
            rows_seen.add(r)
            continue
        if ":" not in st:
            raise NotationError(f"Cannot read the line {st!r}.")
        k, v = st.split(":", 1)
        fields[k.strip()] = v.strip()
    if len(rows_seen) != NROWS:
        raise NotationError("The board needs all six rows.")
    try:
        opts = dict(p.split("=", 1) for p in fields["Options"].split())
        options = Options(opts.get("cards", "hands"), int(opts.get("random_cards", 3)), opts.get("first", "white"))
        validate_options(options)
        s = HouseRulesState.__new__(HouseRulesState)
        s.seats = 2
        s.options = options
        s.board = board
        s.turn = int(fields["Turn"])
        s.side = COLOUR_NAMES.index(fields["To move"])
        s.phase = fields["Phase"]
        if s.phase not in ("before", "upgrade", "after", "over"):
            raise NotationError(f"Unknown phase {s.phase!r}.")
        s.card_played = fields["Card played this turn"] == "yes"
        p = fields["Pending upgrade"]
        s.pending = -1 if p == "-" else CELL_INDEX[p]
        cw, cb = fields["Captured"].split(";")
        s.captured_bases = [
            sorted(int(x) for x in _items(cw.strip().removeprefix("White"))),
            sorted(int(x) for x in _items(cb.strip().removeprefix("Black"))),
        ]
        hw, hb = fields["Hands"].split(";")
        s.hands = [_items(hw.strip().removeprefix("White")), _items(hb.strip().removeprefix("Black"))]
        s.cards_in_force = _items(fields["In force"])
        for cid in s.hands[0] + s.hands[1] + s.cards_in_force:
            if cid not in CARD_BY_ID:
                raise NotationError(f"Unknown card {cid!r}.")
        s.marker_cells = sorted(CELL_INDEX[c] for c in _items(fields["Markers"]))
        cnt = dict(part.strip().split() for part in fields["Counters"].split(","))
        s.quiet = int(cnt["quiet"])
        s.passes = int(cnt["passes"])
        s.history = []
        for h in _items(fields["History"]):
            if len(h) != NCELLS + 1:
                raise NotationError(f"Bad history entry {h!r}.")
            s.history.append(bytes(CODE_CHARS.index(ch) for ch in h[:-1]) + bytes((int(h[-1]),)))
        ch = dict(part.strip().split() for part in fields["Chance"].split(","))
        s.seed = None if ch["seed"] == "-" else int(ch["seed"])
        s.chance_counter = int(ch["counter"])
        res = fields["Result"]
        s.log = []
        s.silent = False
        s._count_totals()
        if res == "-":
            s.over = False
            s.outcome = None
        else:
            who, reason = (x.strip() for x in res.split("|", 1))
            if who == "draw":
                winners, scores = (), (0.5, 0.5)
            else:
                w = COLOUR_NAMES.index(who.split()[0].capitalize())
                winners, scores = (w,), tuple(1.0 if i == w else 0.0 for i in (0, 1))
            s.over = True
            s.outcome = Outcome(winners, reason, scores)
    except NotationError:
        raise
    except (KeyError, ValueError, IndexError) as e:
        raise NotationError(f"Cannot read this HOUSE RULES position: {e}") from e
    return s
