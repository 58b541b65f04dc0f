"""One catalogue of strategy types (issue 29.4): every table that names strategy types derives from
``core/strategy_types.py``, so adding a type touches at most three files (the catalogue entry, its module under
``strategies/`` and its prompt under ``strategies/prompts/``; docs/architecture.md)."""

from __future__ import annotations

import ast
from importlib import resources
from pathlib import Path

import pytest

import engram
from engram import config
from engram.agentcore import harness_spec, harnesses
from engram.agentcore import strategies as ac
from engram.config_shapes import MANAGED_DEFAULT_STRATEGIES
from engram.core import managed_memory
from engram.core.strategy_types import BY_NAME, CATALOGUE, FACT_TYPES, NAMES, StrategyType
from engram.errors import ConfigError
from engram.strategies.registry import fact_module

SRC = Path(engram.__file__).parent
CATALOGUE_FILE = "core/strategy_types.py"


def _names(t: StrategyType) -> set[str]:
    """A type's spellings that name nothing else: its name, AgentCore member, default namespace, override names."""
    return {t.name, t.member, t.namespace} | ({t.override.member, t.override.type} if t.override else set())


def _files_naming(names: set[str]) -> list[str]:
    """The modules of src/engram with a string literal spelling one of ``names`` exactly."""
    out = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.Constant) and n.value in names for n in ast.walk(tree)):
            out.append(path.relative_to(SRC).as_posix())
    return out


@pytest.mark.parametrize("kind", CATALOGUE, ids=lambda t: t.name)
def test_a_type_is_spelled_out_in_at_most_three_files_the_catalogue_first(kind: StrategyType) -> None:
    files = _files_naming(_names(kind))
    assert CATALOGUE_FILE in files
    assert len(files) <= 3, files


def test_what_each_known_type_is_named_outside_the_catalogue() -> None:
    """Outside the catalogue a type is only *used*: the demo's configuration, the memory review (it writes as
    SEMANTIC), SEMANTIC keeping preferences unless USER_PREFERENCE is configured."""
    outside = {t.name: [f for f in _files_naming(_names(t)) if f != CATALOGUE_FILE] for t in CATALOGUE}
    assert outside == {"SEMANTIC": ["demo.py", "review.py"], "SUMMARIZATION": ["demo.py"],
                       "USER_PREFERENCE": ["demo.py", "strategies/semantic.py"], "EPISODIC": [],
                       "CUSTOM": []}


@pytest.mark.parametrize("kind", CATALOGUE, ids=lambda t: t.name)
def test_each_type_has_its_module_and_prompt(kind: StrategyType) -> None:
    module = __import__(f"engram.strategies.{kind.module}", fromlist=["_"])
    assert module.__doc__
    if kind.name in FACT_TYPES:
        prompt = fact_module(kind.name).PROMPT
        assert resources.files("engram.strategies").joinpath("prompts", f"{prompt}.md").is_file()
    else:
        assert callable(module.plan)


def test_every_table_derives_from_the_catalogue() -> None:
    assert config.STRATEGY_TYPES == NAMES == tuple(t.name for t in CATALOGUE)
    assert {t.name: t.namespace for t in CATALOGUE} == config.DEFAULT_NAMESPACES
    assert tuple(s.type for s in config.Memory().strategies) == MANAGED_DEFAULT_STRATEGIES \
        == harness_spec.DEFAULT_MANAGED == managed_memory.DEFAULT_STRATEGIES == ("SEMANTIC", "SUMMARIZATION")
    assert {t.member: t.name for t in CATALOGUE} == ac.MEMBERS
    assert {runs for runs, _, _ in ac.OVERRIDES.values()} == {t.name for t in CATALOGUE if t.override}
    assert set(ac.AWS_DEFAULT_TEMPLATES) == {t.name for t in CATALOGUE if t.managed}
    managed = harnesses._managed_inputs(["SEMANTIC", "EPISODIC"])
    assert managed == [{"semanticMemoryStrategy": {"name": "semantic", "namespaceTemplates": ["/facts/{actorId}/"]}},
                       {"episodicMemoryStrategy": {"name": "episodic",
                                                   "namespaceTemplates": ["/episodes/{actorId}/{sessionId}/"]}}]
    for t in CATALOGUE:  # a strategy of each type is configurable with the catalogue's defaults
        s = config.Strategy(type=t.name, prompt="p" if t.needs_prompt else None)
        assert s.namespace_template == BY_NAME[t.name].namespace


def test_a_type_that_needs_a_prompt_is_refused_without_one() -> None:
    needs = [t.name for t in CATALOGUE if t.needs_prompt]
    assert needs == ["CUSTOM"]
    with pytest.raises(ConfigError) as err:
        config.load_config({"harness": {"memory": {"enabled": True, "strategies": [{"type": "CUSTOM"}]}}})
    assert err.value.field == "harness.memory.strategies.0" and "needs a prompt" in err.value.message
