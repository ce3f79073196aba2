"""The Icehouse Dash position: board stacks, hands, draw pile, played cards, trees.

`stacks` maps each occupied square to its pieces bottom to top, each piece a
(colour, size) tuple such as ("R", 3). Empty squares are absent from the dict.
`pile` is the draw pile in draw order (next card first); a view replaces its cards
with "??" so that only its size shows. `trees` lists the colours whose tree stands
now, in the order they were (last) completed; `tree_squares` says where each stands.
A tree is not frozen: when its small moves away it no longer stands, and both are
updated; they always agree with the board (`standing_trees`).
"""

from __future__ import annotations

import random
from typing import Any

from core.engine import Line, Outcome, State, bad_field, chance, typed_check
from core.dash.actions import Options, Play
from core.dash.cards import (
    BLACK_CARDS,
    COLOUR_NAMES,
    COLOURS,
    DECK,
    DIST,
    HAND_SIZE,
    RED_CARDS,
    SETUP_ORDER,
    SHIFT,
    SIDE_NAMES,
    SIDES,
    SIZE_NAMES,
    SQUARES,
    UNKNOWN,
    distance,
    is_card,
    is_square,
    is_tree,
    piece_name,
    setup_square,
    shift,
)
from core.dash.words import describe, prompt


Piece = tuple[str, int]


