"""What a repository states and how a claim fares against it: the types fact readers, specs and claim checks share."""

from __future__ import annotations

from dataclasses import dataclass, field

JS_MANAGERS = frozenset({"npm", "pnpm", "yarn", "bun"})
"""Package managers of the JavaScript world; every other one is compared with the Python lock files."""


@dataclass(frozen=True)
class Fact:
    """One thing the repository states, such as its Python requirement, with the file it comes from."""

    name: str
    value: str
    source: str
    detail: str = ""


@dataclass
class RepoFacts:
    """Every fact found (most authoritative first per name), plus the targets, scripts, envs and versions to look up."""

    facts: list[Fact]
    make_targets: dict[str, str]
    scripts: dict[str, str]
    tox_envs: dict[str, str]
    packages: dict[str, tuple[str, str]]
    dependencies: dict[str, str] = field(default_factory=dict)
    """Normalised names of declared dependencies (any version) -> the file declaring them."""
    nox_sessions: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    """One line per fact file that could not be read or parsed (and so was skipped)."""

    def first(self, name: str) -> Fact | None:
        """The most authoritative fact of that name, or None."""
        return next((fact for fact in self.facts if fact.name == name), None)

    def all(self, name: str) -> list[Fact]:
        """Every fact of that name, most authoritative first."""
        return [fact for fact in self.facts if fact.name == name]


@dataclass(frozen=True)
class ClaimCheck:
    """How one version or command claim fares against the repository, with one line of evidence."""

    status: str
    evidence: str
    suggestion: str | None = None
    facts: tuple[tuple[str, str, str], ...] = ()


def one_line(text: str, limit: int) -> str:
    """Evidence on one line of at most `limit` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"
