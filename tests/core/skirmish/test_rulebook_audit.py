"""HOUSES - Skirmish: an independent audit of the engine against the original rulebook
(seeds/004, sections 1-7), /work/shared/rulings.md and docs/rules/skirmish.md.

Every test goes through the notation (`GAME.from_text` via the `make` fixture,
`to_text`) and the Action structs. The rule each test checks is quoted above it.
At the end: a separate generator of "which units may attack what, and which may
block", read from the notation text alone, compared with `legal_actions()` on
thousands of positions; and random games with invariants of our own.
"""

from __future__ import annotations

import random
import re

import pytest

from core.engine import IllegalAction
from core.skirmish import GAME, Options
from core.skirmish import actions as A
from core.skirmish.cards import card as C
from core.skirmish.phases import ATTACK, BLOCK, DEPLOY
from core.skirmish.units import token


def toks(s, seat, rank="front"):
    return [token(u) for u in getattr(s, rank)[seat]]


def bodies(s, seat, rank="front"):
    """The units' cards without their flags (the next player's READY straightens them)."""
    return [t.split("/")[0] for t in toks(s, seat, rank)]


def end_declaring(s):
    if s.phase == ATTACK and not s.pending:
        s.apply(A.Done())


def attacks_of(s) -> set[tuple[int, int, int]]:
    return {(a.pos, a.seat, a.tpos) for a in s.legal_actions() if isinstance(a, A.Attack)}


def blocks_of(s) -> set[tuple[int, int]]:
    return {(a.pos, a.attacker) for a in s.legal_actions() if isinstance(a, A.Block)}


def refused(s, action) -> str:
    before = s.to_text()
    reason = s.check(action)
    assert reason, f"{action} should be refused"
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert s.to_text() == before
    return reason


def finish_blocks(s, *blocks):
    """Finish declaring attackers, give `blocks`, finish blocking."""
    if s.phase == ATTACK and not s.pending:
        s.apply(A.Done())
    for b in blocks:
        s.apply(b)
    while s.phase == BLOCK and not s.pending:
        s.apply(A.Done())
    return s


def skip_choices(s):
    """Decline every optional pending choice (second targets)."""
    while s.pending and A.Done() in s.legal_actions():
        s.apply(A.Done())


# -- 5. Starting the game ------------------------------------------------------------------
# "Each player draws 1 card at a time until all have 5 cards." "All players draw one
#  additional card ... highest wins advantage ... All cards from Advantage Draw go face up
#  into the Barrows." "The First player cannot draw a card and must begin with the 5 cards."

@pytest.mark.parametrize("seats", [2, 3, 4])
def test_start_five_cards_each_advantage_cards_face_up_first_player_skips_draw(seats):
    s = GAME.new(seats, 31)
    assert [len(h) for h in s.hands] == [5] * seats
    assert len(s.up) >= seats and s.down == []
    assert len(s.deck) + len(s.up) + 5 * seats == 54
    winner = s.to_move
    first = (winner + 1) % seats
    s.apply(A.StartWith(first))
    assert s.cur == first and len(s.hands[first]) == 5  # no draw on the first turn
    assert all(life == 40 for life in s.life)


def test_start_advantage_winner_drew_the_highest_card():
    from core.skirmish.cards import ADVANTAGE
    for seed in range(40):
        s = GAME.new(2, seed)
        # the last round of the advantage draw is the top of the Barrows
        last = s.up[-2:]
        assert ADVANTAGE[last[0]] != ADVANTAGE[last[1]]
        hi = max(last, key=lambda c: ADVANTAGE[c])
        assert s.to_move == last.index(hi)


def test_start_second_player_draws_on_their_first_turn():
    s = GAME.new(2, 5)
    s.apply(A.StartWith(0))
    while s.cur == 0 and not s.over:
        s.apply(A.Done() if A.Done() in s.legal_actions() else s.legal_actions()[0])
    assert s.cur == 1 and len(s.hands[1]) == 6


@pytest.mark.parametrize("seats", [1, 5])
def test_two_to_four_players_only(seats):
    with pytest.raises(ValueError):
        GAME.new(seats, 1)


