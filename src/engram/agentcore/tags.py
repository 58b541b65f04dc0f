"""Tags of memories and harnesses (service ``bedrock-agentcore-control``): ListTagsForResource, TagResource,
UntagResource. Tags given at CreateMemory / CreateHarness are kept with the resource and read and changed
here only (the ``Memory`` and ``Harness`` structures do not carry them). A key reaches the tags of the
resources it reaches; any other ARN is ResourceNotFound. Changing tags needs an admin key for the whole agent::

    GET    /tags/{resourceArn}                  ListTagsForResource  200 {"tags": {...}}
    POST   /tags/{resourceArn}                  TagResource          204
    DELETE /tags/{resourceArn}?tagKeys=k&...    UntagResource        204
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import Response
from fastapi.responses import JSONResponse

from ..errors import NotFound, ValidationError
from . import harness_spec as spec
from . import harnesses, memories, registry
from .server import AwsRouter, Call, CallDep

router = AwsRouter()

RESOURCE_ARN = re.compile(r"arn:(?:[^:]+)?:bedrock-agentcore:[a-z0-9-]+:[0-9]{12}:([a-z-]+/[^/]+)(?:/[a-z-]+/[^/]+)*")
TAGGABLE = re.compile(r"arn:(?:[^:]+)?:bedrock-agentcore:[a-z0-9-]+:[0-9]{12}:(memory|harness)/([^/]+)")
MAX_TAGS = 50
MAX_UNTAG = 200


class _Resource:
    """A taggable resource the caller reaches: its tags, and how to store new ones."""

    def __init__(self, c: Call, arn: str) -> None:
        if not 20 <= len(arn) <= 1011 or not RESOURCE_ARN.fullmatch(arn):  # the model's rule: no ARN at all
            raise ValidationError("must be an AgentCore resource ARN (arn:aws:bedrock-agentcore:REGION:ACCOUNT:"
                                  "TYPE/ID) of 20 to 1011 characters", field="resourceArn")
        m = TAGGABLE.fullmatch(arn)  # an ARN of another kind of resource: engram has none of those
        if m is None:
            raise NotFound(f"no taggable engram resource {arn}", field="resourceArn")
        self.c, self.kind, self.id = c, m.group(1), m.group(2)
        if self.kind == "memory":
            self.res = memories.find(c.base.store, c.grant, self.id, field="resourceArn")  # another's: missing
            self.doc: dict[str, Any] = dict(self.res.doc)
        else:
            self.doc = dict(harnesses.get(c.base, c.grant, self.id))

    @property
    def tags(self) -> dict[str, str]:
        return dict(self.doc.get("tags") or {})

    def save(self, tags: dict[str, str]) -> None:
        if len(tags) > MAX_TAGS:
            raise ValidationError(f"a resource carries at most {MAX_TAGS} tags", field="tags")
        self.doc["tags"] = tags
        if self.kind == "memory":
            registry.update(self.c.base.store, self.res.id, doc=self.doc)
        else:
            harnesses.put_tags(self.c.base, self.doc)


def _target(c: Call) -> _Resource:
    """The resource the path names; a change of its tags is a configuration change (the rights of
    :meth:`~engram.grants.Grant.need_config_change`: an admin key for the whole agent), checked first."""
    if c.request.method != "GET":
        c.grant.need_config_change()
    return _Resource(c, c.param("resourceArn"))


@router.get("/tags/{resourceArn}")
def list_tags(c: CallDep) -> JSONResponse:
    return c.ok({"tags": _target(c).tags})


@router.post("/tags/{resourceArn}", status_code=204)
def tag_resource(c: CallDep) -> Response:
    body = c.body()
    spec.keys(body, "", ("tags",), ("tags",))
    target = _target(c)
    target.save({**target.tags, **spec.tags(body["tags"])})
    return Response(status_code=204)


@router.delete("/tags/{resourceArn}", status_code=204)
def untag_resource(c: CallDep) -> Response:
    keys = c.request.query_params.getlist("tagKeys")
    if not keys:
        raise ValidationError("is required", field="tagKeys")
    if len(keys) > MAX_UNTAG:
        raise ValidationError(f"at most {MAX_UNTAG} tag keys", field="tagKeys")
    for i, key in enumerate(keys):
        if not 1 <= len(key) <= 128 or not spec.TAG.fullmatch(key):
            raise ValidationError("a tag key is 1-128 letters, digits, spaces and ._:/=+@-", field=f"tagKeys[{i}]")
        if spec.reserved_tag(key):
            raise ValidationError("tags with the prefix aws: (in any case) are reserved for AWS use and cannot be "
                                  "deleted", field=f"tagKeys[{i}]")
    target = _target(c)
    target.save({k: v for k, v in target.tags.items() if k not in keys})
    return Response(status_code=204)
