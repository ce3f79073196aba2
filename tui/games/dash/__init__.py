"""Icehouse Dash screen."""
