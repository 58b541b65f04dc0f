"""AgentCore memory strategies <-> engram strategies. Pure: no I/O.

A ``memoryStrategies`` entry of CreateMemory / UpdateMemory (the ``MemoryStrategyInput`` union) becomes
two things:

* the strategy as GetMemory reports it (``strategyId``, ``type``, ``namespaceTemplates``, ``status``…),
  kept with the memory so the control plane answers exactly what was asked for;
* the engram :class:`~engram.config.Strategy` entry of the memory's agent configuration, which is what
  extraction actually runs: ``semanticMemoryStrategy`` -> ``SEMANTIC``, ``summaryMemoryStrategy`` ->
  ``SUMMARIZATION``, ``userPreferenceMemoryStrategy`` -> ``USER_PREFERENCE``, ``episodicMemoryStrategy``
  -> ``EPISODIC`` (its ``reflectionConfiguration`` namespace -> ``reflection_namespace``).
  ``customMemoryStrategy`` runs the built-in strategy its override names (``semanticOverride`` ->
  ``SEMANTIC`` …) with every ``appendToPrompt`` appended to the built-in prompt; AWS still reports it as
  ``CUSTOM``. ``modelId`` is kept and reported; extraction uses it only when it is an engram model spec
  (``openai:gpt-4o-mini``…), otherwise the memory's configured model (Bedrock ids would need the network).

``namespaceTemplates`` (or the deprecated ``namespaces``) default to AWS's own defaults,
``/strategies/{memoryStrategyId}/actors/{actorId}/`` (plus ``sessions/{sessionId}/`` for summaries and
episodes). engram fills ``{actorId}``, ``{sessionId}`` and ``{memoryStrategyId}`` from the caller's own
identity; any other variable is refused. ``selfManagedConfiguration`` (delivery to SNS and S3) is not
supported: it is refused with a ValidationException rather than accepted and ignored.
"""

from __future__ import annotations

import re
import secrets
import string
from collections.abc import Mapping, Sequence
from typing import Any

from ..core import strategy_types as types
from ..core.validate import MAX_NAMESPACE
from .harness_spec import fail as _fail
from .harness_spec import obj as _obj

# the strategy-type tables, read off the catalogue (core/strategy_types.py)
MEMBERS: dict[str, str] = {t.member: t.name for t in types.CATALOGUE}
# custom override member -> (engram strategy type it runs, AWS OverrideType, output member prefix)
OVERRIDES: dict[str, tuple[str, str, str]] = {
    m: (t.name, t.override.type, t.override.prefix) for m, t in types.OVERRIDDEN.items() if t.override}
_OVERRIDE_PARTS: dict[str, tuple[str, ...]] = {m: t.override.parts for m, t in types.OVERRIDDEN.items() if t.override}
AWS_DEFAULT_TEMPLATES: dict[str, str] = {t.name: t.aws_template for t in types.CATALOGUE if t.aws_template}
_CUSTOM_MEMBER = next(t.member for t in types.CATALOGUE if t.wraps_override)
_REFLECTING = " or ".join(t.name for t in types.CATALOGUE if t.reflects)
REFLECTION_DEFAULT = "/strategies/{memoryStrategyId}/actors/{actorId}/"
FILLED_VARS = ("actorId", "sessionId", "memoryStrategyId")
ENGRAM_PROVIDERS = ("openai", "azure", "ollama", "vllm", "lmstudio", "anthropic", "bedrock")

NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9_]{0,47}")
NAMESPACE = re.compile(r"[a-zA-Z0-9\-_/]*(\{[a-zA-Z][a-zA-Z0-9]*\}[a-zA-Z0-9\-_/]*)*")
_VAR = re.compile(r"\{([a-zA-Z][a-zA-Z0-9]*)\}")
_SUFFIX = string.ascii_letters + string.digits
MAX_DESCRIPTION = 4096
MAX_PROMPT = 30_000
MAX_STRATEGIES = 6


def suffix() -> str:
    """The ten random letters and digits AWS ids end with (``name-xxxxxxxxxx``)."""
    return "".join(secrets.choice(_SUFFIX) for _ in range(10))


def _keys(value: Mapping[str, Any], field: str, allowed: Sequence[str], required: Sequence[str] = ()) -> None:
    unknown = sorted(set(value) - set(allowed))
    if unknown:
        raise _fail(f"{field}.{unknown[0]}", f"unknown field; allowed: {', '.join(allowed)}")
    for name in required:
        if value.get(name) is None:
            raise _fail(f"{field}.{name}", "is required")