def test_jokers_optional_52_cards_without():
    s = GAME.new(2, 3, Options(jokers=False))
    assert len(s.deck) + len(s.up) + 10 == 52
    assert 52 not in s.deck + s.up + s.hands[0] + s.hands[1]


# -- 3. Layout: "A player may have a maximum of four units in their Front Ranks (a Blood
#    Bonded unit counts as a single unit) ... four units in their Rear Ranks." ----------

def test_front_ranks_hold_four_units_a_fifth_soldier_may_only_bond(make):
    s = make(hands={1: "9C"}, front={1: "3C/x 4H/x 5S/x 6D"})
    acts = s.legal_actions()
    assert A.Deploy(C("9C")) not in acts
    assert {a for a in acts if isinstance(a, A.Deploy)} == {
        A.Deploy(C("9C"), 0, False), A.Deploy(C("9C"), 0, True)}
    refused(s, A.Deploy(C("9C")))


def test_rear_ranks_hold_four_units(make):
    s = make(hands={1: "AC"}, rear={1: "AH/x AS/x KD BJ(necromancer)"})
    assert A.Deploy(C("AC")) not in s.legal_actions()
    refused(s, A.Deploy(C("AC")))


# -- Kings: "Each player may only have a single King on the Battlefield at a time" ---------

def test_only_one_king_on_the_battlefield(make):
    s = make(hands={1: "KC"}, rear={1: "KD"})
    refused(s, A.Deploy(C("KC")))
    s2 = make(hands={1: "KC"}, rear={2: "KD"})  # an opponent's King does not count
    assert s2.check(A.Deploy(C("KC"))) is None


# -- Blood Bonds: "Two soldier cards of the same house may work together to form a single
#    unit ... one of the cards must be designated as the leader ... All damage is applied
#    to this card first." --------------------------------------------------------------

def test_bond_needs_the_same_house(make):
    s = make(hands={1: "9C"}, front={1: "3H"})
    assert not [a for a in s.legal_actions() if isinstance(a, A.Deploy) and a.slot >= 0]
    refused(s, A.Deploy(C("9C"), 0, True))


def test_bond_of_three_is_refused(make):
    s = make(hands={1: "9C"}, front={1: "3C+4C"})
    refused(s, A.Deploy(C("9C"), 0, True))


def test_bond_attack_and_defence_are_the_sums_and_leader_takes_damage_first(make):
    # the seed's diagram: the 6/4 bond (6 leading) blocks the 9: it loses the 6 only
    s = make(phase="combat", front={1: "9S", 2: "6H+4H"})
    s.apply(A.Attack(0, 1, -1))
    finish_blocks(s, A.Block(0, 0))
    assert toks(s, 1) == ["4H"] and toks(s, 0) == []
    assert s.life == [40, 40]


def test_bond_both_cards_fall_when_damage_reaches_both_defences(make):
    s = make(phase="combat", front={1: "10S", 2: "6H+4H"})
    s.apply(A.Attack(0, 1, -1))
    finish_blocks(s, A.Block(0, 0))
    # 10 damage: 6 to the leader, the 4 left reach the 4; the bond's 10 fells the 10
    assert toks(s, 1) == [] and toks(s, 0) == []


# -- 4. Soldiers: "All soldiers are deployed in an exhausted state and cannot attack for one
#    round" ; Diamonds: "enter the battlefield un-exhausted and ready to act" -------------

def test_soldiers_arrive_exhausted_diamonds_arrive_ready(make):
    s = make(hands={1: "7C 7D"})
    s.apply(A.Deploy(C("7C")))
    s.apply(A.Deploy(C("7D")))
    assert toks(s, 0) == ["7C/x", "7D"]


# -- 7. Combat: declaring attackers ---------------------------------------------------------
# "Front Rank Attackers (Soldiers 2-10): Can only target opposing players or units in
#  opposing Front Ranks (unless card ability allows otherwise)."
# "Rear Rank Attackers ... Can target any unit within the opponent's ranks (Front or Rear)
#  or the opponent directly." (our ruling: only Aces strike; 0-attack rear units never)
# "Attackers must be ready or not exhausted."

