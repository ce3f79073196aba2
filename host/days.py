"""The days of the things of the day on a host (the deals of the day, host/community.py;
the puzzles of the day, host/puzzles.py): which day a player's result may be for, and
a player's days in a row."""

from __future__ import annotations

from datetime import date, timedelta


def near_today(text: str, today: date, what: str) -> date | str:
    """The day `text` names, if it is the host's today, yesterday or tomorrow (a
    player's date can differ by a time zone); else why not, in words."""
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return f"{text!r} is not a date (YYYY-MM-DD)."
    if abs((day - today).days) > 1:
        return f"The {what} of {text} is not today's: only today's results are kept."
    return day


def streak(history: list[tuple[str, bool]], today: date) -> int:
    """Days won in a row, up to `today` (or up to yesterday while today's deal is not
    played yet: the streak is still alive)."""
    won = {date.fromisoformat(d) for d, w in history if w}
    played = {date.fromisoformat(d) for d, _ in history}
    day = today if today in played else today - timedelta(days=1)
    count = 0
    while day in won:
        count += 1
        day -= timedelta(days=1)
    return count
