"""Live memory sources in the review app: what an agent writes, edits or deletes is re-imported, re-checked and
shown within a second, with a notification."""

from __future__ import annotations

import threading
from pathlib import Path

from textual import work
from textual.worker import get_current_worker

from memrev.core.sources.base import SourceRef
from memrev.core.sources.sync import SyncResult, import_source
from memrev.core.sources.watching import sources_touched, watched_folders
from memrev.core.store.memory_store import StoreError
from memrev.tui.messages import SourcesChanged, SourcesReimported

SOURCE_DEBOUNCE_MS = 150
"""How long the source watcher gathers changes before it reports them (an agent writes a file in bursts)."""

REIMPORT_LOCK = threading.Lock()
"""One re-import at a time: two bursts of changes never import the same source at once."""


def change_summary(result: SyncResult) -> str:
    """What a re-import changed, as `claude: 1 added, 1 changed, 1 removed at source` ("" when nothing)."""
    parts = [f"{len(items)} {word}" for items, word in (
        (result.added, "added"), (result.revised, "changed"), (result.removed, "removed at source"),
        (result.reappeared, "back at source"), (result.blocked, "blocked by the scanner")) if items]
    return f"{result.ref.kind}: {', '.join(parts)}" if parts else ""


class LiveSources:
    """Mixin of MemrevApp: watch the memory sources it imported, re-import what changed and show it."""

    @work(exclusive=True, group="source-watch", exit_on_error=False)
    async def watch_sources(self) -> None:
        """Watch the sources' folders and post which sources changed, until the app closes."""
        from watchfiles import awatch

        folders = watched_folders(self.sources)
        if not folders:
            return
        async for changes in awatch(*folders, debounce=SOURCE_DEBOUNCE_MS, step=50, rust_timeout=1000,
                                    yield_on_timeout=False, recursive=True):
            touched = sources_touched(self.sources, [Path(path) for _, path in changes])
            if touched:
                self.post_message(SourcesChanged(touched))

    def on_sources_changed(self, message: SourcesChanged) -> None:
        """Re-import the sources whose files changed."""
        self.reimport_sources(message.refs)

    @work(thread=True, group="source-import", exit_on_error=False)
    def reimport_sources(self, refs: list[SourceRef]) -> None:
        """Read the changed sources again into the store (scanned on the way in) and post what changed."""
        worker = get_current_worker()
        results, errors = [], []
        with REIMPORT_LOCK, self.store.reader() as store:
            for ref in refs:
                if worker.is_cancelled:
                    return
                try:
                    results.append(import_source(store, ref, actor=self.actor))
                except (ValueError, OSError, StoreError) as error:
                    errors.append(f"{ref.label}: {error}")
        self.post_message(SourcesReimported(results, errors))

    def on_sources_reimported(self, message: SourcesReimported) -> None:
        """Say what the agent changed, and reload: new rows appear, changed ones are re-checked, removed ones say so."""
        lines = [line for line in map(change_summary, message.results) if line]
        for error in message.errors:
            self.notify(error, title="Could not re-read memory", severity="error")
        if not lines:
            return
        self.notify("\n".join(lines), title="Memory changed", timeout=6)
        self.load_entries()
