"""AgentCore identifiers: the service model's patterns, ARNs, and the reversible maps to engram's ids. Pure.

- memory ids read ``name-xxxxxxxxxx`` (ten letters/digits); an ARN
  ``arn:aws:bedrock-agentcore:REGION:ACCOUNT:memory/ID`` names the same memory.
- event ids read ``digits#hex``: engram's event id ``e_`` + 13 hex digits of microseconds + 10 random hex
  becomes ``<microseconds in decimal>#<random hex>`` and back.
- memory record ids read ``mem-…`` with 40 to 50 characters: engram's record id plus a 12-hex check,
  ``mem-<engram id>-<check>``, so a made-up id is refused before any read.
- actor ids may hold ``/`` (AWS) where engram's may not; ``/`` becomes ``+`` (which AWS actor ids never
  contain) and back. Actor ids over 128 characters are refused (engram's limit).

Path parameters reach the routes still percent-encoded (routing happens on the raw path, so an ARN's ``/``
cannot split a segment); :func:`path_param` decodes one.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import string
from datetime import UTC, datetime
from urllib.parse import unquote

from .errors import ResourceNotFoundException, ValidationException

MEMORY_ID = re.compile(r"(?:arn:(?:aws|aws-cn|aws-us-gov):bedrock-agentcore:[a-z0-9-]+:[0-9]{12}:memory/)?"
                       r"([a-zA-Z][a-zA-Z0-9-_]{0,99}-[a-zA-Z0-9]{10})")
MEMORY_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9_]{0,47}")
ACTOR_ID = re.compile(r"[a-zA-Z0-9][a-zA-Z0-9-_/]*(?::[a-zA-Z0-9-_/]+)*[a-zA-Z0-9-_/]*")
SESSION_ID = re.compile(r"[a-zA-Z0-9][a-zA-Z0-9-_]*")
EVENT_ID = re.compile(r"([0-9]+)#([a-fA-F0-9]+)")
RECORD_ID = re.compile(r"mem-[a-zA-Z0-9-_]*")
BRANCH_NAME = re.compile(r"[a-zA-Z0-9][a-zA-Z0-9-_]*")
STRATEGY_ID = re.compile(r"[a-zA-Z0-9][a-zA-Z0-9-_]*")
NAMESPACE = re.compile(r"[a-zA-Z0-9/*][a-zA-Z0-9-_/*]*(?::[a-zA-Z0-9-_/*]+)*[a-zA-Z0-9-_/*]*")
METADATA_KEY = re.compile(r"[a-zA-Z0-9\s._:/=+@-]*")
METADATA_VALUE = METADATA_KEY
REQUEST_IDENTIFIER = re.compile(r"[a-zA-Z0-9_-]+")

DEFAULT_REGION = "us-east-1"
DEFAULT_ACCOUNT = "000000000000"
_ALNUM = string.ascii_letters + string.digits
_ENGRAM_EVENT = re.compile(r"^e_([0-9a-f]{13})([0-9a-f]{10})$")
_ENGRAM_ID = re.compile(r"^[A-Za-z0-9_]{1,33}$")
_ENGRAM_RECORD = re.compile(r"^r_([0-9a-f]{13})[0-9a-f]{10}$")


def check(value: object, pattern: re.Pattern[str], field: str, *, min_len: int = 1, max_len: int | None = None,
          required: bool = True) -> str | None:
    """Validate a string against a service-model pattern (full match) and its length limits."""
    if value is None:
        if required:
            raise ValidationException("is required", field=field)
        return None
    if not isinstance(value, str):
        raise ValidationException("must be a string", field=field)
    if len(value) < min_len or (max_len is not None and len(value) > max_len):
        limit = f"{min_len} to {max_len}" if max_len is not None else f"at least {min_len}"
        raise ValidationException(f"must be {limit} characters long", field=field)
    if not pattern.fullmatch(value):
        raise ValidationException(f"must match the pattern {pattern.pattern}", field=field)
    return value


def path_param(raw: str) -> str:
    """A path parameter as the client meant it (they arrive percent-encoded)."""
    return unquote(raw)


# -- memories ---------------------------------------------------------------------------------------------------
def memory_id(value: object, field: str = "memoryId") -> str:
    """The bare memory id of an id or an ARN."""
    raw = check(value, MEMORY_ID, field, min_len=12)
    m = MEMORY_ID.fullmatch(raw or "")
    assert m is not None
    return m.group(1)


def new_memory_id(name: str) -> str:
    """A fresh id for a memory called ``name``: the name, a dash, ten random letters and digits."""
    check(name, MEMORY_NAME, "name", max_len=48)
    return f"{name}-{''.join(secrets.choice(_ALNUM) for _ in range(10))}"


def memory_arn(memory_id: str, region: str = DEFAULT_REGION, account: str = DEFAULT_ACCOUNT) -> str:
    return f"arn:aws:bedrock-agentcore:{region}:{account}:memory/{memory_id}"


# -- actors and sessions ----------------------------------------------------------------------------------------
def actor_in(value: object, field: str = "actorId") -> str:
    """An AgentCore actor id as engram's actor id ('/' becomes '+')."""
    raw = check(value, ACTOR_ID, field, max_len=255) or ""
    if len(raw) > 128:
        raise ValidationException("must be at most 128 characters on engram", field=field)
    return raw.replace("/", "+")


