"""The delimited memory block, under the name the harness always used (the format: core.memory_block)."""

from __future__ import annotations

from ..core.memory_block import (
    CLOSE,
    OPEN,
    PREAMBLE,
    defuse,
    escape_text,
    json_line,
    parse,
    record_entry,
    render,
    select_pins,
)

__all__ = ["CLOSE", "OPEN", "PREAMBLE", "defuse", "escape_text", "json_line", "parse", "record_entry", "render",
           "select_pins"]
