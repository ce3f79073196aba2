"""The Icehouse Dash notation: one readable text for a whole position.

    dash players=1 hidden_hands=0 winnable=0
    seed 42 deal 42 counter 4 turns 3
    board a1:R3 c4:B3,B2 e7:Y3,G1 ...
    hand1 5D 8S 2H
    pile 3H 4C ...
    N 7C
    E -
    S AH 2D
    W -
    trees R:c4 G:f6
    last e2 e7
    move 1
    end win All five trees stand: the team wins!

Lines are `key values`. `board` lists occupied squares, each with its stack
bottom to top (colour letter R Y G B K and size 3 2 1). The pile is in draw order,
next card first; a view writes each hidden card as `??` and its seeds as `-`.
`move` is the player to move (1-based), or `-` when the game is over; `end`
appears only then. `-` stands for an empty list.
"""

from __future__ import annotations

from core.engine import NotationError, Outcome
from core.dash.cards import COLOURS, SIDES, UNKNOWN, is_card, is_square
from core.dash.actions import Options
from core.dash.state import FORMAT, DashState, standing_trees

def from_text(text: str):
    rows: dict[str, str] = {}
    for raw in text.strip().splitlines():
        line = raw.strip()
        if not line:
            continue
        key, _, rest = line.partition(" ")
        if key in rows:
            raise NotationError(f"Line {key!r} appears twice.")
        rows[key] = rest.strip()

    def need(key: str) -> str:
        if key not in rows:
            raise NotationError(f"The notation has no {key!r} line.")
        return rows[key]

    def items(key: str) -> list[str]:
        v = need(key)
        return [] if v == "-" else v.split()

    def cards(key: str) -> list[str]:
        out = items(key)
        for c in out:
            if c != UNKNOWN and not is_card(c):
                raise NotationError(f"{c!r} in {key!r} is not a card.")
        return out

    s = DashState()
    try:
        head = dict(kv.split("=", 1) for kv in need(FORMAT).split())
        s.seats = int(head["players"])
        s.options = Options(hidden_hands=head.get("hidden_hands", "0") == "1",
                            winnable=head.get("winnable", "0") == "1")
        f = need("seed").split()
        nums = dict(zip(["seed"] + f[1::2], f[0::2]))
        s.seed = None if nums["seed"] == "-" else int(nums["seed"])
        s.deal_seed = None if nums["deal"] == "-" else int(nums["deal"])
        s.counter = int(nums["counter"])
        s.turns = int(nums["turns"])
    except (KeyError, ValueError) as e:
        raise NotationError(f"Bad header: {e}") from None
    if s.seats not in range(1, 5):
        raise NotationError("Icehouse Dash is for 1 to 4 players.")
    s.stacks = {}
    for item in items("board"):
        sq, _, pieces = item.partition(":")
        if not is_square(sq) or not pieces:
            raise NotationError(f"Bad stack {item!r}.")
        stack = []
        for p in pieces.split(","):
            if len(p) != 2 or p[0] not in COLOURS or p[1] not in "123":
                raise NotationError(f"Bad piece {p!r} on {sq}.")
            stack.append((p[0], int(p[1])))
        s.stacks[sq] = stack
    s.hands = [cards(f"hand{i + 1}") for i in range(s.seats)]
    s.pile = cards("pile")
    s.played = {side: cards(side) for side in SIDES}
    s.trees, s.tree_squares = [], {}
    for t in items("trees"):
        c, _, sq = t.partition(":")
        if c not in COLOURS or not is_square(sq):
            raise NotationError(f"Bad tree {t!r}.")
        s.trees.append(c)
        s.tree_squares[c] = sq
    last = items("last")
    s.last_move = (last[0], last[1]) if len(last) == 2 else None
    mv = need("move")
    s.to_move = None if mv == "-" else int(mv) - 1
    s.log = []
    if "end" in rows:
        kind, _, reason = rows["end"].partition(" ")
        s.over = True
        n = float(len(s.trees))
        s.outcome = Outcome(tuple(range(s.seats)) if kind == "win" else (), reason,
                            tuple(n for _ in range(s.seats)))
    elif s.to_move is None or not 0 <= s.to_move < s.seats:
        raise NotationError("The player to move is missing or out of range.")
    _validate(s)
    return s


def _validate(s) -> None:
    pieces = sorted(p for st in s.stacks.values() for p in st)
    if len(pieces) != 15 or len(set(pieces)) != 15:
        raise NotationError("The board must hold the 15 pyramids, each once.")
    standing = standing_trees(s.stacks)
    if standing != s.tree_squares or len(s.trees) != len(standing):
        shown = " ".join(f"{c}:{sq}" for c, sq in sorted(standing.items())) or "-"
        raise NotationError(f"The trees line must list the trees standing on the board ({shown}).")
    known = [c for h in s.hands for c in h] + s.pile + [c for v in s.played.values() for c in v]
    real = [c for c in known if c != UNKNOWN]
    if len(known) != 32 or len(set(real)) != len(real):
        raise NotationError("The 32 cards must each appear once (hands, pile, played).")
    for sq, st in s.stacks.items():
        # the setup stacks largest first and a move lands only on the next size up,
        # so no piece ever sits on a smaller one
        if any(up[1] > down[1] for down, up in zip(st, st[1:])):
            raise NotationError(f"The stack on {sq} has a larger pyramid on a smaller one.")
    if not s.over:
        # the rules end the game the moment the player to move holds no card or has
        # no legal play (a hand hidden in a view cannot be judged)
        hand = s.hands[s.to_move]
        if not hand:
            raise NotationError(f"Player {s.to_move + 1} is to move but holds no card: "
                                f"the game would be over.")
        if UNKNOWN not in hand and not s.has_legal_play(s.to_move):
            raise NotationError(f"Player {s.to_move + 1} is to move but has no legal play: "
                                f"the game would be over.")
