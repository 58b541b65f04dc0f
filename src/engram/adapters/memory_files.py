"""The ``/memories`` file tree of Claude's memory tool (``memory_20250818``) as engram records of one scope.

Framework-neutral: :class:`MemoryFiles` runs the tool's six commands (view, create, str_replace, insert,
delete, rename) and returns the text the tool result carries; it raises engram's typed errors, which each
framework's wrapper turns into its own tool error (``anthropic_memory`` for the ``anthropic`` SDK).

One file is one record at ``level`` of the scope: its summary is the file's path, its content the file's
text (both indexed, so ``Memory.recall`` finds files by what they say), its namespace that level's own
namespace plus ``files/`` plus the path's segments. Every edit writes a new record that supersedes the
previous one, so ``Memory.history`` / ``Memory.chain`` show every version of a file; delete forgets (the
versions stay readable); rename writes the file at its new path superseding the old. Each command is one
turn: a directory's delete or rename moves every file in it or none. Directories exist while files do.
A file view hands the file to the model, so it is logged as a RETRIEVED use (score 1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core import namespace as ns
from ..core.validate import MAX_LIMIT, MAX_RECORD_CONTENT, MAX_SUMMARY
from ..errors import ConflictError, NotFound, ValidationError
from ..types import Hit, Record, Scope
from ._binding import bind
from ._paths import segment

if TYPE_CHECKING:
    from ..engine import Memory

ROOT = "/memories"
WIDTH = 6  # line numbers right-aligned to six places, as the reference implementation shows them


def parts_of(path: object, field: str = "path") -> tuple[str, ...]:
    """The segments of a path under /memories; refuses anything outside it or climbing out of it."""
    if not isinstance(path, str) or not (path == ROOT or path.startswith(ROOT + "/")):
        raise ValidationError(f"must start with {ROOT}, got {path!r}", field=field)
    parts = tuple(p for p in path[len(ROOT):].split("/") if p)
    if any(p in (".", "..") or "\x00" in p for p in parts):
        raise ValidationError(f"{path!r} would leave {ROOT}", field=field)
    if len(shown(parts)) > MAX_SUMMARY:  # the path is the record's summary
        raise ValidationError(f"must be at most {MAX_SUMMARY} characters", field=field)
    return parts


def text_arg(value: object, field: str) -> str:
    """A command's text argument: a string (a file's whole text at most ``MAX_RECORD_CONTENT`` characters)."""
    if not isinstance(value, str):
        raise ValidationError(f"must be a string, got {type(value).__name__}", field=field)
    if len(value) > MAX_RECORD_CONTENT:
        raise ValidationError(f"must be at most {MAX_RECORD_CONTENT} characters", field=field)
    return value


def fits(text: str, field: str) -> str:
    """An edited file's new text, refused (naming the argument that made it too long) past the record limit."""
    if len(text) > MAX_RECORD_CONTENT:
        raise ValidationError(f"the file would be over {MAX_RECORD_CONTENT} characters", field=field)
    return text


def shown(parts: Sequence[str]) -> str:
    return "/".join((ROOT, *parts))


def size(n: int) -> str:
    return str(n) if n < 1024 else f"{n / 1024:.1f}K" if n < 1024 ** 2 else f"{n / 1024 ** 2:.1f}M"


def numbered(text: str, start: int = 1) -> str:
    return "\n".join(f"{i:>{WIDTH}}\t{line}" for i, line in enumerate(text.split("\n"), start))


