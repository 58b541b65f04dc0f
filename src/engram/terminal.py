"""Text shown on a person's terminal: what it would act on rather than show is shown escaped.

Stored text may come from anyone's messages and a model's replies. Control characters (an escape sequence clears
the screen or recolours it) and the bidirectional overrides that reorder what follows them are written as
``\\x1b`` / ``\\u202e``, never sent raw (``engram ... --table``, ``engram chat``). Standard library only.
"""

from __future__ import annotations

import re

_UNSHOWABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str, *, newlines: bool = False) -> str:
    """``text`` with every character a terminal would act on escaped; ``newlines`` keeps line breaks as they are."""
    def escaped(m: re.Match[str]) -> str:
        code = ord(m.group())
        return f"\\u{code:04x}" if code > 0xFF else f"\\x{code:02x}"

    if newlines:
        return "\n".join(_UNSHOWABLE.sub(escaped, line) for line in text.split("\n"))
    return _UNSHOWABLE.sub(escaped, text)
