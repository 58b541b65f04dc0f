"""What each provider refuses in a conversation history, checked the way the real service checks it.

``openai_refusal``, ``anthropic_refusal`` and ``bedrock_refusal`` take the JSON body a client sent and return the
provider's own error reply (the status, body and headers the service answers with) for the first rule the
conversation breaks, else None. :func:`enforcing` turns one of them and a scripted model into a handler for
:class:`tests.support.wire.FakeServer`, so a test drives a client against a server that refuses what the real one
refuses. Only rules a conversation can break are here (roles, order, tool pairing, emptiness, ids), each with where
it is written down; the wording of the errors is the services' own, as their users have quoted it.

OpenAI Chat Completions
  O1 An assistant message with ``tool_calls`` is followed by ``tool`` messages answering each of its ids before any
     other message ("An assistant message with 'tool_calls' must be followed by tool messages responding to each
     'tool_call_id'. The following tool_call_ids did not have response messages: ..."; quoted in BerriAI/litellm
     #10083, aliasrobotics/cai #111).
  O2 A ``tool`` message answers a call of that assistant message ("Invalid parameter: messages with role 'tool' must
     be a response to a preceeding message with 'tool_calls'.", param ``messages.[i].role``; miurla/morphic #136,
     smarter-sh/smarter #264).
  O3 Content: an assistant's is "Required unless tool_calls or function_call is specified"; a tool message's is
     required (API reference: ChatCompletionAssistantMessageParam, ChatCompletionToolMessageParam).
  An assistant message may come first and roles need not alternate: nothing in the reference asks for either.

Anthropic Messages
  A1 Every message has non-empty content, except an optional final assistant message ("messages.N: all messages
     must have non-empty content except for the optional final assistant message"; anthropics/claude-code #6774).
  A2 No empty text block ("messages: text content blocks must be non-empty"; anthropics/claude-code #59812).
  A3 Every ``tool_use`` is answered by a ``tool_result`` in the next message, and the results open that message
     ("messages.N: `tool_use` ids were found without `tool_result` blocks immediately after: ... Each `tool_use`
     block must have a corresponding `tool_result` block in the next message.", anthropics/claude-code #5989;
     "Did not find 1 `tool_result` block(s) at the beginning of this message. Messages following `tool_use` blocks
     must begin with a matching number of `tool_result` blocks.", anthropics/anthropic-sdk-typescript #653; the
     docs' "Handle tool calls" page, platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls).
  A4 Every ``tool_result`` answers a ``tool_use`` of the previous message ("messages.N.content.K: unexpected
     `tool_use_id` found in `tool_result` blocks: ... Each `tool_result` block must have a corresponding `tool_use`
     block in the previous message."; anthropics/claude-code #13460).
  A5 ``tool_use`` ids are unique in the request ("messages.N.content.K: `tool_use` ids must be unique";
     trycua/cua #524).
  The first message may be the assistant's on Anthropic's own API (anthropics/anthropic-sdk-typescript #622: it
  succeeds there, and fails on Bedrock), so it is not checked; nor is alternation, which the API reference describes
  as combining consecutive messages of one role (from memory: not found in the sources searched).

Bedrock Converse
  B1 The conversation starts with a user message ("A conversation must start with a user message. Try again with
     a conversation that starts with a user message."; the message the engram commit that fixed it quotes).
  B2 Roles alternate ("A conversation must alternate between user and assistant roles. Make sure the conversation
     alternates between user and assistant roles and try again."; microsoft/semantic-kernel #10281,
     langchain-ai/langchain-aws #130).
  B3 No blank text block ("The text field in the ContentBlock object at messages.N.content.K is blank. Add text to
     the text field, and try again."; OpenHands/OpenHands #5339).
  B4 A user message carries tool results or conversation blocks, not both ("messages.N.content: Conversation blocks
     and tool result blocks cannot be provided in the same turn."; langchain-ai/langchain-aws #141, with Claude in
     BerriAI/litellm #6053).
  B5 The tool results of a message answer the ``toolUse`` blocks of the one before, all of them ("Expected
     toolResult blocks at messages.N.content for the following Ids: ..."; agno-agi/agno #6698; "The number of
     toolResult blocks at messages.N.content exceeds the number of toolUse blocks of previous turn.";
     OpenHands/OpenHands #4912).
  B6 ``toolUse``/``toolResult`` blocks need a ``toolConfig`` ("The toolConfig field must be defined when using
     toolUse and toolResult content blocks."; langgenius/dify #7328).
  B7 A ``toolUseId`` is 1 to 64 characters of ``[a-zA-Z0-9_-]`` (API reference: ToolUseBlock, ToolResultBlock).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from typing import Any

from tests.support.wire import Recorded, Reply, anthropic_error, as_reply, bedrock_error, openai_error

Refusal = Callable[[dict[str, Any]], "Reply | None"]
_TOOL_USE_ID = re.compile(r"[a-zA-Z0-9_-]{1,64}")


# -- OpenAI Chat Completions -------------------------------------------------------------------------------------

def openai_refusal(body: dict[str, Any]) -> Reply | None:
    """The 400 OpenAI answers to ``body``'s messages, or None when they keep O1-O3."""
    def refuse(message: str, param: str) -> Reply:
        return Reply(400, openai_error(message, param=param))

    waiting: list[str] = []  # ids of the last tool-calling assistant message not yet answered
    caller = 0
    for i, m in enumerate(body["messages"]):
        role = m.get("role")
        if role == "tool":
            if m.get("tool_call_id") not in waiting:
                return refuse("Invalid parameter: messages with role 'tool' must be a response to a preceeding "
                              "message with 'tool_calls'.", f"messages.[{i}].role")
            waiting.remove(m["tool_call_id"])
            if not isinstance(m.get("content"), str | list):
                return refuse("Invalid value for 'content': expected a string, got null.", f"messages.[{i}].content")
            continue
        if waiting:
            break
        calls = (m.get("tool_calls") or []) if role == "assistant" else []
        if m.get("content") is None and not calls:
            return refuse("Invalid value for 'content': expected a string, got null.", f"messages.[{i}].content")
        waiting, caller = [c["id"] for c in calls], i
    if waiting:
        return refuse("An assistant message with 'tool_calls' must be followed by tool messages responding to each "
                      f"'tool_call_id'. The following tool_call_ids did not have response messages: "
                      f"{', '.join(waiting)}", f"messages.[{caller}].role")
    return None


