"""Seeded random key walks over the app (issue 11): the machinery behind
tests/tui/test_key_walks.py, test_no_cut_text.py and test_bindings.py.

A walk opens one game mode at 80x24 and presses a few hundred keys drawn from every
key a player uses. After every key it checks that the app did not fail, that the
position on screen is the position in the save on disk, and that the game keeps
moving (a bot to move answers within its budget). Keys that leave the game (q, n, ?,
ctrl+q) are followed back into it, and the resumed position must be the same.
"""

from walks.driver import MODES, Mode, WalkFailure, walk  # noqa: F401