class MemoryFiles:
    """The memory tool's file tree for one scope; see the module docstring."""

    def __init__(self, mem: Memory, scope: Scope, *, level: str = "actor", kind: str | None = None) -> None:
        self.level, self.kind = bind(mem, scope, level, kind)
        self.mem = mem
        self.scope = scope
        self.root = ns.resolve(None, scope, self.level) + "files/"

    # -- reading the tree ----------------------------------------------------------------------------------
    def _namespace(self, parts: Sequence[str]) -> str:
        return self.root + "".join(segment(p) + "/" for p in parts)

    def _under(self, parts: Sequence[str]) -> list[Record]:
        """Active files at or under ``parts`` (the file itself, or a directory's files), path order."""
        out: list[Record] = []
        before = None
        while True:
            page = self.mem.list(self.scope, namespace=self._namespace(parts), limit=MAX_LIMIT, before=before)
            out += page
            if len(page) < MAX_LIMIT:
                break
            before = (page[-1].created_at, page[-1].id)
        here = shown(parts)
        return sorted((r for r in out if r.summary == here or r.summary.startswith(here.rstrip("/") + "/")),
                      key=lambda r: r.summary)

    def _file(self, parts: Sequence[str]) -> Record | None:
        return next((r for r in self._under(parts) if r.summary == shown(parts)), None)

    def _need_file(self, path: str, field: str = "path") -> tuple[tuple[str, ...], Record]:
        parts = parts_of(path, field)
        rec = self._file(parts)
        if rec is None:
            raise NotFound(f"the path {path} does not exist", field=field)
        return parts, rec

    # -- the six commands ----------------------------------------------------------------------------------
    def view(self, path: str, view_range: Sequence[int] | None = None) -> str:
        parts = parts_of(path)
        rec = self._file(parts) if parts else None
        if rec is not None:
            lines = (rec.content or "").split("\n")
            start, end = 1, len(lines)
            if view_range:
                if (isinstance(view_range, str) or len(view_range) != 2
                        or not all(isinstance(n, int) and not isinstance(n, bool) for n in view_range)):
                    raise ValidationError("must be [start, end], two whole numbers", field="view_range")
                start = max(1, view_range[0])
                end = len(lines) if view_range[1] == -1 else min(len(lines), view_range[1])
                if start > end:
                    raise ValidationError(f"Invalid `view_range` {list(view_range)}: the file has {len(lines)} "
                                          "lines; give 1 <= start <= end, or end -1 for the last line",
                                          field="view_range")
            self.mem.log_uses(self.scope, [Hit(score=1.0, record=rec)])
            return (f"Here's the content of {shown(parts)} with line numbers:\n"
                    + numbered("\n".join(lines[start - 1:end]), start))
        files = self._under(parts)
        if parts and not files:
            raise NotFound(f"the path {path} does not exist", field="path")
        base = shown(parts)
        entries: dict[str, int] = {}
        for rec in files:
            rel = rec.summary[len(base):].strip("/").split("/")
            for depth in range(1, min(len(rel), 2) + 1):  # two levels deep, as the reference tool lists
                name = "/".join(rel[:depth]) + ("/" if depth < len(rel) else "")
                entries[name] = entries.get(name, 0) + len((rec.content or "").encode())
        lines = [f"{size(sum(entries.values()))}\t{base}"]
        lines += [f"{size(n)}\t{base}/{name}" for name, n in sorted(entries.items())]
        return (f"Here're the files and directories up to 2 levels deep in {base}, excluding hidden items:\n"
                + "\n".join(lines))

    def create(self, path: str, file_text: str) -> str:
        parts = parts_of(path)
        text_arg(file_text, "file_text")
        if not parts:
            raise ValidationError(f"{ROOT} is a directory", field="path")
        if self._under(parts):
            raise ConflictError(f"File {shown(parts)} already exists", field="path")
        self._check_parents(parts)
        with self.mem.turn(self.scope, extract=False) as t:
            t.remember(shown(parts), file_text, kind=self.kind, scope=self.level, namespace=self._namespace(parts))
        return f"File created successfully at: {shown(parts)}"

    def _check_parents(self, parts: Sequence[str]) -> None:
        for i in range(1, len(parts)):
            if self._file(parts[:i]) is not None:
                raise ConflictError(f"{shown(parts[:i])} is a file, not a directory", field="path")

    def _rewrite(self, rec: Record, text: str) -> None:
        with self.mem.turn(self.scope, extract=False) as t:
            t.remember(rec.summary, text, kind=rec.kind, scope=rec.level, namespace=rec.namespace, replaces=rec.id)

    def str_replace(self, path: str, old_str: str, new_str: str) -> str:
        text_arg(old_str, "old_str")
        text_arg(new_str, "new_str")
        parts, rec = self._need_file(path)
        text = rec.content or ""
        count = text.count(old_str) if old_str else 0
        if count == 0:
            raise ValidationError(f"No replacement was performed, old_str `{old_str}` did not appear verbatim in "
                                  f"{shown(parts)}.", field="old_str")
        if count > 1:
            at = [text[:i].count("\n") + 1 for i in _find_all(text, old_str)]
            raise ValidationError(f"No replacement was performed. Multiple occurrences of old_str `{old_str}` in "
                                  f"lines: {', '.join(map(str, at))}. Please ensure it is unique", field="old_str")
        line = text[:text.index(old_str)].count("\n")
        new = fits(text.replace(old_str, new_str), "new_str")
        self._rewrite(rec, new)
        lines = new.split("\n")
        lo, hi = max(0, line - 2), min(len(lines), line + 3)
        return ("The memory file has been edited. Here is the snippet showing the change (with line numbers):\n"
                + numbered("\n".join(lines[lo:hi]), lo + 1))

    def insert(self, path: str, insert_line: int, insert_text: str) -> str:
        text_arg(insert_text, "insert_text")
        parts, rec = self._need_file(path)
        lines = (rec.content or "").split("\n")
        if (rec.content or "").endswith("\n"):
            lines.pop()
        if isinstance(insert_line, bool) or not isinstance(insert_line, int) or not 0 <= insert_line <= len(lines):
            raise ValidationError(f"Invalid `insert_line` parameter: {insert_line}. It should be within the range "
                                  f"[0, {len(lines)}].", field="insert_line")
        lines.insert(insert_line, insert_text.rstrip("\n"))
        self._rewrite(rec, fits("\n".join(lines) + "\n", "insert_text"))
        return f"The file {shown(parts)} has been edited."

    def delete(self, path: str) -> str:
        parts = parts_of(path)
        if not parts:
            raise ValidationError(f"Cannot delete the {ROOT} directory itself", field="path")
        files = self._under(parts)
        if not files:
            raise NotFound(f"The path {path} does not exist", field="path")
        with self.mem.turn(self.scope, extract=False) as t:
            for rec in files:
                t.forget(rec.id)
        return f"Successfully deleted {shown(parts)}"

    def rename(self, old_path: str, new_path: str) -> str:
        old, new = parts_of(old_path, "old_path"), parts_of(new_path, "new_path")
        if not old:
            raise ValidationError(f"Cannot rename the {ROOT} directory itself", field="old_path")
        if new[:len(old)] == old:
            raise ValidationError(f"Cannot move {shown(old)} into itself", field="new_path")
        files = self._under(old)
        if not files:
            raise NotFound(f"The path {old_path} does not exist", field="old_path")
        if not new or self._under(new):
            raise ConflictError(f"The destination {new_path} already exists", field="new_path")
        self._check_parents(new)
        with self.mem.turn(self.scope, extract=False) as t:
            for rec in files:
                rel = rec.summary[len(shown(old)):].strip("/")
                moved = (*new, *rel.split("/")) if rel else new
                t.remember(shown(moved), rec.content, kind=rec.kind, scope=rec.level,
                           namespace=self._namespace(moved), replaces=rec.id)
        return f"Successfully renamed {shown(old)} to {shown(new)}"

    def execute(self, command: str, args: Mapping[str, Any]) -> str:
        """Run a command given as the tool call's arguments (for frameworks that pass them as one object)."""
        need: dict[str, tuple[str, ...]] = {
            "view": ("path",), "create": ("path", "file_text"), "str_replace": ("path", "old_str", "new_str"),
            "insert": ("path", "insert_line", "insert_text"), "delete": ("path",), "rename": ("old_path", "new_path")}
        if command not in need:
            raise ValidationError(f"must be one of {', '.join(need)}", field="command")
        missing = [name for name in need[command] if args.get(name) is None]
        if missing:
            raise ValidationError(f"{command} needs {missing[0]}", field=missing[0])
        if command == "view":
            return self.view(args["path"], args.get("view_range"))
        return str(getattr(self, command)(*(args[name] for name in need[command])))

    def clear(self) -> str:
        """Forget every file of the tree (one turn per thousand files); versions stay readable."""
        while files := self._under(())[:MAX_LIMIT]:
            with self.mem.turn(self.scope, extract=False) as t:
                for rec in files:
                    t.forget(rec.id)
        return "All memory cleared"


def _find_all(text: str, needle: str) -> list[int]:
    out, i = [], text.find(needle)
    while i != -1:
        out.append(i)
        i = text.find(needle, i + 1)
    return out
