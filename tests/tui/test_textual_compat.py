"""Issue 23 item 5: every private Textual name is in tui/textual_compat.py, and each
shim there still does its job with the installed Textual. A Textual upgrade that
renames or changes one of them fails here, by name, not in play."""

from __future__ import annotations

import ast
import asyncio
import io
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.scrollbar import ScrollBar, ScrollBarRender

from tui import textual_compat as compat

ROOT = Path(__file__).resolve().parents[2]
COMPAT = {Path("tui/textual_compat.py"), Path("host/serve_compat.py")}
# Private names of Textual and textual-serve objects (their attributes and methods),
# as the issue lists them and as found in tui/ and host/ before the compat modules.
PRIVATE_NAMES = {
    "_exit", "_screen_stack", "_bindings", "_merged_bindings", "_merge_bindings",
    "_running", "_handle_exception", "_on_exit_app", "_make_app", "_process_messages",
    "_debug", "_exit_renderables", "_close_messages", "_driver", "_stop_propagation", "_button",
}
# Names our own classes use too (a file wrapper's `_file`): private Textual names only
# when read off another object (`driver._file`, `app._loop`).
OTHERS_ONLY = {"_loop", "_app", "_file"}


def _private_uses(path: Path) -> list[str]:
    """Private Textual names in a file: imports from textual._x or textual_serve
    internals, and attributes or methods named in PRIVATE_NAMES."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("textual", "textual_serve") \
                and any(part.startswith("_") for part in node.module.split(".")[1:]):
            found.append(f"{path}:{node.lineno} from {node.module}")
        elif isinstance(node, ast.Attribute) and (node.attr in PRIVATE_NAMES or node.attr in OTHERS_ONLY):
            owner = ast.unparse(node.value)
            if owner != "os" and (node.attr in PRIVATE_NAMES or owner != "self"):  # os._exit: the process's
                found.append(f"{path}:{node.lineno} {owner}.{node.attr}")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in PRIVATE_NAMES:
            found.append(f"{path}:{node.lineno} def {node.name}")
    return found


def test_private_textual_names_only_in_the_compat_modules():
    files = [p.relative_to(ROOT) for layer in ("tui", "host") for p in (ROOT / layer).rglob("*.py")]
    found = [use for path in files if path not in COMPAT for use in _private_uses(ROOT / path)]
    assert not found, "private Textual names outside tui/textual_compat.py and host/serve_compat.py:\n" + \
        "\n".join(found)


def test_the_check_finds_a_private_name(tmp_path):
    """The check above can fail: a file with one of the names is caught."""
    sample = tmp_path / "sample.py"
    sample.write_text("from textual._xterm_parser import XTermParser\nstack = app._screen_stack\n")
    assert len(_private_uses(sample)) == 2


def _textual_private_members(cls: type) -> set[str]:
    """The private names (methods, properties, class attributes) of the Textual
    classes among `cls`'s bases."""
    return {name for base in cls.__mro__ if base.__module__.split(".")[0] == "textual"
            for name in vars(base) if name.startswith("_") and not name.startswith("__")}


def _overrides(path: Path) -> list[str]:
    """Members a class of `path` defines over a private member of a Textual base (a
    hook Textual may rename: `TickBox._button` was one, found this way)."""
    import importlib

    from layout_check import module_name

    module = importlib.import_module(module_name(path))
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        cls = getattr(module, node.name, None) if isinstance(node, ast.ClassDef) else None
        if not isinstance(cls, type):
            continue
        private = _textual_private_members(cls)
        for item in node.body:
            names = [item.name] if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) else \
                [t.id for t in getattr(item, "targets", [getattr(item, "target", None)]) if isinstance(t, ast.Name)]
            found += [f"{path}:{item.lineno} {node.name}.{name}" for name in names if name in private]
    return found


def test_no_class_outside_the_compat_module_overrides_a_private_textual_member():
    files = [p for p in (ROOT / "tui").rglob("*.py") if p.relative_to(ROOT) not in COMPAT]
    found = [use for path in files for use in _overrides(path)]
    assert not found, "private Textual members overridden outside tui/textual_compat.py:\n" + "\n".join(found)


def test_the_override_check_finds_one():
    """The check above can fail: textual_compat's own overrides are found by it."""
    found = _overrides(ROOT / "tui" / "textual_compat.py")
    assert any(use.endswith("ErrorFilterApp._handle_exception") for use in found), found
    assert any(use.endswith("BoxDrawnCheckbox._button") for use in found), found


class _Keys(Screen):
    BINDINGS = [Binding("x", "one", "One", id="t.one"), Binding("y", "two", "Two")]


