"""The package's shape: every endpoint module is registered (none is optional, so a broken import
fails the start instead of silently dropping routes), and no module imports another that imports it."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import local_auth
from local_auth import api

PACKAGE = Path(local_auth.__file__).parent


def test_every_endpoint_module_is_registered(make_app):
    names = {info.name for info in pkgutil.iter_modules(api.__path__)}
    assert set(make_app().blueprints) == {importlib.import_module(f"local_auth.api.{n}").bp.name for n in names}


def _imports(path: Path, module: str) -> set[str]:
    """local_auth modules that `module` imports, at any depth of its code."""
    base = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            parts = base.split(".")[: len(base.split(".")) - node.level + 1]
            target = ".".join(parts + ([node.module] if node.module else []))
            found |= {f"{target}.{alias.name}" for alias in node.names} | {target}
    return found


def test_no_import_circles():
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {name: _imports(path, name) & set(modules) - {name} for name, path in modules.items()}
    # The package imports its endpoint modules to register them; those import the package's modules,
    # not the package itself, so the package is left out as a target.
    graph = {name: deps - {"local_auth", "local_auth.api"} for name, deps in graph.items()}

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(nxt == goal or reaches(nxt, goal, seen | {nxt}) for nxt in graph[start] - seen)

    circles = sorted(name for name in graph if reaches(name, name, set()))
    assert circles == []