def _one_member(value: Any, field: str, members: Sequence[str]) -> tuple[str, Any]:
    obj = _obj(value, field)
    given = [k for k, v in obj.items() if v is not None]
    unknown = [k for k in given if k not in members]
    if unknown:
        raise _fail(f"{field}.{unknown[0]}", f"unknown member; one of: {', '.join(members)}")
    if len(given) != 1:
        raise _fail(field, f"set exactly one of: {', '.join(members)}")
    return given[0], obj[given[0]]


def check_name(value: Any, field: str) -> str:
    if not isinstance(value, str) or not NAME.fullmatch(value):
        raise _fail(field, "must match [a-zA-Z][a-zA-Z0-9_]{0,47}")
    return value


def check_description(value: Any, field: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_DESCRIPTION:
        raise _fail(field, f"must be a string of 1 to {MAX_DESCRIPTION} characters")
    return value


def check_template(value: Any, field: str) -> str:
    """One namespace template: the model's pattern, at most ``MAX_NAMESPACE`` characters, only variables engram
    fills."""
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_NAMESPACE or not NAMESPACE.fullmatch(value):
        raise _fail(field, f"must be 1-{MAX_NAMESPACE} characters of letters, digits, - _ / and {{variable}} "
                           "placeholders")
    for var in _VAR.findall(value):
        if var not in FILLED_VARS:
            raise _fail(field, f"engram fills only {{actorId}}, {{sessionId}} and {{memoryStrategyId}}; "
                               f"got {{{var}}}")
    for seg in value.strip("/").split("/"):
        if seg and seg[0] in "-_":
            raise _fail(field, f"segment {seg!r} must start with a letter, a digit or a {{variable}}")
    return value


def _templates(obj: Mapping[str, Any], field: str, default: str) -> str:
    """``namespaceTemplates`` (or the deprecated ``namespaces``): a list of exactly one template."""
    given = {k: obj.get(k) for k in ("namespaceTemplates", "namespaces") if obj.get(k) is not None}
    if not given:
        return default
    templates = []
    for key, listed in given.items():  # each one well-formed first: a malformed one is named, not "disagree"
        if not isinstance(listed, list) or len(listed) != 1:
            raise _fail(f"{field}.{key}", "must be a list of exactly one namespace template")
        templates.append(check_template(listed[0], f"{field}.{key}[0]"))
    if len(set(templates)) > 1:
        raise _fail(f"{field}.namespaceTemplates", "namespaces and namespaceTemplates disagree; give one")
    return templates[0]


def _prompt_part(value: Any, field: str) -> dict[str, str]:
    obj = _obj(value, field)
    _keys(obj, field, ("appendToPrompt", "modelId"), ("appendToPrompt", "modelId"))
    prompt, model = obj["appendToPrompt"], obj["modelId"]
    if not isinstance(prompt, str) or not 1 <= len(prompt) <= MAX_PROMPT:
        raise _fail(f"{field}.appendToPrompt", f"must be a string of 1 to {MAX_PROMPT} characters")
    if not isinstance(model, str) or not model.strip():
        raise _fail(f"{field}.modelId", "must be a non-empty string")
    return {"appendToPrompt": prompt, "modelId": model}


def engram_model(model_id: str | None) -> str | None:
    """The engram model spec a ``modelId`` names, if it is one (``openai:gpt-4o-mini``); else None."""
    if not model_id:
        return None
    provider, sep, rest = model_id.partition(":")
    return model_id if sep and rest and provider.lower() in ENGRAM_PROVIDERS else None


def _schema(obj: Mapping[str, Any], field: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if obj.get("memoryRecordSchema") is not None:
        out["memoryRecordSchema"] = _obj(obj["memoryRecordSchema"], f"{field}.memoryRecordSchema")
    return out


def parse_input(item: Any, field: str, now: float) -> dict[str, Any]:
    """One ``MemoryStrategyInput`` -> the strategy as GetMemory reports it (a new ``strategyId``)."""
    member, body = _one_member(item, field, tuple(MEMBERS))
    where = f"{field}.{member}"
    obj = _obj(body, where)
    common = ("name", "description", "namespaces", "namespaceTemplates", "memoryRecordSchema",
              "recordExpirySpecification")
    kind = MEMBERS[member]
    extra = ("configuration",) if types.runs_override(kind) else \
        ("reflectionConfiguration",) if types.reflects(kind) else ()
    _keys(obj, where, common + extra, ("name",))
    name = check_name(obj["name"], f"{where}.name")
    runs = kind
    configuration: dict[str, Any] | None = None
    if types.runs_override(kind):
        if obj.get("configuration") is None:
            raise _fail(f"{where}.configuration", "a custom strategy needs a configuration (an override)")
        over, spec = _one_member(obj["configuration"], f"{where}.configuration",
                                 (*OVERRIDES, "selfManagedConfiguration"))
        if over == "selfManagedConfiguration":
            raise _fail(f"{where}.configuration.selfManagedConfiguration",
                        "self-managed strategies (delivery to SNS and S3) are not supported by engram")
        configuration = _override(over, spec, f"{where}.configuration.{over}")
        runs = OVERRIDES[over][0]
    default = AWS_DEFAULT_TEMPLATES[runs]
    template = _templates(obj, where, default)
    if types.reflects(runs):
        reflection = _reflection(obj, configuration, where)
        configuration = configuration or {}
        configuration.setdefault("reflection", {"episodicReflectionConfiguration": {
            "namespaces": [reflection], "namespaceTemplates": [reflection]}})
    strategy: dict[str, Any] = {
        "strategyId": f"{name}-{suffix()}", "name": name, "type": kind,
        "namespaces": [template], "namespaceTemplates": [template],
        "status": "ACTIVE", "createdAt": now, "updatedAt": now, **_schema(obj, where),
    }
    description = check_description(obj.get("description"), f"{where}.description")
    if description is not None:
        strategy["description"] = description
    if configuration:
        strategy["configuration"] = configuration
    expiry = obj.get("recordExpirySpecification")
    if expiry is not None:
        strategy["recordExpiryDurationDays"] = _record_expiry(expiry, f"{where}.recordExpirySpecification")
    return strategy


def _record_expiry(value: Any, field: str) -> int:
    obj = _obj(value, field)
    _keys(obj, field, ("recordExpiryDurationDays", "action"))
    days = obj.get("recordExpiryDurationDays")
    if days is None:
        raise _fail(f"{field}.recordExpiryDurationDays", "is required (engram expires records by age)")
    if isinstance(days, bool) or not isinstance(days, int) or days < 31:
        raise _fail(f"{field}.recordExpiryDurationDays", "must be an integer of at least 31")
    return days


def _override(member: str, spec: Any, field: str) -> dict[str, Any]:
    obj = _obj(spec, field)
    parts = _OVERRIDE_PARTS[member]
    _keys(obj, field, parts)
    if not any(obj.get(p) is not None for p in parts):
        raise _fail(field, f"give at least one of: {', '.join(parts)}")
    _, override_type, prefix = OVERRIDES[member]
    out: dict[str, Any] = {"type": override_type}
    for part in parts:
        if obj.get(part) is None:
            continue
        where = f"{field}.{part}"
        if part == "reflection":
            robj = _obj(obj[part], where)
            _keys(robj, where, ("appendToPrompt", "modelId", "namespaces", "namespaceTemplates",
                                "memoryRecordSchema"), ("appendToPrompt", "modelId"))
            got: dict[str, Any] = _prompt_part({k: robj[k] for k in ("appendToPrompt", "modelId")}, where)
            template = _templates(robj, where, REFLECTION_DEFAULT)
            got.update({"namespaces": [template], "namespaceTemplates": [template]})
            out["reflection"] = {"customReflectionConfiguration": {"episodicReflectionOverride": got}}
        else:
            got = _prompt_part(obj[part], where)
            wrapper = "customExtractionConfiguration" if part == "extraction" else "customConsolidationConfiguration"
            out[part] = {wrapper: {f"{prefix}{part.capitalize()}Override": got}}
    return out


def _reflection(obj: Mapping[str, Any], configuration: Mapping[str, Any] | None, where: str) -> str:
    """The episodic reflection namespace: the override's, the reflectionConfiguration's, or the default."""
    if configuration and "reflection" in configuration:
        inner = configuration["reflection"]["customReflectionConfiguration"]["episodicReflectionOverride"]
        return str(inner["namespaceTemplates"][0])
    given = obj.get("reflectionConfiguration")
    if given is None:
        return REFLECTION_DEFAULT
    robj = _obj(given, f"{where}.reflectionConfiguration")
    _keys(robj, f"{where}.reflectionConfiguration", ("namespaces", "namespaceTemplates", "memoryRecordSchema"))
    return _templates(robj, f"{where}.reflectionConfiguration", REFLECTION_DEFAULT)


def _prompts(configuration: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """Every ``appendToPrompt`` of a custom configuration joined, and the first engram model named."""
    prompts: list[str] = []
    models: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, Mapping):
            if "appendToPrompt" in node:
                prompts.append(str(node["appendToPrompt"]))
                spec = engram_model(node.get("modelId"))
                if spec:
                    models.append(spec)
            for key, value in node.items():
                if key not in ("appendToPrompt", "modelId"):
                    walk(value)

    walk(configuration)
    return ("\n\n".join(prompts) or None), (models[0] if models else None)


def runs_as(strategy: Mapping[str, Any]) -> str:
    """The engram strategy type an AgentCore strategy runs as (a custom one runs its override's type)."""
    if not types.runs_override(strategy["type"]):
        return str(strategy["type"])
    runs = types.by_override_type(str(strategy.get("configuration", {}).get("type", "")))
    if runs is not None:
        return runs.name
    raise ValueError(f"custom strategy {strategy.get('strategyId')!r} has no override type")


def filled_template(template: str, strategy_id: str) -> str:
    """A template with ``{memoryStrategyId}`` filled: the strategy's own id is known when it is made, so
    engram keeps templates whose other variables only the caller's identity fills."""
    return template.replace("{memoryStrategyId}", strategy_id)


def to_engram(strategy: Mapping[str, Any]) -> dict[str, Any]:
    """The engram ``harness.memory.strategies`` entry that runs this AgentCore strategy."""
    sid = str(strategy["strategyId"])
    out: dict[str, Any] = {"type": runs_as(strategy), "id": sid,
                           "namespace": filled_template(strategy["namespaceTemplates"][0], sid)}
    configuration = strategy.get("configuration") or {}
    reflection = configuration.get("reflection") or {}
    if reflection:
        inner = (reflection.get("episodicReflectionConfiguration")
                 or reflection["customReflectionConfiguration"]["episodicReflectionOverride"])
        out["reflection_namespace"] = filled_template(inner["namespaceTemplates"][0], sid)
    if types.runs_override(strategy["type"]):
        prompt, model = _prompts(configuration)
        if prompt:
            out["prompt"] = prompt
            out["prompt_mode"] = "append"
        if model:
            out["model"] = model
    return out


def parse_inputs(items: Any, field: str, now: float, *, existing: Sequence[Mapping[str, Any]] = ()
                 ) -> list[dict[str, Any]]:
    """A ``memoryStrategies`` list; names are unique within the memory (with ``existing`` ones)."""
    if items is None:
        return []
    if not isinstance(items, list):
        raise _fail(field, "must be a list of memory strategies")
    out = [parse_input(item, f"{field}[{i}]", now) for i, item in enumerate(items)]
    have = {s["name"]: s.get("strategyId") for s in existing}
    seen: dict[str, int] = {}
    for i, s in enumerate(out):  # the later of two equal names is the one at fault
        name = s["name"]
        if name in have:
            raise _fail(f"{field}[{i}].name", f"a strategy named {name!r} already exists in this memory"
                        + (f" ({have[name]})" if have[name] else ""))
        if name in seen:
            raise _fail(f"{field}[{i}].name", f"repeats the name {name!r} of {field}[{seen[name]}]")
        seen[name] = i
    if len(existing) + len(out) > MAX_STRATEGIES:
        raise _fail(field, f"a memory has at most {MAX_STRATEGIES} strategies")
    return out


def modify(strategy: Mapping[str, Any], change: Any, field: str, now: float) -> dict[str, Any]:
    """Apply one ``ModifyMemoryStrategyInput``: only what it names changes."""
    obj = _obj(change, field)
    _keys(obj, field, ("memoryStrategyId", "description", "namespaces", "namespaceTemplates", "configuration",
                       "memoryRecordSchema", "recordExpirySpecification"), ("memoryStrategyId",))
    out = dict(strategy)
    if obj.get("description") is not None:
        out["description"] = check_description(obj["description"], f"{field}.description")
    if obj.get("namespaceTemplates") is not None or obj.get("namespaces") is not None:
        template = _templates(obj, field, strategy["namespaceTemplates"][0])
        out["namespaces"] = out["namespaceTemplates"] = [template]
    if obj.get("memoryRecordSchema") is not None:
        out.update(_schema(obj, field))
    if obj.get("recordExpirySpecification") is not None:
        out["recordExpiryDurationDays"] = _record_expiry(obj["recordExpirySpecification"],
                                                         f"{field}.recordExpirySpecification")
    if obj.get("configuration") is not None:
        out["configuration"] = _modify_configuration(strategy, obj["configuration"], f"{field}.configuration")
    out["updatedAt"] = now
    return out


_MODIFY_WRAPPERS = {"extraction": "customExtractionConfiguration",
                    "consolidation": "customConsolidationConfiguration"}


def _modify_configuration(strategy: Mapping[str, Any], change: Any, field: str) -> dict[str, Any]:
    obj = _obj(change, field)
    _keys(obj, field, ("extraction", "consolidation", "reflection", "selfManagedConfiguration"))
    if obj.get("selfManagedConfiguration") is not None:
        raise _fail(f"{field}.selfManagedConfiguration",
                    "self-managed strategies (delivery to SNS and S3) are not supported by engram")
    current: dict[str, Any] = dict(strategy.get("configuration") or {})
    kind = strategy["type"]
    for part, wrapper in _MODIFY_WRAPPERS.items():
        if obj.get(part) is None:
            continue
        if not types.runs_override(kind):
            raise _fail(f"{field}.{part}", f"only a {MEMBERS[_CUSTOM_MEMBER]} strategy has {part} overrides "
                                           f"(this one is {kind})")
        name, inner = _one_member(_obj(obj[part], f"{field}.{part}").get(wrapper), f"{field}.{part}.{wrapper}",
                                  _override_members(part))
        expected = _expected_member(current, part)
        if expected and name != expected:
            raise _fail(f"{field}.{part}.{wrapper}.{name}", f"this strategy's override is {expected}")
        current[part] = {wrapper: {name: _prompt_part(inner, f"{field}.{part}.{wrapper}.{name}")}}
    if obj.get("reflection") is not None:
        current["reflection"] = _modify_reflection(kind, current, obj["reflection"], f"{field}.reflection")
    return current


def _override_members(part: str) -> tuple[str, ...]:
    prefixes = [p for m, (_, _, p) in OVERRIDES.items() if part in _OVERRIDE_PARTS[m]]
    return tuple(f"{p}{part.capitalize()}Override" for p in prefixes)


def _expected_member(current: Mapping[str, Any], part: str) -> str | None:
    kind = current.get("type")
    for _, override_type, prefix in OVERRIDES.values():
        if override_type == kind:
            return f"{prefix}{part.capitalize()}Override"
    return None


def _modify_reflection(kind: str, current: Mapping[str, Any], change: Any, field: str) -> dict[str, Any]:
    name, inner = _one_member(change, field, ("episodicReflectionConfiguration", "customReflectionConfiguration"))
    if name == "episodicReflectionConfiguration":
        if not types.reflects(kind):
            raise _fail(f"{field}.{name}", f"only an {_REFLECTING} strategy reflects (this one is {kind})")
        robj = _obj(inner, f"{field}.{name}")
        _keys(robj, f"{field}.{name}", ("namespaces", "namespaceTemplates", "memoryRecordSchema"))
        template = _templates(robj, f"{field}.{name}", REFLECTION_DEFAULT)
        return {name: {"namespaces": [template], "namespaceTemplates": [template]}}
    over = types.by_override_type(str(current.get("type", "")))
    if over is None or not over.reflects:
        raise _fail(f"{field}.{name}", "only a custom episodic strategy has a reflection override")
    _, robj = _one_member(inner, f"{field}.{name}", ("episodicReflectionOverride",))
    where = f"{field}.{name}.episodicReflectionOverride"
    robj = _obj(robj, where)
    _keys(robj, where, ("appendToPrompt", "modelId", "namespaces", "namespaceTemplates", "memoryRecordSchema"),
          ("appendToPrompt", "modelId"))
    got: dict[str, Any] = _prompt_part({k: robj[k] for k in ("appendToPrompt", "modelId")}, where)
    template = _templates(robj, where, REFLECTION_DEFAULT)
    got.update({"namespaces": [template], "namespaceTemplates": [template]})
    return {name: {"episodicReflectionOverride": got}}