def test_soldier_targets_player_or_front_not_rear(make):
    s = make(phase="combat", front={1: "8C", 2: "9H 3D"}, rear={2: "KD"})
    assert attacks_of(s) == {(0, 1, -1), (0, 1, 0), (0, 1, 1)}
    refused(s, A.Attack(0, 1, 4))


def test_enhanced_spades_may_target_the_rear(make):
    s = make(phase="combat", front={1: "8S", 2: "9H"}, rear={1: "KS", 2: "KD"})
    assert (0, 1, 4) in attacks_of(s)


def test_enhanced_spades_under_an_insane_wizard_may_not_target_the_rear(make):
    s = make(phase="combat", front={1: "8S", 2: "9H"}, rear={1: "KS", 2: "RJ(wizard)"})
    assert (0, 1, 4) not in attacks_of(s)
    assert (0, 1, 0) in attacks_of(s)


def test_exhausted_units_do_not_attack(make):
    s = make(phase="combat", front={1: "8C/x 5C", 2: "9H"})
    assert {a[0] for a in attacks_of(s)} == {1}
    refused(s, A.Attack(0, 1, -1))


def test_a_unit_attacks_once_a_turn(make):
    s = make(phase="combat", front={1: "8C 5C", 2: "9H"})
    s.apply(A.Attack(0, 1, -1))
    refused(s, A.Attack(0, 1, 0))


def test_ace_strikes_any_opposing_unit_or_the_opponent_directly(make):
    """Section 7: rear-rank attackers, Aces among them, "can target any unit within
    the opponent's ranks (Front or Rear) or the opponent directly" (rulings.md 4)."""
    s = make(phase="combat", front={2: "9H"}, rear={1: "AC", 2: "KD"})
    assert attacks_of(s) == {(4, 1, -1), (4, 1, 0), (4, 1, 4)}
    refused(s, A.Attack(4, 0, -1))


def test_kings_jokers_and_guards_never_attack(make):
    s = make(phase="combat", front={2: "9H"},
             rear={1: "KD BJ(necromancer) AH/g RJ(spirit)"})
    assert attacks_of(s) == set()


def test_several_attackers_may_share_a_target(make):
    s = make(phase="combat", front={1: "8C 5H", 2: "10S/x"})
    s.apply(A.Attack(0, 1, 0))
    assert s.check(A.Attack(1, 1, 0)) is None


def test_attack_an_eliminated_player_is_refused(make):
    s = make(seats=3, phase="combat", front={1: "8C"}, life=[40, 0, 40])
    assert {a[1] for a in attacks_of(s)} == {2}
    refused(s, A.Attack(0, 1, -1))


def test_four_players_attack_any_living_opponent(make):
    s = make(seats=4, phase="combat", front={1: "8C", 3: "2H"})
    assert attacks_of(s) == {(0, 1, -1), (0, 2, -1), (0, 2, 0), (0, 3, -1)}


# -- 7. Combat: declaring defenders ----------------------------------------------------------
# "Any readied Front Rank unit may intercept or defend an attack directed to an allied
#  unit or player." "Each defender can only be assigned to block one attacker."
# Hearts: "As an exhausted unit, Hearts soldiers may still defend" (and deal no damage).

def test_only_ready_front_units_of_the_attacked_player_block(make):
    s = make(phase="combat", front={1: "8C", 2: "9H 3D/x 4C"}, rear={2: "KD"})
    s.apply(A.Attack(0, 1, -1))
    end_declaring(s)
    assert s.to_move == 1 and s.phase == BLOCK
    # 9H ready, 3D exhausted (no), 4C ready, the King (no)
    assert blocks_of(s) == {(0, 0), (2, 0)}


def test_exhausted_hearts_block_but_deal_no_damage(make):
    s = make(phase="combat", front={1: "8C", 2: "9H/x"})
    s.apply(A.Attack(0, 1, -1))
    end_declaring(s)
    assert blocks_of(s) == {(0, 0)}
    finish_blocks(s, A.Block(0, 0))
    assert bodies(s, 0) == ["8C"]          # took nothing from the exhausted 9
    assert bodies(s, 1) == ["9H"]          # 8 < 9: survives (damage then cleared)
    assert s.life == [40, 40]


