"""Every key the AgentCore face keeps in the store's meta table, in one table. Pure.

The face's state is memory resources, harnesses and the notes that make its operations idempotent and its
reads reach their owners; each kind lives under one prefix below, and only the module named beside it reads
or writes it. An erase of an actor purges what these rows say of the actor (:mod:`.erase`).
"""

from __future__ import annotations

MEMORY = "agentcore.memory."              # <memory id> -> the resource as JSON                 (registry)
AGENT = "agentcore.agent."                # <engram agent> -> the id of its memory              (registry)
MEMORY_INDEX = "agentcore.index.memory."  # <created µs>.<memory id> -> id, creation order      (registry)
MEMORY_NAME = "agentcore.memory_name."    # <hash of owner, name> -> the id holding the name    (memories)
HARNESS = "agentcore.harness."            # <harness id>[@<version>] -> the document             (harnesses)
HARNESS_INDEX = "agentcore.index.harness."  # <created µs>.<harness id> -> id, creation order  (harnesses)
OWNER = "agentcore.owner."                # <agent>␟<actor>␟<session> -> first seen, µs         (owners)
TOKEN = "agentcore.token."                # <op>.<hash of owner>.<hash> -> {"id", "params"}      (idempotency)
RECORD_ALIAS = "agentcore.record_alias."  # <engram record id> -> the id its AWS id names        (records)
AWS_MASTER = "agentcore.aws_master"       # the master secret, when not in the environment      (credentials)
AWS_KEY = "agentcore.aws_key."            # <access key id> -> the engram key it stands for      (credentials)

PREFIXES = (MEMORY, AGENT, MEMORY_INDEX, MEMORY_NAME, HARNESS, HARNESS_INDEX, OWNER, TOKEN, RECORD_ALIAS,
            AWS_MASTER, AWS_KEY)
