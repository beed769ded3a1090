"""What each agent loads at session start from a set of files, rendered as the agent renders it, with its caps.

A freeze previews this for the files it is about to write (the after-state), so the person sees the text the
model will be handed: Claude Code's MEMORY.md index (HTML comments stripped; in a folder without one, the index
it builds from the topic files' frontmatter) and the CLAUDE.md chain, Codex's
memory_summary.md and AGENTS.md chain, Hermes's blocks with their header and usage, OpenClaw's MEMORY.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping

from memrev.core.sources.agents_md import PROJECT_DOC_MAX_BYTES
from memrev.core.sources.claude_index import INDEX_NAME, MAX_INDEX_LINES, MAX_INDEX_UNITS, index_line
from memrev.core.sources.claude_markdown import utf16_len
from memrev.core.sources.claude_md import RECOMMENDED_CHARS
from memrev.core.sources.codex_memories import SUMMARY, SUMMARY_MAX_BYTES, SUMMARY_TOKEN_LIMIT
from memrev.core.sources.hermes import FILES as HERMES_FILES
from memrev.core.sources.hermes import TARGETS, parse_entries, read_limits, render_snapshot
from memrev.core.sources.openclaw_workspace import BOOTSTRAP_MAX_CHARS, EVERGREEN_NAMES
from memrev.core.sources.yaml_frontmatter import parse_frontmatter

APPROX_CHARS_PER_TOKEN = 4
"""The rough rule (about four characters of English per token) behind every approximate token count."""


@dataclass(frozen=True)
class Cap:
    """One limit the agent applies to a loaded text: how much is used, of how much, in what unit."""

    name: str
    used: int
    limit: int
    unit: str
    hard: bool = True
    """False for a recommendation the agent only warns about (nothing is cut)."""

    @property
    def over(self) -> bool:
        """Whether the text exceeds this cap."""
        return self.used > self.limit

    @property
    def fraction(self) -> float:
        """Used over limit (above 1 when over)."""
        return self.used / self.limit if self.limit else 0.0

    @property
    def usage(self) -> str:
        """`31% 690/2,200 chars`."""
        return f"{int(self.fraction * 100)}% {self.used:,}/{self.limit:,} {self.unit}"

    def filled(self, width: int) -> int:
        """How many of `width` cells a bar of this cap fills (all of them when over)."""
        return min(width, round(self.fraction * width))


@dataclass(frozen=True)
class Budget:
    """A loaded text's size every way a reader may count it: characters, lines, UTF-8 bytes, approximate tokens."""

    chars: int
    lines: int
    bytes: int
    tokens: int

    @classmethod
    def of(cls, text: str) -> Budget:
        """Measure a text."""
        size = len(text.encode("utf-8", "surrogatepass"))
        return cls(len(text), text.count("\n") + 1 if text else 0, size, -(-size // APPROX_CHARS_PER_TOKEN))


@dataclass
class LoadedPart:
    """One block of what the agent loads: where it comes from, its text exactly as loaded, and its caps."""

    title: str
    text: str
    caps: list[Cap] = field(default_factory=list)

    @property
    def budget(self) -> Budget:
        """The block's size."""
        return Budget.of(self.text)

    @property
    def over(self) -> list[Cap]:
        """The hard caps this block exceeds (a freeze refuses these, never truncates silently)."""
        return [cap for cap in self.caps if cap.hard and cap.over]


@dataclass
class Loaded:
    """Everything an agent loads from one source at session start, and the files it only reads on demand."""

    parts: list[LoadedPart] = field(default_factory=list)
    on_demand: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """All blocks, as one text."""
        return "\n\n".join(part.text for part in self.parts)


Content = Callable[[Path], "bytes | None"]
"""A file's bytes as the snapshot leaves them (None: absent)."""


def _decoded(data: bytes | None) -> str | None:
    """Bytes as an agent decodes them (a byte-order mark dropped, bad bytes replaced), or None."""
    if data is None:
        return None
    return data.decode("utf-8-sig", "replace")


_HTML_COMMENT = re.compile(r"^[ \t]*<!--.*?-->[ \t]*\n?", re.DOTALL | re.MULTILINE)


GENERATED_INDEX = "the index Claude builds from the topic files' frontmatter (this folder has no index file)"
"""The title of the loaded block of the variant with no hand-written index: nothing named MEMORY.md is loaded."""


def _generated_index(root: Path, files: list[Path], content: Content) -> str | None:
    """The index Claude builds when it loads a folder with no MEMORY.md: a line per topic file with frontmatter
    (its name and description), or None when no topic file has frontmatter (then it loads no index)."""
    lines = []
    for path in files:
        text = _decoded(content(path)) if path.parent == root and path.suffix == ".md" else None
        front = parse_frontmatter(text) if text is not None else None
        if front is not None and front.present and not front.problem:
            lines.append(index_line(path.name, front.text("name") or "", front.text("description") or ""))
    return "\n".join(lines) if lines else None


def _claude_memdir(root: Path, files: list[Path], content: Content) -> Loaded:
    """Claude Code's auto-memory: the MEMORY.md index always (comments stripped), or with no MEMORY.md the index
    it builds from the topic files' frontmatter; topic files on demand."""
    loaded = Loaded()
    index = _decoded(content(root / INDEX_NAME))
    text = _HTML_COMMENT.sub("", index).strip() if index is not None else _generated_index(root, files, content)
    if text is not None:
        loaded.parts.append(LoadedPart(str(root / INDEX_NAME) if index is not None else GENERATED_INDEX, text, [
            Cap("lines", text.count("\n") + 1 if text else 0, MAX_INDEX_LINES, "lines"),
            Cap("size", utf16_len(text), MAX_INDEX_UNITS, "UTF-16 units")]))
    loaded.on_demand = [str(path) for path in files if path.name != INDEX_NAME and content(path) is not None]
    return loaded


def _claude_md(files: list[Path], content: Content) -> Loaded:
    """Claude Code's CLAUDE.md chain, each file as it is inserted (Claude warns above 40,000 characters)."""
    loaded = Loaded()
    for path in files:
        text = _decoded(content(path))
        if text is not None:
            text = text.strip()
            loaded.parts.append(LoadedPart(str(path), text,
                                           [Cap("recommended", len(text), RECOMMENDED_CHARS, "chars", hard=False)]))
    return loaded


def _codex(root: Path, files: list[Path], content: Content) -> Loaded:
    """Codex's memories: memory_summary.md in the developer message, the rest searched on demand."""
    loaded = Loaded()
    summary = _decoded(content(root / SUMMARY))
    if summary is not None:
        size = len(summary.encode("utf-8", "surrogatepass"))
        loaded.parts.append(LoadedPart(str(root / SUMMARY), summary, [
            Cap(f"~{SUMMARY_TOKEN_LIMIT:,} tokens", size, SUMMARY_MAX_BYTES, "bytes")]))
    loaded.on_demand = [str(path) for path in files if path.name != SUMMARY and content(path) is not None]
    return loaded


def _agents_md(files: list[Path], content: Content) -> Loaded:
    """Codex's AGENTS.md chain, root first; together capped at `project_doc_max_bytes` (32 KiB)."""
    loaded = Loaded()
    total = 0
    for path in files:
        text = _decoded(content(path))
        if text is None:
            continue
        total += len(text.encode("utf-8", "surrogatepass"))
        loaded.parts.append(LoadedPart(str(path), text, [Cap("project docs so far", total, PROJECT_DOC_MAX_BYTES,
                                                             "bytes")]))
    return loaded


def _hermes(root: Path, content: Content) -> Loaded:
    """Hermes's frozen blocks: MEMORY then USER PROFILE, each with its header and usage, as Hermes prints them."""
    loaded = Loaded()
    limits, _ = read_limits(root)
    for name in HERMES_FILES:
        text = _decoded(content(root / name))
        entries = parse_entries(text) if text is not None else []
        block = render_snapshot(entries, TARGETS[name], limits[name])
        if block is not None:
            used = len(block.split("\n", 3)[3])
            loaded.parts.append(LoadedPart(str(root / name), block, [Cap("chars", used, limits[name], "chars")]))
    return loaded


def _openclaw(root: Path, files: list[Path], content: Content) -> Loaded:
    """OpenClaw's workspace memory: MEMORY.md injected (up to its bootstrap cap), daily logs searched on demand."""
    loaded = Loaded()
    for path in files:
        text = _decoded(content(path))
        if text is None:
            continue
        if path.parent == root and path.name in EVERGREEN_NAMES:
            loaded.parts.append(LoadedPart(str(path), text, [Cap("bootstrap", utf16_len(text), BOOTSTRAP_MAX_CHARS,
                                                                 "UTF-16 units")]))
        else:
            loaded.on_demand.append(str(path))
    return loaded


def loaded_view(kind: str, root: Path, files: Mapping[Path, object], content: Content) -> Loaded:
    """What the agent of a source kind loads from these files (their bytes given by `content`)."""
    ordered = sorted(files, key=lambda path: (len(path.parts), str(path)))  # outermost instructions first
    if kind == "claude":
        return _claude_memdir(root, ordered, content)
    if kind == "claude-md":
        return _claude_md(ordered, content)
    if kind == "codex":
        return _codex(root, ordered, content)
    if kind == "agents-md":
        return _agents_md(ordered, content)
    if kind == "hermes":
        return _hermes(root, content)
    if kind == "openclaw":
        return _openclaw(root, ordered, content)
    raise ValueError(f"unknown source kind {kind!r}")