class DashState(State[Play]):
    game_id = "dash"

    __slots__ = (
        "seats", "options", "seed", "deal_seed", "counter", "stacks", "hands", "pile",
        "played", "trees", "tree_squares", "to_move", "over", "outcome", "log",
        "last_move", "turns", "boards",
    )
    # Kept, not computed: assigned as the game moves (State declares them read-only).
    to_move: int | None
    over: bool

    def __init__(self) -> None:
        self.seats = 1
        self.options = Options()
        self.seed: int | None = 0
        self.deal_seed: int | None = 0
        self.counter = 0
        self.stacks: dict[str, list[Piece]] = {}
        self.hands: list[list[str]] = [[]]
        self.pile: list[str] = []
        self.played: dict[str, list[str]] = {s: [] for s in SIDES}
        self.trees: list[str] = []
        self.tree_squares: dict[str, str] = {}
        self.to_move = None
        self.over = False
        self.outcome: Outcome | None = None
        self.log: list[str] = []
        self.last_move: tuple[str, str] | None = None
        self.turns = 0  # cards played so far
        # Every board this game has shown, oldest first (`board_key`): public, so views
        # carry it; the coach uses it not to send the player back to a board already seen.
        self.boards: tuple[bytes, ...] = ()

    # -- derived -------------------------------------------------------------------

    @property
    def pile_count(self) -> int:
        return len(self.pile)

    @property
    def prompt(self) -> str:
        return prompt(self)

    def is_view(self) -> bool:
        return self.seed is None

    def movable(self, sq: str) -> bool:
        """Whether `sq` has a top piece, which may move (a tree's small too: a
        finished tree is not frozen)."""
        return bool(self.stacks.get(sq))

    def top_squares(self) -> list[str]:
        """Squares with a top piece that may move, in board order a1, b1, ... h8."""
        return sorted(self.stacks, key=_sq_order)

    # -- rules -----------------------------------------------------------------------

    def target(self, card: str, side: str, src: str) -> tuple[str | None, str | None]:
        """Where the top piece on `src` goes with `card` laid at `side`:
        (dest, None) if legal, else (None, reason). Assumes `src` has a piece."""
        piece = self.stacks[src][-1]
        d = distance(card, piece[1])
        if d == 0:
            return src, None
        dest = shift(src, side, d)
        if dest is None:
            way = "toward" if d > 0 else "away from"
            return None, (f"would leave the board ({abs(d)} {'square' if abs(d) == 1 else 'squares'} "
                          f"{way} the {SIDE_NAMES[side]} side)")
        stack = self.stacks.get(dest)
        if stack:
            top = stack[-1]
            if top[0] != piece[0] or top[1] != piece[1] + 1:
                if piece[1] == 3:
                    need = "a large can only land on an empty square"
                else:
                    need = f"needs a {COLOUR_NAMES[piece[0]]} {SIZE_NAMES[piece[1] + 1]}"
                return None, f"lands on a {piece_name(top)} on {dest}: {need}"
        return dest, None

    def preview(self, card: str, side: str) -> dict[str, tuple[str | None, str | None]]:
        """For every top piece: (dest, None) where `card` at `side` sends it, or
        (None, reason) when it cannot go."""
        return {sq: self.target(card, side, sq) for sq in sorted(self.stacks, key=_sq_order)}

    def _plays(self, seat: int, first_only: bool = False) -> list[Play]:
        """Every legal play of `seat` (the fast path of `target`)."""
        stacks = self.stacks
        tops = []
        for sq in self.top_squares():
            tops.append((sq, stacks[sq][-1]))
        out = []
        for card in self.hands[seat]:
            if card == UNKNOWN:  # a card this view hides: no known play
                continue
            dist = DIST[card]
            for side in SIDES:
                for sq, piece in tops:
                    d = dist[piece[1]]
                    if d:
                        dest = SHIFT[sq, side, d]
                        if dest is None:
                            continue
                        st = stacks.get(dest)
                        if st:
                            top = st[-1]
                            if top[0] != piece[0] or top[1] != piece[1] + 1:
                                continue
                    out.append(Play(card, side, sq))
                    if first_only:
                        return out
        return out

    def _mover(self) -> int:
        """The seat to move while the game is on (`to_move` is None only once it is over)."""
        seat = self.to_move
        assert seat is not None, "the game is over: nobody moves"
        return seat

    def legal_actions(self) -> list[Play]:
        if self.over:
            return []
        return self._plays(self._mover())

    def has_legal_play(self, seat: int) -> bool:
        return bool(self._plays(seat, first_only=True))

    @typed_check(Play)
    def check(self, action: object) -> str | None:  # anything: a malformed action is told so
        if self.over:
            return "The game is over."
        if not isinstance(action, Play):
            return "That is not an Icehouse Dash move."
        bad = bad_field(action)
        if bad is not None:
            return f"That action is malformed: its {bad} is not of the right kind."
        card, side, src = action.card, action.side, action.src
        if not is_card(card):
            return f"{card!r} is not a card (cards look like AH, 5D, 8S)."
        seat = self._mover()
        hand = self.hands[seat]
        if card not in hand and UNKNOWN in hand:
            who = "Your" if self.seats == 1 else f"Player {seat + 1}'s"
            return f"{who} cards are hidden in this view: no play of theirs is known."
        if card not in hand:
            who = "You do not" if self.seats == 1 else f"Player {seat + 1} does not"
            return f"{who} hold the {card}."
        if side not in SIDES or len(side) != 1:
            return f"{side!r} is not a side: choose N, E, S or W."
        if not is_square(src):
            return f"{src!r} is not a square (a1 to h8)."
        if src not in self.stacks:
            return f"There is no piece on {src}."
        dest, reason = self.target(card, side, src)
        if dest is None:
            piece = self.stacks[src][-1]
            return f"The {card} {SIDE_NAMES[side]} cannot move the {piece_name(piece)} on {src}: {reason}."
        return None

    def play(self, action: Play) -> None:
        card, side, src = action.card, action.side, action.src
        seat = self._mover()
        text = self.describe(action)
        dest, _ = self.target(card, side, src)
        assert dest is not None, "play() is given legal moves only"
        self.hands[seat].remove(card)
        self.played[side].append(card)
        piece = self.stacks[src][-1]
        tree = False  # whether this move completes a tree (then no draw)
        if dest != src:
            colour = piece[0]
            if self.tree_squares.get(colour) == src:  # the small leaves: the tree falls
                self.trees.remove(colour)
                del self.tree_squares[colour]
            self.stacks[src].pop()
            if not self.stacks[src]:
                del self.stacks[src]
            stack = self.stacks.setdefault(dest, [])
            stack.append(piece)
            tree = is_tree(stack, colour)
            if tree:
                self.trees.append(colour)
                self.tree_squares[colour] = dest
        self.last_move = (src, dest)
        self.turns += 1
        self.boards = (*self.boards, board_key(self.stacks))
        self.log.append(text if self.seats == 1 else Line("{0}: {text}", seat, text=text))
        if tree:  # every completion, a rebuilt tree too
            self.log.append(f"The {COLOUR_NAMES[piece[0]]} tree stands: no draw, that hand is one card smaller for good.")
        elif self.pile:
            self.hands[seat].append(self.pile.pop(0))
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        """Settle the end of the game or pass the turn on from `seat`."""
        if len(self.trees) == 5:
            self._finish(True, "All five trees stand: the team wins!")
            return
        for k in range(1, self.seats + 1):
            nxt = (seat + k) % self.seats
            if self.hands[nxt]:
                break
        else:
            self._finish(False, "Nobody holds a card: the team loses.")
            return
        self.to_move = nxt
        # (in a view that hides that hand, nobody can tell it is stuck: play goes on)
        if UNKNOWN not in self.hands[nxt] and not self.has_legal_play(nxt):
            who = "You have" if self.seats == 1 else f"Player {nxt + 1} has"
            self._finish(False, f"{who} no legal play: the team loses.")

    def _finish(self, won: bool, reason: str) -> None:
        self.over = True
        self.to_move = None
        n = float(len(self.trees))
        winners = tuple(range(self.seats)) if won else ()
        self.outcome = Outcome(winners, reason, tuple(n for _ in range(self.seats)))
        self.log.append(reason)

    # -- words -----------------------------------------------------------------------

    def describe(self, action: Play) -> str:
        return describe(self, action)

    def reveals(self, action: Play, seat: int | None) -> bool:
        """Every seat may be told every play: its card is laid face up on the table
        (docs/architecture.md, "Privacy"); only the hands (with hidden_hands) and
        the pile are secret, and no move names them."""
        return True

    # -- copies and views ------------------------------------------------------------

    def clone(self) -> DashState:
        s = DashState.__new__(DashState)
        s.seats = self.seats
        s.options = self.options
        s.seed = self.seed
        s.deal_seed = self.deal_seed
        s.counter = self.counter
        s.stacks = {sq: st[:] for sq, st in self.stacks.items()}
        s.hands = [h[:] for h in self.hands]
        s.pile = self.pile[:]
        s.played = {k: v[:] for k, v in self.played.items()}
        s.trees = self.trees[:]
        s.tree_squares = dict(self.tree_squares)
        s.to_move = self.to_move
        s.over = self.over
        s.outcome = self.outcome
        s.log = self.log[:]
        s.last_move = self.last_move
        s.turns = self.turns
        s.boards = self.boards  # a tuple: shared, never changed in place
        return s

    def view(self, seat: int | None) -> DashState:
        """What `seat` may know (None: a spectator). The pile order and the seeds
        are always hidden; with hidden_hands, so are the other players' hands
        (a spectator then sees no hand)."""
        v = self.clone()
        v.seed = None
        v.deal_seed = None
        v.pile = [UNKNOWN] * len(self.pile)
        if self.options.hidden_hands:
            v.hands = [h[:] if i == seat else [UNKNOWN] * len(h) for i, h in enumerate(self.hands)]
        return v

    def determinize(self, rng: random.Random) -> DashState:
        """Fill the unknown cards of a view at random, consistent with what it shows."""
        s = self.clone()
        known = [c for h in s.hands for c in h if c != UNKNOWN]
        known += [c for side in s.played.values() for c in side]
        known += [c for c in s.pile if c != UNKNOWN]
        unknown = sorted(set(DECK) - set(known), key=DECK.index)
        rng.shuffle(unknown)
        it = iter(unknown)
        s.hands = [[next(it) if c == UNKNOWN else c for c in h] for h in s.hands]
        s.pile = [next(it) if c == UNKNOWN else c for c in s.pile]
        if s.seed is None:
            s.seed = rng.getrandbits(32)
            s.deal_seed = s.seed
        return s

    def to_text(self) -> str:
        return to_text(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DashState):
            return NotImplemented
        return self.to_text() == other.to_text()

    __hash__ = None  # type: ignore[assignment]


