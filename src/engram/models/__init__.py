"""Model providers behind one small protocol, and the offline defaults."""

from __future__ import annotations

from .base import Completion, Message, Model, ToolSpec, Usage, parse_json_object

__all__ = ["Completion", "Message", "Model", "ToolSpec", "Usage", "parse_json_object"]
