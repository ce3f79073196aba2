"""What the rules say about a HOUSE RULES position, without changing it: cell
colours, capture strengths, where a pawn may go, whether a card or marker may be
played, where a pawn comes back (docs/rules/house-rules.md).

Plain functions of the position (docs/architecture.md, "Game packages"): the
state (state.py) holds the data and its moves; these read it, so do checks.py,
words.py, the bots and the coach. They sit on the search's hot path, so they
read the board's int codes through board.py's tables and build no objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.house_rules.actions import Move
from core.house_rules.board import (
    BASE, BASE_CELL_COLOUR, COL, DIAG, HOME_ROW, KIND_NAMES, NCELLS, ORTH, SPRINT, START_CELLS, UP, VALUE,
    CELL_NAMES,
)
from core.house_rules.cards import MARKERS

if TYPE_CHECKING:
    from core.house_rules.state import HouseRulesState

# Every Move built once (actions are immutable values, so they can be shared).
MOVES: tuple[dict[int, Move], ...] = tuple(
    {j: Move(CELL_NAMES[i], CELL_NAMES[j]) for j in set(ORTH[i]) | set(DIAG[i]) | {d for _, d in SPRINT[i]}}
    for i in range(NCELLS)
)


def cell_col(s: HouseRulesState, i: int) -> int:
    """The colour cell `i` counts as now: its printed colour, flipped by a change marker."""
    c = BASE_CELL_COLOUR[i]
    return 1 - c if i in s.marker_cells else c


def strengths(s: HouseRulesState, i: int, j: int) -> tuple[int, int]:
    """(attacker, defender) strength of the pawn on `i` attacking the pawn on `j`."""
    return _strengths(s, i, j)[:2]


def explain_strengths(s: HouseRulesState, i: int, j: int) -> tuple[int, int, str]:
    """`strengths` and how each was added up, in words."""
    sa, sd, ba, bd, ta, td, cc = _strengths(s, i, j)
    board = s.board
    a, d = board[i], board[j]
    ac, dc = COL[a], COL[d]
    an, dn = KIND_NAMES[ac][BASE[a]], KIND_NAMES[dc][BASE[d]]

    def side(name: str, k: int, b: int, t: int, total: int) -> str:
        parts = [f"{name} {VALUE[k]}"]
        if UP[k] == 1:
            parts[0] += " (with +1)"
        if b:
            parts.append(f"{('white', 'black')[cc]} cell +1")
        if t:
            parts.append(f"team support +{t}")
        return " + ".join(parts) + (f" = {total}" if len(parts) > 1 else "")

    text = side(an, a, ba, ta, sa) + " vs " + side(dn, d, bd, td, sd)
    if cc == -1:
        text += " (Colour Blind: no cell bonus)"
    return sa, sd, text


def _strengths(s: HouseRulesState, i: int, j: int) -> tuple[int, int, int, int, int, int, int]:
    """(attacker, defender, cell bonus of each, team support of each, cell colour
    or -1 under Colour Blind)."""
    board = s.board
    a, d = board[i], board[j]
    ac, dc = COL[a], COL[d]
    sa, sd = VALUE[a], VALUE[d]
    inf = s.cards_in_force
    ba = bd = ta = td = 0
    if inf and "colour-blind" in inf:
        cc = -1
    else:
        cc = cell_col(s, j)
        if cc == ac:
            ba = 1
        elif cc == dc:
            bd = 1
    if inf and "team-support" in inf:
        for n in ORTH[j]:
            if n != i:
                k = board[n]
                if k:
                    if COL[k] == ac:
                        ta += 1
                    else:
                        td += 1
        ta = min(ta, 2)
        td = min(td, 2)
    return sa + ba + ta, sd + bd + td, ba, bd, ta, td, cc


def fortress(s: HouseRulesState, j: int) -> bool:
    """Fortress: the pawn on j has two or more pawns of its colour orthogonally next to it."""
    board = s.board
    c = COL[board[j]]
    n = 0
    for m in ORTH[j]:
        k = board[m]
        if k and COL[k] == c:
            n += 1
    return n >= 2


def can_capture(s: HouseRulesState, i: int, j: int) -> bool:
    """Whether the pawn on `i` may capture the pawn on `j` (reach is not checked)."""
    inf = s.cards_in_force
    if not inf:  # the base rules: value plus the cell's bonus, ties to the attacker
        board = s.board
        a, d = board[i], board[j]
        cc = BASE_CELL_COLOUR[j]
        return VALUE[a] + (cc == COL[a]) >= VALUE[d] + (cc == COL[d])
    if "fortress" in inf and fortress(s, j):
        return False
    st = _strengths(s, i, j)
    if "stalwart" in inf:
        return st[0] > st[1]
    return st[0] >= st[1]


def targets(s: HouseRulesState, i: int) -> list[int]:
    """Destinations of the pawn on i (cells it may legally move to)."""
    board = s.board
    inf = s.cards_in_force
    c = COL[board[i]]
    out = []
    for j in ORTH[i]:
        k = board[j]
        if not k or (COL[k] != c and can_capture(s, i, j)):
            out.append(j)
    if inf:
        if "diagonal-step" in inf:
            for j in DIAG[i]:
                k = board[j]
                if not k or (COL[k] != c and can_capture(s, i, j)):
                    out.append(j)
        if "sprint" in inf:
            for m, j in SPRINT[i]:
                if not board[m]:
                    k = board[j]
                    if not k or (COL[k] != c and can_capture(s, i, j)):
                        out.append(j)
    return out


def move_actions(s: HouseRulesState) -> list[Move]:
    """Every legal Move of the side to move (the hot path of random play and search)."""
    board = s.board
    side = s.side
    inf = s.cards_in_force
    diag = "diagonal-step" in inf
    sprint = "sprint" in inf
    cap = can_capture
    out: list[Move] = []
    app = out.append
    for i in range(NCELLS):
        k = board[i]
        if not k or COL[k] != side:
            continue
        mv = MOVES[i]
        for j in ORTH[i]:
            d = board[j]
            if not d or (COL[d] != side and cap(s, i, j)):
                app(mv[j])
        if diag:
            for j in DIAG[i]:
                d = board[j]
                if not d or (COL[d] != side and cap(s, i, j)):
                    app(mv[j])
        if sprint:
            for m, j in SPRINT[i]:
                if not board[m]:
                    d = board[j]
                    if not d or (COL[d] != side and cap(s, i, j)):
                        app(mv[j])
    return out


def swap_pairs(s: HouseRulesState) -> list[tuple[int, int]]:
    """The (i, j) cells of the Regroup swaps open to the side to move."""
    if "regroup" not in s.cards_in_force:
        return []
    board = s.board
    side = s.side
    out = []
    for i in range(NCELLS):
        k = board[i]
        if k and COL[k] == side:
            for j in ORTH[i]:
                if j > i:
                    m = board[j]
                    if m and COL[m] == side and m != k:
                        out.append((i, j))
    return out


def has_any_move(s: HouseRulesState) -> bool:
    board = s.board
    side = s.side
    for i in range(NCELLS):
        k = board[i]
        if k and COL[k] == side and targets(s, i):
            return True
    return bool(swap_pairs(s))


def may_play_card(s: HouseRulesState) -> bool:
    return not s.card_played and bool(s.hands[s.side])


def may_place_marker(s: HouseRulesState) -> bool:
    if "change" not in s.cards_in_force or len(s.marker_cells) >= MARKERS:
        return False
    board = s.board
    mk = s.marker_cells
    return any(not board[i] and i not in mk for i in range(NCELLS))


def revive_cells(s: HouseRulesState, colour: int, base: int) -> list[int]:
    """Where a captured pawn of `colour` and `base` may come back."""
    board = s.board
    free = [i for i in START_CELLS[colour][base] if not board[i]]
    if free:
        return free
    return [i for i in HOME_ROW[colour] if not board[i]]


def can_revive(s: HouseRulesState, colour: int) -> bool:
    if not s.captured_bases[colour]:
        return False
    board = s.board
    return any(not board[i] for i in HOME_ROW[colour])
