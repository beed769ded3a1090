"""The stages of `memrev.core` import each other in one direction only, and no two core modules import each other."""

from __future__ import annotations

import ast
import importlib
from collections import defaultdict
from pathlib import Path

import pytest

import memrev.core

CORE = Path(memrev.core.__file__).parent

SHARED = "shared"
"""The modules at the top of `core/` (model, safe_io): every stage may use them."""

ALLOWED: dict[str, set[str]] = {
    SHARED: set(),
    "check": set(),
    "store": {"memrev.core.check.model"},
    "scan": {"store", "check"},
    "conflicts": {"store", "check", "scan"},
    "sources": {"store", "scan", "check"},
    "review": {"sources", "store", "check", "scan", "conflicts"},
    "freeze": {"review", "sources", "store", "check", "scan", "conflicts"},
    "recall": {"freeze", "review", "store", "check", "scan", "conflicts"},
    "demo": {"sources", "store", "check", "scan", "conflicts"},
    "bench": {"recall", "freeze", "review", "demo", "sources", "store", "check", "scan", "conflicts"},
}
"""What each stage may import besides itself and the shared modules: whole stages, or single modules by name.

Read it as the flow in reverse: `check` takes a repository and entries and returns verdicts, so it needs nothing
(and holds what every stage reads: a checkout's project identity, hidden characters made visible, ages);
`store` persists the check model; `scan` records its rejections in the store; `conflicts` reads stored entries and
checks, and screens a correction before it revokes anything; `sources` imports native memory into the store through the scanner's gate; review, freeze and recall (the
stages still to be built) sit on top; `demo` and `bench` may use any stage."""


def stage_of(module: str) -> str:
    """The stage a `memrev.core` module belongs to: its package under `core/`, or the shared top level."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and (CORE / parts[2] / "__init__.py").is_file() else SHARED


def module_name(path: Path) -> str:
    """The dotted name of a file under `core/`."""
    parts = list(path.relative_to(CORE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["memrev", "core", *parts])


def imports_of(path: Path, *, top_level_only: bool = False) -> set[str]:
    """The `memrev` modules a file imports (resolving `from pkg import module`), anywhere or at module level only."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = _module_level(tree.body) if top_level_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("memrev.")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("memrev.") and not node.level:
            for alias in node.names:
                candidate = f"{node.module}.{alias.name}"
                found.add(candidate if _is_module(candidate) else node.module)
    return found


def _module_level(body: list[ast.stmt]) -> list[ast.AST]:
    """Import statements that run when the module is imported (not inside functions, classes or TYPE_CHECKING)."""
    found: list[ast.AST] = []
    for stmt in body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            found.append(stmt)
        elif isinstance(stmt, ast.If) and "TYPE_CHECKING" not in ast.unparse(stmt.test):
            found += _module_level(stmt.body) + _module_level(stmt.orelse)
        elif isinstance(stmt, ast.Try):
            found += _module_level(stmt.body) + [n for h in stmt.handlers for n in _module_level(h.body)]
    return found


def _is_module(name: str) -> bool:
    """Whether a dotted `memrev.core` name is a module or package (rather than a name defined in one)."""
    if not name.startswith("memrev.core."):
        return False
    relative = Path(*name.split(".")[2:])
    return (CORE / relative).with_suffix(".py").is_file() or (CORE / relative / "__init__.py").is_file()


def core_files() -> list[Path]:
    """Every Python file of `memrev.core`."""
    return sorted(CORE.rglob("*.py"))


def test_every_package_under_core_is_a_known_stage() -> None:
    packages = {path.name for path in CORE.iterdir() if (path / "__init__.py").is_file()}
    assert packages, "no stage packages found under core/"
    assert packages <= set(ALLOWED), f"add the new stage(s) {sorted(packages - set(ALLOWED))} to ALLOWED"
    assert {"sources", "store", "check", "scan", "conflicts", "demo", "bench"} <= packages


def test_the_allowed_directions_have_no_cycle() -> None:
    graph = {stage: {target.split(".")[2] if "." in target else target for target in targets}
             for stage, targets in ALLOWED.items()}
    assert not _cycle(graph), f"ALLOWED has a cycle: {_cycle(graph)}"


