"""`memrev bench freeze`: the freeze's speed on four agents' memory, and what a crash half-way through one leaves.

Four agents each hold `entries` entries, laid out as each agent holds that many within the caps it loads:
- Claude Code: one auto-memory folder whose MEMORY.md index lists at most 150 topic files (it must fit 200 lines /
  25,000 UTF-16 units), every other memory a daily log `logs/YYYY/MM/YYYY-MM-DD.md` (on demand, never indexed);
- Codex: a `v1` memory_summary.md of a few bullets (well under ~20,000 bytes), the rest in the MEMORY.md handbook
  (task groups of tasks and bullets);
- Hermes: MEMORY.md and USER.md, entries joined by a lone `§` line, the caps raised in `config.yaml` to fit them;
- OpenClaw: MEMORY.md of at most 100 items (under its 20,000-character bootstrap cap), the rest in daily logs.
Everything is imported into one store; in every source every 50th entry is revoked and every 50th (offset 25)
edited, so the freeze changes files in each. Figures, in one run:
- preview: `build_plan` of all four agents, against one `build_plan` per source (the store's entries, checks and
  conflicts read again for each source); the plain adapter reads of the same sources are the floor, in the note;
- freeze: `freeze(...)` of that plan, against the bare write-back of each changed source (`write_source`, no
  journal, no check of the written bytes, no record);
- rollback: `rollback(...)` of that freeze, and how many files did not come back byte for byte (aim 0);
- crash trials: `memrev freeze --yes --hold-unreviewed` in a child process SIGKILLed at a seeded random moment
  after its journal appears, then any `memrev` command (which recovers), then the invariant: every file is
  byte for byte its old or its new content, the sources are all old unless the store recorded the freeze (then
  all new), no temporary file is left in the memory folders, no entry id is lost; and the store agrees with the
  files again (every source's recorded digests are the files' own, or the next freeze refuses as drift).
Nothing here prints; the CLI does.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Sequence

from memrev.core.bench.store import Figure
from memrev.core.freeze.journal import freeze_journal_path
from memrev.core.freeze.plan import FreezePlan, build_plan, current_bytes
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.rollback import rollback
from memrev.core.freeze.write import freeze
from memrev.core.review.actions import edit, revoke
from memrev.core.sources.base import SourceRef
from memrev.core.sources.claude_index import index_line
from memrev.core.sources.registry import adapter_for
from memrev.core.sources.sync import (import_source, imported_digests, imported_sources, stored_for,
                                      write_source)
from memrev.core.store.memory_store import MemoryStore

AIM_S = 1.0
"""Preview, freeze and rollback of four agents' memory each aim to finish within this."""
RUNS = 3
"""Timed runs of each figure (each on a fresh copy of the tree); the figure is their median."""
REVIEW_EVERY = 50
"""Every 50th entry is revoked and every 50th (offset 25) edited, so the freeze changes files in every source."""
CLAUDE_INDEXED = 150
"""Topic files the Claude index lists (150 short lines fit its 200 lines / 25,000 UTF-16 units)."""
OPENCLAW_EVERGREEN = 100
"""Items in OpenClaw's MEMORY.md (about 9,000 characters, under its 20,000-character cap)."""
LOG_ITEMS = 10
"""Items per OpenClaw daily log."""
KILL_WINDOW = 1.25
"""Kills land at random within the time a freeze's journal stays on disk, stretched by this much (some after)."""
ACTOR = "bench"
EDIT_SUFFIX = " Checked by the reviewer."
TEMPORARY_SUFFIXES = (".memrev.tmp", ".journal.tmp")
"""Names of the temporary files memrev writes (Hermes's own are `.mem_*.tmp`)."""

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


# -- the invariant after a crash --------------------------------------------------------------------------


