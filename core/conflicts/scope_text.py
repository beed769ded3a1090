"""Scopes written as text (`private`, `team:shop`, `private:global`), for narrowing a scope from the CLI or the app."""

from __future__ import annotations

from typing import Iterable

from memrev.core.model import Project, Scope, ScopeKind


def scope_text(scope: Scope) -> str:
    """A scope as `kind:project` (`global` for none)."""
    return f"{scope.kind.value}:{scope.project.name if scope.project else 'global'}"


def parse_scope(text: str, projects: Iterable[Project], *, current: Scope) -> Scope:
    """Read `kind[:project]` (the project by name or key; omitted keeps the current one); a bad one is a ValueError."""
    kind_text, _, project_text = text.strip().partition(":")
    try:
        kind = ScopeKind(kind_text.strip().lower())
    except ValueError:
        raise ValueError(f"{text!r}: a scope is private or team, optionally :PROJECT (e.g. team:shop)") from None
    name = project_text.strip()
    if not name:
        return Scope(kind, current.project)
    if name == "global":
        return Scope(kind, None)
    known = list(projects)
    matches = [p for p in known if name in (p.name, p.key)]
    if len(matches) != 1:
        names = ", ".join(sorted({p.name for p in known})) or "none known"
        why = "is ambiguous" if matches else "is not a known project"
        raise ValueError(f"{name!r} {why} (projects: {names})")
    return Scope(kind, matches[0])
