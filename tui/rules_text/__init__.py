"""The rules texts as shipped in the package: each <id>.md here is a symlink to
docs/rules/<id>.md (the one copy people edit), and a build copies the real text in.
Read them with `tui.rules.rules_text`, never by path."""
