"""Claude's memory tool (``memory_20250818``) for the ``anthropic`` SDK's tool runner, over engram records.

``EngramMemoryTool(mem, scope)`` is a ``BetaAbstractMemoryTool``: pass it in ``tools=[...]`` to
``client.beta.messages.tool_runner(...)`` and Claude's view/create/str_replace/insert/delete/rename commands
on ``/memories`` run against :class:`~engram.adapters.memory_files.MemoryFiles` (one record per file, every
edit a new version, each command one turn). ``AsyncEngramMemoryTool`` is the same tool as a
``BetaAsyncAbstractMemoryTool``, for an ``AsyncAnthropic`` client's runner (which refuses synchronous tools).
Engram's typed errors come back to the model as the tool's error result (``is_error``), naming the error
type and field. Needs the ``[anthropic]`` extra.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from anthropic.lib.tools import BetaAbstractMemoryTool, BetaAsyncAbstractMemoryTool, ToolError
from anthropic.types.beta import (
    BetaMemoryTool20250818CreateCommand,
    BetaMemoryTool20250818DeleteCommand,
    BetaMemoryTool20250818InsertCommand,
    BetaMemoryTool20250818RenameCommand,
    BetaMemoryTool20250818StrReplaceCommand,
    BetaMemoryTool20250818ViewCommand,
)

from ..errors import EngramError
from .memory_files import MemoryFiles

if TYPE_CHECKING:
    from ..engine import Memory
    from ..types import Scope


def _run(op: Callable[[], str]) -> str:
    try:
        return op()
    except EngramError as exc:
        raise ToolError(f"Error ({type(exc).__name__}, {exc.field}): {exc.message}") from exc


class EngramMemoryTool(BetaAbstractMemoryTool):
    """The memory tool for one scope; ``level`` is where its files live (session | actor | agent)."""

    def __init__(self, mem: Memory, scope: Scope, *, level: str = "actor") -> None:
        super().__init__()
        self.files = MemoryFiles(mem, scope, level=level)

    def view(self, command: BetaMemoryTool20250818ViewCommand) -> str:
        return _run(lambda: self.files.view(command.path, command.view_range))

    def create(self, command: BetaMemoryTool20250818CreateCommand) -> str:
        return _run(lambda: self.files.create(command.path, command.file_text))

    def str_replace(self, command: BetaMemoryTool20250818StrReplaceCommand) -> str:
        return _run(lambda: self.files.str_replace(command.path, command.old_str, command.new_str))

    def insert(self, command: BetaMemoryTool20250818InsertCommand) -> str:
        return _run(lambda: self.files.insert(command.path, command.insert_line, command.insert_text))

    def delete(self, command: BetaMemoryTool20250818DeleteCommand) -> str:
        return _run(lambda: self.files.delete(command.path))

    def rename(self, command: BetaMemoryTool20250818RenameCommand) -> str:
        return _run(lambda: self.files.rename(command.old_path, command.new_path))

    def clear_all_memory(self) -> str:
        return _run(self.files.clear)


class AsyncEngramMemoryTool(BetaAsyncAbstractMemoryTool):
    """:class:`EngramMemoryTool` for ``AsyncAnthropic``'s tool runner: each command runs the synchronous tool's in
    a worker thread, so the event loop never waits on the database."""

    def __init__(self, mem: Memory, scope: Scope, *, level: str = "actor") -> None:
        super().__init__()
        self.tool = EngramMemoryTool(mem, scope, level=level)
        self.files = self.tool.files

    async def view(self, command: BetaMemoryTool20250818ViewCommand) -> str:
        return await asyncio.to_thread(self.tool.view, command)

    async def create(self, command: BetaMemoryTool20250818CreateCommand) -> str:
        return await asyncio.to_thread(self.tool.create, command)

    async def str_replace(self, command: BetaMemoryTool20250818StrReplaceCommand) -> str:
        return await asyncio.to_thread(self.tool.str_replace, command)

    async def insert(self, command: BetaMemoryTool20250818InsertCommand) -> str:
        return await asyncio.to_thread(self.tool.insert, command)

    async def delete(self, command: BetaMemoryTool20250818DeleteCommand) -> str:
        return await asyncio.to_thread(self.tool.delete, command)

    async def rename(self, command: BetaMemoryTool20250818RenameCommand) -> str:
        return await asyncio.to_thread(self.tool.rename, command)

    async def clear_all_memory(self) -> str:
        return await asyncio.to_thread(self.tool.clear_all_memory)
