"""Extraction cursors: how far extraction got in a session, kept as keys of the store's ``meta`` table.

The one home for their key format: extraction reads and moves them (:func:`cursor_key`; its ``every_n``
counter is the key plus ``:pending``), and an erase purges every one of an actor's (:func:`actor_prefix`,
through ``engram.erasure``), so the stores' erase knows tables, not key formats. Pure.
"""

from __future__ import annotations

from ..types import Scope

PREFIX = "extract_cursor:"
PREVIEW_SUFFIX = ":preview"  # preview turns keep their own cursor and counter, so live state never moves
_SEP = "\x1f"


def cursor_key(scope: Scope, preview: bool = False) -> str:
    """Where extraction keeps how far it got in ``scope``'s session (preview turns: a key of their own)."""
    key = f"{PREFIX}{scope.agent}{_SEP}{scope.actor}{_SEP}{scope.session}"
    return key + PREVIEW_SUFFIX if preview else key


def actor_prefix(agent: str, actor: str) -> str:
    """The prefix every cursor and counter key of ``actor``'s sessions with ``agent`` starts with."""
    return f"{PREFIX}{agent}{_SEP}{actor}{_SEP}"
