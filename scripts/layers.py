"""Measure how far src/engram/ is from its layering (docs/architecture.md, "Known debts").

Prints: function-local imports of engram modules; imports that go against the direction (to a higher
layer); package pairs that import each other; module import cycles; modules over 700 lines; private members
used across modules (``x._name`` where ``x`` is not ``self``/``cls`` and ``_name`` is not defined in the
module, and ``from m import _name``). Every import counts, function-local ones and those under
``if TYPE_CHECKING:`` too (an annotation names a dependency as much as a call does); the lists mark them.
Static and approximate by design: read the ``-v`` lists before acting on a count.

Exits 1 when an import goes against the direction, two packages import each other or modules import each
other in a cycle (scripts/test.sh runs it), 0 otherwise; the other counts are reported, not enforced.

    python scripts/layers.py [-v]
"""

from __future__ import annotations

import ast
import collections
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "src" / "engram"
# A module may import its own layer or a lower one. Keys are the first name under engram.
LAYER = {
    "types": 0, "errors": 0, "terminal": 0,
    "core": 1,
    "config": 2, "config_shapes": 2, "stores": 2, "embedders": 2, "models": 2,
    "extract": 3, "strategies": 3,
    "engine": 4, "turn": 4, "indexer": 4, "agent_configs": 4, "review": 4, "erasure": 4, "lifecycle": 4,
    "expiry": 4, "keys": 4, "grants": 4, "preview": 4, "__version__": 4,
    "buffer": 4, "retrieval": 4, "extraction": 4, "jobs": 4, "runtime": 4, "policy": 4, "reads": 4,
    "harness": 5,
    "cli": 6, "http": 6, "mcp": 6, "mcp_stdio": 6, "agentcore": 6, "client": 6, "demo": 6, "__main__": 6,
    "cli_args": 6, "listen": 6,
    "adapters": 6,
    "__init__": 6,  # the package's public surface: it re-exports names from every layer (Memory, Agent, Client)
}


def modname(p: Path) -> str:
    parts = list(p.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top(mod: str) -> str:
    bits = mod.split(".")
    return bits[1] if len(bits) > 1 else "__init__"


def imported(cur: str, n: ast.Import | ast.ImportFrom, is_pkg: bool, names: set[str]) -> list[str]:
    """The engram modules an import statement names (most specific existing module for each)."""
    if isinstance(n, ast.Import):
        raw = [a.name for a in n.names]
    else:
        base = cur.split(".")[: None if is_pkg else -1] if n.level else []
        if n.level > 1:
            base = base[: len(base) - n.level + 1]
        m = ".".join(base + ([n.module] if n.module else []))
        raw = [f"{m}.{a.name}" for a in n.names]
    out = []
    for t in raw:
        while t and t not in names and t != "engram":
            t = t.rpartition(".")[0]
        if t.startswith("engram") and t != cur:
            out.append(t)  # "engram" itself: the package facade (__init__.py)
    return list(dict.fromkeys(out))


def main() -> int:
    verbose = "-v" in sys.argv
    files = sorted(ROOT.rglob("*.py"))
    names = {modname(p) for p in files}
    local: list[str] = []
    upward: list[str] = []
    pkg_edges: dict[str, set[str]] = collections.defaultdict(set)
    graph: dict[str, set[str]] = collections.defaultdict(set)
    private: list[str] = []
    for p in files:
        cur, tree = modname(p), ast.parse(p.read_text())
        inner = {id(i) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
                 for i in ast.walk(f)}
        typing_only = {id(i) for n in ast.walk(tree) if isinstance(n, ast.If) and "TYPE_CHECKING" in ast.unparse(n.test)
                       for b in n.body for i in ast.walk(b)}
        for n in ast.walk(tree):
            if not isinstance(n, ast.Import | ast.ImportFrom):
                continue
            if isinstance(n, ast.ImportFrom):
                ours = n.level or (n.module or "").startswith("engram")
                private += [f"{cur}: imports {a.name}" for a in n.names
                            if ours and re.fullmatch(r"_[A-Za-z]\w*", a.name)]
            for t in imported(cur, n, p.name == "__init__.py", names):
                where = " [in a function]" if id(n) in inner else " [typing only]" if id(n) in typing_only else ""
                if id(n) in inner:
                    local.append(f"{cur} -> {t} (line {n.lineno})")
                if t != "engram":
                    graph[cur].add(t)
                a, b = top(cur), top(t)
                if a != b:
                    pkg_edges[a].add(b)
                    if LAYER.get(b, 9) > LAYER.get(a, 9):
                        upward.append(f"{cur} -> {t}{where}")
        own = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
        own |= {t.attr for n in ast.walk(tree) if isinstance(n, ast.Assign | ast.AnnAssign | ast.AugAssign)
                for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
                if isinstance(t, ast.Attribute) and ast.unparse(t.value) == "self"}
        own |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        own |= {s.value for n in ast.walk(tree)
                if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == "__slots__"
                for s in ast.walk(n.value) if isinstance(s, ast.Constant) and isinstance(s.value, str)}
        for n in ast.walk(tree):
            if isinstance(n, ast.Attribute) and re.fullmatch(r"_[a-z]\w*", n.attr) and n.attr not in own:
                base = ast.unparse(n.value)
                if base not in ("self", "cls") and not base.startswith("super("):
                    private.append(f"{cur}: {base}.{n.attr}")

    big = sorted(((len(p.read_text().splitlines()), str(p.relative_to(ROOT.parent.parent))) for p in files),
                 reverse=True)
    pairs = sorted((a, b) for a in pkg_edges for b in pkg_edges[a] if a < b and a in pkg_edges.get(b, ()))
    uses = collections.Counter(private)
    print(f"function-local imports of engram modules: {len(local)}")
    if verbose:
        print("  " + "\n  ".join(local))
    print(f"imports against the direction (to a higher layer): {len(upward)}")
    if upward:
        print("  " + "\n  ".join(upward))
    print(f"package pairs importing each other: {len(pairs)}: " + ", ".join(f"{a}<->{b}" for a, b in pairs))
    cycles = strongly_connected(graph, names)
    print(f"module import cycles: {len(cycles)}")
    for c in cycles:
        print("  " + " <-> ".join(x.removeprefix("engram.") for x in c))
    over = [(n, f) for n, f in big if n > 700]
    print(f"modules over 700 lines: {len(over)}: " + ", ".join(f"{f} ({n})" for n, f in over))
    print(f"private members used across modules: {len(uses)} distinct, {sum(uses.values())} uses")
    if verbose:
        print("  " + "\n  ".join(f"{k} x{c}" for k, c in sorted(uses.items())))
    return 1 if upward or pairs or cycles else 0


def strongly_connected(graph: dict[str, set[str]], names: set[str]) -> list[list[str]]:
    """Tarjan's algorithm; groups of two or more modules that reach each other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(names):
        if v not in index:
            visit(v)
    return out


if __name__ == "__main__":
    sys.exit(main())
