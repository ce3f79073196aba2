"""Toy games for the bot tests: small, exact, and fast.

- Nim: heaps, take any number from one heap, who takes the last object wins.
- TwoStepNim: the same, but a turn is two actions by the same seat:
  pick a heap, then how many to take (irregular turn structure).
- TicTacToe: 3x3, three in a row wins, full board draws.
- Tricks: a hidden-hand trick game for 2-4 players. Cards 1..deck; each player
  holds `hand` cards. The leader plays a card, each other player follows in seat
  order; the highest card wins the trick and leads next. Most tricks wins
  (ties share the win). Hands are hidden by `view`, filled by `determinize`.
"""

from __future__ import annotations


import msgspec

from core.engine import Game, Outcome, State, chance


# -- Nim ----------------------------------------------------------------------------


class Take(msgspec.Struct, frozen=True, tag="take"):
    heap: int
    n: int


class NimState(State):
    game_id = "nim"

    def __init__(self, heaps, to_move=0):
        self.seats = 2
        self.heaps = list(heaps)
        self.to_move = to_move
        self.over = False
        self.outcome = None
        self.prompt = "Take from a heap"
        self.log = []
        self._finish(1 - to_move)

    def _finish(self, last):
        if not any(self.heaps):
            self.over = True
            self.outcome = Outcome((last,), "took the last object", (0.0, 0.0))
            self.to_move = None

    def legal_actions(self):
        if self.over:
            return []
        return [Take(h, n) for h, size in enumerate(self.heaps) for n in range(1, size + 1)]

    def play(self, action):
        self.heaps[action.heap] -= action.n
        mover = self.to_move
        self.to_move = 1 - mover
        self._finish(mover)

    def view(self, seat):
        return self.clone()

    def determinize(self, rng):
        return self.clone()

    def clone(self):
        s = NimState.__new__(NimState)
        s.seats = 2
        s.heaps = list(self.heaps)
        s.to_move = self.to_move
        s.over = self.over
        s.outcome = self.outcome
        s.prompt = self.prompt
        s.log = []
        return s

    def to_text(self):
        return f"{self.to_move} " + ",".join(map(str, self.heaps))


def nim_eval(state, seat):
    return 0.0


class TwoStepNimState(NimState):
    """A turn is Pick(heap) then Take(heap, n) by the same seat."""

    game_id = "two-step-nim"

    def __init__(self, heaps, to_move=0):
        super().__init__(heaps, to_move)
        self.picked = None

    def legal_actions(self):
        if self.over:
            return []
        if self.picked is None:
            return [Pick(h) for h, size in enumerate(self.heaps) if size]
        return [Take(self.picked, n) for n in range(1, self.heaps[self.picked] + 1)]

    def play(self, action):
        if isinstance(action, Pick):
            self.picked = action.heap
            return
        self.picked = None
        NimState.play(self, action)

    def clone(self):
        s = TwoStepNimState.__new__(TwoStepNimState)
        s.seats = 2
        s.heaps = list(self.heaps)
        s.to_move = self.to_move
        s.over = self.over
        s.outcome = self.outcome
        s.prompt = self.prompt
        s.log = []
        s.picked = self.picked
        return s

    def to_text(self):
        return f"{self.to_move} {self.picked} " + ",".join(map(str, self.heaps))


class Pick(msgspec.Struct, frozen=True, tag="pick"):
    heap: int


# -- Tic-tac-toe --------------------------------------------------------------------


class Mark(msgspec.Struct, frozen=True, tag="mark"):
    cell: int


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TTTState(State):
    game_id = "ttt"

    def __init__(self, board=None, to_move=0):
        self.seats = 2
        self.board = list(board) if board else [None] * 9
        self.to_move = to_move
        self.over = False
        self.outcome = None
        self.prompt = "Mark a cell"
        self.log = []
        self._check_end()

    def _check_end(self):
        b = self.board
        for x, y, z in LINES:
            if b[x] is not None and b[x] == b[y] == b[z]:
                self.over = True
                self.outcome = Outcome((b[x],), "three in a row", (0.0, 0.0))
                self.to_move = None
                return
        if all(c is not None for c in b):
            self.over = True
            self.outcome = Outcome((), "board full", (0.0, 0.0))
            self.to_move = None

    def legal_actions(self):
        if self.over:
            return []
        return [Mark(i) for i, c in enumerate(self.board) if c is None]

    def play(self, action):
        self.board[action.cell] = self.to_move
        self.to_move = 1 - self.to_move
        self._check_end()

    def view(self, seat):
        return self.clone()

    def determinize(self, rng):
        return self.clone()

    def clone(self):
        s = TTTState.__new__(TTTState)
        s.seats = 2
        s.board = list(self.board)
        s.to_move = self.to_move
        s.over = self.over
        s.outcome = self.outcome
        s.prompt = self.prompt
        s.log = []
        return s

    def to_text(self):
        return "".join("." if c is None else "XO"[c] for c in self.board) + f" {self.to_move}"