class _MoreKeys(_Keys):
    BINDINGS = [Binding("x", "three", "Three", id="t.three")]


def test_class_bindings_are_merged_as_textual_merges_them():
    keys = {(b.key, b.action) for b in compat.class_bindings(_MoreKeys)}
    assert ("x", "three") in keys and ("y", "two") in keys
    assert ("x", "one") not in keys  # a subclass's key replaces its base's


async def test_node_bindings_and_the_app_loop_and_the_drawing_app():
    seen: dict[str, object] = {}

    class Probe(App[None]):
        def on_mount(self) -> None:
            self.push_screen(_MoreKeys())

    app = Probe()
    async with app.run_test() as pilot:
        await pilot.pause()
        keys = {(b.key, b.action) for b in compat.node_bindings(app.screen)}
        assert {("x", "three"), ("y", "two")} <= keys
        assert ("ctrl+q", "quit") in {(b.key, b.action) for b in compat.node_bindings(app)}
        assert compat.app_loop(app) is asyncio.get_running_loop()
        seen["bar"] = ScrollBar.renderer
        # The scroll bar renderer is built while the app draws: the app is known then.
        # Put back as it was stored (a staticmethod): the attribute read through the
        # class is the bare function, which set back would be bound as a method.
        original = ScrollBar.__dict__["renderer"]

        def spy(**kwargs):
            seen.setdefault("drawing", compat.drawing_app())
            return ScrollBarRender(**kwargs)

        ScrollBar.renderer = staticmethod(spy)  # type: ignore[assignment]
        try:
            from textual.widgets import Static
            from textual.containers import VerticalScroll

            await app.screen.mount(VerticalScroll(Static("\n".join(map(str, range(100))))))
            await pilot.pause()
        finally:
            ScrollBar.renderer = original
    assert seen.get("drawing") is app


async def test_error_filter_drops_only_what_the_app_says():
    """Textual still hands every unhandled error to the App's `_handle_exception`;
    the filter drops what `dropped_error` names and passes the rest on (the app ends)."""
    import inspect

    from textual.message_pump import MessagePump

    assert "self.app._handle_exception(error)" in inspect.getsource(MessagePump)

    class Quiet(compat.ErrorFilterApp):
        def dropped_error(self, error: Exception) -> bool:
            return isinstance(error, LookupError)

    app = Quiet()
    with pytest.raises(ValueError, match="kept"):  # (run_test raises the app's error)
        async with app.run_test() as pilot:
            app._handle_exception(LookupError("dropped"))
            await pilot.pause()
            assert app.is_running and app.return_code is None
            app._handle_exception(ValueError("kept"))
            await pilot.pause()
    assert app.return_code == 1


async def test_the_key_parser_and_the_driver_privates():
    from textual.drivers.linux_driver import LinuxDriver

    app = App()
    driver = LinuxDriver(app, debug=False, size=(80, 24))
    assert compat.driver_app(driver) is app
    parser = compat.key_parser(driver)
    keys = [e.key for e in parser.feed("a\x1b[A") if isinstance(e, events.Key)]
    keys += [e.key for e in parser.tick() if isinstance(e, events.Key)]
    assert keys == ["a", "up"]
    import inspect

    wrapped = io.StringIO()
    compat.wrap_driver_output(driver, lambda file: wrapped)
    # The driver's writer thread writes to the file it is given at start: this one.
    assert "WriterThread(self._file)" in inspect.getsource(LinuxDriver.start_application_mode)
    assert driver._file is wrapped


def test_a_stopped_message_is_told_apart():
    key = events.Key("a", "a")
    assert not compat.message_stopped(key)
    key.stop()
    assert compat.message_stopped(key)
    key.stop(False)
    assert not compat.message_stopped(key)


async def test_a_box_drawn_checkbox_draws_its_own_box():
    """Textual draws a Checkbox's box from the `_button` property: `box` draws it."""
    from textual.content import Content

    class Ticked(compat.BoxDrawnCheckbox):
        def box(self) -> Content:
            return Content("<on>" if self.value else "<off>")

    class Boxes(App[None]):
        def compose(self):
            yield Ticked("Label", True, id="ticked")
            yield compat.BoxDrawnCheckbox("Plain", id="plain")

    app = Boxes()
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        ticked = app.query_one("#ticked", Ticked)
        assert str(ticked.render()).startswith("<on>")
        ticked.value = False
        assert str(ticked.render()).startswith("<off>")
        # By default the box is Textual's own: a Checkbox's, not empty.
        plain = app.query_one("#plain", compat.BoxDrawnCheckbox)
        assert str(plain.render()) == f"{plain.box()} Plain "
