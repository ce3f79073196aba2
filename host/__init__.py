"""Hosting Houses for others: `houses serve ssh` (asyncssh) and `houses serve web`
(textual-serve), and the shared tables that players on one host sit at together.

The SSH host runs one asyncio process. Each connection with a terminal gets its own
child process, the ordinary `houses` app on a pseudo-terminal, with HOUSES_HOME set to
that player's folder: players' files stay apart, and one app crashing takes nobody
else with it. Tables live in the host process; the child apps reach them over a
local socket (host/tables.py), in the messages of host/protocol.py.

This package never imports Textual: the host process stays small, and the apps it
starts are separate processes. The apps' side of the tables is tui/tables/.
"""

import warnings

# asyncssh still accepts old key types (DSA) for clients that use them, and newer
# cryptography releases warn about them as asyncssh is imported: a line of library
# noise before every `houses serve` answer. The deprecation is asyncssh's to act on.
warnings.filterwarnings("ignore", module=r"asyncssh(\.|$)")
