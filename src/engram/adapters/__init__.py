"""engram inside agent frameworks: one module per framework, each behind its own optional extra.

=====================  ==============================  ===========================================
module                 extra                           what it plugs in
=====================  ==============================  ===========================================
``openai_agents``      ``[openai-agents]``             a ``Session``; recall/remember function tools
``langgraph``          ``[langgraph]``                 a ``BaseStore`` (namespaces → engram records)
``anthropic_memory``   ``[anthropic]``                 the ``memory_20250818`` tool over records
``memory_files``       (none)                          that tool's commands, for any framework
``pydantic_ai``        ``[pydantic-ai]``               a message-history store; memory tools
``strands``            ``[strands]``                   a native session manager; memory tools
``google_adk``         ``[google-adk]``                session service and memory service
``agent_framework``    ``[agent-framework]``           history provider and context provider
=====================  ==============================  ===========================================

Importing this package imports no framework; each module imports only its own. Every adapter reads and
writes through :class:`engram.Memory` with a validated :class:`engram.Scope`, so scope rules, typed errors,
all-or-nothing turns and RETRIEVED uses hold exactly as they do for direct calls.
"""
