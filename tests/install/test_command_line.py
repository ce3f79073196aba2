"""The real `houses` command refuses bad values in words (issue 26, item 5): one line on
stderr, status 2, no traceback, the app not opened and no save left behind; and its
--help names every option of every game with the form's words and allowed values."""

from __future__ import annotations

import subprocess
import sys

import msgspec
import pytest

from core import GAMES
from core.engine import describe_choices, describe_seats
from tui import cli
from tui.start import NewGame
from tui.games import playable


def houses(*args: str, home) -> subprocess.CompletedProcess:
    env = {"HOUSES_HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm"}
    return subprocess.run([sys.executable, "-m", "houses", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, env=env, timeout=60)


def bad_values(game_id: str) -> list[list[str]]:
    """For every option of the game, values it must refuse: one outside its choices (or
    not a whole number for a number), plus bad seats, seeds and bot levels."""
    game = GAMES[game_id]
    cases = [["--seats", "9"], ["--seats", "0"], ["--seats", "two"], ["--seed", "-1"], ["--seed", "abc-1"],
             ["--seed", "1" * 20]]
    cases.append(["--bots", "godlike"])
    for field in msgspec.structs.fields(game.Options):
        flag = "--" + field.name.replace("_", "-")
        if field.type is bool:
            cases.append([f"{flag}=yes"])
        elif field.type is int:
            cases += [[flag, "-1"], [flag, "lots"], [flag, "99"]]
        else:
            cases += [[flag, "bogus"]]
    return cases


CASES = [["new", g, *case] for g in playable() for case in bad_values(g)] + [
    ["resume", "nosuchid"],
    ["resume"],  # nothing to resume in an empty folder
    ["new"],
    ["new", "bogus"],
    ["new", "dash", "--bots", "easy"],  # a game of people only
    ["new", "skirmish", "--bots", "easy,easy,easy,easy"],
    ["saves", "extra"],
    ["rules"],
    ["rules", "no-such-game"],
    ["bogus"],
    ["--bogus"],
]


@pytest.mark.parametrize("args", CASES, ids=" ".join)
def test_every_bad_command_line_value_is_refused_in_one_line_with_status_2(args, tmp_path):
    done = houses(*args, home=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("houses"), done.stderr
    assert "Traceback" not in done.stderr and "\x1b[" not in done.stdout  # no app drawn
    assert "_" not in lines[0].split("'")[0], lines[0]  # no internal field names before a quoted value
    saves_dir = tmp_path / "saves"
    assert not saves_dir.exists() or not any(saves_dir.iterdir())


def test_option_messages_use_the_forms_labels(tmp_path):
    done = houses("new", "house-rules", "--first", "green", home=tmp_path)
    assert "First player must be white or black, not 'green'" in done.stderr
    done = houses("new", "town", "--max-exchanges", "-1", home=tmp_path)
    assert "Max exchanges must be 0 to 7, not -1" in done.stderr
    done = houses("new", "house-rules", "--random-cards", "-5", home=tmp_path)
    assert "Random cards must be 2 to 10, not -5" in done.stderr and "random_cards" not in done.stderr


@pytest.mark.parametrize("game_id", playable())
def test_help_describes_every_option_with_its_label_and_allowed_values(game_id, capsys):
    game = GAMES[game_id]
    with pytest.raises(SystemExit) as info:
        cli.build_parser().parse_args(["new", game_id, "--help"])
    assert info.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "2 to 2" not in text
    for field in msgspec.structs.fields(game.Options):
        assert "--" + field.name.replace("_", "-") in text
        assert game.option_label(field.name) in text
        choices = game.option_choices.get(field.name)
        if choices:
            assert describe_choices(choices) in text
        if field.type is bool:
            assert "on or off" in text


def test_a_game_for_one_count_of_players_says_so_once(tmp_path):
    assert describe_seats(range(2, 3)) == "2 players"
    assert describe_seats(range(2, 5)) == "2 to 4 players"
    assert describe_seats(range(1, 2)) == "1 player"
    assert "HOUSE RULES is for 2 players, not 9." in houses("new", "house-rules", "--seats", "9", home=tmp_path).stderr


@pytest.mark.parametrize("name", ["DASH", "Dash", "house rules", "HOUSE-RULES", "town 77", "TOWN", "Skirmish"])
def test_rules_takes_ids_and_titles_in_any_case(name, capsys):
    assert cli.main(["rules", name]) == 0
    assert capsys.readouterr().out.startswith("# ")


def test_good_options_still_start(tmp_path):
    args = cli.build_parser().parse_args(["new", "house-rules", "--cards", "random", "--random-cards", "5",
                                          "--first", "black", "--bots", "easy", "--seed", "0"])
    spec = cli.new_game_spec(args)
    assert isinstance(spec, NewGame)  # a typed request for the app, not a tuple
    game_id, seats, seed, options = spec.game_id, spec.seats, spec.seed, spec.options
    assert (game_id, seed, options.cards, options.random_cards, options.first) == ("house-rules", 0, "random", 5, "black")
    assert [s.kind for s in seats] == ["human", "bot"]
