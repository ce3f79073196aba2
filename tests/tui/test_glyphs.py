"""ASCII drawing is chosen by --ascii, the setting, or a locale that is not UTF-8."""

from __future__ import annotations

import pytest

from tui.glyphs import ASCII, UNICODE, Glyphs, locale_is_utf8


@pytest.mark.parametrize(
    "env,utf8",
    [
        ({"LANG": "en_GB.UTF-8"}, True),
        ({"LANG": "C"}, False),
        ({"LC_ALL": "C"}, False),
        ({"LC_ALL": "de_DE.utf8", "LANG": "C"}, True),
        ({"LANG": "en_US.ISO-8859-1"}, False),
        # Python's own C-locale coercion (PEP 538) must not pass for UTF-8
        ({"LANG": "C", "LC_CTYPE": "C.UTF-8"}, False),
        ({"LC_CTYPE": "C.UTF-8"}, False),
        ({"LANG": "fr_FR.UTF-8", "LC_CTYPE": "C.UTF-8"}, True),
    ],
)
def test_locale_decides_utf8(env, utf8):
    assert locale_is_utf8(env) is utf8


def test_ascii_glyphs_are_ascii_and_complete():
    assert set(ASCII) == set(UNICODE)
    assert all(value.isascii() for value in ASCII.values())
    assert Glyphs(True)["tree"] == "T" and Glyphs(False)["tree"] == UNICODE["tree"]