def test_exhausted_hearts_under_an_insane_wizard_cannot_block(make):
    s = make(phase="combat", front={1: "8C", 2: "9H/x"}, rear={1: "RJ(wizard)"})
    s.apply(A.Attack(0, 1, -1))
    # nothing can block: the game does not ask; the 8 hits the player
    end_declaring(s)
    assert s.life == [40, 32]


def test_one_blocker_per_attacker_and_one_attacker_per_blocker(make):
    s = make(phase="combat", front={1: "8C 7C", 2: "9H 3D"})
    s.apply(A.Attack(0, 1, -1))
    s.apply(A.Attack(1, 1, -1))
    end_declaring(s)
    assert s.phase == BLOCK and s.to_move == 1
    s.apply(A.Block(0, 0))
    assert (0, 1) not in blocks_of(s)      # the 9 already blocks
    assert (1, 0) not in blocks_of(s)      # the 8 is already blocked
    assert blocks_of(s) == {(1, 1)}
    refused(s, A.Block(0, 1))
    refused(s, A.Block(1, 0))


def test_ace_attacks_cannot_be_blocked(make):
    s = make(phase="combat", front={2: "9H 3D"}, rear={1: "AC"})
    s.apply(A.Attack(4, 1, 0))
    # the only attack is the Ace's: Player 2 is never asked to block; the 9 is
    # poisoned and goes to the Barrows at the end of the turn, and so does the Ace
    assert s.phase != BLOCK
    assert C("9H") in s.up and C("AC") in s.up
    assert bodies(s, 1) == ["3D"] and s.cur == 1


def test_a_player_not_attacked_is_not_asked_to_block(make):
    s = make(seats=3, phase="combat", front={1: "8C", 2: "9H", 3: "9D"})
    s.apply(A.Attack(0, 2, -1))
    end_declaring(s)
    assert s.to_move == 2 and blocks_of(s) == {(0, 0)}
    s.apply(A.Done())
    assert s.life == [40, 40, 32]


# -- 7. Resolving damage ---------------------------------------------------------------------
# "Blocked attackers and the defender damage each other simultaneously." "Unblocked
#  attackers apply damage to targeted units or players." Ruling: defeated when damage
#  reaches the defence.

def test_equal_strength_both_fall(make):
    s = make(phase="combat", front={1: "7S", 2: "7H"})
    s.apply(A.Attack(0, 1, -1))
    finish_blocks(s, A.Block(0, 0))
    assert toks(s, 0) == [] and toks(s, 1) == []
    assert sorted(s.up[-2:]) == sorted([C("7S"), C("7H")])


def test_exactly_defence_defeats_an_unblocked_target(make):
    s = make(phase="combat", front={1: "6C", 2: "6H/x 7D/x"})
    s.apply(A.Attack(0, 1, 0))
    finish_blocks(s)      # 6H (exhausted Hearts) could block; it does not
    assert bodies(s, 1) == ["7D"]


def test_blocked_attacker_does_nothing_to_its_target(make):
    s = make(phase="combat", front={1: "9D", 2: "10H 3D/x"})
    s.apply(A.Attack(0, 1, 1))
    finish_blocks(s, A.Block(0, 0))
    assert bodies(s, 1) == ["10H", "3D"]


def test_damage_does_not_carry_over(make):
    s = make(phase="combat", front={1: "5S", 2: "9H"})
    s.apply(A.Attack(0, 1, 0))
    skip_choices(s)
    finish_blocks(s)
    assert toks(s, 1) == ["9H"]            # 5 damage, wiped at the end of the turn


def test_player_at_zero_is_out_and_the_last_one_standing_wins(make):
    s = make(phase="combat", front={1: "8C", 2: "-"}, hands={2: "3D"}, life=[1, 8])
    s.apply(A.Attack(0, 1, -1))
    if not s.over:
        finish_blocks(s)
    assert s.over and s.outcome.winners == (0,)
    assert s.outcome.scores == (1.0, 0.0)
    assert C("3D") in s.up and s.hands[1] == []
    assert s.legal_actions() == [] and s.to_move is None
    assert s.check(A.Done()) == "The game is over."


