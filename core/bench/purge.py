"""`memrev bench purge`: how long a purge takes, whether any byte of the text survives it, and what rewriting the
database's pages costs as the store grows.

- purge of one entry: a store of `entries` entries, a Hermes memory folder among them (imported), one Hermes entry
  purged with `purge_entries` (its file written back, every row cleared, the pages rewritten, the residue check of the
  database, its WAL and SHM, the journals and every agent file), against clearing the rows and checkpointing the WAL
  without VACUUM, no file and no check, on a fresh copy of the same store; the median of `trials` runs, each on a
  fresh copy;
- residue: the text searched for afterwards by the bench itself (UTF-8, UTF-16 and JSON-escaped, in the database, its
  WAL and SHM and the agent's files), aim 0; the baseline counts it in the database's files once the rows are
  cleared, before any page is rewritten;
- page rewrite at each size: the rows of one entry cleared, then `rewrite_pages` (FTS optimize, checkpoints, VACUUM)
  timed against a bare truncating checkpoint, with the database's size.
Nothing here prints; the CLI does.
"""

from __future__ import annotations

import json
import shutil
import statistics
import time
from pathlib import Path
from typing import Sequence

from memrev.core.bench.store import Figure, synthetic_entries
from memrev.core.freeze.purge import purge_entries
from memrev.core.sources.base import SourceRef
from memrev.core.sources.sync import import_source
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.purge import clear_content, rewrite_pages

ACTOR = "bench"
HERMES_ENTRIES = 20
"""Entries of the Hermes folder the purged entry comes from (the rest of the store is synthetic)."""
PURGE_AIM_S = 2.0
"""One purge, files, rows, pages and residue check included, aims to finish within this in a 10,000-entry store
(most of it is VACUUM rewriting the 46 MB database)."""
SIZES = (1_000, 10_000, 50_000)
"""Store sizes the page rewrite is measured at."""


def _hermes(home: Path) -> SourceRef:
    """A Hermes memory folder of `HERMES_ENTRIES` entries, each naming something unique."""
    memories = home / ".hermes" / "memories"
    memories.mkdir(parents=True, exist_ok=True)
    texts = [f"Bench fact {index:02d}: the deploy key for the staging-{index:02d} cluster lives in vault path "
             f"kv/staging/{index:02d}/deploy." for index in range(HERMES_ENTRIES)]
    (memories / "MEMORY.md").write_text("\n§\n".join(texts), encoding="utf-8", newline="\n")
    (memories / "USER.md").write_text("Prefers terse replies.", encoding="utf-8", newline="\n")
    (home / ".hermes" / "config.yaml").write_text("memory:\n  memory_char_limit: 20000\n  user_char_limit: 2000\n",
                                                  encoding="utf-8")
    return SourceRef("hermes", memories.resolve())


def _build(folder: Path, entries: int) -> SourceRef:
    """A store of `entries` entries, the Hermes folder's among them; closed, so its folder can be copied."""
    ref = _hermes(folder / "home")
    with MemoryStore(folder / "memrev.db") as store:
        store.apply(synthetic_entries(max(entries - HERMES_ENTRIES, 0)), actor=ACTOR)
        import_source(store, ref, actor=ACTOR)
    return ref


