"""Issue 23 item 1: a game is one package. Its id as a string literal ("dash",
"house-rules", ...) appears only in its own packages (core/<game>/, its screen's
tui/games/<game>/) and the two registries (core/__init__.py, tui/games/__init__.py);
everything else (menus, the deals of the day, statistics, the host's community and
ratings) reads the registry (docs/architecture.md, "Adding a game")."""

from __future__ import annotations

import re
from pathlib import Path

from core import GAMES
from tui.games import SCREENS

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("core", "saves", "host", "tui")
REGISTRIES = {ROOT / "core" / "__init__.py", ROOT / "tui" / "games" / "__init__.py"}


def own_folders(game_id: str, root: Path = ROOT) -> list[Path]:
    """The game's rules package and its screen's package."""
    folders = [root.joinpath(*GAMES.info(game_id).module.split("."))]
    if game_id in SCREENS:
        folders.append(root.joinpath(*SCREENS[game_id].partition(":")[0].split(".")[:-1]))
    return folders


def literals_outside(game_id: str, root: Path = ROOT) -> list[str]:
    """Where `game_id` is written as a quoted string outside its own places."""
    pattern = re.compile(r"""(["'])""" + re.escape(game_id) + r"\1")
    own = own_folders(game_id, root)
    registries = {root / path.relative_to(ROOT) for path in REGISTRIES}
    found = []
    for layer in LAYERS:
        for path in sorted((root / layer).rglob("*.py")):
            if path in registries or any(folder in path.parents for folder in own):
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(root)}:{n}: {line.strip()}")
    return found


def test_no_game_id_literal_outside_its_own_packages_and_the_registries():
    found = [hit for game_id in GAMES for hit in literals_outside(game_id)]
    assert not found, "game ids written out where the registry should be read:\n" + "\n".join(found)


def test_the_literal_check_sees_a_literal_and_spares_the_games_own_places(tmp_path):
    """The check is not blind: in a copy of the layout, a quoted id in another layer
    is found; the same in the game's packages and the registries is not."""
    for where in ("saves/stray.py", "tui/screens/stray.py", "core/town/x.py", "tui/games/town/x.py",
                  "core/__init__.py", "tui/games/__init__.py"):
        (tmp_path / where).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / where).write_text("WHICH = 'town'\n", encoding="utf-8")
    found = literals_outside("town", tmp_path)
    assert [hit.split(":")[0] for hit in found] == ["saves/stray.py", "tui/screens/stray.py"]
    assert not literals_outside("house-rules", tmp_path)
    assert own_folders("town") == [ROOT / "core" / "town", ROOT / "tui" / "games" / "town"]
