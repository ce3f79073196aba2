"""HOUSES - Skirmish: the battlefield screen."""