def test_player_below_zero_scores_zero(make):
    s = make(seats=3, phase="combat", front={1: "10C"}, life=[5, 3, 40])
    s.apply(A.Attack(0, 1, -1))
    end_declaring(s)
    assert not s.over and s.life[1] <= 0
    assert s.cur != 1 and 1 not in s.opponents(0)


# -- Sudden death ----------------------------------------------------------------------------
# "If the last card is drawn from the deck then a sudden death scenario occurs. Each
#  player takes one more round starting with the player who drew the last card. The
#  player with the highest life points following this final round wins." (ruling: the
#  drawer's turn is their last; equal highest share the win)

def _pass_all(s, limit=200):
    for _ in range(limit):
        if s.over:
            return
        acts = s.legal_actions()
        s.apply(A.Done() if A.Done() in acts else acts[0])


def test_sudden_death_after_the_last_card_each_other_player_plays_once(make):
    s = make(seats=3, phase="combat", deck="3C", life=[20, 30, 25])
    # Player 1 ends; Player 2 draws the last card: Player 3 and Player 1 play once more
    s.apply(A.Done()) if A.Done() in s.legal_actions() else None
    _pass_all(s)
    assert s.over and s.outcome.winners == (1,)
    assert s.turns_taken == [4, 4, 4]


def test_sudden_death_equal_highest_life_share_the_win(make):
    s = make(seats=3, phase="combat", deck="3C", life=[30, 30, 25])
    _pass_all(s)
    assert s.over and set(s.outcome.winners) == {0, 1}


def test_deck_with_cards_left_is_not_sudden_death(make):
    s = make(seats=2, phase="combat", deck="3C 4C", life=[20, 30])
    s.apply(A.Done()) if A.Done() in s.legal_actions() else None
    assert not s.over and "final round: no" in s.to_text()


# -- What a seat may see ---------------------------------------------------------------------

def test_view_hides_other_hands_the_deck_and_the_seed():
    s = GAME.new(3, 17)
    v = s.view(0)
    text = v.to_text()
    assert v.hands[0] == s.hands[0]
    assert all(c == -1 for c in v.hands[1] + v.hands[2])
    assert len(v.hands[1]) == len(s.hands[1])
    assert all(c == -1 for c in v.deck) and len(v.deck) == len(s.deck)
    assert re.search(r"^seed: -", text, re.M)
    # the Barrows and the battlefield are public
    assert v.up == s.up


def test_view_of_a_seat_keeps_its_own_legal_moves():
    s = GAME.new(2, 8)
    s.apply(A.StartWith(s.to_move))
    v = s.view(s.cur)
    assert set(map(repr, v.legal_actions())) == set(map(repr, s.legal_actions()))


# -- A separate attack/block generator, from the notation text alone --------------------------

CARD_RE = re.compile(r"^(10|[2-9AJQK])([DCHS])$")


def _lead_of(tok: str) -> tuple[str, str]:
    """(rank, suit) that the unit's leader acts as; ("J?", "") for a Joker variant."""
    body = tok.split("/")[0].split("+")[0].rstrip("*")
    m = re.match(r"^BJ\(([^)]*)\)", body)
    if m:
        body = m.group(1)
    m = CARD_RE.match(body)
    if not m:
        return ("joker", "")
    return (m.group(1), m.group(2))


def _flags(tok: str) -> str:
    return tok.split("/", 1)[1] if "/" in tok else ""


def _parse_ranks(text: str) -> dict:
    out = {}
    for line in text.splitlines():
        key, _, val = line.partition(": ")
        out[key] = val
    return out


def _units(fields: dict, q: int) -> list[tuple[int, str]]:
    front = fields[f"front {q + 1}"].split()
    rear = fields[f"rear {q + 1}"].split()
    front = [] if front == ["-"] else front
    rear = [] if rear == ["-"] else rear
    return list(enumerate(front)) + [(4 + i, t) for i, t in enumerate(rear)]