def _sq_order(sq: str) -> tuple[str, str]:
    return sq[1], sq[0]


_SQUARE_INDEX = {sq: i for i, sq in enumerate(SQUARES)}
_PIECE_INDEX = {p: i for i, p in enumerate(SETUP_ORDER)}


def board_key(stacks: dict[str, list[Piece]]) -> bytes:
    """The board `stacks` as a value to compare: for each of the 15 pyramids (setup
    order) its square and its height in the stack, two bytes (30 in all), so one
    move changes two bytes (`board_key_after`)."""
    key = bytearray(30)
    for sq, stack in stacks.items():
        i = _SQUARE_INDEX[sq]
        for height, piece in enumerate(stack):
            j = 2 * _PIECE_INDEX[piece]
            key[j] = i
            key[j + 1] = height
    return bytes(key)


def board_key_after(key: bytes, stacks: dict[str, list[Piece]], src: str, dest: str) -> bytes:
    """The key of the board `stacks` (whose key is `key`) after its top pyramid on
    `src` moves to `dest`, without copying the board."""
    if src == dest:
        return key
    j = 2 * _PIECE_INDEX[stacks[src][-1]]
    return key[:j] + bytes((_SQUARE_INDEX[dest], len(stacks.get(dest, ())))) + key[j + 2:]


