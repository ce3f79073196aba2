"""What a screen tells of its keys (issue 26 item 4): every key that answers now is in
the screen's `?` table and, unless a cursor key (tui/keys.py FOOTER_EXEMPT), in its
footer; no footer key or status line is cut. Checked after each key of the walks
(tests/tui/test_key_walks.py at 80x24, tests/tui/test_keys_told.py at 120x40)."""

from __future__ import annotations

from walks import driver
from walks.cut import cut_findings


def told_problems(app) -> list[str]:
    """What the screen on top answers to but does not tell, and what it cuts."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    from tui.keys import exempt, key_name, key_rows, screen_bindings, table_keys

    screen = app.screen
    name = type(screen).__name__
    active = screen.active_bindings
    problems: list[str] = []
    asks_help = any(b.binding.action.endswith("help") for b in active.values())
    rows = key_rows(screen_bindings(screen)) if asks_help else []
    table = table_keys(rows) if asks_help else None
    # the table speaks to players: words, never an action's identifier ("put_hint_away")
    problems_words = [f"{name}: ? table row {keys!r} reads {what!r}" for keys, what in rows
                      if "_" in what or what.isidentifier() and what != what.lower()]
    footers = list(screen.query(Footer))
    shown = {fk.key for fk in screen.query(FooterKey)} if footers else set()
    shown_actions = {fk.action for fk in screen.query(FooterKey)} if footers else set()
    for key, (node, binding, enabled, _) in active.items():
        if not enabled:
            continue
        if table is not None and key_name(key) not in table:
            problems.append(f"{name}: {key} ({binding.action}) answers but is not in the ? table")
        # a key is told by another of its action ("del Delete" for x too), a digit by its
        # group's first key ("1-6 Card")
        in_footer = key in shown or binding.action in shown_actions or (key.isdigit() and "1" in shown)
        if footers and not exempt(binding, node) and not in_footer:
            problems.append(f"{name}: {key} ({binding.action}) answers but is not in the footer")
    width = screen.region.width
    for footer_key in screen.query(FooterKey):
        region = footer_key.region
        if region.width and region.right > width:
            problems.append(f"{name}: footer key {footer_key.key} {footer_key.description!r} "
                            f"runs past column {width}")
    problems += problems_words
    problems += [f for f in cut_findings(app) if "FooterKey" in f or "#status" in f]
    return problems


def check_told(found: dict[str, str]):
    async def on_key(pilot, log):
        await driver.drain(pilot)
        for _ in range(10):  # a footer being composed again after the key: let it settle
            problems = told_problems(pilot.app)
            if not problems:
                return
            await pilot.pause(0.1)
        for problem in problems:
            found.setdefault(problem, f"{log.mode.name} seed {log.seed}, keys {log.keys[-8:]}")
    return on_key


def report(found: dict[str, str]) -> str:
    return "\n".join(f"{problem}\n    ({where})" for problem, where in found.items())
