"""Save files: round trip, listing, replay, and every kind of bad file."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import msgspec
import pytest

from saves import FORMAT, LocalMatch, SaveError, SaveFile, Seat, Store, new_save, record, replay


def _play(save, toy, moves):
    for m in moves:
        record(save, m)
    return save


def _snapshot(folder):
    """Every file in a folder tree with its bytes and mtime: to prove nothing changed."""
    out = {}
    for root, _, files in os.walk(folder):
        for f in files:
            p = os.path.join(root, f)
            st = os.stat(p)
            out[p] = (open(p, "rb").read(), st.st_mtime_ns)
    return out


def test_new_save_has_fresh_sortable_id_and_defaults(games):
    save = new_save("toy", [Seat("Ann"), Seat("Bot", "bot", "easy")], None, seed=5)
    assert save.id.startswith("toy-") and len(save.id.split("-")) == 4
    assert save.format == FORMAT
    assert save.options == {"target": 10}
    assert save.cursor == 0 and save.actions == [] and not save.over
    assert save.created == save.updated and save.created.endswith("Z")
    assert save.seats[1] == Seat("Bot", "bot", "easy")


def test_new_save_refuses_unknown_game_and_bad_seats(games):
    with pytest.raises(ValueError, match="no game"):
        new_save("nope", [Seat("A")], None, 1)
    with pytest.raises(ValueError, match="1 to 2"):
        new_save("toy", [Seat("A")] * 3, None, 1)


def test_round_trip_write_then_load_is_equal(store, toy):
    save = new_save("toy", [Seat("Ann"), Seat("Bob")], {"target": 50}, seed=9)
    _play(save, toy, [toy.Add(2), toy.Roll(), toy.Add(3)])
    path = store.write(save)
    assert path == store.saves_dir / f"{save.id}.json"
    loaded = store.load(save.id)
    assert loaded == save
    assert loaded.actions == [{"type": "add", "n": 2}, {"type": "roll"}, {"type": "add", "n": 3}]
    # pretty, human-readable JSON
    text = path.read_text()
    assert "\n  " in text and json.loads(text)["format"] == FORMAT


def test_load_accepts_file_name_too(store, toy):
    save = new_save("toy", [Seat("Ann")], None, 1)
    store.write(save)
    assert store.load(save.id + ".json") == save


def test_write_updates_updated(store):
    save = new_save("toy", [Seat("Ann")], None, 1)
    save.updated = "2000-01-01T00:00:00.000000Z"
    store.write(save)
    assert save.updated > "2026"
    assert store.load(save.id).updated == save.updated


def test_replay_rebuilds_position_with_chance(store, toy):
    save = new_save("toy", [Seat("Ann"), Seat("Bob")], {"target": 1000}, seed=42)
    state = toy.TOY.new(2, 42, toy.ToyOptions(1000))
    for m in [toy.Roll(), toy.Add(1), toy.Roll(), toy.Roll()]:
        state.apply(m)
        record(save, m, state=state)
    store.write(save)
    again = replay(store.load(save.id))
    assert again.to_text() == state.to_text()


def test_record_sets_over_and_summary_when_told(games, toy):
    save = new_save("toy", [Seat("Ann")], {"target": 3}, 1)
    record(save, toy.Add(1), summary="Toy, total 1")
    assert save.summary == "Toy, total 1" and not save.over
    state = replay(save)
    state.apply(toy.Add(2))
    record(save, toy.Add(2), state=state)
    assert save.over
    LocalMatch(save, state).go_to(save.cursor - 1)  # an undo
    assert not save.over


def test_list_is_newest_first(store):
    ids = []
    for i in range(3):
        s = new_save("toy", [Seat("Ann")], None, i)
        s.id = f"toy-2026010{i}-000000-0000"
        store.write(s)
        ids.append(s.id)
    # touch the first again: it becomes the newest
    first = store.load(ids[0])
    store.write(first)
    assert [s.id for s in store.list()] == [ids[0], ids[2], ids[1]]


def test_newest_unfinished_skips_finished_games(store, toy):
    assert store.newest_unfinished() is None
    a = new_save("toy", [Seat("Ann")], None, 1)
    store.write(a)
    b = new_save("toy", [Seat("Ann")], {"target": 1}, 2)
    record(b, toy.Add(1), over=True)
    store.write(b)
    assert store.list()[0].id == b.id
    assert store.newest_unfinished().id == a.id


def test_delete_removes_the_file(store):
    s = new_save("toy", [Seat("Ann")], None, 1)
    store.write(s)
    store.delete(s.id)
    assert store.list() == []
    with pytest.raises(SaveError, match="no save"):
        store.load(s.id)


def test_path_refuses_names_that_leave_the_folder(store):
    for bad in ["../x", "a/b", ".hidden", ""]:
        with pytest.raises(SaveError):
            store.load(bad)


# -- bad files ---------------------------------------------------------------------


def _good_bytes(store, toy):
    s = new_save("toy", [Seat("Ann"), Seat("Bob")], None, 3)
    _play(s, toy, [toy.Add(1), toy.Add(2)])
    return s, store.write(s).read_bytes()


def _plant(store, name, data):
    store.saves_dir.mkdir(parents=True, exist_ok=True)
    p = store.saves_dir / name
    p.write_bytes(data)
    return p


def _bad_case(store, toy, name, data, match):
    _good_bytes(store, toy)
    n_good = len(store.list())
    n_bad = [u.id for u in store.list_problems()]
    p = _plant(store, name, data)
    before = _snapshot(store.root)
    stem = name[: -len(".json")]
    with pytest.raises(SaveError, match=match) as info:
        store.load(stem)
    assert name in str(info.value)
    good, bad = store.scan()
    assert len(good) == n_good and [u.id for u in bad] == sorted(n_bad + [stem])
    (u,) = [u for u in bad if u.id == stem]
    assert name in u.message and u.path == p
    assert store.list_problems() == bad
    # reading never changes, renames or deletes anything
    assert _snapshot(store.root) == before
    return info.value


def test_bad_file_truncated(store, toy):
    _, data = _good_bytes(store, toy)
    _bad_case(store, toy, "cut.json", data[: len(data) // 2], "truncated")


def test_bad_file_empty(store, toy):
    _bad_case(store, toy, "empty.json", b"", "empty")


def test_bad_file_not_json(store, toy):
    _bad_case(store, toy, "junk.json", b"\x00\xffnot json at all", "not valid JSON")


def test_bad_file_json_of_wrong_shape(store, toy):
    _bad_case(store, toy, "list.json", b"[1, 2, 3]", "not a Houses save")
    _, data = _good_bytes(store, toy)
    raw = json.loads(data)
    raw["seed"] = "seven"
    _bad_case(store, toy, "shape.json", json.dumps(raw).encode(), r"expected shape.*seed")


def test_bad_file_cursor_out_of_range(store, toy):
    _, data = _good_bytes(store, toy)
    raw = json.loads(data)
    raw["cursor"] = 9
    _bad_case(store, toy, "cursor.json", json.dumps(raw).encode(), "cursor 9")


def test_bad_file_another_games_actions(store, toy):
    _, data = _good_bytes(store, toy)
    raw = json.loads(data)
    raw["actions"].append({"type": "flip", "card": "A"})
    err = _bad_case(store, toy, "foreign.json", json.dumps(raw).encode(), "Toy does not know: move 3")
    assert err.move == 3


def test_bad_file_unknown_game(store, toy):
    _, data = _good_bytes(store, toy)
    raw = json.loads(data)
    raw["game"] = "chess"
    _bad_case(store, toy, "chess.json", json.dumps(raw).encode(), "does not have: 'chess'")


def test_bad_file_newer_format(store, toy):
    _, data = _good_bytes(store, toy)
    raw = json.loads(data)
    raw["format"] = FORMAT + 2
    raw["actions"] = "a shape from the future"
    err = _bad_case(store, toy, "future.json", json.dumps(raw).encode(), "newer Houses")
    assert str(err) == (
        f"Save 'future.json' is from a newer Houses (format {FORMAT + 2}; this version reads up to "
        f"{FORMAT}). It was left as it is."
    )


def test_bad_file_action_that_no_longer_replays(store, toy):
    _, data = _good_bytes(store, toy)
    raw = json.loads(data)
    raw["actions"].insert(1, {"type": "add", "n": 7})
    raw["cursor"] = len(raw["actions"])
    _plant(store, "stale.json", json.dumps(raw).encode())
    before = _snapshot(store.root)
    with pytest.raises(SaveError) as info:  # the JSON reads, but its moves no longer replay
        store.load("stale")
    msg = str(info.value)
    assert "stale.json" in msg and "move 2" in msg and "add 7" in msg and "not 7" in msg
    assert info.value.move == 2
    with pytest.raises(SaveError, match="move 2"):
        store.open("stale")
    (save,) = [s for s in store.scan()[0] if s.id == "stale"]  # listed (moves are checked on opening)
    with pytest.raises(SaveError, match="move 2"):
        replay(save)
    assert _snapshot(store.root) == before


def test_bad_move_after_the_cursor_is_refused_at_load(store, toy):
    """A move kept for redo is checked too: redo must never meet a bad move."""
    _, data = _good_bytes(store, toy)
    raw = json.loads(data)
    raw["actions"].append({"type": "add", "n": 7})
    raw["cursor"] = 1  # the bad move lies ahead of the cursor
    _plant(store, "tail.json", json.dumps(raw).encode())
    before = _snapshot(store.root)
    with pytest.raises(SaveError, match="move 3") as info:
        store.load("tail")
    assert "tail.json" in str(info.value) and "left as it is" in str(info.value)
    assert info.value.move == 3
    (save,) = [s for s in store.scan()[0] if s.id == "tail"]
    with pytest.raises(SaveError, match="move 3"):  # opening it replays the redo tail too
        replay(save)
    assert replay(save, upto=1).total == 1  # stepping through the checked part still works
    assert _snapshot(store.root) == before


def test_replay_checks_the_redo_tail_but_returns_the_cursor_position(store, toy):
    save = new_save("toy", [Seat("Ann")], None, 1)
    save.actions = [{"type": "add", "n": 1}, {"type": "add", "n": 2}]
    save.cursor = 1
    assert replay(save).total == 1
    save.actions[1] = {"type": "add", "n": 9}
    with pytest.raises(SaveError, match="move 2"):
        replay(save)


def test_write_refuses_to_overwrite_an_unreadable_file(store, toy):
    save, data = _good_bytes(store, toy)
    path = store.saves_dir / f"{save.id}.json"
    path.write_bytes(data[:20])  # damaged behind our back
    record(save, toy.Add(1))
    with pytest.raises(SaveError, match="cannot be read, so it was kept"):
        store.write(save)
    assert path.read_bytes() == data[:20]


def test_write_refuses_to_overwrite_a_newer_format_file(store, toy):
    save, data = _good_bytes(store, toy)
    path = store.saves_dir / f"{save.id}.json"
    raw = json.loads(data)
    raw["format"] = FORMAT + 1
    future = json.dumps(raw).encode()
    path.write_bytes(future)
    with pytest.raises(SaveError, match="newer Houses"):
        store.write(save)
    assert path.read_bytes() == future


def test_write_over_a_file_changed_by_another_process_that_is_still_good(store, toy):
    save, _ = _good_bytes(store, toy)
    other = Store(store.root)
    copy = other.load(save.id)
    record(copy, toy.Add(3))
    other.write(copy)
    record(save, toy.Add(1))
    store.write(save)  # the file on disk is a readable save: autosave may replace it
    assert store.load(save.id).actions[-1] == {"type": "add", "n": 1}


def test_unreadable_files_do_not_hide_good_ones_and_odd_files_are_ignored(store, toy):
    s, _ = _good_bytes(store, toy)
    _plant(store, "bad.json", b"{")
    _plant(store, "notes.txt", b"hello")
    _plant(store, ".toy-x.json.1234.tmp", b"{")
    assert [x.id for x in store.list()] == [s.id]
    assert [u.id for u in store.list_problems()] == ["bad"]


def test_saves_imports_no_textual():
    code = "import saves, sys; assert 'textual' not in sys.modules, 'textual imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_savefile_format_field_comes_first_in_the_file(store):
    s = new_save("toy", [Seat("Ann")], None, 1)
    text = store.write(s).read_text()
    assert text.lstrip("{\n ").startswith('"format"')
    assert msgspec.json.decode(text.encode(), type=SaveFile).id == s.id


def test_store_root_is_houses_home_else_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("HOUSES_HOME", str(tmp_path / "h"))
    assert Store().root == tmp_path / "h"
    assert Store().saves_dir == tmp_path / "h" / "saves"
    monkeypatch.delenv("HOUSES_HOME")
    assert Store().root.name == "houses"


def test_renamed_file_takes_its_id_from_the_file_name(store):
    s = new_save("toy", [Seat("Ann")], None, 1)
    path = store.write(s)
    path.rename(store.saves_dir / "my-game.json")
    assert store.load("my-game").id == "my-game"
    assert [x.id for x in store.list()] == ["my-game"]


from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    names=st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=2),
    moves=st.lists(st.one_of(st.integers(1, 3), st.none()), max_size=40),
    seed=st.integers(-(2**40), 2**40),
    back=st.integers(0, 5),
)
def test_round_trip_any_names_moves_and_cursor(tmp_path_factory, games, toy, names, moves, seed, back):
    store = Store(tmp_path_factory.mktemp("h"))
    save = new_save("toy", [Seat(n) for n in names], {"target": 10_000}, seed)
    state = toy.TOY.new(len(names), seed, toy.ToyOptions(10_000))
    for m in moves:
        a = toy.Roll() if m is None else toy.Add(m)
        state.apply(a)
        record(save, a, state=state)
    LocalMatch(save, state).go_to(save.cursor - min(back, save.cursor))  # undo `back` moves
    store.write(save)
    loaded = store.load(save.id)
    assert loaded == save
    expected = replay(save, upto=len(moves) - min(back, len(moves)))
    assert replay(loaded).to_text() == expected.to_text()
    if back == 0:
        assert expected.to_text() == state.to_text()


def test_write_refuses_to_overwrite_another_game_with_the_same_id(store, toy):
    a = new_save("toy", [Seat("Ann")], None, 1)
    path = store.write(a)
    before = path.read_bytes()
    b = new_save("toy", [Seat("Bob")], None, 2)
    b.id, b.created = a.id, "1999-01-01T00:00:00.000000Z"
    for writer in (store, Store(store.root)):  # with and without having written it
        with pytest.raises(SaveError, match="holds another game"):
            writer.write(b)
        assert path.read_bytes() == before


def test_bad_file_bot_level_that_does_not_exist(store, toy):
    _, data = _good_bytes(store, toy)
    raw = json.loads(data)
    raw["seats"][1] = {"name": "Bob", "kind": "bot", "level": "insane"}
    err = _bad_case(store, toy, "insane.json", json.dumps(raw).encode(), "bot level")
    assert "'insane'" in str(err) and "left as it is" in str(err)
