"""The review app: groups, a table of entries, and a detail pane with full text and provenance."""

from __future__ import annotations

import gc
from datetime import datetime
from pathlib import Path
from typing import Callable

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.widgets import Footer, Header, Input, Static
from textual.worker import Worker, WorkerState, get_current_worker

from memrev.core.model import utc_now
from memrev.core.query import EntryIndex, Group
from memrev.core.store import MemoryStore
from memrev.tui.commands import EntryCommands, FilterCommands
from memrev.tui.messages import DetailLoaded, EntriesLoaded
from memrev.tui.screens.help import HelpScreen
from memrev.tui.widgets.entry_detail import EntryDetail
from memrev.tui.widgets.entry_table import EntryTable
from memrev.tui.widgets.group_tree import GroupTree

EMPTY_TEXT = (
    "No memory entries yet.\n\n"
    "Try the built-in demo:   memrev demo\n"
    "Import your own:         memrev import jsonl:FILE\n\n"
    "Press ? for help, q to quit."
)


class MemrevApp(App[None]):
    """Browse, filter and inspect every memory entry of one store."""

    TITLE = "memrev"
    CSS_PATH = "app.tcss"
    COMMANDS = App.COMMANDS | {EntryCommands, FilterCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    BINDINGS = [
        Binding("slash", "focus_filter", "Filter", id="filter"),
        Binding("question_mark", "help", "Help", id="help"),
        Binding("q", "quit", "Quit", id="quit"),
    ]

    def __init__(self, *, db_path: str | Path | None = None, store: MemoryStore | None = None,
                 clock: Callable[[], datetime] = utc_now, notices: list[str] | None = None) -> None:
        """Open the app on a store (or the database at `db_path`), computing ages from `clock`."""
        super().__init__()
        if store is None:
            if db_path is None:
                raise ValueError("MemrevApp needs a store or a db_path")
            store = MemoryStore(db_path, clock=clock)
        self.store = store
        self.clock = clock
        self.index: EntryIndex | None = None
        """Every loaded entry with its search text; None until the first load finishes."""
        self.group: Group | None = None
        """The sidebar group narrowing the table, if any."""
        self.notices = list(notices or [])
        """Lines to show once the app is up (what the start-up import did, its warnings)."""
        self.theme = "textual-dark"

    def compose(self) -> ComposeResult:
        """Header, sidebar, filter, table, detail pane and footer."""
        yield Header()
        with Horizontal(id="body"):
            yield GroupTree(id="groups")
            with Vertical(id="main"):
                yield Input(placeholder="/ filter: words, type:feedback, status:pending, scope:team, agent:claude",
                            id="filter")
                yield Static(EMPTY_TEXT, id="empty")
                yield EntryTable(clock=self.clock, id="entries")
                yield EntryDetail(clock=self.clock, id="detail")
        yield Footer()

    @property
    def table(self) -> EntryTable:
        """The entry table."""
        return self.query_one(EntryTable)

    def on_mount(self) -> None:
        """Focus the table and start reading the store."""
        self.query_one("#empty").display = False
        self.table.focus()
        self.load_entries()
        for notice in self.notices:
            self.notify(notice, timeout=8)

    # -- loading ---------------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="load", exit_on_error=False)
    def load_entries(self) -> None:
        """Read every entry in a worker thread and post them."""
        worker = get_current_worker()
        with self.store.reader() as reader:
            entries = reader.entries()
        if not worker.is_cancelled:
            self.post_message(EntriesLoaded(entries))

    @on(EntriesLoaded)
    def show_entries(self, message: EntriesLoaded) -> None:
        """Index the loaded entries, fill the sidebar and the table, or show how to get started."""
        self.index = EntryIndex(message.entries)
        gc.freeze()  # the entries live as long as the app: keep the collector from rescanning them
        self.query_one(GroupTree).show_counts(message.entries)
        empty = not message.entries
        self.query_one("#empty").display = empty
        self.table.display = not empty
        self.query_one(EntryDetail).display = not empty
        (self.query_one(GroupTree) if empty else self.table).focus()  # hiding the table must not move focus at random
        self.refresh_rows()

    def refresh_rows(self, keep: str | None = None) -> None:
        """Re-apply the filter text and group, keeping the cursor on `keep` (default: its entry) when listed."""
        if self.index is None:
            return
        text = self.query_one("#filter", Input).value
        current = self.table.current
        rows = self.index.filter(text, self.group)
        self.table.set_rows(rows, keep=keep or (current.id if current else None))
        shown = f"{len(rows)} of {len(self.index.entries)} entries"
        if self.group is not None:
            shown += f" · {self.group.field}: {self.group.value}"
        self.sub_title = shown

    # -- detail ----------------------------------------------------------------------------------

    @on(EntryTable.Highlighted)
    def show_highlighted(self, message: EntryTable.Highlighted) -> None:
        """Show the highlighted entry at once, then its revisions when read."""
        detail = self.query_one(EntryDetail)
        if message.entry is not None and detail.entry is not None and detail.entry.id == message.entry.id:
            return
        detail.show(message.entry)
        if message.entry is not None:
            self.load_detail(message.entry.id)

    @work(thread=True, exclusive=True, group="detail", exit_on_error=False)
    def load_detail(self, entry_id: str) -> None:
        """Read one entry's revisions in a worker thread and post them."""
        worker = get_current_worker()
        with self.store.reader() as reader:
            entry = reader.get(entry_id)
            revisions = reader.revisions(entry_id) if entry else []
        if entry is not None and not worker.is_cancelled:
            self.post_message(DetailLoaded(entry, revisions))

    @on(DetailLoaded)
    def show_detail(self, message: DetailLoaded) -> None:
        """Fill in the revisions when the entry is still the one highlighted."""
        current = self.table.current
        if current is not None and current.id == message.entry.id:
            self.query_one(EntryDetail).show(message.entry, message.revisions)

    @on(Worker.StateChanged)
    def report_worker_error(self, event: Worker.StateChanged) -> None:
        """A failed read becomes a visible error instead of a crash."""
        if event.state is WorkerState.ERROR:
            self.notify(str(event.worker.error), title="Could not read the store", severity="error")

    # -- filtering and navigation ----------------------------------------------------------------

    @on(Input.Changed, "#filter")
    def filter_changed(self, event: Input.Changed) -> None:
        """Every keystroke re-filters the table."""
        self.refresh_rows()

    @on(Input.Submitted, "#filter")
    def filter_submitted(self) -> None:
        """Enter returns to the table."""
        self.table.focus()

    @on(GroupTree.Chosen)
    def group_chosen(self, message: GroupTree.Chosen) -> None:
        """Narrow the table to the chosen group."""
        self.group = message.group
        self.refresh_rows()

    def set_filter(self, text: str) -> None:
        """Replace the filter text (used by the command palette)."""
        self.query_one("#filter", Input).value = text
        self.refresh_rows()
        self.table.focus()

    def jump_to(self, entry_id: str) -> None:
        """Clear the narrowing and put the cursor on one entry."""
        self.group = None
        self.query_one("#filter", Input).value = ""
        self.refresh_rows(keep=entry_id)
        self.table.focus()

    def action_focus_filter(self) -> None:
        """Move the focus to the filter box."""
        self.query_one("#filter", Input).focus()

    def action_help(self) -> None:
        """Open the help screen."""
        self.push_screen(HelpScreen())

    def on_key(self, event: Key) -> None:
        """Escape in the filter clears it, or returns to the table when it is already empty."""
        if event.key != "escape":
            return
        box = self.query_one("#filter", Input)
        if box.has_focus:
            event.stop()
            if box.value:
                box.value = ""
            else:
                self.table.focus()

    def on_unmount(self) -> None:
        """Close the store on a clean quit."""
        self.store.close()
