"""The memory tools as the service faces list them (``GET …/tools`` at every depth, MCP ``tools/list``).

They are the harness's specs (:func:`engram.harness.tools.memory_specs`: the configuration narrowed to the caller,
``add_memory``'s ``scope`` enum cut to the levels the caller can write), with that argument's description said
from the enum the list offers, so it never names a level a call would be refused at.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from ..config import Config
from ..harness.tools import HARNESS, MEMORY_TOOLS, ToolDefaults, memory_specs
from ..models.base import ToolSpec
from ..types import Scope

WHO_SEES = {"session": "this session", "actor": "every session of this actor",
            "agent": "every actor and session of this agent"}


def offered(config: Config, *, defaults: ToolDefaults = HARNESS, names: tuple[str, ...] = MEMORY_TOOLS,
            scope: Scope | None = None) -> list[ToolSpec]:
    """The tools ``config`` offers (``scope`` bound, or None: ids not judged), ``add_memory``'s ``scope``
    described by exactly the levels its enum lists, the default (listed first) named last."""
    return [_levels_said(spec) if spec.name == "add_memory" else spec
            for spec in memory_specs(config, defaults=defaults, names=names, scope=scope)]


def _levels_said(spec: ToolSpec) -> ToolSpec:
    params = copy.deepcopy(spec.parameters)
    prop = params["properties"]["scope"]
    levels = [str(lv) for lv in prop["enum"]]
    who = " or ".join(f"{lv} ({WHO_SEES.get(lv, lv)})" for lv in levels)
    prop["description"] = f"Who sees it: {who}. Default: {levels[0]}."
    return replace(spec, parameters=params)