def naive_attacks(s) -> set[tuple[int, int, int]]:
    f = _parse_ranks(s.to_text())
    seats = int(f["seats"])
    life = [int(x) for x in f["life"].split()]
    p = s.cur
    opps = [q for q in range(seats) if q != p and life[q] > 0]
    wizard = any("RJ(wizard)" in f[f"rear {q + 1}"] for q in opps)
    king = [_lead_of(t)[1] for pos, t in _units(f, p) if pos >= 4 and _lead_of(t)[0] == "K"]
    attacking = {a.attacker for a in s.attacks}
    out = set()
    for pos, t in _units(f, p):
        fl = _flags(t)
        if "x" in fl or pos in attacking:
            continue
        rank, suit = _lead_of(t)
        if pos < 4:
            for q in opps:
                out.add((pos, q, -1))
                for j, _ in _units(f, q):
                    if j < 4 or (suit == "S" and king == ["S"] and not wizard):
                        out.add((pos, q, j))
        elif rank == "A" and "g" not in fl:
            for q in opps:
                out.add((pos, q, -1))           # the opponent directly
                for j, _ in _units(f, q):
                    out.add((pos, q, j))
    return out


def naive_blocks(s) -> set[tuple[int, int]]:
    f = _parse_ranks(s.to_text())
    seats = int(f["seats"])
    life = [int(x) for x in f["life"].split()]
    d = s.blockers[0]
    p = s.cur
    wizard = any("RJ(wizard)" in f[f"rear {q + 1}"] for q in range(seats)
                 if q != d and life[q] > 0)
    mine = dict(_units(f, p))
    open_ = []
    busy = set()
    for apos, q, _t, _q2, _t2, bpos in (a.fields() for a in s.attacks):
        if q != d:
            continue
        if bpos >= 0:
            busy.add(bpos)
            continue
        rank, _ = _lead_of(mine[apos])
        if apos >= 4 and rank == "A" and "g" not in _flags(mine[apos]):
            continue  # an Ace's strike cannot be blocked
        open_.append(apos)
    out = set()
    for pos, t in _units(f, d):
        if pos in busy:
            continue
        fl = _flags(t)
        rank, suit = _lead_of(t)
        if pos < 4:
            ok = "x" not in fl or (suit == "H" and not wizard)
        else:
            ok = "g" in fl and "x" not in fl
        if ok:
            out.update((pos, a) for a in open_)
    return out


def _toggle_exhaustion(text: str, rng: random.Random) -> str:
    """The same position with some units turned (ready <-> exhausted)."""
    lines = []
    for line in text.splitlines():
        key, sep, val = line.partition(": ")
        if (key.startswith("front ") or key.startswith("rear ")) and val != "-":
            toks_ = []
            for t in val.split():
                if rng.random() < 0.3:
                    body, _, fl = t.partition("/")
                    fl = fl.replace("x", "", 1) if "x" in fl else "x" + fl
                    t = body + ("/" + fl if fl else "")
                toks_.append(t)
            val = " ".join(toks_)
        lines.append(key + sep + val)
    return "\n".join(lines)


def test_attackers_and_blockers_agree_with_a_separate_generator():
    rng = random.Random(404)
    compared = {"attack": 0, "block": 0}
    for g in range(110):
        s = GAME.new(2 + g % 3, 9000 + g, Options(jokers=bool(g % 2)))
        steps = 0
        while not s.over and steps < 900:
            steps += 1
            if not s.pending and s.phase in (ATTACK, BLOCK):
                for variant in (s, None):
                    t = s if variant is s else GAME.from_text(_toggle_exhaustion(s.to_text(), rng))
                    if t.phase == ATTACK:
                        assert attacks_of(t) == naive_attacks(t), t.to_text()
                        compared["attack"] += 1
                    elif t.blockers:
                        assert blocks_of(t) == naive_blocks(t), t.to_text()
                        compared["block"] += 1
            s.apply(rng.choice(s.legal_actions()))
    assert compared["attack"] > 700 and compared["block"] > 150, compared


# -- Random games with invariants of our own -------------------------------------------------

def _all_cards(s) -> list[int]:
    cards = list(s.deck) + s.up + s.down + [c for h in s.hands for c in h] + s.in_flight()
    for q in range(s.seats):
        for rank in (s.front[q], s.rear[q]):
            for u in rank:
                cards += [c for c in (u.first, u.second) if c >= 0]
    return cards


