"""Compatibility: the HOUSE RULES bots moved to core.house_rules.bots (issue 14,
one layout a game). Remove once nothing imports this module."""

from core.house_rules.bots import evaluate, key, make_bot, move_order  # noqa: F401
