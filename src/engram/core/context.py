"""Context-window management, pure: token counts, truncation, summaries, offload stubs, state patches.

The harness builds every model call's context from these functions so that long sessions never overflow:
``sliding_window`` keeps the last N messages (tool exchanges whole, the current turn's user message
always), ``split_for_summary`` + ``extractive_summary`` compress older messages, ``offload_stub`` stands
in for a large tool result, ``fit_budget`` is the final token cap (dropping as the window does), and
``repair_tool_pairs`` keeps every tool result next to the call that asked for it (providers reject orphans
on either side).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..errors import ValidationError
from ..types import Event, Message
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


def exchanges(messages: Sequence[Message]) -> list[tuple[int, int]]:
    """The units a window keeps or drops whole, as ``[start, end)`` ranges of ``messages``: an assistant
    message that calls tools together with the tool results right after it (one *exchange*); any other
    message alone."""
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(messages):
        j = i + 1
        if messages[i].role == "assistant" and messages[i].tool_calls:
            while j < len(messages) and messages[j].role == "tool":
                j += 1
        spans.append((i, j))
        i = j
    return spans


def window_count(messages: Sequence[Message]) -> int:
    """How many messages a sliding window counts for ``messages``: an exchange's tool results count as one
    message, as the seed document's harness (Bedrock Converse, where they are the blocks of one user
    message) counts them; the OpenAI wire carries them as one message per result."""
    return sum(1 + (end - start > 1) for start, end in exchanges(messages))


def _repaired(messages: Sequence[Message], anchor: int | None) -> tuple[list[Message], int | None]:
    """:func:`repair_tool_pairs`, and where the anchor (a user message, which repair never drops) went."""
    msgs = list(messages)
    if anchor is None or not 0 <= anchor < len(msgs) or msgs[anchor].role != "user":
        return repair_tool_pairs(msgs), None
    pinned = msgs[anchor]
    out = repair_tool_pairs(msgs)
    return out, next((i for i, m in enumerate(out) if m is pinned), None)


def _keep(msgs: list[Message], anchor: int | None, cost: Callable[[Sequence[Message]], int], limit: int
          ) -> list[Message]:
    """The newest units of ``msgs`` whose ``cost`` adds up to at most ``limit``, the anchor's turn first.

    Units are taken newest first and the taking stops at the first that does not fit, so what is kept is
    contiguous but for one gap: the anchor (the current turn's user message), then the exchanges after it
    newest first, then the units before it newest first. The newest unit and the anchor are always kept.
    What is kept starts with a user message (:func:`_asked`).
    """
    spans = exchanges(msgs)
    if not spans:
        return []
    at = None if anchor is None else next((k for k, (a, b) in enumerate(spans) if a <= anchor < b), None)
    newest = list(range(len(spans) - 1, -1, -1))
    if at is None:
        order, forced = newest, 1
    else:
        after = [k for k in newest if k > at]
        order = after[:1] + [at] + after[1:] + [k for k in newest if k < at]
        forced = 2 if after else 1
    costs = [cost(msgs[a:b]) for a, b in spans]
    used = 0
    taken: set[int] = set()
    for n, k in enumerate(order):
        if n >= forced and used + costs[k] > limit:
            break
        used += costs[k]
        taken.add(k)
    taken = _asked(msgs, spans, taken, set(order[:forced]), costs, limit - used)
    return from_user([m for k in sorted(taken) for m in msgs[spans[k][0]:spans[k][1]]])


def _asked(msgs: list[Message], spans: list[tuple[int, int]], taken: set[int], forced: set[int], costs: list[int],
           room: int) -> set[int]:
    """``taken`` (indexes of ``spans``) starting with a user message: when the oldest unit taken is the
    middle of a turn (its answer, its newest exchanges), that turn's question comes too, the turn's oldest
    units taken giving up their place to it when there is no room (never the ``forced`` ones). So the model
    reads a long turn as its question and its newest exchanges, not exchanges nobody asked for. Unchanged
    when no question comes before it, or even the forced units leave it no room (:func:`from_user` then
    drops the leading units)."""
    taken = set(taken)
    while taken:
        first = min(taken)
        if asks(msgs[spans[first][0]]):
            return taken
        question = next((k for k in range(first - 1, -1, -1) if asks(msgs[spans[k][0]])), None)
        if question is None:
            return taken
        if costs[question] <= room:
            return taken | {question}
        oldest = next((k for k in sorted(taken) if k not in forced), None)
        if oldest is None:
            return taken
        taken.discard(oldest)
        room += costs[oldest]
    return taken


def asks(m: Message | Event) -> bool:
    """A user message with words: what can start a conversation. A blank one cannot: the content-block APIs
    refuse a blank text block, so their clients leave it out, and a conversation starting with one would reach
    them starting with the answer after it."""
    return m.role == "user" and bool(m.content.strip())


def from_user(msgs: list[Message]) -> list[Message]:
    """``msgs`` from its first user message with words on (:func:`asks`): what comes before it is the end of a
    turn whose question fell out of the window (an answer, a tool exchange), and Bedrock Converse refuses a
    conversation that does not start with a user message ("A conversation must start with a user message").
    Unchanged when no user message has words."""
    first = next((i for i, m in enumerate(msgs) if asks(m)), 0)
    return msgs[first:]


def sliding_window(messages: Sequence[Message], count: int, *, anchor: int | None = None) -> list[Message]:
    """The most recent ``count`` messages, tool exchanges kept or dropped whole, older turns going first.

    Messages are counted as :func:`window_count` counts them (an exchange is two: the assistant message
    that calls tools and its results). ``anchor`` is the index of the current turn's user message: it is
    always kept, and so is the turn's newest exchange (the results the model has yet to read), even when
    those two alone are more than ``count``. Then come this turn's other exchanges, newest first, and only
    when all of them fit, the messages before the anchor, newest first. So when the current turn alone
    exceeds the window, the model gets its question and the newest exchanges of the turn; the oldest
    exchanges of the turn (and every earlier turn) are dropped. Tool results whose call is missing, and
    calls whose results are, are dropped first (:func:`repair_tool_pairs`). The window starts with a user
    message: an earlier turn's answer whose question did not fit goes too (:func:`from_user`).
    """
    msgs, anchor = _repaired(messages, anchor)
    return _keep(msgs, anchor, window_count, max(1, count))


def split_for_summary(messages: Sequence[Message], count: int, keep_last: int, ratio: float | None = None
                      ) -> tuple[list[Message], list[Message]]:
    """(older, kept): when there are more than ``count`` messages, all but the last ``keep_last`` are older;
    with ``ratio`` (AgentCore's ``summaryRatio``) only that share of the messages, oldest first, and never one
    of the last ``keep_last`` (``preserveRecentMessages``).

    The cut moves back past tool results so the kept messages start with the call that asked for them: a tool
    exchange is summarised or kept whole. The question of the turn the cut falls in (its last user message
    before the cut) is never summarised: the kept messages are that question followed by the messages from
    the cut on, and the older ones everything else before the cut. So a turn that alone outgrows the window
    (the current one, or an earlier one of hundreds of tool calls) keeps its question and its newest
    exchanges, and the model is never sent a conversation that starts with an answer (Bedrock Converse
    refuses one). With no user message before the cut, the kept messages are those from the cut on.
    """
    msgs = list(messages)
    if len(msgs) <= count:
        return [], msgs
    cut = len(msgs) - max(1, keep_last)
    if ratio is not None:
        cut = min(cut, max(1, round(len(msgs) * ratio)))
    while cut > 0 and msgs[cut].role == "tool":
        cut -= 1
    asked = next((i for i in range(cut - 1, -1, -1) if asks(msgs[i])), None)
    if asks(msgs[cut]) or asked is None:
        return msgs[:cut], msgs[cut:]
    return msgs[:asked] + msgs[asked + 1:cut], [msgs[asked], *msgs[cut:]]


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


def fit_budget(messages: Sequence[Message], budget: int, *, anchor: int | None = None) -> list[Message]:
    """The newest messages that fit ``budget`` tokens, dropped as :func:`sliding_window` drops them: whole
    exchanges, older turns first, never the current turn's user message (``anchor``) or its newest exchange.
    When those alone are over, the newest exchange loses its oldest results with their calls (at least one
    stays); when still over, the last message is cut."""
    msgs, anchor = _repaired(messages, anchor)
    msgs = _keep(msgs, anchor, total_tokens, budget)
    total = total_tokens(msgs)
    if total > budget and len(msgs) > 1:
        start, end = exchanges(msgs)[-1]
        call = msgs[start]
        if call.tool_calls and end - start > 2:
            costs = {c.id: count_tokens(c.name) + count_tokens(json.dumps(c.arguments, ensure_ascii=False))
                     for c in call.tool_calls}
            cut = start + 1
            while total > budget and cut < end - 1:
                total -= message_tokens(msgs[cut]) + costs.get(msgs[cut].tool_call_id or "", 0)
                cut += 1
            msgs = repair_tool_pairs(msgs[:start + 1] + msgs[cut:])
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
