"""The package's shape: imports run one way (stages use helpers, never the reverse), no cycles,
modules and functions of a readable size.

The import graph is read from the source with :mod:`ast` (every ``import``/``from`` statement,
including those inside functions), plus the sub-command modules the CLI loads by name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from wordle64 import cli

PACKAGE = Path(__file__).resolve().parent.parent / "wordle64"

# Shared helpers: any stage may import them; they import only each other.
HELPERS = {"errors", "io", "config", "glue", "argtypes", "core", "score", "toolchain", "c64",
           "resume", "promote", "textlines",
           "__init__"}
MAX_MODULE_LINES = 620
MAX_FUNCTION_LINES = 80


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package modules `name` imports (an ``from a import b`` of a submodule counts as a.b)."""
    tree = ast.parse(path.read_text(), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = resolve(name, path.name == "__init__.py", node)
            targets = [f"{module}.{alias.name}" for alias in node.names] + [module]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and target != "wordle64":
                found.add(target)
    if name == "wordle64.cli":
        found.update(module for module in cli.COMMAND_MODULES if module in known)
    return found


def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def top_level(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return stack[stack.index(target):] + [target]
            if target not in state and (cycle := visit(target)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_graph_reader_sees_real_imports():
    graph = import_graph()
    assert "wordle64.c64.emu" in graph["wordle64.validate"]
    assert "wordle64.solver.core" in graph["wordle64.solver.play"]
    assert "wordle64.solver.cli" in graph["wordle64.cli"]


def test_cycle_finder_finds_a_planted_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycles():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_helpers_never_import_stages():
    wrong = [
        f"{name} imports {target}"
        for name, targets in import_graph().items() if top_level(name) in HELPERS
        for target in targets if top_level(target) not in HELPERS
    ]
    assert not wrong, wrong


@pytest.mark.parametrize("name", sorted(modules()))
def test_module_and_function_size(name):
    path = modules()[name]
    text = path.read_text()
    assert text.count("\n") <= MAX_MODULE_LINES, f"{path} has {text.count(chr(10))} lines"
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(ast.parse(text))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert not long, f"{path}: {long}"
