"""The keys a player is told: a screen's footer and its `?` table come from the same
bindings (the screens' BINDINGS, their widgets' and the app's), so no key can be
answered to and missing from either (issue 26; docs/architecture.md, "Keys").

- `number_keys` makes the digit bindings of a hand or a rack: one group, shown as
  "1-6 Card" in the footer and the table (the screen says how many apply now).
- `key_rows(screen_bindings(screen))` is the `?` table of a live screen: every binding
  that can act on it, keys grouped by what they do, with the binding's tooltip (or
  description).
- `FOOTER_EXEMPT` names what the footer may leave to the table: moving a cursor,
  choosing under it, zones, scrolling. Every other key that applies now is in the
  footer (tests/tui/test_keys_told.py walks every screen to check both).
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from tui import textual_compat as compat

NUMBERS = ".numbers"  # the id suffix of a digit group's first binding

# Actions the footer leaves to the `?` table and the status line: the cursor's keys,
# enter, tab, a replay's home/end, a list's first/last, scrolling, and the priority
# escape that stops a hint or closes a review (escape is told in the status line then).
FOOTER_EXEMPT = frozenset({
    "move", "cursor_up", "cursor_down", "select", "choose", "zone", "jump", "list_move",
    "list_end", "scroll", "scroll_to", "cancel_hint", "close_review", "scroll_up", "scroll_down",
    "first", "last", "page_up", "page_down", "scroll_home", "scroll_end", "cursor_left", "cursor_right",
    "cursor_page_up", "cursor_page_down", "cursor_home", "cursor_end", "cursor_line_start",
    "cursor_line_end", "toggle", "press", "delete_left", "delete_right",
})
# Keys of the whole app, the same on every screen: in every `?` table; the footer
# keeps its room for the screen's own keys (ctrl+q quits, ctrl+p the palette, ctrl+c
# copies a selection or says how to quit).
FOOTER_EXEMPT_IDS = frozenset({"app.quit"})
FOOTER_EXEMPT_APP = frozenset({"command_palette", "copy_text", "help_quit"})

# Words for bindings made without a description (Textual's own, a key added at run time).
WORDS = {
    "cancel_hint": "stop the hint being thought about",
    "put_hint_away": "put the hint shown away (the cursors back where they were)",
    "close_review": "close the review",
    "command_palette": "command palette (themes, saves, statistics, ...)",
    "help_quit": "says how to quit (ctrl+q)",
}

# How keys read in the table ("up" rather than Textual's arrow glyph: ASCII-safe).
KEY_NAMES = {
    "question_mark": "?", "right_square_bracket": "]", "left_square_bracket": "[", "comma": ",",
    "period": ".", "escape": "escape", "enter": "enter", "space": "space", "tab": "tab",
    "pageup": "page up", "pagedown": "page down",
}


def number_keys(action: str, description: str, count: int, id: str, tooltip: str = "") -> list[Binding]:
    """Bindings 1..count for `action(0)`..`action(count-1)`: the first stands for the
    group (shown "1-N description"); the others answer the same way, unshown."""
    first = Binding("1", f"{action}(0)", description, id=id + NUMBERS, key_display=f"1-{count}",
                    tooltip=tooltip)
    return [first] + [Binding(str(i + 1), f"{action}({i})", description, show=False, id=f"{id}_{i + 1}",
                              tooltip=tooltip) for i in range(1, count)]


def number_display(binding: Binding, count: int | None) -> str | None:
    """The footer's "1-N" for a digit group when `count` items apply now, else None."""
    if not binding.id or not binding.id.endswith(NUMBERS) or count is None:
        return None
    return "1" if count <= 1 else f"1-{count}"


def is_number(binding: Binding) -> bool:
    return binding.key.isdigit()


def action_name(binding: Binding) -> str:
    return binding.action.split("(")[0].rpartition(".")[2]


def key_name(key: str) -> str:
    """A key as the table names it."""
    return KEY_NAMES.get(key, key)


def defined_in(node: Any, binding: Binding) -> type | None:
    """The class of `node` whose BINDINGS has `binding` (the most derived), or None
    (a binding added at run time)."""
    for cls in type(node).__mro__:
        for b in cls.__dict__.get("BINDINGS", ()):
            keys, action = (b.key, b.action) if isinstance(b, Binding) else (b[0], b[1])
            if action == binding.action and binding.key in keys.replace(" ", "").split(","):
                return cls
    return None