def forbidden(importer: str, imported: str) -> str | None:
    """Why `importer` (a core module) must not import `imported`, or None when the layering allows it."""
    if imported.startswith("memrev.tui"):
        return f"{importer} imports {imported}: core never imports the UI"
    stage, target = stage_of(importer), stage_of(imported)
    allowed = ALLOWED[stage]
    if target in (stage, SHARED) or target in allowed:
        return None
    if any(imported == name or imported.startswith(name + ".") for name in allowed):
        return None
    return f"{importer} imports {imported}: {stage} may import only {sorted(allowed) or 'the shared modules'}"


def test_stages_import_each_other_only_in_the_allowed_direction() -> None:
    wrong = [reason for path in core_files() for imported in sorted(imports_of(path))
             if (reason := forbidden(module_name(path), imported))]
    assert wrong == []


def test_no_two_core_modules_import_each_other_at_load_time() -> None:
    graph: dict[str, set[str]] = defaultdict(set)
    for path in core_files():
        graph[module_name(path)] |= {name for name in imports_of(path, top_level_only=True)
                                      if name.startswith("memrev.core.") and _is_module(name)}
    assert _cycle(graph) == []


def test_the_rules_catch_what_they_forbid(tmp_path: Path) -> None:
    """The layering is not vacuous: each direction it forbids is caught, and lazy imports count too."""
    assert forbidden("memrev.core.check.checker", "memrev.core.store.memory_store")
    assert forbidden("memrev.core.check.report", "memrev.core.sources.sync")
    assert forbidden("memrev.core.store.memory_store", "memrev.core.check.checker")
    assert forbidden("memrev.core.store.memory_store", "memrev.core.check.model") is None
    assert forbidden("memrev.core.model", "memrev.core.store.memory_store")
    assert forbidden("memrev.core.scan.gate", "memrev.tui.app")
    assert forbidden("memrev.core.sources.sync", "memrev.core.scan.gate") is None
    assert forbidden("memrev.core.scan.gate", "memrev.core.sources.sync")
    probe = tmp_path / "probe.py"
    probe.write_text("from memrev.core import model\n\n\ndef later():\n"
                     "    from memrev.core.store.memory_store import MemoryStore\n", encoding="utf-8")
    assert imports_of(probe) == {"memrev.core.store.memory_store", "memrev.core.model"}
    assert imports_of(probe, top_level_only=True) == {"memrev.core.model"}


def test_a_cycle_is_found() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle in a directed graph as a list of nodes, or [] when it has none."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        """Depth-first search that returns the cycle closing at a node still on the stack."""
        state[node] = 1
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target == node:
                continue
            if state.get(target) == 1:
                return stack[stack.index(target):] + [target]
            if target not in state and (found := visit(target)):
                return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_the_readme_map_lists_every_stage_and_its_entry_points_exist() -> None:
    """The map in the README's Development section matches the tree: every stage package, each entry point real."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Map", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:-1] for line in section.splitlines() if line.startswith("| `core/")]
    listed = {cells[0].strip().strip("`").removeprefix("core/").rstrip("/"): cells[3] for cells in rows}
    packages = {path.name for path in CORE.iterdir() if (path / "__init__.py").is_file()}
    assert set(listed) == packages
    for stage, cell in listed.items():
        for point in (part.strip().strip("`") for part in cell.split(",")):
            module, _, name = point.rpartition(".")
            loaded = importlib.import_module(f"memrev.core.{stage}.{module}")
            assert hasattr(loaded, name), f"README names memrev.core.{stage}.{point}, which does not exist"


def test_every_package_folder_is_installed() -> None:
    """A normal (not editable) install ships every package: one left out of pyproject.toml imports only in a checkout."""
    try:
        import tomllib  # Python 3.11+
    except ModuleNotFoundError:  # 3.10: the test extra installs tomli, the same parser
        import tomli as tomllib  # type: ignore[no-redef]

    root = Path(__file__).resolve().parents[2]
    listed = set(tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    folders = {f"memrev.{top}" + "".join(f".{part}" for part in init.parent.relative_to(root / top).parts)
               for top in ("core", "tui") for init in (root / top).rglob("__init__.py")}
    assert folders == listed
