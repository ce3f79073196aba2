"""The HOUSE RULES screen (game id "house-rules")."""
