"""The app's side of an SSH host's shared tables: the connection to the host's table
socket (client.py, messages of host/protocol.py) and the screens that show the tables
(screens.py). Used only in an app started by `houses serve ssh`."""