# -- Anthropic Messages ------------------------------------------------------------------------------------------

def _blocks(message: dict[str, Any]) -> list[dict[str, Any]]:
    content = message.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}] if content else []
    return list(content or [])


def anthropic_refusal(body: dict[str, Any]) -> Reply | None:
    """The 400 the Messages API answers to ``body``'s messages, or None when they keep A1-A5."""
    def refuse(message: str) -> Reply:
        return Reply(400, anthropic_error("invalid_request_error", message))

    msgs = body["messages"]
    seen_ids: set[str] = set()
    for i, m in enumerate(msgs):
        blocks = _blocks(m)
        if not blocks and not (i == len(msgs) - 1 and m["role"] == "assistant"):
            return refuse(f"messages.{i}: all messages must have non-empty content except for the optional final "
                          "assistant message")
        for k, b in enumerate(blocks):
            if b.get("type") == "text" and not str(b.get("text", "")).strip():
                return refuse("messages: text content blocks must be non-empty")
            if b.get("type") == "tool_use":
                if b["id"] in seen_ids:
                    return refuse(f"messages.{i}.content.{k}: `tool_use` ids must be unique")
                seen_ids.add(b["id"])
        before = _blocks(msgs[i - 1]) if i else []
        asked = {b["id"] for b in before if b.get("type") == "tool_use"}
        for k, b in enumerate(blocks):
            if b.get("type") == "tool_result" and b.get("tool_use_id") not in asked:
                return refuse(f"messages.{i}.content.{k}: unexpected `tool_use_id` found in `tool_result` blocks: "
                              f"{b.get('tool_use_id')}. Each `tool_result` block must have a corresponding "
                              "`tool_use` block in the previous message.")
        uses = [b["id"] for b in blocks if b.get("type") == "tool_use"]
        if uses:
            after = _blocks(msgs[i + 1]) if i + 1 < len(msgs) else []
            leading: set[str] = set()
            for b in after:
                if b.get("type") != "tool_result":
                    break
                leading.add(b.get("tool_use_id", ""))
            missing = [u for u in uses if u not in leading]
            if missing and i + 1 < len(msgs):
                return refuse(f"messages.{i}: `tool_use` ids were found without `tool_result` blocks immediately "
                              f"after: {', '.join(missing)}. Each `tool_use` block must have a corresponding "
                              "`tool_result` block in the next message.")
    return None


