"""The agents' memory for `memrev bench freeze`: four agents' files of `entries` entries each, laid out as each
agent holds that many within the caps it loads, imported and reviewed, with a pristine copy to reset from."""

from __future__ import annotations

import json
import random
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from memrev.core.freeze.plan import FreezePlan, build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.review.actions import edit, revoke
from memrev.core.sources.base import SourceRef
from memrev.core.sources.claude_index import index_line
from memrev.core.sources.sync import import_source, stored_for
from memrev.core.store.memory_store import MemoryStore

REVIEW_EVERY = 50
"""Every 50th entry is revoked and every 50th (offset 25) edited, so the freeze changes files in every source."""
CLAUDE_INDEXED = 150
"""Topic files the Claude index lists (150 short lines fit its 200 lines / 25,000 UTF-16 units)."""
OPENCLAW_EVERGREEN = 100
"""Items in OpenClaw's MEMORY.md (about 9,000 characters, under its 20,000-character cap)."""
LOG_ITEMS = 10
"""Items per OpenClaw daily log."""
ACTOR = "bench"
EDIT_SUFFIX = " Checked by the reviewer."
Expected = dict[str, dict[Path, tuple[bytes | None, bytes | None]]]
"""By source label: every file of the source with its bytes before the freeze and after it (None: absent)."""


# -- the agents' files ----------------------------------------------------------------------------------

_SYLLABLES = "ka lo mi re su ta ne vo zi pu da fe go hi ju".split()
_SUBJECTS = ("the billing worker", "the cache layer", "the release script", "the search index", "the auth service",
             "the upload queue", "the report builder", "the mobile client", "the pricing module", "the audit trail",
             "the schema loader", "the feature flags", "the email sender", "the export job", "the rate limiter")
_RULES = ("retries {w} jobs with backoff", "needs the {w} token exported first", "is built with the {w} target",
          "logs {w} events to the shared collector", "reads {w} settings from the environment",
          "runs the {w} suite inside the dev container", "keeps {w} fixtures beside the tests",
          "sends {w} alerts to the platform team", "uses the typed {w} client", "warms the {w} cache before requests",
          "ships {w} behind a flag", "pins {w} in the lock file", "splits {w} changes into small pull requests",
          "documents the {w} endpoint in the handbook", "batches {w} writes per tenant")


def _codeword(index: int) -> str:
    """A pronounceable name unique to an index (no digits, so no two entries differ only in a value)."""
    word = ""
    for _ in range(4):
        index, rest = divmod(index, len(_SYLLABLES))
        word += _SYLLABLES[rest]
    return word


def _text(rng: random.Random, agent: str, index: int) -> str:
    """One memory: a subject and a rule about something named uniquely."""
    rule = rng.choice(_RULES).format(w=_codeword(index))
    return f"{rng.choice(_SUBJECTS).capitalize()} of the {agent} notes {rule}."


