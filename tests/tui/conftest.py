import pytest

import tui.games.base
from tui_support import store  # noqa: F401  (the fixture)

# A bot in the app thinks up to core.ai.BUDGET_S (1 s) a decision, all of it spent by
# the searching levels: in tests that is a second of CPU a reply for nothing asserted.
# A test about the budget itself sets its own (monkeypatch, after this fixture).
TEST_BOT_BUDGET_S = 0.05


@pytest.fixture(autouse=True)
def brief_bots(monkeypatch):
    monkeypatch.setattr(tui.games.base, "BOT_BUDGET_S", TEST_BOT_BUDGET_S)