# -- Bedrock Converse --------------------------------------------------------------------------------------------

def bedrock_refusal(body: dict[str, Any]) -> Reply | None:
    """The 400 ValidationException Converse answers to ``body``'s messages, or None when they keep B1-B7."""
    def refuse(message: str) -> Reply:
        return bedrock_error(400, "ValidationException", message)

    msgs = body["messages"]
    if not msgs or msgs[0]["role"] != "user":
        return refuse("A conversation must start with a user message. Try again with a conversation that starts "
                      "with a user message.")
    if any(a["role"] == b["role"] for a, b in itertools.pairwise(msgs)):
        return refuse("A conversation must alternate between user and assistant roles. Make sure the conversation "
                      "alternates between user and assistant roles and try again.")
    for i, m in enumerate(msgs):
        blocks = m["content"]
        for k, b in enumerate(blocks):
            if "text" in b and not b["text"].strip():
                return refuse(f"The text field in the ContentBlock object at messages.{i}.content.{k} is blank. "
                              "Add text to the text field, and try again.")
            tool = b.get("toolUse") or b.get("toolResult")
            if tool is not None:
                if "toolConfig" not in body:
                    return refuse("The toolConfig field must be defined when using toolUse and toolResult content "
                                  "blocks.")
                if not _TOOL_USE_ID.fullmatch(str(tool.get("toolUseId", ""))):
                    kind = "toolUse" if "toolUse" in b else "toolResult"
                    return refuse(f"1 validation error detected: Value at 'messages.{i + 1}.member.content.{k + 1}"
                                  f".member.{kind}.toolUseId' failed to satisfy constraint: Member must satisfy "
                                  "regular expression pattern: [a-zA-Z0-9_-]+")
        results = [b["toolResult"]["toolUseId"] for b in blocks if "toolResult" in b]
        if results and len(results) < len(blocks):
            return refuse(f"messages.{i}.content: Conversation blocks and tool result blocks cannot be provided in "
                          "the same turn.")
        asked = [b["toolUse"]["toolUseId"] for b in msgs[i - 1]["content"] if "toolUse" in b] if i else []
        if len(results) > len(asked):
            return refuse(f"The number of toolResult blocks at messages.{i}.content exceeds the number of toolUse "
                          "blocks of previous turn.")
        missing = [a for a in asked if a not in results]
        if missing:
            return refuse(f"Expected toolResult blocks at messages.{i}.content for the following Ids: "
                          f"{', '.join(missing)}")
    return None


# -- serving ---------------------------------------------------------------------------------------------------------

def enforcing(refuse: Refusal, answer: Callable[[Recorded], Reply | dict[str, Any]],
              refused: list[Reply] | None = None) -> Callable[[Recorded], Reply]:
    """A FakeServer handler: ``refuse``'s error when the request breaks a rule (kept in ``refused``), else
    ``answer``'s reply."""
    def handle(req: Recorded) -> Reply:
        problem = refuse(req.json)
        if problem is not None:
            if refused is not None:
                refused.append(problem)
            return problem
        return as_reply(answer(req))

    return handle


def first_problem(refuse: Refusal, bodies: Sequence[dict[str, Any]]) -> Reply | None:
    """The first refusal among ``bodies`` (requests already sent), for assertions that say which rule broke."""
    return next((r for r in map(refuse, bodies) if r is not None), None)
