"""The catalogue of long-term strategy types: one entry per type, carrying its name in every vocabulary.

Everything else that names strategy types derives from here: the configuration (``Strategy.type``, the
default namespaces, the managed defaults), the managed-memory value (:mod:`engram.core.managed_memory`),
the planner (:mod:`engram.strategies.pipeline` picks the family, :mod:`engram.strategies.registry` the
module) and the AgentCore face (``MemoryStrategyInput`` members, custom overrides, AWS default templates,
the strategies a managed harness memory gets). Adding a type is one entry here, its module under
``strategies/`` and its prompt under ``strategies/prompts/`` (docs/architecture.md). Pure data.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

StrategyName = Literal["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE", "EPISODIC", "CUSTOM"]
Family = Literal["facts", "summary", "episodic"]

_ACTOR = "/strategies/{memoryStrategyId}/actors/{actorId}/"
_SESSION = "/strategies/{memoryStrategyId}/actors/{actorId}/sessions/{sessionId}/"


@dataclass(frozen=True)
class Override:
    """How an AgentCore ``customMemoryStrategy`` runs this type: its ``configuration`` member (``semanticOverride``),
    the ``OverrideType`` GetMemory reports, the prefix of its output members (``semanticExtractionOverride``) and
    the parts it may override."""

    member: str
    type: str
    prefix: str
    parts: tuple[str, ...]


@dataclass(frozen=True)
class StrategyType:
    """One strategy type.

    ``namespace``: engram's default namespace template. ``family``: how the pipeline plans it (``facts``: candidates
    from the offline extractor or one model call; ``summary``: one running summary; ``episodic``: episodes then
    reflections). ``module``: its module under ``engram.strategies`` (prompt, categories). ``managed``: may be
    listed in ``managedMemoryConfiguration.strategies``; ``default``: runs with no configuration. ``needs_prompt``:
    a configuration must give its prompt. ``reflects``: also writes reflections (``reflection_namespace``).
    ``statements``: a fact-like type that also keeps what the user disclosed that no offline rule read
    (:mod:`engram.strategies.statements`). ``member``: its AgentCore ``MemoryStrategyInput`` member;
    ``managed_name``: the strategy name a managed harness memory gets; ``aws_template``: AgentCore's default
    namespace template (None: a custom strategy takes its override's); ``override``: how a custom strategy runs it
    (None: it cannot be overridden); ``wraps_override``: AgentCore's ``CUSTOM``, which runs the type its override
    names.
    """

    name: StrategyName
    namespace: str
    family: Family
    module: str
    member: str
    managed: bool = False
    default: bool = False
    needs_prompt: bool = False
    reflects: bool = False
    statements: bool = True
    managed_name: str | None = None
    aws_template: str | None = None
    override: Override | None = None
    wraps_override: bool = False


CATALOGUE: tuple[StrategyType, ...] = (
    StrategyType("SEMANTIC", "/facts/{actorId}/", "facts", "semantic", "semanticMemoryStrategy",
                 managed=True, default=True, managed_name="semantic", aws_template=_ACTOR,
                 override=Override("semanticOverride", "SEMANTIC_OVERRIDE", "semantic",
                                   ("extraction", "consolidation"))),
    StrategyType("SUMMARIZATION", "/summary/{actorId}/{sessionId}/", "summary", "summary", "summaryMemoryStrategy",
                 managed=True, default=True, managed_name="summarization", aws_template=_SESSION,
                 override=Override("summaryOverride", "SUMMARY_OVERRIDE", "summary", ("consolidation",))),
    StrategyType("USER_PREFERENCE", "/preferences/{actorId}/", "facts", "user_preference",
                 "userPreferenceMemoryStrategy", managed=True, statements=False, managed_name="user_preference",
                 aws_template=_ACTOR,
                 override=Override("userPreferenceOverride", "USER_PREFERENCE_OVERRIDE", "userPreference",
                                   ("extraction", "consolidation"))),
    StrategyType("EPISODIC", "/episodes/{actorId}/{sessionId}/", "episodic", "episodic", "episodicMemoryStrategy",
                 managed=True, reflects=True, managed_name="episodic", aws_template=_SESSION,
                 override=Override("episodicOverride", "EPISODIC_OVERRIDE", "episodic",
                                   ("extraction", "consolidation", "reflection"))),
    StrategyType("CUSTOM", "/custom/{actorId}/", "facts", "custom", "customMemoryStrategy", needs_prompt=True,
                 wraps_override=True),
)

NAMES: tuple[StrategyName, ...] = get_args(StrategyName)
BY_NAME: dict[str, StrategyType] = {t.name: t for t in CATALOGUE}
if tuple(BY_NAME) != NAMES:  # the Literal and the entries list the same types, in the same order
    raise AssertionError(f"StrategyName {NAMES} and CATALOGUE {tuple(BY_NAME)} disagree")

DEFAULT_NAMESPACES: dict[str, str] = {t.name: t.namespace for t in CATALOGUE}
DEFAULTS: tuple[StrategyName, ...] = tuple(t.name for t in CATALOGUE if t.default)
MANAGED: tuple[StrategyName, ...] = tuple(t.name for t in CATALOGUE if t.managed)
FACT_TYPES: frozenset[str] = frozenset(t.name for t in CATALOGUE if t.family == "facts")
BY_MEMBER: dict[str, StrategyType] = {t.member: t for t in CATALOGUE}
OVERRIDDEN: dict[str, StrategyType] = {t.override.member: t for t in CATALOGUE if t.override is not None}


def reflects(name: str) -> bool:
    """Whether a strategy of this type also writes reflections (unknown types do not)."""
    t = BY_NAME.get(name)
    return t is not None and t.reflects


def runs_override(name: str) -> bool:
    """Whether this AgentCore type runs the type its custom override names (``CUSTOM``)."""
    t = BY_NAME.get(name)
    return t is not None and t.wraps_override


def by_override_type(override_type: str) -> StrategyType | None:
    """The type a custom strategy's ``OverrideType`` (``SEMANTIC_OVERRIDE``) runs."""
    return next((t for t in CATALOGUE if t.override is not None and t.override.type == override_type), None)
