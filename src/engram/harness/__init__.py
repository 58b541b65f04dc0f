"""The agent harness: engram as the memory of an agent loop (``engram.harness.agent.Agent``).

Modules: ``agent`` (the turn loop, ``Agent`` and ``Reply``), ``context`` (truncation, summaries, offload),
``tools`` (memory tool schemas and dispatch), ``memory_block`` (recalled records as delimited data),
``subagent`` (read-only handles), ``cli`` (``engram chat``).
"""