def test_random_games_keep_the_invariants_and_replay_exactly():
    rng = random.Random(1234)
    for g in range(60):
        seats = 2 + g % 3
        jokers = g % 4 != 1
        s = GAME.new(seats, 700 + g, Options(jokers=jokers))
        total = 54 if jokers else 52
        actions = []
        burned = 0
        while not s.over:
            acts = s.legal_actions()
            assert acts and s.to_move is not None
            a = rng.choice(acts)
            life = list(s.life)
            s.apply(a)
            actions.append(a)
            assert sorted(_all_cards(s)) == list(range(total))
            # over four front units only while their owner chooses which go (Insane Wizard)
            choosing = {r[1] for r in s.pending if r[0] == "wiz"}
            assert all(len(s.front[q]) <= 4 or q in choosing for q in range(seats))
            assert all(len(s.rear[q]) <= 4 for q in range(seats))
            for q in range(seats):
                kings = [u for u in s.rear[q] if token(u)[0] == "K" or token(u).startswith("BJ(K")]
                assert len(kings) <= 1
                assert s.life[q] <= life[q]  # life never rises
                if s.life[q] <= 0:  # out: nothing left on the battlefield or in hand
                    assert not s.front[q] and not s.rear[q] and not s.hands[q]
            assert len(s.down) >= burned  # Soul Burned cards never come back
            burned = len(s.down)
            assert s.to_move is None or s.life[s.to_move] > 0
        assert s.legal_actions() == []
        living = [q for q in range(seats) if s.life[q] > 0]
        assert set(s.outcome.winners) <= set(living)
        if len(living) > 1:  # ended by sudden death: the deck is empty
            assert not s.deck
            best = max(s.life[q] for q in living)
            assert set(s.outcome.winners) == {q for q in living if s.life[q] == best}
        assert s.outcome.scores == tuple(float(max(0, x)) for x in s.life)
        again = GAME.new(seats, 700 + g, Options(jokers=jokers))
        for a in actions:
            again.apply(a)
        assert again.to_text() == s.to_text()


def test_random_games_notation_round_trip_mid_game():
    rng = random.Random(99)
    for g in range(8):
        s = GAME.new(2 + g % 3, 300 + g)
        steps = 0
        while not s.over and steps < 300:
            copy = GAME.from_text(s.to_text())
            assert copy.to_text() == s.to_text()
            assert set(map(repr, copy.legal_actions())) == set(map(repr, s.legal_actions()))
            a = rng.choice(s.legal_actions())
            s.apply(a)
            copy.apply(a)
            assert copy.to_text() == s.to_text(), a
            steps += 1


# -- A separate generator of the cards a player may deploy (Jacks and Queens aside) ----------
# "Deploy a new unit to the battlefield into a valid space within your Ranks" (6.C);
# section 3's limits; Blood Bonds of one house (any house with the Binding Spirit, none
# under an opposing Insane Wizard; never a summoned card); one King; the Ace of Diamonds
# strikes at once (needs an opposing unit, no space); a 2 may scout a player holding
# cards (the 2 of Hearts then stays: it needs a front space); a card returned to the
# hand this turn may not come back (6.C, "cannot redeploy this turn").

