from tui_support import store  # noqa: F401  (the fixture)
