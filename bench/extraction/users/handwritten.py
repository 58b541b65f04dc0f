"""What the hand-written blind sets (``blind4``, ``blind5``) share: how a session and a probe are written, the
digest that freezes a set, and the check that its probes fit its conversations."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

KINDS = {"plain", "in_passing", "answer", "two_facts", "slip_same_message", "slip_next_message",
         "changed", "ended", "restated", "informal", "non_ascii"}
_PROBE_KEYS = {"question", "attr", "latest", "stale", "gone", "apart", "weekly", "kinds", "said"}
_DAYS = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}


def session(start: str, *texts: str) -> dict[str, Any]:
    """Messages alternate user / assistant, starting with the user."""
    roles = ("user", "assistant")
    return {"start": start, "messages": [(roles[i % 2], t) for i, t in enumerate(texts)]}


def probe(question: str, attr: str, latest: str | None, *, stale: tuple | list = (),
          gone: tuple | list = (), apart: str | None = None, weekly: bool = False,
          kinds: tuple | list = (), said: tuple | list = ()) -> dict[str, Any]:
    # "said" holds short snippets here; the set's build() swaps each for the full user message.
    return {"question": question, "attr": attr, "latest": latest, "stale": list(stale),
            "gone": list(gone), "apart": apart, "weekly": weekly, "kinds": list(kinds),
            "said": list(said)}


def build(makers: list[Callable[[], tuple[list[dict[str, Any]], list[dict[str, Any]]]]], prefix: str,
          resolve: Callable[[list[dict[str, Any]], list[str]], list[str]]) -> list[dict[str, Any]]:
    """The users of a set, in order: even ones are the "tune" split, odd ones "held"; each probe's snippets
    resolved to the user messages that say them."""
    users: list[dict[str, Any]] = []
    for idx, make in enumerate(makers):
        sessions, probes = make()
        for p in probes:
            p["said"] = resolve(sessions, p["said"])
        users.append({"id": f"{prefix}-u{idx:02d}", "split": "tune" if idx % 2 == 0 else "held",
                      "sessions": sessions, "probes": probes})
    return users


def resolve(sessions: list[dict[str, Any]], snippets: list[str]) -> list[str]:
    """Each snippet as the one user message that says it (a snippet in two messages is an error of the set)."""
    user_msgs = [t for s in sessions for r, t in s["messages"] if r == "user"]
    out = []
    for snip in snippets:
        hits = [m for m in user_msgs if snip in m]
        assert len(hits) == 1, (snip, len(hits))
        out.append(hits[0])
    return out


def main(build: Callable[[], list[dict[str, Any]]], n_users: int, frozen: str) -> None:
    """Check a set, that it builds the same twice, and print its digest beside the frozen one."""
    users = build()
    check(users, n_users)
    assert digest(users) == digest(build()), "build() is not deterministic"
    print(f"users={len(users)} probes={sum(len(u['probes']) for u in users)} digest={digest(users)} frozen={frozen}")


def digest(users: list[dict[str, Any]]) -> str:
    blob = json.dumps(users, sort_keys=True, ensure_ascii=False, default=list)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:12]


def _word_in(value: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(value.lower()) + r"s?(?!\w)", text.lower()) is not None


def check(users: list[dict[str, Any]], n_users: int) -> None:
    """Every user has 3-4 dated sessions of 8-16 alternating messages; every probe's values are said by the user."""
    assert len(users) == n_users
    for u in users:
        uid = u["id"]
        assert 3 <= len(u["sessions"]) <= 4, uid
        starts = [s["start"] for s in u["sessions"]]
        assert starts == sorted(starts), uid
        for s in u["sessions"]:
            msgs = s["messages"]
            assert 8 <= len(msgs) <= 16, (uid, s["start"], len(msgs))
            assert len(msgs) % 2 == 0, (uid, s["start"])
            for i, (role, _t) in enumerate(msgs):
                assert role == ("user" if i % 2 == 0 else "assistant"), (uid, s["start"], i)
        user_msgs = [t for s in u["sessions"] for r, t in s["messages"] if r == "user"]
        user_text = "\n".join(user_msgs)
        for p in u["probes"]:
            where = (uid, p["attr"])
            assert set(p) == _PROBE_KEYS, where
            assert p["kinds"] and set(p["kinds"]) <= KINDS, where
            assert p["said"], where
            for m in p["said"]:
                assert m in user_msgs, where
            for v in ([p["latest"]] if p["latest"] else []) + p["stale"] + p["gone"]:
                assert _word_in(v, user_text), (where, v)
            if p["apart"]:
                assert _word_in(p["apart"], user_text), (where, p["apart"])
            if p["weekly"]:
                assert p["latest"] in _DAYS, where
            if p["latest"] is None:
                assert p["gone"], where
        attrs = [p["attr"] for p in u["probes"]]
        assert len(attrs) == len(set(attrs)), uid
