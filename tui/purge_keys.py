"""The purge key of the main screen: `P` purges the selection for good, after a preview and a typed confirmation.

The dialog reads the preview in its own worker; the purge (agent files, the store, a VACUUM, the residue check) runs
in a thread worker that only posts a `PurgeDone`; its handler shows the purged entries and says what the purge did.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work

from memrev.core.freeze.purge import PurgeError, is_purged, purge_entries
from memrev.core.store.memory_store import StoreError
from memrev.tui.messages import PurgeDone
from memrev.tui.screens.purge_dialog import PurgeDialog

if TYPE_CHECKING:
    from memrev.tui.app import MemrevApp


class PurgeKeys:
    """Mixin of MemrevApp: purge the marked rows (else the cursor's row) after the purge dialog."""

    def _app(self) -> MemrevApp:
        """This object as the app it is mixed into."""
        return self  # type: ignore[return-value]

    def action_purge(self) -> None:
        """Open the purge dialog on the selection's entries not purged yet; purge when the person confirms."""
        app = self._app()
        entries = app.table.selection
        if not entries:
            app.notify("no entry to purge", severity="warning")
            return
        ids = [entry.id for entry in entries if not is_purged(entry)]
        if not ids:
            app.notify("already purged: nothing left to purge", severity="warning", timeout=4)
            return

        def go(reason: str | None) -> None:
            """Purge with the reason given, unless the person cancelled."""
            if reason is not None:
                app.notify(f"purging {ids[0] if len(ids) == 1 else f'{len(ids)} entries'}…", timeout=3)
                self.run_purge(ids, reason)

        app.push_screen(PurgeDialog(ids, store=app.store, actor=app.actor), go)

    @work(thread=True, exclusive=True, group="purge", exit_on_error=False)
    def run_purge(self, entry_ids: list[str], reason: str) -> None:
        """Purge in a worker thread (it rewrites the database pages) on its own connection, and post the report."""
        app = self._app()
        with app.store.reader() as store:
            try:
                report = purge_entries(store, entry_ids, actor=app.actor, reason=reason)
            except (PurgeError, StoreError) as error:
                app.post_message(PurgeDone(entry_ids, None, error=str(error)))
                return
            entries = list(store.get_many(entry_ids).values())
        app.post_message(PurgeDone(entry_ids, report, entries))

    def on_purge_done(self, message: PurgeDone) -> None:
        """Show the purged entries (status purged, no text, no check) and say what the purge did and what remains."""
        app = self._app()
        report = message.report
        if report is None:
            app.notify(message.error, title="Nothing purged", severity="error", timeout=10)
            return
        for entry_id in report.ids:
            app.table.checks.pop(entry_id, None)
            if app.index is not None:
                app.index.verdicts.pop(entry_id, None)
        app.table.set_marks(set())
        app.show_changed(message.entries, {})
        if report.ok:
            app.notify(report.summary(), title="Purged", timeout=8)
        else:
            app.notify("\n".join(report.lines()), title="Purged, but some of the text remains", severity="warning",
                       timeout=30)
