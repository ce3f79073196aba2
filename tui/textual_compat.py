"""Every private Textual name the app uses, here and nowhere else in tui/, each
with the reason no public API serves (docs/architecture.md, "With Textual, not
against it"). Textual is pinned in pyproject.toml; tests/tui/test_textual_compat.py
calls each of these against the installed Textual, so an upgrade that renames or
changes one fails there, by name, instead of in play.

The web host's textual-serve shims are in host/serve_compat.py: host/ may not
import tui/ (the layers), and the host's web server runs without Textual's app.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual._context import active_app
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.binding import Binding
from textual.content import Content
from textual.dom import DOMNode
from textual.driver import Driver
from textual.message import Message
from textual.widgets import Checkbox

# -- the app -------------------------------------------------------------------------


def drawing_app() -> App[Any] | None:
    """The app drawing now. A scroll bar's renderer (ScrollBar.renderer, public) is
    built with no node to ask, and an ASCII app draws its bars without block glyphs."""
    return active_app.get(None)


def app_loop(app: App[Any]) -> asyncio.AbstractEventLoop | None:
    """The event loop `app` runs on, for another thread (a signal's) to ask it to
    leave: Textual sets it when the app starts, before any of our code runs on it, and
    has no public accessor."""
    loop = getattr(app, "_loop", None)
    return loop if isinstance(loop, asyncio.AbstractEventLoop) else None


class ErrorFilterApp(App[None]):
    """An App that may drop an error raised while it closes: Textual's only hook for
    an unhandled exception is the private `_handle_exception`, which ends the app.
    `dropped_error` (ours, public) decides; by default nothing is dropped."""

    def dropped_error(self, error: Exception) -> bool:
        return False

    def _handle_exception(self, error: Exception) -> None:
        if self.dropped_error(error):
            return
        super()._handle_exception(error)


def message_stopped(message: Message) -> bool:
    """Whether a handler stopped `message` (`stop()`): the app holds each key until
    it is handled (tui/app.py), and a stopped key was; Textual has no public reader."""
    return message._stop_propagation


# -- widgets -------------------------------------------------------------------------


class BoxDrawnCheckbox(Checkbox):
    """A Checkbox whose box is drawn by `box` (ours, public): Textual 8 draws it in
    the private `_button` property, and its own box tells on from off by colour only."""

    def box(self) -> Content:
        return super()._button

    @property
    def _button(self) -> Content:
        return self.box()


# -- bindings ------------------------------------------------------------------------
# The `?` table lists every key a screen answers to, its focusable widgets' too,
# and the keys of a screen class not yet opened (the rules read from home). Textual
# offers only `active_bindings` (the focus chain's, enabled or not, one per key).


def node_bindings(node: DOMNode | None) -> list[Binding]:
    """Every binding of a live node (screen, widget or app), its class's merged."""
    return [binding for _, binding in node._bindings] if node is not None else []


def class_bindings(node_class: type[DOMNode]) -> list[Binding]:
    """Every binding of a node class as Textual merges them (a subclass's key replaces
    its bases' for that key), without an instance."""
    merged = node_class._merged_bindings or node_class._merge_bindings()
    return [binding for _, binding in merged]


# -- the terminal driver (tui/lifecycle.py's HousesDriver) --------------------------
# The driver reads the terminal in its own thread; ours replaces that loop (any
# input bytes, a terminal that goes away, pastes) and Textual's parser of the key
# sequences is private.


def key_parser(driver: Driver) -> XTermParser:
    """A fresh parser of terminal input into Textual events (`feed`, `tick`)."""
    return XTermParser(driver._debug)


def driver_app(driver: Driver) -> App[Any]:
    """The app a driver serves (Textual keeps it private)."""
    return driver._app


def wrap_driver_output(driver: Any, wrap: Callable[[Any], Any]) -> None:
    """Have the Linux driver write through `wrap(its file)` (a terminal that went
    away must not raise in the writer thread): the file is a private attribute."""
    driver._file = wrap(driver._file)
