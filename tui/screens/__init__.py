"""The app's screens that do not belong to one game."""
