"""The preview of a freeze: for every imported source, the entries kept and left out, the exact bytes each file
will hold, what the agent will load from them within its caps, and a diff against the files on disk now.

The bytes come from running the source's own write-back as a dry run (`safe_io.captured_writes`), so the freeze
writes exactly what the preview showed; the same code path, nothing rendered twice.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Collection

from memrev.core.conflicts.detect import NEAR_DUPLICATE_LIMIT, find_conflicts
from memrev.core.freeze.codex_notes import correction_note
from memrev.core.freeze.loaded import Loaded, loaded_view
from memrev.core.freeze.policy import DECIDING_ACTIONS, Choice, Unreviewed, choose_all
from memrev.core.model import Entry
from memrev.core.safe_io import captured_writes, current_bytes
from memrev.core.scan.redaction import Redactor, redact_bytes
from memrev.core.scan.rejections import Decision, rejections
from memrev.core.sources.base import DriftError, OverCap, SourceRead, SourceRef
from memrev.core.sources.registry import adapter_for
from memrev.core.sources.sync import Membership, check_as_imported, imported_digests, imported_sources, redacted
from memrev.core.store.freezes import held_entry_ids
from memrev.core.store.memory_store import MemoryStore

AGENTS = {"claude": ("claude", "claude-md"), "codex": ("codex", "agents-md"), "hermes": ("hermes",),
          "openclaw": ("openclaw",)}
"""Each agent and the source kinds it loads; `--agent` takes either an agent or a single source kind."""


def kinds_for(agent: str | None) -> tuple[str, ...] | None:
    """The source kinds `--agent` names (None: every kind); ValueError for an unknown name."""
    if agent is None:
        return None
    if agent in AGENTS:
        return AGENTS[agent]
    if any(agent in kinds for kinds in AGENTS.values()):
        return (agent,)
    raise ValueError(f"unknown agent {agent!r} (known: {', '.join([*AGENTS, 'claude-md', 'agents-md'])})")


@dataclass
class SourcePlan:
    """One source's part of a freeze."""

    ref: SourceRef
    choices: list[Choice] = field(default_factory=list)
    before: dict[Path, bytes | None] = field(default_factory=dict)
    """Every file of the source as it is on disk now."""
    after: dict[Path, bytes | None] = field(default_factory=dict)
    """The files the freeze rewrites (or deletes: None), with their new bytes."""
    extra: dict[Path, bytes] = field(default_factory=dict)
    """Files memrev adds beside the adapter's write (a correction note for Codex); also in `after`."""
    loaded: Loaded = field(default_factory=Loaded)
    problem: str | None = None
    """Why this source cannot be written (drift, a file the adapter refuses, a cap exceeded); None when it can."""
    warnings: list[str] = field(default_factory=list)
    read: SourceRead | None = None
    """The read the preview was made from: the freeze writes against it once every file is checked unchanged."""
    shown_before: dict[Path, bytes | None] = field(default_factory=dict)
    """`before` with every secret redacted: what the preview shows and the freeze records (never the raw bytes)."""

    @property
    def kept(self) -> list[Entry]:
        """The entries the snapshot holds, in the order the agent's files hold them."""
        return [choice.entry for choice in self.choices if choice.kept]

    @property
    def left_out(self) -> list[Choice]:
        """The entries left out, each with its reason."""
        return [choice for choice in self.choices if not choice.kept]

    @property
    def changed(self) -> list[Path]:
        """The files whose bytes the freeze changes."""
        return sorted(path for path, data in self.after.items() if data != self.before.get(path))

    def diff(self) -> str:
        """A unified diff of every changed file, from what is on disk now to what the freeze writes."""
        return "".join(line for path in self.changed
                       for line in file_diff(str(path), self.shown_before.get(path), self.after[path], ("now", "frozen")))

    def content(self, path: Path) -> bytes | None:
        """A file's bytes as the snapshot leaves it (secrets redacted where the freeze leaves a file as it is)."""
        return self.after[path] if path in self.after else self.shown_before.get(path)


def file_diff(name: str, before: bytes | None, after: bytes | None, labels: tuple[str, str]) -> list[str]:
    """A unified diff of one file's bytes, named `name (label)` on each side (an absent side is /dev/null)."""
    return list(difflib.unified_diff(_lines(before), _lines(after),
                                     fromfile=f"{name} ({labels[0]})" if before is not None else "/dev/null",
                                     tofile=f"{name} ({labels[1]})" if after is not None else "/dev/null"))


def _lines(data: bytes | None) -> list[str]:
    """A file's lines for a diff, each ending in a newline (a last line without one is marked as diff marks it)."""
    if data is None:
        return []
    lines = data.decode("utf-8", "replace").splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n\\ No newline at end of file\n"
    return lines


def _read_only(path: Path) -> bool:
    """Whether someone took every write permission off an existing file (a rename could still replace it)."""
    try:
        return stat.S_IMODE(os.lstat(path).st_mode) & 0o222 == 0
    except OSError:
        return False


@dataclass
class FreezePlan:
    """The whole preview: every source's plan, what still needs a person, and the policy it was made under."""

    sources: list[SourcePlan]
    unreviewed: Unreviewed
    agent: str | None = None
    store_mark: tuple[object, ...] = ()
    """The store's change mark when the preview was made: a freeze refuses a preview the store has moved past."""

    @property
    def needs_person(self) -> list[Choice]:
        """Entries the freeze will not decide on its own (empty unless the policy is to refuse)."""
        return [choice for plan in self.sources for choice in plan.choices if choice.needs_person]

    @property
    def problems(self) -> list[str]:
        """One line per source that cannot be written."""
        return [f"{plan.ref.label}: {plan.problem}" for plan in self.sources if plan.problem]

    @property
    def changed(self) -> list[SourcePlan]:
        """The sources whose files the freeze changes."""
        return [plan for plan in self.sources if plan.changed]

    def policy(self) -> dict[str, object]:
        """The policy as recorded with the freeze."""
        return {"unreviewed": self.unreviewed.value, "agent": self.agent}


