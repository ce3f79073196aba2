"""TOWN 77 notation: reading a position written by `TownState.to_text()`
(docs/rules/town.md)."""

from __future__ import annotations

from core.engine import NotationError
from core.town.actions import Options
from core.town.state import OVER, PHASES, TownState
from core.town.tiles import COLOUR_OF, SIZE, TILE_CS, UNKNOWN, sort_key



def _check_token(tok: str) -> str:
    if tok in TILE_CS or tok == UNKNOWN or (len(tok) == 2 and tok[0] in COLOUR_OF and tok[1] == "?"):
        return tok
    raise NotationError(f"{tok!r} is not a tile")


def parse_text(text: str) -> TownState:
    """Read `TownState.to_text()` back. Raises NotationError (a ValueError) on a malformed text."""
    try:
        return _parse_text(text)
    except NotationError:
        raise
    except ValueError as e:  # a number that is not one, say: the same words
        raise NotationError(str(e)) from e
    except (KeyError, IndexError, TypeError) as e:
        raise NotationError(f"Not a TOWN 77 position: missing or malformed {e}") from e


def _parse_text(text: str) -> TownState:
    lines = [ln.rstrip() for ln in text.strip().splitlines() if ln.strip()]
    if not lines or lines[0].strip() != "TOWN 77":
        raise NotationError("A TOWN 77 position starts with the line 'TOWN 77'.")
    fields: dict[str, str] = {}
    rows: dict[int, list[str]] = {}
    stacks: dict[int, list[str]] = {}
    racks: dict[int, tuple[int, list[str]]] = {}
    for ln in lines[1:]:
        key, _, val = ln.partition(":")
        key = key.strip()
        val = val.strip()
        if key.startswith("row "):
            rows[int(key[4:]) - 1] = val.split()
        elif key.startswith("stack "):
            stacks[int(key[6:]) - 1] = val.split()
        elif key.startswith("rack "):
            lim, _, tiles = val.partition(":")
            racks[int(key[5:]) - 1] = (int(lim.split()[1]), tiles.split())
        else:
            fields[key] = val
    st = TownState()
    st.seats = int(fields["seats"])
    st.seed = None if fields["seed"] == "hidden" else int(fields["seed"])
    st.counter = int(fields["chance"])
    st.options = Options(max_exchanges=int(fields.get("max-exchanges", "7")))
    st.phase = fields["phase"]
    if st.phase not in PHASES:
        raise NotationError(f"Unknown phase {st.phase!r}")
    st.current = int(fields["turn"]) - 1
    st.exchanges = int(fields.get("exchanges", "0"))
    view = fields.get("view", "full")
    st.hidden = view != "full"
    st.viewer = None if view in ("full", "spectator") else int(view) - 1
    if len(rows) != SIZE:
        raise NotationError("The town needs rows 1 to 7.")
    for r in range(SIZE):
        toks = rows[r]
        if len(toks) != SIZE:
            raise NotationError(f"Row {r + 1} needs 7 cells.")
        for k, tok in enumerate(toks):
            if tok != "..":
                if tok not in TILE_CS:
                    raise NotationError(f"{tok!r} is not a tile")
                st._put(tok, r * SIZE + k)
    if st.seats == 1:
        st.stacks = [list(reversed([_check_token(t) for t in stacks.get(i, [])])) for i in range(3)]
        rev = fields.get("revealed", "-")
        st.revealed = None if rev == "-" else _check_token(rev)
    else:
        st.racks = []
        st.limits = []
        for s in range(st.seats):
            limit, held = racks[s]
            st.limits.append(limit)
            st.racks.append(sorted((_check_token(t) for t in held), key=sort_key))
        bag = fields.get("bag", "0:")
        _, _, btiles = bag.partition(":")
        st.bag = sorted((_check_token(t) for t in btiles.split()), key=sort_key)
        st.left_order = [int(x) - 1 for x in fields.get("left", "").split()]
    if st.phase == OVER:
        if st.solo:
            st._finish_solo()
        else:
            st._finish()
        st.log = []
    return st