def _write(path: Path, text: str) -> None:
    """Write one file with LF line endings, creating its folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


def _claude(home: Path, project: Path, count: int, rng: random.Random) -> SourceRef:
    """A Claude auto-memory folder: an index of topic files that fits, the rest daily logs, a transcript."""
    slug = "".join(c if c.isalnum() else "-" for c in str(project))
    memory = home / ".claude" / "projects" / slug / "memory"
    indexed = min(CLAUDE_INDEXED, count // 2)
    lines = []
    for index in range(indexed):
        name, text = f"topic_{_codeword(index)}.md", _text(rng, "claude", index)
        title = f"Topic {_codeword(index)}"
        _write(memory / name, f"---\nname: {title}\ndescription: {text[:60]}\ntype: project\n---\n{text}\n")
        lines.append(index_line(name, title, text[:60]))
    _write(memory / "MEMORY.md", "\n".join(lines) + "\n")
    for index in range(indexed, count):
        day = time.gmtime(1_700_000_000 + 86_400 * index)
        folder = memory / "logs" / f"{day.tm_year:04d}" / f"{day.tm_mon:02d}"
        _write(folder / f"{day.tm_year:04d}-{day.tm_mon:02d}-{day.tm_mday:02d}.md", _text(rng, "claude", index) + "\n")
    line = {"type": "user", "cwd": str(project), "sessionId": "bench-session", "timestamp": "2026-05-20T09:00:00Z"}
    _write(memory.parent / "bench-session.jsonl", json.dumps(line) + "\n")
    return SourceRef("claude", memory.resolve())


_CODEX_SECTIONS = ("User preferences", "Reusable knowledge", "Failures and how to do differently")


def _codex_group(number: int, project: Path, texts: list[str]) -> str:
    """One handbook task group: four tasks, then its bullets spread over the three sections."""
    lines = [f"# Task Group: area {_codeword(number)}", f"scope: work on area {_codeword(number)}",
             f"applies_to: cwd={project}; reuse_rule=safe for this checkout only", ""]
    tasks, bullets = texts[:4], texts[4:]
    for task, text in enumerate(tasks, start=1):
        lines += [f"## Task {task}: {' '.join(text.rstrip('.').split()[-4:])}", "", text, ""]
    for section_index, title in enumerate(_CODEX_SECTIONS):
        mine = bullets[section_index::len(_CODEX_SECTIONS)]
        if mine:
            lines += [f"## {title}", "", *[f"- {text}" for text in mine], ""]
    return "\n".join(lines)


def _codex(home: Path, project: Path, count: int, rng: random.Random) -> SourceRef:
    """A Codex memories folder: a small `v1` summary, the rest in MEMORY.md task groups of sixteen entries."""
    memories = home / ".codex" / "memories"
    summary = min(40, count // 10)
    texts = [_text(rng, "codex", index) for index in range(count)]
    half = summary // 2
    _write(memories / "memory_summary.md", "v1\n\n## User preferences\n\n" + "".join(f"- {t}\n" for t in texts[:half])
           + "\n## General Tips\n\n" + "".join(f"- {t}\n" for t in texts[half:summary]))
    rest = texts[summary:]
    groups = [_codex_group(n, project, rest[start:start + 16]) for n, start in enumerate(range(0, len(rest), 16))]
    _write(memories / "MEMORY.md", "\n".join(groups))
    return SourceRef("codex", memories.resolve())


def _hermes(home: Path, count: int, rng: random.Random) -> SourceRef:
    """Hermes's two files, the caps in config.yaml raised to fit them with room to spare."""
    memories = home / ".hermes" / "memories"
    users = max(1, count // 20)
    memory = "\n§\n".join(_text(rng, "hermes", index) for index in range(users, count))
    user = "\n§\n".join(f"The user prefers terse replies about {_codeword(index)}." for index in range(users))
    _write(memories / "MEMORY.md", memory)
    _write(memories / "USER.md", user)
    _write(memories.parent / "config.yaml", f"memory:\n  memory_char_limit: {2 * len(memory) + 1000}\n"
                                            f"  user_char_limit: {2 * len(user) + 1000}\n")
    return SourceRef("hermes", memories.resolve())


def _openclaw(home: Path, count: int, rng: random.Random) -> SourceRef:
    """An OpenClaw workspace: MEMORY.md within its cap, the rest in dated daily logs."""
    workspace = home / ".openclaw" / "workspace"
    evergreen = min(OPENCLAW_EVERGREEN, count // 2)
    _write(workspace / "MEMORY.md", "# Long-term memory\n\n## Project\n\n"
           + "".join(f"- {_text(rng, 'openclaw', index)}\n" for index in range(evergreen)))
    for start in range(evergreen, count, LOG_ITEMS):
        day = time.gmtime(1_700_000_000 + 86_400 * start)
        items = [f"- {9 + n % 9:02d}:{n % 6}0 {_text(rng, 'openclaw', start + n)}"
                 for n in range(min(LOG_ITEMS, count - start))]
        _write(workspace / "memory" / f"{day.tm_year:04d}-{day.tm_mon:02d}-{day.tm_mday:02d}.md",
               "\n".join(items) + "\n")
    return SourceRef("openclaw", workspace.resolve())


def write_agents(home: Path, project: Path, count: int, seed: int = 7) -> list[SourceRef]:
    """Claude, Codex, Hermes and OpenClaw memory of `count` entries each under `home`."""
    rng = random.Random(seed)
    project.mkdir(parents=True, exist_ok=True)
    return [_claude(home, project, count, rng), _codex(home, project, count, rng), _hermes(home, count, rng),
            _openclaw(home, count, rng)]


# -- the bench's folders ----------------------------------------------------------------------------------


@dataclass
class Layout:
    """The live tree a freeze writes (agents' files and the store), and a pristine copy to reset it from."""

    live: Path
    pristine: Path
    refs: list[SourceRef]
    entry_ids: frozenset[str] = frozenset()
    expected: Expected = field(default_factory=dict)

    @property
    def db(self) -> Path:
        """The store, inside the live tree (its journals live beside it)."""
        return self.live / "memrev.db"

    @property
    def home(self) -> Path:
        """Where the agents' memory folders live."""
        return self.live / "home"


def _review(store: MemoryStore, refs: Sequence[SourceRef]) -> None:
    """In every source, revoke every 50th entry and edit every 50th (offset 25), as a person reviewing would (a
    source of fewer than 100 entries gets at least one of each)."""
    for ref in refs:
        mine = sorted((e for e in stored_for(store, ref) if e.removed_at is None),
                      key=lambda e: e.provenance.citation or "")
        step = max(2, min(REVIEW_EVERY, len(mine) // 2))
        revoke(store, [e.id for e in mine[::step]], actor=ACTOR, reason="wrong: the bench revokes it")
        for entry in mine[step // 2::step]:
            edit(store, entry.id, entry.text + EDIT_SUFFIX, actor=ACTOR, reason="the bench edits it")


def expected_of(plan: FreezePlan) -> Expected:
    """Every file of every source in a preview, with its bytes now and the bytes the freeze leaves."""
    return {source.ref.label: {path: (source.before.get(path), source.content(path))
                               for path in {*source.before, *source.after}} for source in plan.sources}


def prepare(workdir: Path, count: int) -> Layout:
    """Write the agents' files, import them, review some entries, preview once, and keep a pristine copy."""
    live = workdir / "live"
    refs = write_agents(live / "home", live / "project", count)
    layout = Layout(live, workdir / "pristine", refs)
    with MemoryStore(layout.db) as store:
        for ref in refs:
            import_source(store, ref, actor=ACTOR)
        _review(store, refs)
        layout.entry_ids = frozenset(e.id for e in store.entries())
        plan = build_plan(store, unreviewed=Unreviewed.HOLD)
    problems = plan.problems
    if problems:
        raise RuntimeError("the bench's sources cannot be frozen: " + "; ".join(problems))
    layout.expected = expected_of(plan)
    shutil.copytree(live, layout.pristine, symlinks=True)
    return layout


def reset(layout: Layout) -> None:
    """Put the live tree (files, store, journals) back exactly as the pristine copy holds it."""
    shutil.rmtree(layout.live)
    shutil.copytree(layout.pristine, layout.live, symlinks=True)
