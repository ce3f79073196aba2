"""Rules and keys: a game's docs/rules/<id>.md with the common keys after it."""

from __future__ import annotations

import re

from rich.markdown import Markdown as RichMarkdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.rules import rules_text
from tui.screens.list_screen import ListScreen
from tui.app_typed import UsesHousesApp
from tui.widgets.footer import Footer


_BLOCK_START = re.compile(r"(\||#|[-*] |\d+\. |```|>)")


def ascii_text(text: str) -> str:
    """Markdown `text` as plain ASCII text: the lines of a paragraph or a list item
    joined, so that the screen wraps them, not the source; tables, headings and
    code as written; any character outside ASCII shown as "?" (the rules give an
    ASCII equivalent beside each symbol they use)."""
    out: list[str] = []
    in_code = False
    for line in text.splitlines():
        bare = line.strip()
        if bare.startswith("```"):
            in_code = not in_code
        previous = out[-1].strip() if out else ""
        joins = (not in_code and bare and not _BLOCK_START.match(bare)
                 and previous and not previous.startswith(("|", "#", "```")))
        if joins:
            out[-1] += " " + bare
        else:
            out.append(line)
    return "\n".join(out).encode("ascii", "replace").decode("ascii")


class RulesText(Static):
    """A Markdown document drawn whole by one widget. Textual's Markdown widget builds
    a widget per block, table cell and list item (~550 for the Skirmish rules, 1.5 s
    of CPU to open); Rich draws the same headings, lists and tables in one go."""

    def __init__(self, source: str, *, ascii: bool) -> None:
        # Rich draws Markdown with box lines and round bullets: in ASCII the source
        # itself is shown, which reads as plain text.
        super().__init__(ascii_text(source) if ascii else RichMarkdown(source), markup=False, id="help-text")
        self.source = source


class HelpScreen(UsesHousesApp, ModalScreen[None]):
    """Scrollable rules of one game (or the keys alone), closed with escape, q or ?."""

    BINDINGS = [
        Binding("escape,q,question_mark", "dismiss", "Close", id="help.close"),
        Binding("up,k,w", "scroll(-1)", "Scroll", show=False),
        Binding("down,j,s", "scroll(1)", "Scroll", show=False),
        Binding("pageup,b", "scroll(-18)", "Page up", show=False),
        Binding("pagedown,space,f", "scroll(18)", "Page down", show=False),
        Binding("home,g", "scroll_to(0)", "Top", show=False),
        Binding("end,G", "scroll_to(-1)", "End", show=False),
    ]

    def __init__(self, game_id: str | None = None, keys: list[tuple[str, str]] | None = None) -> None:
        """`keys`: the key table of the screen asking (tui/keys.py); without it, that of
        the game's screen class (the rules read from the menu)."""
        super().__init__()
        self.game_id = game_id
        self.keys = keys

    def _keys(self) -> str:
        from tui.keys import class_bindings, key_rows, keys_markdown
        from tui.textual_compat import node_bindings

        rows = self.keys
        if rows is None and self.game_id:
            from tui.games import screen_class

            rows = key_rows(class_bindings(screen_class(self.game_id), self.app))
        if rows is None:  # no screen, no game: the app's own keys
            rows = key_rows(node_bindings(self.app))
        return keys_markdown(rows)

    def compose(self) -> ComposeResult:
        keys = self._keys()
        text = rules_text(self.game_id) + "\n" + self._legend() + keys if self.game_id else "# Houses\n\n" + keys
        with VerticalScroll(id="help-body"):
            yield RulesText(text, ascii=self.houses.glyphs.ascii)
        yield Footer()

    def _legend(self) -> str:
        """What the game screen's marks mean, when its screen class offers a
        `legend(glyphs)` (Markdown); empty otherwise."""
        from tui.games import SCREENS, screen_class

        legend = getattr(screen_class(self.game_id), "legend", None) if self.game_id in SCREENS else None
        return legend(self.houses.glyphs) + "\n" if legend else ""

    def on_mount(self) -> None:
        self.query_one("#help-body").focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_scroll_to(self, where: int) -> None:
        body = self.query_one("#help-body", VerticalScroll)
        if where == 0:
            body.scroll_home(animate=False)
        else:
            body.scroll_end(animate=False)


class RulesMenuScreen(ListScreen):
    """Pick a game to read its rules."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back", id="rules.back")]

    def compose(self) -> ComposeResult:
        from core import GAMES
        from tui.games import playable

        yield Static("Rules", classes="screen-title")
        yield OptionList(*[Option(GAMES[g].title, id=g) for g in playable()], id="rules-menu")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(HelpScreen(event.option.id))
