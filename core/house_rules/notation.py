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
    BASE,
    CELL_INDEX,
    CELL_NAMES,
    CODE_CHARS,
    COL,
    COLOUR_NAMES,
    FAR_ROW,
    NCELLS,
    NFILES,
    NROWS,
    SETUP_BASES,
    TOKEN_CODE,
    UP,
)
from core.house_rules.cards import CARD_BY_ID, MARKERS
from core.house_rules.actions import Options, validate_options
from core.house_rules.state import HouseRulesState
from core.house_rules.words import FILES_LINE, HEADER

ARMY = {b: SETUP_BASES.count(b) for b in (1, 2, 3, 4)}  # pawns of each value in an army


def _validate(s: HouseRulesState) -> None:
    """Refuse a position no game can reach (NotationError, in words)."""
    board = s.board
    for c, name in enumerate(COLOUR_NAMES):
        for b, n in ARMY.items():
            on_board = sum(1 for k in board if k and COL[k] == c and BASE[k] == b)
            gone = s.captured_bases[c].count(b)
            if on_board + gone > n:
                raise NotationError(f"{name} has {n} pawn{'s' * (n > 1)} of value {b}, but the position "
                                    f"shows {on_board} on the board and {gone} captured.")
        bad = [b for b in s.captured_bases[c] if b not in ARMY]
        if bad:
            raise NotationError(f"Captured pawns have values 1 to 4, not {bad[0]}.")
    for i, k in enumerate(board):
        if k and BASE[k] == 4 and UP[k] == 1:
            raise NotationError(f"The value-4 pawn on {CELL_NAMES[i]} cannot have taken +1: "
                                f"its upgrade brings a pawn back (`*`).")
    if s.phase == "upgrade":
        i = s.pending
        k = board[i] if i >= 0 else 0
        if not k or COL[k] != s.side or UP[k] != 0 or i not in FAR_ROW[s.side]:
            raise NotationError("Phase upgrade needs a pending pawn of the side to move, not yet "
                                "upgraded, on its far row.")
        if BASE[k] == 4 and not s.captured_bases[s.side]:
            raise NotationError("A value-4 pawn's upgrade needs a captured pawn to bring back.")
        if BASE[k] < 4 and "homecoming" not in s.cards_in_force:
            raise NotationError("Only a value-4 pawn (or any pawn with Homecoming) waits for an upgrade choice.")
    elif s.pending != -1:
        raise NotationError("A pending upgrade belongs to phase upgrade.")
    if len(set(s.marker_cells)) != len(s.marker_cells) or len(s.marker_cells) > MARKERS:
        raise NotationError(f"There are {MARKERS} change markers, one a cell at most.")
    if s.marker_cells and "change" not in s.cards_in_force:
        raise NotationError("Change markers are placed only with Change in force.")
    cards = s.hands[0] + s.hands[1] + s.cards_in_force
    if len(set(cards)) != len(cards):
        raise NotationError("A card can be in one place only: one hand, or in force.")
    for c, hand in enumerate(s.hands):
        for cid in hand:
            if CARD_BY_ID[cid].colour != c:
                raise NotationError(f"{CARD_BY_ID[cid].name} is a {COLOUR_NAMES[1 - c]} card, "
                                    f"not in {COLOUR_NAMES[c]}'s hand.")


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
        _validate(s)
        res = fields["Result"]
        s.log = []
        s.silent = False
        s._count_totals()
        if res == "-":
            s.over = False
            s.outcome = None
        else:
            who, reason = (x.strip() for x in res.split("|", 1))
            winners: tuple[int, ...]
            scores: tuple[float, ...]
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
