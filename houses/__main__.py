"""`python -m houses`: the `houses` command (what an SSH or web host starts for each player)."""

from houses.cli import main

raise SystemExit(main())