def standing_trees(stacks: dict[str, list[Piece]]) -> dict[str, str]:
    """colour -> square of every tree standing on the board `stacks`."""
    return {stack[-1][0]: sq for sq, stack in stacks.items() if is_tree(stack, stack[-1][0])}


def deal(seats: int, seed: int, options: Options, deal_seed: int) -> DashState:
    """Set up a game from `deal_seed` (the seed actually used to shuffle)."""
    s = DashState()
    s.seats = seats
    s.options = options
    s.seed = seed
    s.deal_seed = deal_seed
    red, black = list(RED_CARDS), list(BLACK_CARDS)
    chance(deal_seed, 0).shuffle(red)
    chance(deal_seed, 1).shuffle(black)
    for i, piece in enumerate(SETUP_ORDER):
        sq = setup_square(red[i], black[i])
        s.stacks.setdefault(sq, []).append(piece)
    standing = standing_trees(s.stacks)  # a tree may stand from the setup already
    s.trees = [c for c in COLOURS if c in standing]
    s.tree_squares = {c: standing[c] for c in s.trees}
    deck = list(DECK)
    chance(deal_seed, 2).shuffle(deck)
    n = HAND_SIZE[seats]
    s.hands = [deck[i * n:(i + 1) * n] for i in range(seats)]
    s.pile = deck[seats * n:]
    first = chance(deal_seed, 3).randrange(seats)
    s.counter = 4
    s.boards = (board_key(s.stacks),)
    s.log.append("New deal." if seats == 1 else
                 Line("New deal for {n} players; {0:obj} {0:goes/go} first.", first, n=str(seats)))
    for colour in s.trees:
        s.log.append(f"The {COLOUR_NAMES[colour]} tree already stands after the setup.")
    if len(s.trees) == 5:  # pragma: no cover - practically impossible
        s.to_move = first
        s._finish(True, "All five trees stand: the team wins!")
    else:
        s._advance((first - 1) % seats)
    return s


# -- writing the notation (read back by core.dash.notation) ---------------------------

FORMAT = "dash"


def _opt(x) -> str:
    return "-" if x is None else str(x)


def _list(xs) -> str:
    return " ".join(xs) if xs else "-"


def to_text(s) -> str:
    lines = [
        f"{FORMAT} players={s.seats} hidden_hands={int(s.options.hidden_hands)} winnable={int(s.options.winnable)}",
        f"seed {_opt(s.seed)} deal {_opt(s.deal_seed)} counter {s.counter} turns {s.turns}",
        "board " + _list([sq + ":" + ",".join(f"{c}{n}" for c, n in s.stacks[sq])
                          for sq in sorted(s.stacks, key=_sq_order)]),
    ]
    for i, hand in enumerate(s.hands):
        lines.append(f"hand{i + 1} {_list(hand)}")
    lines.append(f"pile {_list(s.pile)}")
    for side in SIDES:
        lines.append(f"{side} {_list(s.played[side])}")
    lines.append("trees " + _list([f"{c}:{s.tree_squares[c]}" for c in s.trees]))
    lines.append("last " + ("-" if s.last_move is None else f"{s.last_move[0]} {s.last_move[1]}"))
    lines.append("move " + ("-" if s.to_move is None else str(s.to_move + 1)))
    if s.over:
        lines.append(f"end {'win' if s.outcome.winners else 'loss'} {s.outcome.reason}")
    return "\n".join(lines) + "\n"
