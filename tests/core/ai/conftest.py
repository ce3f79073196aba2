"""Make the toy games in this folder importable as `aitoys` (tests run with
--import-mode=importlib, so the folder is not on sys.path by itself)."""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
