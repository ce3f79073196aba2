"""The match controller (saves.match) without Textual: moves, who is next, bots'
answers, undo and redo, the game move by move, and the result counted once."""

from __future__ import annotations

import pytest

from core.engine import IllegalAction, Refusal, RefusalKind
from host import protocol as p
from saves import LocalMatch, Next, Played, SaveError, Seat, Steps, TableMatch, Turn, new_save, replay
from saves.match import MARK_EVERY


def _match(toy, seats, target=1000, seed=3, **kw):
    save = new_save("toy", seats, {"target": target}, seed)
    return LocalMatch(save, replay(save), **kw)


def test_play_applies_records_and_writes(games, toy):
    written = []
    match = _match(toy, [Seat("Ann"), Seat("Bob")], write=written.append, summary=lambda: "Toy now")
    played = match.play(toy.Add(2))
    assert (played.seat, played.action, played.text, played.cursor) == (0, toy.Add(2), "add 2", 1)
    assert match.state.total == 2 and match.state.to_move == 1
    assert match.save.actions == [{"type": "add", "n": 2}] and match.save.cursor == 1
    assert match.save.summary == "Toy now" and written == [match.save]


def test_play_refuses_an_illegal_move_and_changes_nothing(games, toy):
    written = []
    match = _match(toy, [Seat("Ann")], write=written.append)
    assert match.check(toy.Add(7)) == "You may add 1 to 3, not 7."
    with pytest.raises(IllegalAction, match="1 to 3"):
        match.play(toy.Add(7))
    assert match.save.actions == [] and match.state.total == 0 and written == []


def test_refusals_and_moves_in_words_name_the_seats_not_player_n(games, toy):
    """The engine speaks in seats (Lines); the match tells them with the seats' names,
    and a table tells a refusal to the seat that tried it as "You"."""
    match = _match(toy, [Seat("Ann"), Seat("Bob")])
    assert match.check(toy.Add(0)) == "Ann adds 1 to 3; Bob added last."
    played = match.play(toy.Roll())
    assert played.text == "Ann rolls the die" and type(played.text) is str  # plain data for the wire
    table = TableMatch(match.save, match.state)
    reason = table.check(toy.Add(0), seat=1)
    assert reason == "You add 1 to 3; Ann added last." and reason.kind is RefusalKind.NOT_LEGAL
    # for the wire (msgspec encodes no str subclass): the words as plain data, and the kind
    assert p.decode(p.encode(p.Error.refusing(reason, "ABCD"))) == p.Error(
        "You add 1 to 3; Ann added last.", code="ABCD", kind="not-legal")


def test_check_refuses_a_person_when_a_bot_is_to_move_or_the_game_is_over(games, toy):
    match = _match(toy, [Seat("Bot", "bot", "easy"), Seat("Ann")], target=3)
    assert match.check(toy.Add(1)) == "It is not your turn."
    assert match.check(toy.Add(1)).kind is RefusalKind.NOT_YOUR_TURN
    match.play(toy.Add(3))  # the bot's answer, played for it
    assert match.state.over and match.check(toy.Add(1)) == "The game is over."
    assert isinstance(match.check(toy.Add(1)), Refusal) and match.check(toy.Add(1)).kind is RefusalKind.GAME_OVER


def test_next_names_bots_hand_overs_and_the_end(games, toy):
    match = _match(toy, [Seat("Ann"), Seat("Bob"), ], target=5)
    assert match.next(0).kind is Turn.HUMAN
    match.play(toy.Add(1))
    assert (match.next(0).kind, match.next(0).seat) == (Turn.HAND_OVER, 1)
    assert match.next(0, hides_hands=False).kind is Turn.HUMAN  # open hands: no hand-over
    assert match.next(1).kind is Turn.HUMAN
    bots = _match(toy, [Seat("Ann"), Seat("Bot", "bot", "hard")], target=5)
    bots.play(toy.Add(1))
    assert (bots.next(0).kind, bots.next(0).seat) == (Turn.BOT, 1)
    bots.play(toy.Add(3))
    bots.play(toy.Add(2))
    assert bots.state.over and bots.next(0).kind is Turn.OVER


def test_a_bot_answer_is_applied_only_to_the_position_it_was_asked_about(games, toy):
    match = _match(toy, [Seat("Ann"), Seat("Bot", "bot", "hard")])
    assert match.bot_turn() is None  # a person is to move
    match.play(toy.Add(1))
    turn = match.bot_turn()
    assert (turn.seat, turn.level, turn.view.total) == (1, "hard", 1)
    assert match.fresh(turn.token)
    match.go_to(0)  # an undo while the bot thought ...
    match.play(toy.Add(1))  # ... and the same move again: the same cursor, a new position
    assert not match.fresh(turn.token)
    assert match.fresh(match.bot_turn().token)


def test_a_bot_is_seeded_by_the_position_so_the_same_question_gets_the_same_dice(games, toy):
    match = _match(toy, [Seat("Ann"), Seat("Bot", "bot", "easy")], seed=3)
    match.play(toy.Add(1))
    first = match.bot_turn()
    match.go_to(0)  # an undo, and the same move again: the same position
    match.play(toy.Add(1))
    assert match.bot_turn().seed == first.seed
    match.play(toy.Add(2))
    match.play(toy.Add(1))  # the bot's next turn: another position, other dice
    assert match.bot_turn().seed != first.seed
    other = _match(toy, [Seat("Ann"), Seat("Bot", "bot", "easy")], seed=4)  # another deal
    other.play(toy.Add(1))
    assert other.bot_turn().seed != first.seed


