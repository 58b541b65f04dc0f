"""Context-window management, pure: token counts, truncation, summaries, offload stubs, state patches.

The harness builds every model call's context from these functions so that long sessions never overflow:
``sliding_window`` keeps the last N messages, ``split_for_summary`` + ``extractive_summary`` compress
older messages, ``offload_stub`` stands in for a large tool result, ``fit_budget`` is the final token cap,
and ``repair_tool_pairs`` keeps every tool result next to the call that asked for it (providers reject
orphans on either side).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..errors import ValidationError
from ..types import Message
from .text import count_tokens

_PIECE = re.compile(r"\w+|[^\w\s]")
MESSAGE_OVERHEAD = 4  # role and separators, as chat formats add per message
MAX_STATE_CHARS = 64_000


def piece_cost(piece: str) -> int:
    """Tokens one regex piece costs under :func:`engram.core.text.count_tokens`."""
    return max(1, (len(piece) + 3) // 4) if piece[0].isalnum() or piece[0] == "_" else 1


def take_tokens(text: str, n: int) -> str:
    """The longest prefix of ``text`` holding at most ``n`` tokens (the offline count)."""
    used = 0
    end = 0
    for m in _PIECE.finditer(text):
        cost = piece_cost(m.group())
        if used + cost > n:
            if end == 0:  # one huge word: cut inside it rather than return nothing
                return text[: max(1, n) * 4]
            return text[:end]
        used += cost
        end = m.end()
    return text


def message_tokens(m: Message) -> int:
    """Offline token estimate of one message, tool calls included."""
    n = MESSAGE_OVERHEAD + count_tokens(m.content)
    for c in m.tool_calls:
        n += count_tokens(c.name) + count_tokens(json.dumps(c.arguments, ensure_ascii=False))
    return n


def total_tokens(messages: Sequence[Message]) -> int:
    return sum(message_tokens(m) for m in messages)


# -- offload ---------------------------------------------------------------------------------------------

def offload_stub(ref: str, text: str, *, preview_tokens: int, earlier: bool) -> str:
    """What the context carries instead of a large tool result: its reference (and, this turn, a preview).

    Results of earlier turns shrink to a note naming the reference; the current turn's keep a preview so
    the agent can decide whether to fetch more with ``retrieve_result``.
    """
    body: dict[str, Any] = {"offloaded": True, "ref": ref, "tokens": count_tokens(text)}
    if earlier:
        body["note"] = "a large tool result from an earlier turn; call retrieve_result with this ref to read it"
    else:
        body["preview"] = take_tokens(text, preview_tokens)
        body["note"] = ("only a preview is shown; the full result is stored: call retrieve_result with this "
                        "ref (and an offset) to read it")
    return json.dumps(body, ensure_ascii=False)


def page(text: str, offset: int, max_tokens: int) -> tuple[str, int | None]:
    """A page of ``text`` from character ``offset`` holding at most ``max_tokens``; and the next offset."""
    if offset < 0 or offset > len(text):
        raise ValidationError(f"must be from 0 to {len(text)}", field="offset")
    chunk = take_tokens(text[offset:], max_tokens)
    nxt = offset + len(chunk)
    return chunk, (nxt if nxt < len(text) else None)


# -- truncation ------------------------------------------------------------------------------------------

def repair_tool_pairs(messages: Sequence[Message]) -> list[Message]:
    """Drop tool results whose call is not in the window and calls whose result is not.

    A window cut can separate an assistant's tool calls from their results; every provider rejects that.
    """
    called: set[str] = set()
    kept: list[Message] = []
    for m in messages:
        if m.role == "assistant":
            called.update(c.id for c in m.tool_calls)
        if m.role == "tool" and m.tool_call_id not in called:
            continue
        kept.append(m)
    answered = {m.tool_call_id for m in kept if m.role == "tool"}
    out: list[Message] = []
    for m in kept:
        if m.role == "assistant" and m.tool_calls:
            calls = tuple(c for c in m.tool_calls if c.id in answered)
            if len(calls) != len(m.tool_calls):
                if not calls and not m.content.strip():
                    continue
                m = replace(m, tool_calls=calls)
        out.append(m)
    return out


def sliding_window(messages: Sequence[Message], count: int) -> list[Message]:
    """The last ``count`` messages (at least one), tool pairs repaired."""
    return repair_tool_pairs(list(messages)[-max(1, count):])


def split_for_summary(messages: Sequence[Message], count: int, keep_last: int, ratio: float | None = None
                      ) -> tuple[list[Message], list[Message]]:
    """(older, kept): when there are more than ``count`` messages, all but the last ``keep_last`` are older;
    with ``ratio`` (AgentCore's ``summaryRatio``) only that share of the messages, oldest first, and never one
    of the last ``keep_last`` (``preserveRecentMessages``).

    The cut moves back past tool results so the kept messages start with the call that asked for them.
    """
    msgs = list(messages)
    if len(msgs) <= count:
        return [], msgs
    cut = len(msgs) - max(1, keep_last)
    if ratio is not None:
        cut = min(cut, max(1, round(len(msgs) * ratio)))
    while cut > 0 and msgs[cut].role == "tool":
        cut -= 1
    return msgs[:cut], msgs[cut:]


def _line(m: Message, tokens: int) -> str:
    text = " ".join(m.content.split())
    short = take_tokens(text, tokens)
    if len(short) < len(text):
        short += " …"
    if m.role == "tool":
        return f"[tool result{' ' + m.name if m.name else ''}] {short}"
    parts = [f"[{m.role}] {short}"] if short else []
    parts += [f"[{m.role} called {c.name}] {take_tokens(json.dumps(c.arguments, ensure_ascii=False), 20)}"
              for c in m.tool_calls]
    return "\n".join(parts)


def extractive_summary(messages: Sequence[Message], *, max_tokens: int = 400, per_message: int = 40) -> str:
    """A deterministic summary of older messages: the start of each, newest kept when over budget."""
    lines = [ln for m in messages for ln in _line(m, per_message if m.role != "tool" else 15).splitlines() if ln]
    kept: list[str] = []
    used = 0
    for ln in reversed(lines):
        cost = count_tokens(ln) + 1
        if used + cost > max_tokens:
            break
        kept.append(ln)
        used += cost
    kept.reverse()
    dropped = len(lines) - len(kept)
    if dropped:
        kept.insert(0, f"({dropped} earlier lines omitted)")
    return "\n".join(kept)


def fit_budget(messages: Sequence[Message], budget: int) -> list[Message]:
    """Drop the oldest messages until the rest fit ``budget`` tokens; cut the last one if it alone is over."""
    msgs = repair_tool_pairs(messages)
    costs = [message_tokens(m) for m in msgs]
    total = sum(costs)
    start = 0
    while total > budget and start < len(msgs) - 1:
        total -= costs[start]
        start += 1
    msgs = repair_tool_pairs(msgs[start:])
    if msgs and total_tokens(msgs) > budget:
        last = msgs[-1]
        room = max(1, budget - MESSAGE_OVERHEAD - total_tokens(msgs[:-1]) - 5)
        msgs[-1] = replace(last, content=take_tokens(last.content, room) + " [truncated]")
    return msgs


# -- session state ---------------------------------------------------------------------------------------

def merge_patch(target: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
    """RFC 7386 JSON merge patch: objects merge recursively, ``null`` removes a key, anything else replaces."""
    out = dict(target)
    for key, value in patch.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, Mapping):
            prev = out.get(key)
            out[key] = merge_patch(prev if isinstance(prev, Mapping) else {}, value)
        else:
            out[key] = value
    return out


def check_state(state: object, field: str = "state") -> dict[str, Any]:
    """A session state must be a JSON object of bounded size; returns a deep copy."""
    if not isinstance(state, Mapping):
        raise ValidationError("must be a JSON object", field=field)
    try:
        text = json.dumps(state, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValidationError(f"must be JSON-serialisable: {exc}", field=field) from exc
    if len(text) > MAX_STATE_CHARS:
        raise ValidationError(f"must serialise to at most {MAX_STATE_CHARS} characters", field=field)
    copy: dict[str, Any] = json.loads(text)
    return copy