_LINE = re.compile(r":(\d+)(?:-\d+)?$")


def _position(entry: Entry) -> tuple[str, int, str]:
    """Where an entry sits in its source (file, first line), so a rewrite keeps the agent's order."""
    match = _LINE.search(entry.provenance.citation or "")
    return (entry.source.file or "", int(match.group(1)) if match else 1 << 30, entry.id)


def plan_source(ref: SourceRef, choices: list[Choice], imported: dict[str, str | None],
                redactor: Redactor) -> SourcePlan:
    """One source's preview: drift against the import, the dry-run write of the kept entries, what loads."""
    adapter = adapter_for(ref.kind)
    plan = SourcePlan(ref, sorted(choices, key=lambda choice: _position(choice.entry)))
    try:
        fresh: SourceRead = redacted(adapter.read(ref), redactor)  # read as the entries were stored
    except (ValueError, OSError) as error:
        plan.problem = f"cannot be read ({error})"
        return plan
    plan.warnings = list(fresh.warnings)
    plan.read = fresh
    plan.before = {path: current_bytes(path) for path in fresh.files}
    try:
        check_as_imported(imported, {str(path): digest for path, digest in fresh.files.items()})
    except DriftError as error:
        plan.problem = str(error)
    if plan.problem is None:
        try:
            with captured_writes() as planned:
                adapter.write(ref, plan.kept, expected=fresh)
        except OverCap as error:
            plan.problem = f"{error}; {_cut_hint(plan)}"
        except (ValueError, OSError, DriftError) as error:
            plan.problem = str(error)
        else:
            note = correction_note(ref.root, fresh, plan.choices) if ref.kind == "codex" else None
            if note is not None and current_bytes(note[0]) != note[1]:
                plan.extra[note[0]] = note[1]
            for path, data in {**planned, **plan.extra}.items():
                plan.before.setdefault(path, current_bytes(path))
                plan.after[path] = data
    locked = [path for path in plan.changed if _read_only(path)]
    if locked and plan.problem is None:
        plan.problem = (f"{', '.join(map(str, locked))}: read-only, so memrev will not replace it (make it writable "
                        "to freeze it)")
    plan.shown_before = {path: redact_bytes(redactor, data) for path, data in plan.before.items()}
    plan.loaded = loaded_view(ref.kind, ref.root, plan.shown_before, plan.content)
    over = [f"{part.title}: {cap.used:,}/{cap.limit:,} {cap.unit} ({cap.name})"
            for part in plan.loaded.parts for cap in part.over]
    if over and plan.problem is None:
        plan.problem = f"over the agent's cap, so it would not load it whole ({'; '.join(over)}); {_cut_hint(plan)}"
    return plan


CUT_SUGGESTIONS = 3


def _cut_hint(plan: SourcePlan) -> str:
    """Which entries to leave out (or shorten) first to fit a cap: the longest the snapshot keeps."""
    longest = sorted(plan.kept, key=lambda entry: len(entry.text), reverse=True)[:CUT_SUGGESTIONS]
    named = ", ".join(f"{entry.id} ({len(entry.text):,} chars)" for entry in longest)
    return f"leave out or shorten entries to fit, longest first: {named}" if named else "nothing is kept to cut"


def build_plan(store: MemoryStore, *, agent: str | None = None, unreviewed: Unreviewed = Unreviewed.REFUSE,
               only: Collection[SourceRef] | None = None) -> FreezePlan:
    """Preview a freeze of every imported source (or those of one agent)."""
    kinds = kinds_for(agent)
    refs = [ref for ref in (only if only is not None else imported_sources(store))
            if kinds is None or ref.kind in kinds]
    mark = store.change_mark()
    decide = review_state(store)
    redactor = Redactor.for_store(store)
    plans = []
    for ref in refs:
        imported = imported_digests(store, ref)
        plans.append(plan_source(ref, decide(ref, set(imported), unreviewed), imported, redactor))
    return FreezePlan(plans, unreviewed, agent, mark)


def review_state(store: MemoryStore) -> Callable[[SourceRef, Collection[str], Unreviewed], list[Choice]]:
    """Read what the policy needs once (entries, checks, open conflicts, unaudited blocks) and return the choice
    maker for one source's entries (given the files it was imported from)."""
    entries = store.entries()
    checks = store.checks()
    unaudited = {r.entry_id for r in rejections(store, decision=Decision.UNREVIEWED) if r.entry_id}
    held = held_entry_ids(store)
    in_review = [entry.evolve(removed_at=None) if entry.id in held else entry for entry in entries]  # still open
    near = store if len(entries) <= NEAR_DUPLICATE_LIMIT else None
    conflicted = {entry_id for conflict in find_conflicts(in_review, checks=checks, store=near)
                  for entry_id in conflict.entry_ids}
    decided = store.last_reasons(DECIDING_ACTIONS)

    def decide(ref: SourceRef, files: Collection[str], unreviewed: Unreviewed) -> list[Choice]:
        ours = Membership(ref, files)  # each file and folder asked once: its entries share the answer
        mine = [entry for entry in entries if ours.belongs(entry)]
        return choose_all(mine, checks, conflicted=conflicted, unaudited=unaudited, unreviewed=unreviewed,
                          decided=decided, held=held)

    return decide