def textual_own(node: Any, binding: Binding) -> bool:
    """Whether `binding` of `node` is one of Textual's widgets' own (a list's, a text
    field's, a scroll view's keys): cursor and editing keys, told in the `?` table."""
    cls = defined_in(node, binding)
    return cls is not None and cls.__module__.startswith("textual.")


def exempt(binding: Binding, node: Any = None) -> bool:
    """Whether the footer may leave this binding (of `node`) to the `?` table."""
    if node is not None and textual_own(node, binding):
        return True
    name = action_name(binding)
    return name in FOOTER_EXEMPT or name in FOOTER_EXEMPT_APP or (binding.id or "") in FOOTER_EXEMPT_IDS


def screen_bindings(screen: Any) -> list[Binding]:
    """Every binding a key may reach on `screen`: its own (class and added at run
    time), its focusable widgets', the app's. Those the screen says can never apply
    here (`key_never_applies`) are left out."""
    mro = type(screen).__mro__

    def depth(binding: Binding) -> int:  # the screen's own keys first, Textual's last
        cls = defined_in(screen, binding)
        return mro.index(cls) if cls is not None else 0

    never = getattr(screen, "key_never_applies", None)
    found: list[Binding] = [b for b in sorted(compat.node_bindings(screen), key=depth) if not (never and never(b))]
    widgets = [w for w in screen.query("*") if w.focusable or w.can_focus]
    for widget in widgets:
        found += [b for b in compat.node_bindings(widget) if not textual_own(widget, b)]
    # Textual's own keys of a list or a scroll view (left: scroll left) only for a key
    # not told already (left: the hand's cursor), so the table names a key once.
    told = {b.key for b in found}
    for widget in widgets:
        found += [b for b in compat.node_bindings(widget) if textual_own(widget, b) and b.key not in told]
    found += compat.node_bindings(screen.app)
    return [b for b in found if not (never and never(b))]


def class_bindings(screen_class: type, app: Any) -> list[Binding]:
    """The bindings of a screen class and the app, for a table without a live screen
    (the rules read from the home menu)."""
    merged = compat.class_bindings(screen_class)
    # A game's keys in play: a replay's, a review's and a shared table's have their own screens.
    special = ("replay.", "review.", "table.")
    return [b for b in merged if not (b.id or "").startswith(special)] + compat.node_bindings(app)


def key_rows(bindings: list[Binding]) -> list[tuple[str, str]]:
    """The `?` table of these bindings (`screen_bindings`): (keys, what they do), one
    row per thing done; digit groups as "1-N"; a key that does several things (e: end
    the deploy, pass, ...) gets them joined by " / "."""
    rows: dict[str, list[str]] = {}  # what -> keys
    digits: dict[str, list[Binding]] = {}
    for binding in bindings:
        if is_number(binding):
            digits.setdefault(action_name(binding), []).append(binding)
            continue
        # (an action with no words at all reads as words, never as an identifier)
        what = (binding.tooltip or binding.description
                or WORDS.get(action_name(binding), action_name(binding).replace("_", " ")))
        # One case in the table: "Undo" and Textual's "Focus Next" read "undo", "focus next".
        what = what.lower() if what.istitle() else what[:1].lower() + what[1:] if what[1:2].islower() else what
        keys = rows.setdefault(what, [])
        for key in binding.key.split(","):
            name = key_name(key.strip())
            if name not in keys:
                keys.append(name)
    table: list[tuple[str, str]] = []
    for group in digits.values():
        first = group[0]
        top = max(int(b.key) for b in group)
        what = first.tooltip or first.description
        table.append((f"1-{top}" if top > 1 else "1", what))
    by_keys: dict[str, list[str]] = {}
    for what, keys in rows.items():
        by_keys.setdefault(", ".join(keys), []).append(what)
    table += [(keys, " / ".join(dict.fromkeys(whats))) for keys, whats in by_keys.items()]
    return table


def keys_markdown(rows: list[tuple[str, str]]) -> str:
    """The table in Markdown, for the help screen."""
    lines = ["## Keys", "", "| Keys | What they do |", "| --- | --- |"]
    for keys, what in rows:
        lines.append(f"| {keys.replace('|', '&#124;')} | {what} |")
    return "\n".join(lines) + "\n"


def table_keys(rows: list[tuple[str, str]]) -> set[str]:
    """Every key named in the table (a digit group counts as each of its digits)."""
    found: set[str] = set()
    for keys, _ in rows:
        for key in keys.split(", "):
            if "-" in key and key.split("-")[0].isdigit():
                low, high = key.split("-")
                found.update(str(i) for i in range(int(low), int(high) + 1))
            else:
                found.add(key)
    return found
