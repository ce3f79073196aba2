"""TOWN 77 screen."""
