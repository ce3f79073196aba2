"""Settings (defaults, corruption kept until changed) and stats (streaks, bests,
each finished save counted once)."""

from __future__ import annotations

import json

import pytest

from saves import FORMAT, Seat, Settings, Stats, Store, new_save, record


# -- settings ------------------------------------------------------------------------


def test_settings_defaults_when_missing(store):
    s, problem = store.read_settings()
    assert problem is None
    assert s == Settings()
    assert (s.theme, s.ascii, s.anim, s.player_name, s.last_new_game) == ("textual-dark", False, True, "You", {})
    assert not store.settings_path.exists()  # reading writes nothing


def test_settings_round_trip(store):
    s = Settings(theme="nord", ascii=True, anim=False, player_name="Ann")
    s.last_new_game["dash"] = {"seats": 3, "bots": ["easy", "hard"], "hidden_hands": True}
    store.save_settings(s)
    assert store.load_settings() == s
    assert json.loads(store.settings_path.read_text())["format"] == FORMAT


def test_settings_missing_keys_take_defaults_and_unknown_keys_are_ignored(store):
    store.root.mkdir(parents=True)
    store.settings_path.write_text('{"format": 1, "theme": "nord", "from_the_future": 1}')
    s, problem = store.read_settings()
    assert problem is None and s.theme == "nord" and s.anim is True


@pytest.mark.parametrize(
    "data, words",
    [
        (b'{"theme": "nord", "asc', "truncated"),
        (b"garbage", "not valid JSON"),
        (b'{"ascii": "yes"}', "unexpected contents"),
        (b'{"format": 99, "theme": "x"}', "newer Houses"),
    ],
)
def test_settings_corrupt_gives_defaults_and_keeps_the_file_until_changed(store, data, words):
    store.root.mkdir(parents=True)
    store.settings_path.write_bytes(data)
    s, problem = store.read_settings()
    assert s == Settings()
    assert words in problem and "settings.json" in problem and "kept" in problem
    assert store.load_settings() == Settings() and store.settings_problem == problem
    assert store.settings_path.read_bytes() == data  # kept as is
    # the player changes a setting: now it is written
    store.save_settings(Settings(theme="dracula"))
    assert store.load_settings().theme == "dracula" and store.settings_problem is None


# -- stats ---------------------------------------------------------------------------


def _finished(store, toy, game="toy"):
    # Two seats: a solo game of a competitive game is a score, outside the streak
    # (tests/tui/test_stats_results.py).
    s = new_save(game, [Seat("Ann"), Seat("Bob")], {"target": 1}, 1)
    record(s, toy.Add(1), over=True)
    store.write(s)
    return s


def test_stats_empty_by_default(store):
    st = store.load_stats()
    assert st == Stats() and st.get("toy").played == 0 and store.stats_problem is None


def test_stats_streaks_wins_losses_draws(store, toy):
    results = [True, True, False, True, True, True, None, True]
    for r in results:
        store.record_result(_finished(store, toy), r)
    g = store.load_stats().get("toy")
    assert (g.played, g.won, g.lost, g.drawn) == (8, 6, 1, 1)
    assert g.streak == 1  # the draw ended the run of three
    assert g.best_streak == 3


def test_stats_counts_each_save_once(store, toy):
    s = _finished(store, toy)
    first = store.record_result(s, True, {"best_trees": 4})
    assert first.counted and first.stats.won == 1
    # resumed, replayed, loaded again in another session: never counted twice
    again = Store(store.root).record_result(store.load(s.id), False, {"best_trees": 9})
    assert not again.counted
    g = store.load_stats().get("toy")
    assert (g.played, g.won, g.lost, g.best) == (1, 1, 0, {"best_trees": 4.0})
    assert store.load_stats().counted == [s.id]


def test_stats_best_solo_results_high_and_low(store, toy):
    r = store.record_result(_finished(store, toy), True, {"best_trees": 3, "fewest_cards_left": 5})
    assert sorted(r.new_bests) == ["best_trees", "fewest_cards_left"]
    r = store.record_result(_finished(store, toy), True, {"best_trees": 5, "fewest_cards_left": 7})
    assert r.new_bests == ["best_trees"]
    r = store.record_result(_finished(store, toy), False, {"best_trees": 2, "fewest_cards_left": 2})
    assert r.new_bests == ["fewest_cards_left"]
    g = store.load_stats().get("toy")
    assert g.best == {"best_trees": 5.0, "fewest_cards_left": 2.0}
    assert g.better == {"best_trees": "high", "fewest_cards_left": "low"}


def test_stats_keep_the_last_solo_results_beside_the_best(store, toy):
    store.record_result(_finished(store, toy), None, {"most_tiles_placed": 30})
    store.record_result(_finished(store, toy), None, {"most_tiles_placed": 12})
    g = store.load_stats().get("toy")
    assert g.best == {"most_tiles_placed": 30.0} and g.last == {"most_tiles_placed": 12.0}
    store.record_result(_finished(store, toy), True)  # a game without solo results
    assert store.load_stats().get("toy").last == {"most_tiles_placed": 12.0}


def test_stats_better_rule_given_by_caller(store, toy):
    store.record_result(_finished(store, toy), True, {"turns": 30}, better={"turns": "low"})
    r = store.record_result(_finished(store, toy), True, {"turns": 20})  # rule remembered
    assert r.new_bests == ["turns"] and store.load_stats().get("toy").best["turns"] == 20


def test_stats_are_per_game(store, toy):
    store.record_result(_finished(store, toy), True)
    other = new_save("other", [Seat("Ann"), Seat("Bob")], None, 1)
    other.over = True
    store.write(other)
    store.record_result(other, False)
    st = store.load_stats()
    assert (st.get("toy").won, st.get("other").lost) == (1, 1)


def test_stats_refuse_unfinished_or_unsaved_games(store, toy):
    s = new_save("toy", [Seat("Ann")], None, 1)
    with pytest.raises(ValueError, match="finished"):
        store.record_result(s, True)
    s.over, s.id = True, ""
    with pytest.raises(ValueError, match="id"):
        store.record_result(s, True)


def test_stats_corrupt_file_is_reported_and_copied_aside_before_replacing(store, toy):
    store.root.mkdir(parents=True)
    store.stats_path.write_bytes(b'{"games": {"toy": {"played": ')
    st, problem = store.read_stats()
    assert st == Stats() and "truncated" in problem and "stats.json" in problem
    assert store.stats_path.read_bytes().endswith(b'"played": ')  # reading keeps it
    store.record_result(_finished(store, toy), True)
    asides = [p for p in store.root.iterdir() if p.name.startswith("stats.json.unreadable-")]
    assert len(asides) == 1 and asides[0].read_bytes() == b'{"games": {"toy": {"played": '
    assert store.load_stats().get("toy").won == 1 and store.stats_problem is None