def _copy(pristine: Path, target: Path) -> Path:
    """A fresh copy of the pristine folder (store and agent files)."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(pristine, target, symlinks=True)
    return target


def _found(folder: Path, text: str, pattern: str = "*") -> int:
    """How often the text occurs, in any form, in the files under `folder` (the store's and the agent's)."""
    forms = {text.encode(), text.encode("utf-16-le"), text.encode("utf-16-be"), json.dumps(text)[1:-1].encode(),
             json.dumps(text, ensure_ascii=False)[1:-1].encode()}
    return sum(path.read_bytes().count(form) for path in folder.rglob(pattern) if path.is_file() for form in forms)


def _target(store: MemoryStore, trial: int) -> tuple[str, str]:
    """The id and text of the Hermes entry a trial purges."""
    hermes = sorted((e for e in store.entries() if e.source.agent == "hermes" and e.text.startswith("Bench fact")),
                    key=lambda e: e.text)
    entry = hermes[trial % len(hermes)]
    return entry.id, entry.text


def purge_figures(workdir: Path, entries: int = 10_000, trials: int = 3) -> list[Figure]:
    """The purge of one entry (median of `trials`, each on a fresh copy) and the residue it leaves, against clearing
    the rows alone."""
    live, pristine = workdir / "live", workdir / "pristine"
    _build(live, entries)  # built where it runs: the store names the agent's files by their absolute paths
    _copy(live, pristine)
    runs: list[float] = []
    residue, reported, searched = 0, 0, 0
    for trial in range(trials):
        _copy(pristine, live)
        with MemoryStore(live / "memrev.db") as store:
            entry_id, text = _target(store, trial)
            started = time.perf_counter()
            report = purge_entries(store, [entry_id], actor=ACTOR, reason="bench")
            runs.append(time.perf_counter() - started)
            reported += report.residue.total if report.residue else 0
            searched = len(report.residue.searched) if report.residue else 0
            residue += _found(live, text)
    _copy(pristine, live)
    with MemoryStore(live / "memrev.db") as store:  # the baseline: the rows cleared and the WAL checkpointed
        entry_id, text = _target(store, 0)
        started = time.perf_counter()
        clear_content(store, [entry_id], actor=ACTOR)
        uncheckpointed = _found(live, text, "memrev.db*")  # read while the store is open, as a copy would be
        store.conn.execute("pragma wal_checkpoint(truncate)")
        bare = time.perf_counter() - started
    real = statistics.median(runs)
    runs_note = ", ".join(f"{run:.2f}" for run in runs)
    return [
        Figure(f"purge of one entry, {entries:,}-entry store", real, "s", f"< {PURGE_AIM_S:.0f} s", bare,
               "rows cleared + checkpoint, no VACUUM", None, real < PURGE_AIM_S,
               f"its file written back, every row cleared, the pages rewritten (FTS optimize, checkpoints, VACUUM) "
               f"and {searched} files searched; median of {len(runs)} ({runs_note} s)"),
        Figure("residue after that purge", residue, "occurrences", "0", uncheckpointed,
               "rows cleared, pages not rewritten", None, residue == 0 and reported == 0,
               "the text in UTF-8, UTF-16 and JSON forms in the database, its WAL and SHM and the agent's files, "
               f"searched by the bench; the purge's own check found {reported}; the baseline counts the database's "
               "files only, before any checkpoint"),
    ]


def rewrite_figure(workdir: Path, entries: int) -> Figure:
    """The page rewrite after clearing one entry's rows in a store of `entries` entries, against a bare checkpoint."""
    folder = workdir / f"rewrite-{entries}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    with MemoryStore(folder / "memrev.db") as store:
        store.apply(synthetic_entries(entries), actor=ACTOR)
        store.conn.execute("pragma wal_checkpoint(truncate)")
        size = (folder / "memrev.db").stat().st_size / 1_000_000
        victim = store.conn.execute("select id from entries order by rowid limit 1").fetchone()[0]
        clear_content(store, [victim], actor=ACTOR)
        started = time.perf_counter()
        store.conn.execute("pragma wal_checkpoint(truncate)")
        bare = time.perf_counter() - started
        started = time.perf_counter()
        rewrite_pages(store)
        real = time.perf_counter() - started
        after = (folder / "memrev.db").stat().st_size / 1_000_000
    shutil.rmtree(folder, ignore_errors=True)
    return Figure(f"page rewrite, {entries:,} entries ({size:.1f} MB)", real, "s", "(reported)", bare,
                  "a bare truncating checkpoint", None, None,
                  f"FTS optimize, checkpoints and VACUUM of a {size:.1f} MB database ({after:.1f} MB after): "
                  f"{size / real if real else 0:.0f} MB/s")


def run_purge_bench(workdir: Path, *, entries: int = 10_000, trials: int = 3,
                    sizes: Sequence[int] = SIZES) -> list[Figure]:
    """Every figure of `memrev bench purge`."""
    figures = purge_figures(workdir, entries, trials)
    figures += [rewrite_figure(workdir, size) for size in sizes]
    return figures