@dataclass
class TrialCheck:
    """What one crash trial left after recovery, against what the freeze's preview said."""

    partial: list[str] = field(default_factory=list)
    """Files that hold neither their old nor their new bytes (cut short, missing, or something else)."""
    old: list[str] = field(default_factory=list)
    """Sources whose changed files all hold their old bytes."""
    new: list[str] = field(default_factory=list)
    """Sources whose changed files all hold their new bytes."""
    torn: list[str] = field(default_factory=list)
    """Sources with some files old and some new."""
    recorded: bool = False
    temporaries: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    out_of_step: list[str] = field(default_factory=list)
    """Sources whose files differ from what the store recorded at its last import of them."""

    @property
    def mixed(self) -> bool:
        """Whether the snapshot is not whole: some source torn, or the sources not all in the state the store's
        record says (recorded: every source new; not recorded: every source old)."""
        return bool(self.torn) or bool(self.old if self.recorded else self.new)


def _source_state(files: Mapping[Path, tuple[bytes | None, bytes | None]],
                  read: Callable[[Path], bytes | None]) -> tuple[str, list[str]]:
    """`old`, `new`, `torn` or `same` (nothing changes) for one source, and its files that are neither."""
    states, partial = set(), []
    for path, (before, after) in files.items():
        if before == after:
            if read(path) != before:
                partial.append(str(path))
            continue
        now = read(path)
        if now == before:
            states.add("old")
        elif now == after:
            states.add("new")
        else:
            partial.append(str(path))
    if len(states) > 1:
        return "torn", partial
    return (states.pop() if states else "same"), partial


def temporaries(folders: Sequence[Path]) -> list[str]:
    """Temporary files (memrev's `*.memrev.tmp`, a journal's `*.journal.tmp`, Hermes's `.mem_*.tmp`) under folders."""
    found = []
    for folder in folders:
        for where, _, names in os.walk(folder):
            found.extend(str(Path(where) / name) for name in names
                         if name.endswith(TEMPORARY_SUFFIXES) or (name.startswith(".mem_") and name.endswith(".tmp")))
    return sorted(found)


def check_files(expected: Expected, *, recorded: bool, folders: Sequence[Path] = (),
                read: Callable[[Path], bytes | None] = current_bytes) -> TrialCheck:
    """Compare every file of every source with its old and new bytes; list temporaries left under `folders`."""
    result = TrialCheck(recorded=recorded, temporaries=temporaries(folders))
    for label, files in expected.items():
        state, partial = _source_state(files, read)
        result.partial.extend(partial)
        {"old": result.old, "new": result.new, "torn": result.torn}.get(state, []).append(label)
    return result


def check_store(store: MemoryStore, entry_ids: frozenset[str], result: TrialCheck) -> TrialCheck:
    """Add what the store says: whether it recorded a freeze, entries lost, and sources out of step with it."""
    result.lost = sorted(entry_ids - {e.id for e in store.entries()})
    for ref in imported_sources(store):
        recorded = imported_digests(store, ref)
        now = {str(path): digest for path, digest in adapter_for(ref.kind).read(ref).files.items()}
        if recorded != now:
            result.out_of_step.append(ref.label)
    return result


def freeze_recorded(store: MemoryStore) -> bool:
    """Whether the store holds a freeze (a trial starts from a store with none)."""
    return store.conn.execute("select count(*) from freezes where kind = 'freeze'").fetchone()[0] > 0


def check_trial(layout: Layout) -> TrialCheck:
    """The invariant after recovery: the files, the temporaries in the memory folders, and the store."""
    with MemoryStore(layout.db) as store:
        recorded = freeze_recorded(store)
        result = check_files(layout.expected, recorded=recorded, folders=[ref.root for ref in layout.refs])
        return check_store(store, layout.entry_ids, result)


# -- the child processes ----------------------------------------------------------------------------------


def memrev_command(db: Path, *args: str) -> list[str]:
    """A `memrev` command line against this store, run by this interpreter."""
    return [sys.executable, "-m", "memrev.tui", "--db", str(db), "--actor", ACTOR, *args]