def naive_deploys(s) -> set:
    from core.skirmish.cards import NAME
    f = _parse_ranks(s.to_text())
    seats = int(f["seats"])
    life = [int(x) for x in f["life"].split()]
    p = s.cur
    opps = [q for q in range(seats) if q != p and life[q] > 0]
    front = [t for pos, t in _units(f, p) if pos < 4]
    rear = [t for pos, t in _units(f, p) if pos >= 4]
    fs, rs = len(front) < 4, len(rear) < 4
    wizard = any("RJ(wizard)" in f[f"rear {q + 1}"] for q in opps)
    spirit = "RJ(spirit)" in f[f"rear {p + 1}"] and not wizard
    has_king = any(_lead_of(t)[0] == "K" for t in rear)
    enemy = any(_units(f, q) for q in opps)
    returned = set(f["returned"].split())
    out = set()
    for c in s.hands[p]:
        name = NAME[c]
        if name in returned:
            continue
        m = CARD_RE.match(name)
        rank, suit = (m.group(1), m.group(2)) if m else ("joker", name)
        if rank in ("J", "Q"):
            continue
        if rank.isdigit():
            if fs:
                out.add(A.Deploy(c))
            for i, t in enumerate(front):
                single = "+" not in t.split("/")[0] and "s" not in _flags(t)
                if single and not wizard and (spirit or _lead_of(t)[1] == suit):
                    out.update({A.Deploy(c, i, False), A.Deploy(c, i, True)})
            if rank == "2" and (fs or suit != "H"):
                out.update(A.Scout(c, q) for q in opps if s.hands[q])
        elif rank == "A":
            if (suit == "D" and enemy) or (suit != "D" and rs):
                out.add(A.Deploy(c))
        elif rank == "K":
            if rs and not has_king:
                out.add(A.Deploy(c))
        elif name == "BJ":
            # rear for the Necromancer or a copied Ace/King, front for a copied soldier,
            # none for a copied Ace of Diamonds (it strikes and leaves)
            if rs or fs or enemy:
                out.add(A.Deploy(c))
        elif name == "RJ":
            if rs:
                out.add(A.Deploy(c))
    return out


def engine_deploys(s) -> set:
    from core.skirmish.cards import KIND
    return {a for a in s.legal_actions()
            if isinstance(a, (A.Deploy, A.Scout)) and KIND[a.card] not in ("jack", "queen")}


def test_deployments_agree_with_a_separate_generator():
    rng = random.Random(808)
    compared = 0
    for g in range(80):
        s = GAME.new(2 + g % 3, 4000 + g, Options(jokers=True))
        steps = 0
        while not s.over and steps < 900:
            steps += 1
            if not s.pending and s.phase == DEPLOY and s.to_move == s.cur:
                want, got = naive_deploys(s), engine_deploys(s)
                assert got == want, (s.to_text(), got ^ want)
                compared += 1
            s.apply(rng.choice(s.legal_actions()))
    assert compared > 600, compared


def test_doppelganger_as_ace_of_diamonds_needs_no_space(make):
    s = make(hands={1: "BJ"}, front={1: "3C/x 4H/x 5S/x 6D", 2: "9H"},
             rear={1: "AH/x AS/x KD AC/x"})
    s.apply(A.Deploy(C("BJ")))
    s.apply(A.Variant("doppelganger"))
    s.apply(A.CopyRank(1))
    s.apply(A.CopySuit(0))
    s.apply(A.Target(1, 0))
    assert C("9H") in s.up and C("BJ") in s.up
    assert len(s.rear[0]) == 4 and len(s.front[0]) == 4


def test_doppelganger_as_ace_of_diamonds_with_front_space_only(make):
    # the same card with one free front space: the engine lets it become the Ace of
    # Diamonds (and nothing else fits the rear), which shows it needs no rear space
    s = make(hands={1: "BJ"}, front={1: "3C/x 4H/x 5S/x", 2: "9H"},
             rear={1: "AH/x AS/x KD AC/x"})
    s.apply(A.Deploy(C("BJ")))
    s.apply(A.Variant("doppelganger"))
    s.apply(A.CopyRank(1))
    assert s.legal_actions() == [A.CopySuit(0)]
    s.apply(A.CopySuit(0))
    s.apply(A.Target(1, 0))
    assert C("9H") in s.up and C("BJ") in s.up and len(s.front[0]) == 3


def test_view_notation_round_trip_mid_game():
    rng = random.Random(21)
    for g in range(30):
        s = GAME.new(2 + g % 3, 60 + g)
        for _ in range(rng.randint(1, 120)):
            if s.over:
                break
            s.apply(rng.choice(s.legal_actions()))
        for seat in [None] + list(range(s.seats)):
            v = s.view(seat)
            assert GAME.from_text(v.to_text()).to_text() == v.to_text()
            # a view never shows a card of another hand or of the deck that seat
            # was not shown
            for q in range(s.seats):
                if q != seat:
                    for c in v.hands[q]:
                        assert c == -1 or (seat is not None and s.known[c] >> seat & 1) \
                            or (seat is None and s.known[c] == (1 << s.seats) - 1)