def test_undo_and_redo_targets_skip_the_bots_moves(games, toy):
    match = _match(toy, [Seat("Ann"), Seat("Bot", "bot")])
    for n in (1, 2, 3, 1):  # Ann, bot, Ann, bot
        match.play(toy.Add(n))
    assert match.undo_target() == 2  # back before Ann's last move, with the bot's answer
    match.go_to(2)
    assert match.state.total == 3 and match.save.cursor == 2 and len(match.save.actions) == 4
    assert match.undo_target() == 0
    assert match.redo_target() == 4  # Ann's move and the bot's answer after it
    match.go_to(0)
    assert match.undo_target() is None and match.redo_target() == 2


def test_undo_is_refused_where_moves_cannot_be_taken_back(games, toy):
    match = _match(toy, [Seat("Ann"), Seat("Bot", "bot")], undoable=False)
    match.play(toy.Add(1))
    assert match.undo_target() is None and match.redo_target() is None


def test_go_to_keeps_the_redo_tail_and_a_new_move_drops_it(games, toy):
    written = []
    match = _match(toy, [Seat("Ann")], target=5, write=written.append)
    for n in (1, 2, 2):
        match.play(toy.Add(n))
    assert match.save.over
    match.go_to(1)
    assert not match.save.over and match.state.total == 1 and written[-1] is match.save
    match.play(toy.Add(3))
    assert match.save.actions == [{"type": "add", "n": 1}, {"type": "add", "n": 3}]
    assert len(match.steps()) == 2 and match.steps()[1].action == toy.Add(3)


def test_steps_give_seat_action_before_and_after(games, toy):
    match = _match(toy, [Seat("Ann"), Seat("Bob")])
    moves = [toy.Roll() if i % 3 == 0 else toy.Add(1 + i % 3) for i in range(2 * MARK_EVERY + 5)]
    totals = [0]
    for m in moves:
        match.play(m)
        totals.append(match.state.total)
    steps = match.steps()
    assert len(steps) == len(moves)
    for i in (0, 1, MARK_EVERY - 1, MARK_EVERY, MARK_EVERY + 1, len(moves) - 1):
        step = steps[i]
        assert (step.seat, step.action) == (i % 2, moves[i])
        assert (step.before.total, step.after.total) == (totals[i], totals[i + 1])
    walked = list(steps.walk(MARK_EVERY - 2))
    assert [s.index for s in walked] == list(range(MARK_EVERY - 2, len(moves)))
    assert all(s.before.total == totals[s.index] and s.after.total == totals[s.index + 1] for s in walked)


def test_steps_are_replayed_once_and_extended_as_moves_are_made(games, toy, monkeypatch):
    match = _match(toy, [Seat("Ann")])
    for n in (1, 2, 3):
        match.play(toy.Add(n))
    steps = match.steps()
    monkeypatch.setattr(Steps, "replay", classmethod(lambda *a, **k: pytest.fail("replayed again")))
    for i in range(2 * MARK_EVERY):  # past a mark: the position before it is kept, not replayed
        match.play(toy.Add(1))
    assert match.steps() is steps and len(steps) == 3 + 2 * MARK_EVERY
    assert steps.position(len(steps)).to_text() == match.state.to_text()
    assert steps[MARK_EVERY + 1].before.total == 6 + MARK_EVERY - 2


def test_steps_agree_with_replay_at_every_cursor(games, toy):
    match = _match(toy, [Seat("Ann"), Seat("Bob")])
    for i in range(MARK_EVERY + 3):
        match.play(toy.Roll() if i % 2 else toy.Add(2))
    steps = match.steps()
    for n in range(len(steps) + 1):
        assert steps.position(n).to_text() == replay(match.save, upto=n).to_text()


def test_the_result_is_counted_once(games, toy):
    match = _match(toy, [Seat("Ann"), Seat("Bot", "bot")], target=3)
    assert match.result() is None  # not over
    match.play(toy.Add(3))
    result = match.result()
    assert result is not None and result.won is True
    assert match.result() is None and match.counted
    match.go_to(0)
    match.play(toy.Add(3))  # the same end again after an undo: still counted once
    assert match.result() is None


def test_a_game_opened_already_over_is_not_counted_again(games, toy):
    save = new_save("toy", [Seat("Ann")], {"target": 2}, 1)
    first = LocalMatch(save, replay(save))
    first.play(toy.Add(2))
    again = LocalMatch(save, replay(save))
    assert again.state.over and again.counted and again.result() is None


def test_a_bad_save_is_refused_with_the_move(games, toy):
    save = new_save("toy", [Seat("Ann")], None, 1)
    save.actions = [{"type": "add", "n": 1}, {"type": "add", "n": 9}]
    save.cursor = 1
    with pytest.raises(SaveError, match="move 2"):
        Steps.replay(save)
    save.actions = [{"type": "jump"}]
    with pytest.raises(SaveError, match="move 1"):
        Steps.replay(save)


def test_a_table_match_refuses_the_wrong_seat_and_waits_for_others(games, toy):
    save = new_save("toy", [Seat("Ann"), Seat("Bob")], None, 1)
    match = TableMatch(save, replay(save))
    assert match.check(toy.Add(1), seat=1) == "It is not your turn."
    assert match.check(toy.Add(1), seat=0) is None
    assert match.next(1).kind is Turn.WAIT and match.next(0).kind is Turn.HUMAN
    match.play(toy.Add(1))
    assert match.undo_target() is None and match.redo_target() is None
