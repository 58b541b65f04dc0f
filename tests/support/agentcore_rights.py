"""Helpers for the AgentCore control plane's rights and tenancy tests: what a refusal answers, and what one
tenant's control plane holds (to show that a refused call changed nothing)."""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import botocore
import pytest
from botocore.exceptions import ClientError

CONTROL = "bedrock-agentcore-control"
ROLE = "arn:aws:iam::123456789012:role/MyHarnessRole"


def refused(call: Callable[[], Any], code: str) -> dict[str, Any]:
    """``call`` fails with the AWS error ``code``; its parsed error response."""
    with pytest.raises(ClientError) as exc:
        call()
    err: dict[str, Any] = exc.value.response
    assert err["Error"]["Code"] == code, err
    return err


def _clean(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != "ResponseMetadata"}


def holdings(ctl: Any) -> dict[str, Any]:
    """Everything a tenant's control plane answers about its memories and harnesses, tags included."""
    out: dict[str, Any] = {"memories": {}, "harnesses": {}}
    for m in ctl.list_memories()["memories"]:
        got = _clean(ctl.get_memory(memoryId=m["id"]))
        out["memories"][m["id"]] = {**got, "tags": ctl.list_tags_for_resource(resourceArn=m["arn"])["tags"]}
    for h in ctl.list_harnesses()["harnesses"]:
        got = _clean(ctl.get_harness(harnessId=h["harnessId"]))
        out["harnesses"][h["harnessId"]] = {**got, "tags": ctl.list_tags_for_resource(resourceArn=h["arn"])["tags"],
                                           "versions": len(ctl.list_harness_versions(
                                               harnessId=h["harnessId"])["harnessVersions"])}
    return out


def model_ranges(operation: str) -> Iterator[tuple[str, float | None, float | None]]:
    """(member path, min, max) of every number in ``operation``'s input that botocore's
    ``bedrock-agentcore-control`` model bounds, paths as engram's errors name them (``a.b``, no list marks)."""
    root = Path(botocore.__file__).parent / "data" / CONTROL
    [model_file] = sorted(root.glob("*/service-2.json.gz"))[-1:]
    model = json.loads(gzip.decompress(model_file.read_bytes()))
    shapes = model["shapes"]

    def walk(name: str, path: str, seen: frozenset[str]) -> Iterator[tuple[str, float | None, float | None]]:
        shape = shapes[name]
        if shape["type"] in ("integer", "long", "float", "double"):
            if "min" in shape or "max" in shape:
                yield path, shape.get("min"), shape.get("max")
            return
        if name in seen:
            return
        seen = seen | {name}
        if shape["type"] in ("structure", "union"):
            for member, ref in shape["members"].items():
                yield from walk(ref["shape"], f"{path}.{member}" if path else member, seen)
        elif shape["type"] == "list":
            yield from walk(shape["member"]["shape"], path, seen)
        elif shape["type"] == "map":
            yield from walk(shape["value"]["shape"], path, seen)

    yield from walk(model["operations"][operation]["input"]["shape"], "", frozenset())