def start_freeze(db: Path) -> subprocess.Popen[bytes]:
    """`memrev freeze --yes --hold-unreviewed` in a child process."""
    return subprocess.Popen(memrev_command(db, "freeze", "--yes", "--hold-unreviewed", "--brief"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def recover_with_cli(db: Path) -> str:
    """Run `memrev freezes` (any command recovers an interrupted freeze first); its notes on stderr."""
    done = subprocess.run(memrev_command(db, "freezes"), capture_output=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"memrev freezes failed after a crash: {done.stderr.decode(errors='replace')}")
    return done.stderr.decode(errors="replace")


def wait_for(path: Path, process: subprocess.Popen[bytes]) -> float | None:
    """Wait until `path` exists (the freeze's journal: its writes begin); the time it appeared, or None if the
    process ended first."""
    while process.poll() is None:
        if path.exists():
            return time.perf_counter()
        time.sleep(0.0005)
    return None


def journal_of(db: Path) -> Path:
    """Where the freeze of this store keeps its journal while it writes."""
    with MemoryStore(db) as store:
        path = freeze_journal_path(store)
    assert path is not None
    return path


def wait_gone(path: Path, process: subprocess.Popen[bytes]) -> float:
    """Wait until `path` is gone (the freeze's writes are over) or the process ended; the time then."""
    while process.poll() is None and path.exists():
        time.sleep(0.0005)
    return time.perf_counter()


def calibrate(layout: Layout, journal: Path) -> float:
    """Run one freeze to its end; the seconds its journal stayed on disk (the window kills aim at). Refuses
    unless the finished freeze left exactly the files the preview showed."""
    reset(layout)
    process = start_freeze(layout.db)
    appeared = wait_for(journal, process)
    gone = wait_gone(journal, process)
    _, stderr = process.communicate(timeout=300)
    if process.returncode != 0:
        raise RuntimeError(f"the bench's freeze failed: {stderr.decode(errors='replace')}")
    check = check_files(layout.expected, recorded=True)
    if check.partial or check.mixed:
        raise RuntimeError(f"the freeze wrote other bytes than its preview: {check.partial or check.old}")
    return gone - appeared if appeared is not None else 0.05


@dataclass
class CrashTally:
    """Crash trials summed up: how many trials showed each kind of damage, and how much of it."""

    trials: int = 0
    mid_write: int = 0
    """Kills that landed while the freeze's journal was on disk (its writes under way)."""
    finished: int = 0
    """Freezes that had ended on their own before the kill came."""
    gave_up: int = 0
    """Kills that landed after the freeze had put its files back and removed its journal (it had failed)."""
    failed: int = 0
    """Freezes that ended with an error before the kill came (a bench that fails to freeze proves nothing)."""
    failures: list[str] = field(default_factory=list)
    recorded: int = 0
    partial_trials: int = 0
    partial_files: int = 0
    mixed: int = 0
    temporaries: int = 0
    temporary_files: int = 0
    lost_trials: int = 0
    lost_entries: int = 0
    out_of_step: int = 0
    out_of_step_kinds: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    """A few of the partial files and temporaries found."""

    def add(self, check: TrialCheck, kill: Kill) -> None:
        """Count one trial."""
        self.trials += 1
        self.mid_write += kill.journal_was_there
        self.finished += kill.returncode == 0
        self.gave_up += kill.returncode == -signal.SIGKILL and not (kill.journal_was_there or check.recorded)
        if kill.returncode not in (0, -signal.SIGKILL):
            self.failed += 1
            if len(self.failures) < 2:
                self.failures.append(f"exit {kill.returncode}: {kill.stderr.splitlines()[-1] if kill.stderr else ''}")
        self.recorded += check.recorded
        self.partial_trials += bool(check.partial)
        self.partial_files += len(check.partial)
        self.mixed += check.mixed
        self.temporaries += bool(check.temporaries)
        self.temporary_files += len(check.temporaries)
        self.lost_trials += bool(check.lost)
        self.lost_entries += len(check.lost)
        self.out_of_step += bool(check.out_of_step)
        self.out_of_step_kinds.update(label.split(":", 1)[0] for label in check.out_of_step)
        for problem in (*check.partial, *check.temporaries):
            if len(self.examples) < 3 and problem not in self.examples:
                self.examples.append(problem)


@dataclass(frozen=True)
class Kill:
    """How one killed freeze ended: whether its journal was on disk after the kill, its exit code, its errors."""

    journal_was_there: bool
    returncode: int
    stderr: str


def crash_trial(layout: Layout, journal: Path, delay: float) -> tuple[TrialCheck, Kill]:
    """Reset, start a freeze, SIGKILL it `delay` seconds after its journal appears, recover, check."""
    reset(layout)
    process = start_freeze(layout.db)
    if wait_for(journal, process) is not None:
        time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    _, stderr = process.communicate()
    kill = Kill(journal.exists(), process.returncode, stderr.decode(errors="replace").strip())
    recover_with_cli(layout.db)
    return check_trial(layout), kill


def crash_trials(layout: Layout, trials: int, seed: int = 13) -> CrashTally:
    """Kill `trials` freezes at seeded random moments from the start of their writes to a little after their end
    (the journal's time on disk, and a quarter more), and check each one."""
    journal = journal_of(layout.db)
    window = calibrate(layout, journal) * KILL_WINDOW
    rng = random.Random(seed)
    tally = CrashTally()
    for _ in range(trials):
        check, kill = crash_trial(layout, journal, rng.uniform(0.0, window))
        tally.add(check, kill)
    return tally


def crash_figures(tally: CrashTally) -> list[Figure]:
    """The crash trials' counts, each aiming at none."""
    where = (f"{tally.trials} trials: {tally.mid_write} killed while the freeze's journal was on disk, "
             f"{tally.recorded} after the store recorded the freeze, {tally.finished} already finished"
             + (f", {tally.gave_up} after the freeze had failed and undone itself" if tally.gave_up else "")
             + (f", {tally.failed} FAILED on their own ({'; '.join(tally.failures)})" if tally.failed else ""))
    examples = f"; e.g. {', '.join(tally.examples)}" if tally.examples else ""
    kinds = ", ".join(f"{kind} in {count}" for kind, count in sorted(tally.out_of_step_kinds.items()))
    rows = [("crash: trials with partial/missing files", tally.partial_trials,
             f"{tally.partial_files} files; {where}{examples}"),
            ("crash: trials with a mixed snapshot", tally.mixed,
             "some sources old and some new after recovery, or not as the store's record says"),
            ("crash: trials with temporaries left", tally.temporaries,
             f"{tally.temporary_files} files in the memory folders"),
            ("crash: trials with entries lost", tally.lost_trials, f"{tally.lost_entries} entry ids"),
            ("crash: freezes that failed on their own", tally.failed + tally.gave_up,
             "ended with an error, or had undone themselves, before the kill came (the trial tested no crash)"),
            ("crash: trials with store out of step", tally.out_of_step,
             "the store's import digests differ from the files after recovery, so the next freeze refuses as "
             f"drift{f' ({kinds})' if kinds else ''}")]
    return [Figure(name, float(count), "trials", "0", None, "", None, count == 0, what) for name, count, what in rows]


# -- speed ------------------------------------------------------------------------------------------------


def _median(runs: list[float]) -> str:
    """`median of 3 (0.41, 0.39, 0.40 s)`."""
    return f"median of {len(runs)} ({', '.join(f'{run:.2f}' for run in runs)} s)"


def preview_figure(layout: Layout, count: int) -> Figure:
    """`build_plan` of every source, against one `build_plan` per source; the adapter reads as the floor."""
    reset(layout)
    with MemoryStore(layout.db) as store:
        runs, naive_runs = [], []
        for _ in range(RUNS):
            started = time.perf_counter()
            plan = build_plan(store, unreviewed=Unreviewed.HOLD)
            runs.append(time.perf_counter() - started)
            started = time.perf_counter()
            for ref in imported_sources(store):
                build_plan(store, unreviewed=Unreviewed.HOLD, only=[ref])
            naive_runs.append(time.perf_counter() - started)
        started = time.perf_counter()
        for ref in imported_sources(store):
            adapter_for(ref.kind).read(ref)
        floor = time.perf_counter() - started
    real, naive = statistics.median(runs), statistics.median(naive_runs)
    kept = sum(len(source.kept) for source in plan.sources)
    return Figure(f"preview of 4 agents x {count:,} entries", real, "s", f"< {AIM_S:.0f} s", naive,
                  "one build_plan per source", naive / real if real else None, real < AIM_S,
                  f"{len(plan.sources)} sources, {kept:,} entries kept, {len(plan.changed)} sources change; "
                  f"the adapters' reads alone take {floor:.2f} s; {_median(runs)}")


def _timed_freeze(layout: Layout, bare: bool) -> tuple[float, int]:
    """Reset, preview, and time the freeze (or the bare write-back of each changed source); files written."""
    reset(layout)
    with MemoryStore(layout.db) as store:
        plan = build_plan(store, unreviewed=Unreviewed.HOLD)
        started = time.perf_counter()
        if bare:
            for source in plan.changed:
                write_source(store, source.ref, source.kept, actor=ACTOR)
            written = sum(len(source.changed) for source in plan.changed)
        else:
            written = len(freeze(store, plan, actor=ACTOR).files)
        return time.perf_counter() - started, written


def freeze_figure(layout: Layout) -> Figure:
    """`freeze(...)` of the preview, against the bare write-back of each changed source."""
    runs, bare_runs, written = [], [], 0
    for _ in range(RUNS):
        bare_runs.append(_timed_freeze(layout, bare=True)[0])
        elapsed, written = _timed_freeze(layout, bare=False)
        runs.append(elapsed)
    real, bare = statistics.median(runs), statistics.median(bare_runs)
    return Figure("freeze of the same", real, "s", f"< {AIM_S:.0f} s", bare, "bare write_source per source",
                  bare / real if real else None, real < AIM_S,
                  f"{written} files written under one journal and recorded; {_median(runs)}")


def tree_bytes(folder: Path) -> dict[str, bytes]:
    """Every file under a folder (Hermes's `.lock` files aside: they hold nothing) by relative path."""
    found = {}
    for where, _, names in os.walk(folder):
        for name in names:
            if not name.endswith(".lock"):
                path = Path(where) / name
                found[str(path.relative_to(folder))] = path.read_bytes()
    return found


def rollback_figures(layout: Layout) -> list[Figure]:
    """Freeze, then time `rollback(...)`; every file of the agents must come back byte for byte."""
    runs, failed, differing = [], 0, 0
    pristine = tree_bytes(layout.pristine / "home")
    for _ in range(RUNS):
        reset(layout)
        with MemoryStore(layout.db) as store:
            freeze(store, build_plan(store, unreviewed=Unreviewed.HOLD), actor=ACTOR)
            started = time.perf_counter()
            rollback(store, actor=ACTOR)
            runs.append(time.perf_counter() - started)
        now = tree_bytes(layout.home)
        wrong = sum(now.get(name) != data for name, data in pristine.items()) + len(set(now) - set(pristine))
        failed += bool(wrong)
        differing += wrong
    real = statistics.median(runs)
    return [
        Figure("rollback of that freeze", real, "s", f"< {AIM_S:.0f} s", None, "", None, real < AIM_S,
               _median(runs)),
        Figure("rollback: files not back byte for byte", float(failed), "trials", "0", None, "", None,
               failed == 0, f"{differing} files differ after {RUNS} rollbacks, each compared with all "
                            f"{len(pristine):,} files of the agents' memory before the freeze"),
    ]


def run_freeze_bench(*, workdir: Path, entries: int = 1000, trials: int = 50) -> list[Figure]:
    """Every freeze figure for four agents of `entries` entries each, in files under `workdir`."""
    layout = prepare(workdir, entries)
    figures = [preview_figure(layout, entries), freeze_figure(layout), *rollback_figures(layout)]
    return figures + crash_figures(crash_trials(layout, trials))
