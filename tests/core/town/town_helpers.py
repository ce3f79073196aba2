"""Shared helpers for the TOWN 77 tests (imported by path: no __init__ here)."""

from __future__ import annotations

from core.town import GAME
from core.town.state import TownState
from core.town.tiles import COLOURS, SIZE, STYLES, TILES


def latin_tile(r: int, c: int) -> str:
    """A full Graeco-Latin square of order 7: colour (r+c)%7, style (r+2c)%7."""
    return COLOURS[(r + c) % SIZE].letter + STYLES[(r + 2 * c) % SIZE].letter


def position(rows: list[str], racks: list[tuple[int, str]] | None = None, bag: str | None = None,
             turn: int = 1, phase: str = "turn", left: str = "", seed: int = 7,
             exchanges: int = 0, max_exchanges: int = 7) -> TownState:
    """A multi-player position from a few strings; the bag defaults to every tile
    not on the board or in a rack."""
    racks = racks or [(4, ""), (4, "")]
    used = set()
    for row in rows:
        used.update(t for t in row.split() if t != "..")
    for _, r in racks:
        used.update(r.split())
    if bag is None:
        bag = " ".join(t for t in TILES if t not in used)
    lines = [
        "TOWN 77", f"seats: {len(racks)}", f"seed: {seed}", "chance: 0",
        f"max-exchanges: {max_exchanges}", f"phase: {phase}", f"turn: {turn}",
        f"exchanges: {exchanges}", "view: full",
    ]
    full_rows = rows + [".. .. .. .. .. .. .."] * (SIZE - len(rows))
    for i, row in enumerate(full_rows):
        lines.append(f"row {i + 1}: {row}")
    for i, (lim, r) in enumerate(racks):
        lines.append(f"rack {i + 1}: limit {lim}: {r}")
    lines.append(f"bag: {len(bag.split())}: {bag}")
    lines.append(f"left: {left}")
    return GAME.from_text("\n".join(lines))


def solo_position(rows: list[str], stacks: list[str], phase: str = "solo-choose",
                  revealed: str = "-") -> TownState:
    lines = ["TOWN 77", "seats: 1", "seed: 3", "chance: 1", "max-exchanges: 7",
             f"phase: {phase}", "turn: 1", "exchanges: 0", "view: full"]
    full_rows = rows + [".. .. .. .. .. .. .."] * (SIZE - len(rows))
    for i, row in enumerate(full_rows):
        lines.append(f"row {i + 1}: {row}")
    for i, st in enumerate(stacks):
        lines.append(f"stack {i + 1}: {st}")
    lines.append(f"revealed: {revealed}")
    return GAME.from_text("\n".join(lines))


def tiles_accounted(st: TownState) -> list[str]:
    out = [t for t in st.cells if t is not None]
    for r in st.racks:
        out.extend(r)
    out.extend(st.bag)
    for s in st.stacks:
        out.extend(s)
    if st.revealed is not None and st.over:
        out.append(st.revealed)
    elif st.revealed is not None:
        out.append(st.revealed)
    return out


def latin_ok(st: TownState) -> bool:
    g = st.grid
    for i in range(SIZE):
        row = [t for t in g[i] if t is not None]
        col = [g[r][i] for r in range(SIZE) if g[r][i] is not None]
        for line in (row, col):
            if len({t[0] for t in line}) != len(line) or len({t[1] for t in line}) != len(line):
                return False
    return True