def ttt_eval(state, seat):
    """Open lines for seat minus open lines for the other."""
    b = state.board
    score = 0.0
    for line in LINES:
        cells = [b[i] for i in line]
        if 1 - seat not in cells:
            score += cells.count(seat)
        if seat not in cells:
            score -= cells.count(1 - seat)
    return score


class TTTGame(Game):
    id = "ttt"
    title = "Tic-tac-toe"
    seats = range(2, 3)
    Action = Mark

    def new(self, seats, seed, options=None):
        return TTTState()


class NimGame(Game):
    id = "nim"
    title = "Nim"
    seats = range(2, 3)
    Action = Take | Pick

    def __init__(self, heaps=(3, 4, 5), two_step=False):
        self.heaps = heaps
        self.two_step = two_step

    def new(self, seats, seed, options=None):
        cls = TwoStepNimState if self.two_step else NimState
        return cls(self.heaps, 0)


# -- Tricks: hidden hands -----------------------------------------------------------


class Card(msgspec.Struct, frozen=True, tag="card"):
    value: int


class TricksState(State):
    game_id = "tricks"

    def __init__(self, seats, seed, deck=9, hand=3):
        self.seats = seats
        self.seed = seed
        self.counter = 0
        cards = list(range(1, deck + 1))
        chance(seed, self.counter).shuffle(cards)
        self.counter += 1
        self.hands = [sorted(cards[i * hand:(i + 1) * hand]) for i in range(seats)]
        self.unknown = [False] * seats  # hands replaced by None in a view
        self.rest = cards[seats * hand:]  # never dealt, never seen
        self.deck = deck
        self.played = []  # (seat, value) of the trick in progress
        self.seen = []  # every value played so far
        self.tricks = [0] * seats
        self.leader = 0
        self.to_move = 0
        self.over = False
        self.outcome = None
        self.prompt = "Play a card"
        self.log = []

    def legal_actions(self):
        if self.over:
            return []
        hand = self.hands[self.to_move]
        return [Card(v) for v in hand]

    def play(self, action):
        seat = self.to_move
        self.hands[seat].remove(action.value)
        self.played.append((seat, action.value))
        self.seen.append(action.value)
        if len(self.played) < self.seats:
            self.to_move = (seat + 1) % self.seats
            return
        winner = max(self.played, key=lambda p: p[1])[0]
        self.tricks[winner] += 1
        self.played = []
        self.leader = winner
        self.to_move = winner
        if not self.hands[winner]:
            best = max(self.tricks)
            winners = tuple(s for s in range(self.seats) if self.tricks[s] == best)
            self.over = True
            self.to_move = None
            self.outcome = Outcome(winners, "most tricks", tuple(map(float, self.tricks)))

    def view(self, seat):
        v = self.clone()
        v.seed = None
        v.rest = None
        for s in range(self.seats):
            if s != seat:
                v.hands[s] = [0] * len(self.hands[s])  # only the count is known
                v.unknown[s] = True
        return v

    def determinize(self, rng):
        s = self.clone()
        hidden = [i for i in range(self.seats) if s.unknown[i]]
        if not hidden:
            if s.rest is None:
                s.rest = []
            return s
        known = set(self.seen)
        for i in range(self.seats):
            if not s.unknown[i]:
                known.update(s.hands[i])
        pool = [c for c in range(1, self.deck + 1) if c not in known]
        rng.shuffle(pool)
        for i in hidden:
            n = len(s.hands[i])
            s.hands[i] = sorted(pool[:n])
            pool = pool[n:]
            s.unknown[i] = False
        s.rest = pool
        return s

    def clone(self):
        s = TricksState.__new__(TricksState)
        s.seats = self.seats
        s.seed = self.seed
        s.counter = self.counter
        s.hands = [list(h) for h in self.hands]
        s.unknown = list(self.unknown)
        s.rest = None if self.rest is None else list(self.rest)
        s.deck = self.deck
        s.played = list(self.played)
        s.seen = list(self.seen)
        s.tricks = list(self.tricks)
        s.leader = self.leader
        s.to_move = self.to_move
        s.over = self.over
        s.outcome = self.outcome
        s.prompt = self.prompt
        s.log = []
        return s

    def to_text(self):
        hands = "/".join(",".join(map(str, h)) for h in self.hands)
        return f"{self.to_move} {hands} {self.played} {self.tricks}"


class TricksGame(Game):
    id = "tricks"
    title = "Tricks"
    seats = range(2, 5)
    Action = Card

    def __init__(self, deck=9, hand=3):
        self.deck = deck
        self.hand = hand

    def new(self, seats, seed, options=None):
        if seats * self.hand > self.deck:
            raise ValueError("not enough cards for that many players")
        return TricksState(seats, seed, self.deck, self.hand)
