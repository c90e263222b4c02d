"""The architecture as a test: every module's imports (at any depth of the
file, TYPE_CHECKING blocks included) must respect the folder boundaries of
README "How the code is laid out", and no two modules may import each other
in a circle. A failure names the offending file, line and import."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("gouji", "bots")

# The standard library modules the engine may use: pure, no I/O, no clock.
ENGINE_STDLIB = {"__future__", "collections", "dataclasses", "enum", "functools", "itertools", "math",
                 "random", "typing", "tomllib", "re", "reprlib", "zlib", "bisect", "heapq", "operator", "string",
                 "types", "base64", "binascii", "json", "unicodedata"}
# Engine modules a bot may read: the seat's view and the value types in it, and the narrow
# protocol a search steps a guessed deal through (search_state: not the engine's DealFlow).
BOT_ENGINE = {"gouji.engine", "gouji.engine.actions", "gouji.engine.cards", "gouji.engine.errors",
              "gouji.engine.events", "gouji.engine.movegen", "gouji.engine.phases", "gouji.engine.plays",
              "gouji.engine.rules", "gouji.engine.seats", "gouji.engine.view", "gouji.engine.position",
              "gouji.engine.game", "gouji.engine.search_state"}
# Engine internals nobody outside the engine may reach.
ENGINE_INTERNALS = {"gouji.engine.state", "gouji.engine.flow", "gouji.engine.legal",
                    "gouji.engine.reasons", "gouji.engine.predeal", "gouji.engine.deal"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            found[module_name(path)] = path
    return found


def imports_of(name: str, path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in the file."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            out.append((node.lineno, target))
            # "from pkg import module" imports the submodule too
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                if candidate in MODULES:
                    out.append((node.lineno, candidate))
    return out


MODULES = modules()


def owner(module: str) -> str:
    """The known project module an import resolves to (longest prefix)."""
    parts = module.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in MODULES:
            return candidate
        parts.pop()
    return module


def in_folder(module: str, folder: str) -> bool:
    return module == folder or module.startswith(folder + ".")


def violations() -> list[str]:
    found = []
    for name, path in sorted(MODULES.items()):
        for line, target in imports_of(name, path):
            top = target.split(".")[0]
            where = f"{path.relative_to(ROOT)}:{line} imports {target}"
            project = top in PACKAGES
            if in_folder(name, "gouji.engine"):
                if project and not in_folder(target, "gouji.engine"):
                    found.append(f"{where}: the engine imports only itself")
                elif not project and top not in ENGINE_STDLIB:
                    found.append(f"{where}: the engine imports only pure standard-library modules")
            if in_folder(name, "bots") and project and not in_folder(target, "bots") \
                    and owner(target) not in BOT_ENGINE:
                found.append(f"{where}: bots see only the engine's public view and value types")
            if not in_folder(name, "gouji.engine") and owner(target) in ENGINE_INTERNALS:
                found.append(f"{where}: engine internals are private to the engine")
            if in_folder(target, "gouji.ui") and not (in_folder(name, "gouji.ui") or in_folder(name, "gouji.cli")):
                found.append(f"{where}: only the UI and the command line use the UI")
            if in_folder(name, "gouji.store") and project and not (
                    in_folder(target, "gouji.store") or in_folder(target, "gouji.engine") or target == "gouji.version"):
                found.append(f"{where}: the store uses only itself and the engine")
            if in_folder(name, "gouji.learn") and project and not (
                    in_folder(target, "gouji.learn") or in_folder(target, "gouji.engine")
                    or target == "gouji.store.resources"):
                found.append(f"{where}: lessons and quizzes use only the engine and the bundled assets")
            if in_folder(name, "gouji.review") and project and not any(
                    in_folder(target, folder) for folder in ("gouji.review", "gouji.engine", "bots")):
                found.append(f"{where}: a review uses only itself, the engine and the bots")
            if name == "gouji.table" and project and not in_folder(target, "gouji.engine"):
                found.append(f"{where}: the table sits between seats and engine, and imports only the engine")
            if top in ("pygame", "pygame_gui") and not in_folder(name, "gouji.ui"):
                found.append(f"{where}: only the UI draws")
            if in_folder(name, "gouji.ui.model") and (top in ("pygame", "pygame_gui") or any(
                    in_folder(target, f"gouji.ui.{part}") for part in ("shell", "draw", "scenes", "tools"))):
                found.append(f"{where}: the UI's model is plain values: no pygame, no drawing, no screens")
            if in_folder(name, "gouji.ui.workers") and (top in ("pygame", "pygame_gui") or any(
                    in_folder(target, f"gouji.ui.{part}") for part in ("shell", "draw", "scenes", "tools"))):
                found.append(f"{where}: the UI's workers are threads with no pygame and no screens")
            for lower, above in (("draw", ("scenes", "shell", "tools")), ("scenes", ("shell", "tools"))):
                if in_folder(name, f"gouji.ui.{lower}") and any(in_folder(target, f"gouji.ui.{part}")
                                                                for part in above):
                    found.append(f"{where}: gouji.ui.{lower} imports nothing from gouji.ui.{'/'.join(above)}")
    return found


def test_every_import_respects_the_folder_boundaries():
    problems = violations()
    assert not problems, "\n".join(problems)


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {name: set() for name in MODULES}
    for name, path in MODULES.items():
        for _, target in imports_of(name, path):
            target = owner(target)
            if target in MODULES and target != name and not name.startswith(target + "."):
                # a package's own __init__ re-exporting its modules is not a circle
                if not (MODULES[target].name == "__init__.py" and name.startswith(target)):
                    edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    sys.setrecursionlimit(10000)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_no_modules_import_each_other_in_a_circle():
    edges = graph()
    circles = cycles(edges)
    described = [" <-> ".join(c) + ": " + "; ".join(f"{a} -> {b}" for a in c for b in sorted(edges[a]) if b in c)
                 for c in circles]
    assert not circles, "\n".join(described)


def test_the_checker_sees_a_forbidden_import(tmp_path):
    """The walk is real: a bot importing the flow would be caught."""
    bad = tmp_path / "peek.py"
    bad.write_text("from gouji.engine.flow import DealFlow\nimport pygame\n", encoding="utf-8")
    assert ("gouji.engine.flow" in [t for _, t in imports_of("bots.peek", bad)])
    assert owner("gouji.engine.flow") in ENGINE_INTERNALS
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
