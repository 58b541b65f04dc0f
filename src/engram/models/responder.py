"""The offline default responder: a deterministic stand-in for a chat model, so the harness runs keyless.

It answers from what it is given: the records in the ``<memory>`` block of its system prompt, the results
of memory tools it called, and earlier user messages of the conversation. It quotes what matches the
user's words; when nothing shares a word with a question but records were handed to it (recall judged them
relevant), it quotes those, pins first, then by score; it says plainly when it was handed nothing. When
the user asks a question and nothing in view matches, it calls ``search_memory`` (and ``search_history``)
once, then answers from their results. A message of the form "remember (that) X" becomes an
``add_memory`` call. Same input, same output.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from typing import Any

from ..core import memory_block
from ..core.text import count_tokens, index_terms, query_terms
from ..types import ToolCall
from .base import Completion, Message, ToolSpec, Usage

_QUESTION_WORDS = frozenset((
    "what", "who", "whom", "whose", "where", "when", "why", "how", "which", "do", "does", "did", "is", "are",
    "was", "were", "can", "could", "should", "would", "will", "have", "has", "had", "tell", "remind", "recall",
    "list", "show", "find"))
_REMEMBER = re.compile(r"^\s*(?:please\s+)?(?:remember|note|save)(?:\s+that)?[\s:,]+(?P<fact>.+)$",
                       re.IGNORECASE | re.DOTALL)


def _block_records(system: str | None, messages: Sequence[Message]) -> list[dict[str, Any]]:
    for text in [system or "", *(m.content for m in reversed(messages) if m.role == "system")]:
        found = memory_block.parse(text)
        if found is not None:
            return found
    return []


def _is_question(text: str) -> bool:
    words = text.strip().lower().split()
    return text.strip().endswith("?") or (bool(words) and words[0].strip(",.:;!") in _QUESTION_WORDS)


def _overlap(terms: set[str], text: str) -> int:
    return len(terms & set(index_terms(text)))


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


class OfflineResponder:
    """A deterministic :class:`~engram.models.base.Model` that quotes memory and history it was shown."""

    model_id = "offline-responder"

    def __init__(self, *, max_quotes: int = 5) -> None:
        self.max_quotes = max_quotes

    def complete(self, messages: Sequence[Message], *, system: str | None = None,
                 tools: Sequence[ToolSpec] = (), json_schema: dict[str, Any] | None = None,
                 max_tokens: int = 1024, temperature: float = 0.0) -> Completion:
        """Answer the last user message from the memory block, tool results and earlier messages."""
        seen = count_tokens(system or "") + sum(count_tokens(m.content) for m in messages)
        if json_schema is not None:
            return self._done("{}", seen)
        last_user = max((i for i, m in enumerate(messages) if m.role == "user"), default=-1)
        question = messages[last_user].content.strip() if last_user >= 0 else ""
        after = list(messages[last_user + 1:])
        names = {t.name for t in tools}
        if not after and question:
            call = self._first_call(question, messages, system, names)
            if call:
                return Completion(tool_calls=call, usage=Usage(seen, sum(count_tokens(json.dumps(c.arguments))
                                                                        for c in call)),
                                  stop_reason="tool_use", model=self.model_id)
        return self._done(self._answer(question, messages[:max(last_user, 0)], after, system, messages), seen)

    def _done(self, text: str, seen: int) -> Completion:
        return Completion(text=text, usage=Usage(seen, count_tokens(text)), stop_reason="stop", model=self.model_id)

    def _call_id(self, question: str, name: str, messages: Sequence[Message]) -> str:
        n = sum(len(m.tool_calls) for m in messages)
        return "call_" + hashlib.sha256(f"{n}\x1f{name}\x1f{question}".encode()).hexdigest()[:12]

    def _first_call(self, question: str, messages: Sequence[Message], system: str | None,
                    names: set[str]) -> tuple[ToolCall, ...]:
        """The tool calls to make before answering, if any: remember a fact, or search once."""
        m = _REMEMBER.match(question)
        if m and "add_memory" in names:
            fact = _short(m.group("fact").strip(), 500)
            return (ToolCall(self._call_id(question, "add_memory", messages), "add_memory", {"summary": fact}),)
        if not _is_question(question):
            return ()
        terms = set(query_terms(question))
        records = _block_records(system, messages)
        if any(_overlap(terms, f"{r.get('summary', '')} {r.get('content', '')}") for r in records):
            return ()
        calls = [ToolCall(self._call_id(question, n, messages), n, {"query": question})
                 for n in ("search_memory", "search_history") if n in names]
        return tuple(calls)

    def _answer(self, question: str, earlier: Sequence[Message], after: Sequence[Message], system: str | None,
                messages: Sequence[Message]) -> str:
        terms = set(query_terms(question))
        notes: list[str] = []
        noted: set[str] = set()
        found: dict[str, tuple[int, float, str]] = {}  # record id -> (overlap, score, summary)
        history: dict[str, tuple[int, float, str]] = {}  # text -> (overlap, score, line)

        handed: dict[str, tuple[int, float, str]] = {}  # every record it was handed, pins ranked first

        def consider(rec: dict[str, Any]) -> None:
            summary = str(rec.get("summary") or "")
            rid = str(rec.get("id") or summary)
            if not summary:
                return
            ov = _overlap(terms, f"{summary} {rec.get('content') or ''}")
            score = rec.get("score")
            value = float(score) if isinstance(score, (int, float)) else 1.0
            handed.setdefault(rid, (1 if rec.get("pinned") else 0, value, summary))
            if ov and rid not in found:
                found[rid] = (ov, value, summary)

        for rec in _block_records(system, messages):
            consider(rec)
        for m in after:
            if m.role != "tool":
                continue
            try:
                data = json.loads(m.content)
            except json.JSONDecodeError:
                continue
            if not isinstance(data, dict) or "error" in data:
                continue
            if m.name == "add_memory" and data.get("summary"):
                notes.append(f"Noted: {data['summary']} [{data.get('id', '')}]")
                noted.add(str(data.get("id") or ""))
            for r in data.get("results") or []:
                if not isinstance(r, dict):
                    continue
                if "event_id" in r:
                    ov = _overlap(terms, str(r.get("text") or ""))
                    if ov and r.get("role") == "user":
                        line = f'you said: "{_short(str(r["text"]))}"'
                        history.setdefault(line, (ov, float(r.get("score") or 0.0), line))
                else:
                    consider(r)
        for m in earlier:
            if m.role == "user" and m.content.strip():
                ov = _overlap(terms, m.content)
                if ov:
                    line = f'you said: "{_short(m.content)}"'
                    history.setdefault(line, (ov, 0.0, line))
        found = {rid: v for rid, v in found.items() if rid not in noted}
        if not found and _is_question(question):
            # Nothing shares a word with the question ("what do you know about me?"), but the engine recalled
            # these records as relevant to it: answer from them (pins first, then by score), not "nothing".
            found = {rid: v for rid, v in handed.items() if rid not in noted}
        if question and not notes and not _is_question(question):
            return "Thank you, noted."  # a statement: it is remembered by extraction, nothing to look up
        lines = list(notes)
        if found:
            lines.append("From memory:")
            best = sorted(found.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))[: self.max_quotes]
            lines += [f"- {summary} [{rid}]" for rid, (_, _, summary) in best]
        if history:
            lines.append("From earlier in this session:")
            best_h = sorted(history.values(), key=lambda v: (-v[0], -v[1], v[2]))[: self.max_quotes]
            lines += [f"- {line}" for _, _, line in best_h]
        if not lines:
            about = _short(question, 120) if question else "that"
            return f'I found nothing in memory about "{about}".'
        return "\n".join(lines)
