"""Test modules never import each other (or conftest): what several of them share lives in ``tests/support/``.

A helper kept in a ``test_*.py`` file and imported elsewhere makes pytest collect one module through another,
ties unrelated tests together, and hides where the shared piece lives.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def _imported(tree: ast.AST, module: str) -> list[tuple[int, str]]:
    """(line, absolute dotted name) of every module an import in ``tree`` names, ``from x import y`` giving
    both ``x`` and ``x.y`` (y may be a submodule)."""
    package = module.rsplit(".", 1)[0]
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            out.append((node.lineno, base))
            out += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return out


def _test_module(name: str) -> str | None:
    """The test module (or conftest) ``name`` is or lies in, if any: ``tests.test_a.x`` -> ``tests.test_a``."""
    parts = name.split(".")
    if parts[0] != "tests":
        return None
    for i, part in enumerate(parts[1:], 1):
        if part.startswith("test_") or part == "conftest":
            return ".".join(parts[:i + 1])
    return None


def offenders(root: Path = TESTS) -> list[str]:
    """``path:line imports module`` for each import of a test module (or conftest) under ``root``."""
    found: list[str] = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent)
        module = ".".join(rel.with_suffix("").parts)
        for line, name in _imported(ast.parse(path.read_text(), str(path)), module):
            target = _test_module(name)
            entry = f"{rel}:{line} imports {target}"
            if target and target != module and entry not in found:
                found.append(entry)
    return found


def test_no_test_module_imports_another_or_conftest() -> None:
    assert offenders() == [], "move the shared helper to tests/support/"


def test_the_check_sees_every_spelling_of_such_an_import(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    (tests / "support").mkdir(parents=True)
    (tests / "support" / "ok.py").write_text("from tests.support.configs import WIDE\n")
    (tests / "test_a.py").write_text("import os\nfrom tests.support import ok\n")
    (tests / "test_b.py").write_text("from tests.test_a import x\nfrom .test_a import y\nfrom . import test_a\n"
                                     "import tests.test_a as ta\nfrom tests.conftest import WIDE\n")
    (tests / "support" / "bad.py").write_text("def f():\n    from ..test_a import z\n")
    assert offenders(tests) == [
        "tests/support/bad.py:2 imports tests.test_a",
        "tests/test_b.py:1 imports tests.test_a",
        "tests/test_b.py:2 imports tests.test_a",
        "tests/test_b.py:3 imports tests.test_a",
        "tests/test_b.py:4 imports tests.test_a",
        "tests/test_b.py:5 imports tests.conftest",
    ]
