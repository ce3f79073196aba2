"""The Textual app of Houses: screens, shared widgets and one screen a game."""
