"""The keys of sensitive entries on the main screen: `v` reveals the highlighted one's text (logged) or hides it
again, `S` marks the selection sensitive or takes the mark off.

The app owns which entries are sensitive (read with the entries) and which one is revealed; a revealed text is
hidden again as soon as the cursor leaves its entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memrev.core.model import Entry, Status
from memrev.core.review.actions import ReviewError
from memrev.core.review.sensitive import mark_sensitive, sensitive_ids, unmark_sensitive
from memrev.core.store.memory_store import StoreError
from memrev.core.store.sensitive import log_reveal
from memrev.tui.widgets.entry_detail import EntryDetail, Privacy

if TYPE_CHECKING:
    from memrev.tui.app import MemrevApp


class SensitiveKeys:
    """Mixin of MemrevApp: reveal and mark sensitive entries."""

    sensitive: set[str]
    """The sensitive entries, as last read from the store."""
    revealed: str | None
    """The entry whose text is revealed now, if any."""

    def _app(self) -> MemrevApp:
        """This object as the app it is mixed into."""
        return self  # type: ignore[return-value]

    def privacy_of(self, entry: Entry | None, why: str = "", secret_note: str = "") -> Privacy:
        """How the detail pane shows this entry: masked while sensitive and not revealed."""
        if entry is None:
            return Privacy()
        return Privacy(entry.id in self.sensitive, why, entry.id == self.revealed, secret_note)

    def set_sensitive(self, entry_ids: set[str]) -> None:
        """Take in which entries are sensitive: the table, the search and the detail pane follow."""
        app = self._app()
        self.sensitive = set(entry_ids)
        if self.revealed is not None and self.revealed not in self.sensitive:
            self.revealed = None
        if app.index is not None:
            app.index.set_sensitive(self.sensitive)
        self.show_privacy()

    def show_privacy(self) -> None:
        """Repaint the table and the detail pane with what is masked and what is revealed now."""
        app = self._app()
        app.table.set_privacy(self.sensitive, self.revealed)
        detail = app.query_one(EntryDetail)
        old = detail.privacy
        detail.set_privacy(self.privacy_of(detail.entry, old.why, old.secret_note))

    def hide_unless(self, entry: Entry | None) -> None:
        """Hide the revealed text again when the cursor has left its entry."""
        if self.revealed is not None and (entry is None or entry.id != self.revealed):
            self.revealed = None
            self._app().table.set_privacy(self.sensitive, None)

    def note_shown(self, entry: Entry, where: str) -> bool:
        """Log a reveal when a masked entry's text is about to be shown elsewhere (the edit dialog, a fix's diff);
        False, with a notification, when it could not be logged (then it is not shown)."""
        if entry.id not in self.sensitive or entry.id == self.revealed:
            return True
        app = self._app()
        try:
            log_reveal(app.store, entry.id, app.actor, where=where)
        except StoreError as error:
            app.notify(str(error), title="Not shown", severity="error", timeout=8)
            return False
        return True

    def action_reveal(self) -> None:
        """Show the highlighted sensitive entry's text (logged as a reveal), or hide it again."""
        app = self._app()
        entry = app.table.current
        if entry is not None and entry.status is Status.PURGED:
            app.notify(f"{entry.id} is purged: there is no text left to reveal", severity="warning", timeout=4)
            return
        if entry is None or entry.id not in self.sensitive:
            app.notify("this entry is not sensitive: its text is already shown", severity="warning", timeout=4)
            return
        if self.revealed == entry.id:
            self.revealed = None
            self.show_privacy()
            return
        try:
            log_reveal(app.store, entry.id, app.actor, where="the app")
        except StoreError as error:
            app.notify(str(error), title="Not revealed", severity="error", timeout=8)
            return
        self.revealed = entry.id
        self.show_privacy()
        app.load_detail(entry.id)  # the reveal joins the entry's review history

    def action_sensitive(self) -> None:
        """Mark the selection sensitive, or take the mark off when every selected entry is sensitive already."""
        app = self._app()
        entries = app.table.selection
        if not entries:
            app.notify("no entry to mark sensitive", severity="warning")
            return
        ids = [entry.id for entry in entries]
        off = all(entry_id in self.sensitive for entry_id in ids)
        label = ids[0] if len(ids) == 1 else f"{len(ids)} entries"
        try:
            change = unmark_sensitive if off else mark_sensitive
            result = change(app.store, ids, actor=app.actor)
            now = sensitive_ids(app.store)
        except (ReviewError, StoreError) as error:
            app.notify(str(error), title="Nothing changed", severity="error", timeout=8)
            return
        app.table.set_marks(set())
        self.set_sensitive(now)
        skipped = "; ".join(f"{entry_id}: {why}" for entry_id, why in result.skipped)
        if result.changed and off:
            app.notify(f"{label} no longer marked sensitive" + (f" ({skipped})" if skipped else ""), timeout=5)
        elif result.changed:
            app.notify(f"marked {label} sensitive: its text is masked (v reveals, u undoes)", timeout=5)
        else:
            app.notify(f"nothing changed: {skipped}", severity="warning", timeout=6)
        current = app.table.current
        if current is not None:
            app.load_detail(current.id)
