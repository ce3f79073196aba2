"""Phase numbers and small shared words."""

SETUP, DEPLOY, RESPONSE, ATTACK, BLOCK, RESOLVE, END, OVER = range(8)
PHASE_NAMES = ("setup", "deploy", "response", "combat", "block", "resolution", "end", "over")


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def cap(text: str) -> str:
    """`text` with its first letter made upper case (the rest left alone)."""
    return text[:1].upper() + text[1:]