def actor_out(engram_actor: str) -> str:
    return engram_actor.replace("+", "/")


def session_in(value: object, field: str = "sessionId", *, required: bool = True) -> str | None:
    return check(value, SESSION_ID, field, max_len=100, required=required)


# -- events -----------------------------------------------------------------------------------------------------
def event_id_out(engram_id: str) -> str:
    m = _ENGRAM_EVENT.match(engram_id)
    if not m:  # an event id engram did not make with new_id: keep it reachable, digits from its hash
        digest = hashlib.sha256(engram_id.encode()).hexdigest()
        return f"0#{digest[:20]}"
    return f"{int(m.group(1), 16)}#{m.group(2)}"


def event_id_in(value: object, field: str = "eventId") -> str:
    """engram's id of an AgentCore event id; ResourceNotFound for ids engram never made."""
    raw = check(value, EVENT_ID, field) or ""
    m = EVENT_ID.fullmatch(raw)
    assert m is not None
    micros, rand = int(m.group(1)), m.group(2).lower()
    if micros >= 16**13 or len(rand) != 10:
        raise ResourceNotFoundException(f"no event {raw} in this session")
    return f"e_{micros:013x}{rand}"


def event_time_digits(at: datetime) -> int:
    return int(at.astimezone(UTC).timestamp() * 1_000_000)


# -- memory records ---------------------------------------------------------------------------------------------
def record_id_out(engram_id: str) -> str:
    """``mem-<engram id>-<check>``: the check is hex of a hash of the id, long enough for 40 characters."""
    width = max(12, 40 - 5 - len(engram_id))
    check_digits = hashlib.sha256(f"engram-record\x1f{engram_id}".encode()).hexdigest()[:width]
    return f"mem-{engram_id}-{check_digits}"


def record_written(engram_id: str) -> datetime | None:
    """When engram wrote record ``engram_id``: its ids begin with their creation time in microseconds (as event
    ids do); None for an id of another form."""
    m = _ENGRAM_RECORD.match(engram_id)
    return datetime.fromtimestamp(int(m.group(1), 16) / 1_000_000, UTC) if m else None


def record_id_in(value: object, field: str = "memoryRecordId") -> str:
    """engram's id of an AgentCore memory record id; ResourceNotFound for ids engram never issued."""
    raw = check(value, RECORD_ID, field, min_len=40, max_len=50) or ""
    head, sep, _ = raw[4:].rpartition("-")
    if sep and _ENGRAM_ID.match(head) and record_id_out(head) == raw:
        return head
    raise ResourceNotFoundException(f"no memory record {raw}")
