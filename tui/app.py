"""The review app: groups, a table of entries, and a detail pane with full text and provenance."""

from __future__ import annotations

import gc
import threading
from datetime import datetime
from pathlib import Path
from typing import Callable, Sequence

from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus, Key
from textual.widgets import Header, Input, Static
from textual.worker import Worker, WorkerState, get_current_worker

from memrev.core.check.checker import Checker
from memrev.core.check.diff_since import diff_since_verified
from memrev.core.conflicts.detect import NEAR_DUPLICATE_LIMIT, Conflict, find_conflicts
from memrev.core.freeze.journal import recover
from memrev.core.freeze.purge import finished_purges
from memrev.core.scan.redaction_repair import redacted_on_open
from memrev.core.model import Status, utc_now
from memrev.core.review.sensitive import secret_at_source, sensitive_ids, why_sensitive
from memrev.core.scan.gate import screen_unscreened
from memrev.core.scan.rejections import Decision, rejections
from memrev.core.sources.base import SourceRef
from memrev.core.store.memory_store import MemoryStore
from memrev.core.store.query import EntryIndex, Group, query_problems, why_nothing
from memrev.tui.cli.support import actor as current_actor
from memrev.tui.describe import why_stopped
from memrev.tui.commands import EntryCommands, FilterCommands, ReviewCommands
from memrev.tui.live_checking import LiveChecking
from memrev.tui.live_sources import LiveSources
from memrev.tui.messages import DetailLoaded, EntriesLoaded, ReviewCounts
from memrev.tui.purge_keys import PurgeKeys
from memrev.tui.recall_keys import RecallKeys
from memrev.tui.review_actions import ReviewActions
from memrev.tui.screens.audit import AuditScreen
from memrev.tui.screens.conflicts import ConflictScreen
from memrev.tui.screens.freeze import FreezeScreen
from memrev.tui.screens.help import HelpScreen
from memrev.tui.screens.triage import TriageScreen
from memrev.tui.sensitive_keys import SensitiveKeys
from memrev.tui.widgets.entry_detail import EntryDetail
from memrev.tui.widgets.entry_table import EntryTable
from memrev.tui.widgets.essential_footer import EssentialFooter
from memrev.tui.widgets.group_tree import GroupTree

EMPTY_TEXT = (
    "No memory entries yet.\n\n"
    "Try the built-in demo:   memrev demo\n"
    "Import your own:         memrev import jsonl:FILE\n\n"
    "Press ? for help, q to quit."
)


class MemrevApp(ReviewActions, SensitiveKeys, PurgeKeys, RecallKeys, LiveChecking, LiveSources, App[None]):
    """Browse, filter and inspect every memory entry of one store."""

    TITLE = "memrev"
    CSS_PATH = "app.tcss"
    COMMANDS = App.COMMANDS | {EntryCommands, FilterCommands, ReviewCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-tiny"), (70, "-narrow"), (100, "-wide")]
    """Under 100 columns the sidebar is a toggle (`b`) and the footer keeps its essentials; under 70, fewer."""

    BINDINGS = [
        Binding("y", "confirm", "Confirm", id="confirm"),
        Binding("n", "revoke", "Revoke", id="revoke"),
        Binding("e", "edit", "Edit", id="edit"),
        Binding("f", "fix", "Fix", id="fix"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("t", "triage", "Triage", id="triage"),
        Binding("space", "mark", "Mark", id="mark", show=False),
        Binding("A", "mark_all", "Mark all shown", id="mark-all", show=False),
        Binding("slash", "focus_filter", "Filter", id="filter"),
        Binding("b", "toggle_groups", "Groups", id="groups"),
        Binding("z", "grow_detail", "Detail size", id="grow-detail", show=False),
        Binding("r", "recheck", "Verify", id="recheck"),
        Binding("R", "recheck_all", "Verify all", id="recheck-all", show=False),
        Binding("a", "audit", "Audit", id="audit"),
        Binding("c", "conflicts", "Conflicts", id="conflicts"),
        Binding("F", "freeze", "Freeze", id="freeze"),
        Binding("v", "reveal", "Reveal", id="reveal", show=False),  # the mask itself says "v reveals"
        Binding("S", "sensitive", "Sensitive", id="sensitive", show=False),
        Binding("P", "purge", "Purge", id="purge", show=False),
        Binding("l", "recall", "Recall", id="recall", show=False),
        Binding("E", "eval", "Last eval", id="eval", show=False),
        Binding("question_mark", "help", "Help", id="help"),
        Binding("q", "quit", "Quit", id="quit"),
    ]

    def __init__(self, *, db_path: str | Path | None = None, store: MemoryStore | None = None,
                 clock: Callable[[], datetime] = utc_now, notices: list[str] | None = None,
                 repo: str | Path | None = None, live: bool = True, start_audit: bool = False,
                 start_triage: bool = False, actor: str | None = None, sources: Sequence[SourceRef] = ()) -> None:
        """Open the app on a store (or the database at `db_path`), computing ages from `clock`; with `repo`,
        check every entry against that repository and, when `live`, re-check as its files change. Review actions
        are logged as `actor` (the login name by default). When `live`, the memory `sources` it imported are watched:
        what an agent writes there is imported and shown as it happens."""
        super().__init__()
        if store is None:
            if db_path is None:
                raise ValueError("MemrevApp needs a store or a db_path")
            store = MemoryStore(db_path, clock=clock)
        self.store = store
        redacted = redacted_on_open(store)  # no secret an older memrev stored raw is shown, then screened
        screen_unscreened(store, actor="scanner")  # nothing unscanned is shown as if it were ordinary memory
        recovered = redacted + recover(store) + finished_purges(store)  # what a crash interrupted, finished before showing
        self.clock = clock
        self.index: EntryIndex | None = None
        """Every loaded entry with its search text; None until the first load finishes."""
        self.group: Group | None = None
        """The sidebar group narrowing the table, if any."""
        self.notices = list(notices or []) + recovered
        """Lines to show once the app is up (what the start-up import did, its warnings)."""
        self.repo = Path(repo) if repo is not None else None
        """The repository entries are checked against, if any."""
        self.live = live
        self.sources = list(sources)
        """The agents' memory sources imported on the way in; watched while the app runs (when `live`)."""
        self.checker: Checker | None = None
        """Owned by the checking worker; any other use holds `checker_lock`."""
        self.checker_lock = threading.Lock()
        self.stop_watching = threading.Event()
        self.conflicts: list[Conflict] = []
        """Open conflicts as last computed (the main screen counts them; `c` opens them)."""
        self.start_audit = start_audit
        """Open on the rejection audit (`memrev audit`); leaving it quits."""
        self.start_triage = start_triage
        """Open on the triage queue (`memrev review`); leaving it quits."""
        self.actor = actor or current_actor()
        """Who the review actions are logged as."""
        self.sensitive: set[str] = set()
        """The sensitive entries as last read: their text is masked in the table and the detail pane."""
        self.revealed: str | None = None
        """The sensitive entry whose text `v` revealed; hidden again when the cursor leaves it."""
        self.counted_filter = ""
        """The filter text the sidebar counts were last computed for."""
        self.detail_big = False
        """Whether `z` gave the detail pane most of the height."""
        self.theme = "textual-dark"

    MAIN_SCREEN_ACTIONS = frozenset({"confirm", "revoke", "edit", "fix", "undo", "triage", "mark", "mark_all",
                                     "focus_filter", "recheck", "recheck_all", "audit", "conflicts", "freeze",
                                     "reveal", "sensitive", "purge", "grow_detail", "toggle_groups", "recall", "eval"})
    """Keys that act on the entry table: off (and out of the footer) while another screen or a dialog is open."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Main-screen keys work only on the main screen."""
        if action in self.MAIN_SCREEN_ACTIONS and len(self.screen_stack) > 1:
            return False
        return True

    def compose(self) -> ComposeResult:
        """Header, sidebar, filter, table, detail pane and footer."""
        yield Header()
        with Horizontal(id="body"):
            yield GroupTree(id="groups")
            with Vertical(id="main"):
                yield Input(placeholder="/ filter: words, type:feedback, status:pending, scope:team, agent:claude",
                            id="filter")
                yield Static("", id="filter-note")
                yield Static(EMPTY_TEXT, id="empty")
                yield Static(self._idle_status(), id="check-status")
                yield Static("", id="review-status")
                yield EntryTable(clock=self.clock, id="entries")
                yield EntryDetail(clock=self.clock, id="detail",
                                  neighbours=lambda: self.index.entries if self.index else ())
        yield EssentialFooter(compact=True)

    @property
    def table(self) -> EntryTable:
        """The entry table."""
        return self.query_one(EntryTable)

    def on_mount(self) -> None:
        """Focus the table and start reading the store (or open the audit when asked to)."""
        if self.start_audit:
            self.push_screen(AuditScreen(rejections(self.store), standalone=True, actor=self.actor))
        elif self.start_triage:
            self.action_triage(standalone=True)
        self.query_one("#empty").display = False
        self.query_one("#filter-note").display = False
        self.table.focus()
        self.load_entries()
        if self.live and self.sources:
            self.watch_sources()
        for notice in self.notices:
            self.notify(notice, timeout=8)

    # -- loading ---------------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="load", exit_on_error=False)
    def load_entries(self) -> None:
        """Read every entry in a worker thread and post them."""
        worker = get_current_worker()
        with self.store.reader() as reader:
            entries = reader.entries()
            checks = reader.checks()
            sensitive = sensitive_ids(reader)
        if not worker.is_cancelled:
            self.post_message(EntriesLoaded(entries, checks, sensitive))

    @on(EntriesLoaded)
    def show_entries(self, message: EntriesLoaded) -> None:
        """Index the loaded entries, fill the sidebar and the table, or show how to get started."""
        self.index = EntryIndex(message.entries)
        self.index.set_verdicts({key: check.verdict.value for key, check in message.checks.items()})
        self.table.update_checks(message.checks)
        self.set_sensitive(message.sensitive)
        gc.freeze()  # the entries live as long as the app: keep the collector from rescanning them
        self.query_one(GroupTree).show_counts(message.entries, self.index.verdicts)
        self.counted_filter = ""  # the counts are of every entry again; refresh_rows narrows them to the filter
        empty = not message.entries
        self.query_one("#empty").display = empty
        self.table.display = not empty
        self.query_one(EntryDetail).display = not empty
        (self.query_one(GroupTree) if empty else self.table).focus()  # hiding the table must not move focus at random
        self.refresh_rows()
        self.refresh_review()
        if self.repo is not None and not empty and self.checker is None:
            self.check_entries(list(message.entries))
        elif self.checker is not None:
            self.recheck_changed(list(message.entries))  # a correction written here is checked too

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
        notes = query_problems(text)
        if not rows and self.index.entries:
            notes.append(f"nothing shown: {why_nothing(self.index, text, self.group)}")
        note = self.query_one("#filter-note", Static)
        note.update("\n".join(notes))
        note.display = bool(notes)
        if text != self.counted_filter:
            self.counted_filter = text
            self.query_one(GroupTree).follow_filter(self.index.filter(text) if text.strip() else None)

    # -- detail ----------------------------------------------------------------------------------

    @on(EntryTable.Highlighted)
    def show_highlighted(self, message: EntryTable.Highlighted) -> None:
        """Show the highlighted entry at once, then its revisions when read."""
        self.hide_unless(message.entry)
        detail = self.query_one(EntryDetail)
        if message.entry is not None and detail.entry is not None and detail.entry.id == message.entry.id:
            return
        detail.show(message.entry, check=self.table.checks.get(message.entry.id) if message.entry else None,
                    privacy=self.privacy_of(message.entry))
        if message.entry is not None:
            self.load_detail(message.entry.id)

    @work(thread=True, exclusive=True, group="detail", exit_on_error=False)
    def load_detail(self, entry_id: str) -> None:
        """Read one entry's revisions in a worker thread and post them."""
        worker = get_current_worker()
        with self.store.reader() as reader:
            entry = reader.get(entry_id)
            revisions = reader.revisions(entry_id) if entry else []
            events = reader.events(entry_id) if entry else []
            why = why_sensitive(reader, entry) if entry else ""
            secret = secret_at_source(reader, entry) if entry else None
            stopped = why_stopped(reader, entry) if entry else ""
        check = self.table.checks.get(entry_id)
        diff = diff_since_verified(self.repo, check) if self.repo is not None and check is not None else []
        if entry is not None and not worker.is_cancelled:
            self.post_message(DetailLoaded(entry, revisions, diff, events, why, secret.text if secret else "", stopped))

    @on(DetailLoaded)
    def show_detail(self, message: DetailLoaded) -> None:
        """Fill in the revisions when the entry is still the one highlighted."""
        current = self.table.current
        if current is not None and current.id == message.entry.id:
            privacy = self.privacy_of(message.entry, message.sensitive_why, message.secret_note)
            self.query_one(EntryDetail).show(message.entry, message.revisions, self.table.checks.get(current.id),
                                             message.diff, message.events, privacy, stopped=message.stopped)

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
        """Narrow the table to the chosen group; on a narrow terminal the sidebar then makes way for the table."""
        self.group = message.group
        self.refresh_rows()
        if not self.screen.has_class("-wide"):
            self.query_one("#body").set_class(False, "-groups-open")
            self.table.focus()

    def action_toggle_groups(self) -> None:
        """Show the sidebar (and move to it), or hide it: on a narrow terminal it is hidden until asked for."""
        body, tree = self.query_one("#body"), self.query_one(GroupTree)
        shown = tree.display
        body.set_class(not shown, "-groups-open")
        body.set_class(shown, "-groups-closed")
        if not shown:
            tree.focus()
        elif tree.has_focus:
            self.table.focus()

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

    def action_grow_detail(self) -> None:
        """Give the detail pane most of the height, or give it back (the pane also grows while it has focus)."""
        self.detail_big = not self.detail_big
        self._apply_split()

    @on(DescendantFocus)
    def _focus_moved(self) -> None:
        """The split follows the focus: the detail pane grows while it has it."""
        self._apply_split()

    def _apply_split(self) -> None:
        """Size the table and the detail pane for the `z` choice and where the focus is."""
        detail = self.query(EntryDetail)
        if not detail:
            return
        grow = self.detail_big or detail.first().has_focus_within
        self.query_one("#main").set_class(grow, "-detail-big")

    def action_focus_filter(self) -> None:
        """Move the focus to the filter box."""
        self.query_one("#filter", Input).focus()

    def action_audit(self) -> None:
        """Open the audit of every write the scanner blocked."""
        found = rejections(self.store)
        first = next((i for i, r in enumerate(found) if r.decision is Decision.UNREVIEWED), 0)
        self.push_screen(AuditScreen(found, start=first, actor=self.actor), lambda _: self.load_entries())

    def action_conflicts(self) -> None:
        """Open the open conflicts, side by side, to resolve them one by one."""
        entries = {entry.id: entry for entry in self.index.entries} if self.index else {}
        self.push_screen(ConflictScreen(list(self.conflicts), entries, actor=self.actor), self._after_conflicts)

    def _after_conflicts(self, changed: bool | None) -> None:
        """Reload after a resolution changed entries, else just recount."""
        if changed:
            self.load_entries()
        else:
            self.refresh_review()

    def action_freeze(self) -> None:
        """Preview what each agent will load next session, and freeze it (or roll a freeze back)."""
        self.push_screen(FreezeScreen(actor=self.actor), lambda changed: self.load_entries() if changed else None)

    def action_triage(self, standalone: bool = False) -> None:
        """Walk what needs a person, riskiest first (`memrev review` opens the app here)."""
        self.push_screen(TriageScreen(actor=self.actor, checks=dict(self.table.checks), standalone=standalone),
                         lambda _: self.load_entries())

    # -- review counts ---------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def refresh_review(self) -> None:
        """Count blocked entries and unaudited rejections, and find open conflicts, in a worker thread."""
        checks = dict(self.table.checks)
        with self.store.reader() as reader:
            entries = reader.entries()
            unreviewed = len(rejections(reader, decision=Decision.UNREVIEWED))
            near = reader if len(entries) <= NEAR_DUPLICATE_LIMIT else None  # one vector query per entry
            conflicts = find_conflicts(entries, checks=checks, store=near)
        blocked = sum(entry.status is Status.BLOCKED for entry in entries)
        held = sum(entry.status is Status.HELD for entry in entries)
        self.post_message(ReviewCounts(blocked, unreviewed, conflicts, held))

    @on(ReviewCounts)
    def show_review_counts(self, message: ReviewCounts) -> None:
        """Show what needs a reviewer on the main screen."""
        self.conflicts = message.conflicts
        parts = [f"⛔ {message.blocked} blocked", *([f"{message.held} held for you"] if message.held else []),
                 f"{message.unreviewed} blocked write(s) to audit (a)", f"{len(message.conflicts)} conflict(s) (c)"]
        self.query_one("#review-status", Static).update(" · ".join(parts))

    def action_help(self) -> None:
        """Open the help screen."""
        self.push_screen(HelpScreen())

    def on_key(self, event: Key) -> None:
        """Escape in the filter clears it, or returns to the table when it is already empty."""
        if event.key != "escape":
            return
        detail = self.query_one(EntryDetail)
        if detail.has_focus or detail.has_focus_within:
            event.stop()
            self.table.focus()
            return
        box = self.query_one("#filter", Input)
        if box.has_focus:
            event.stop()
            if box.value:
                box.value = ""
            else:
                self.table.focus()

    def on_unmount(self) -> None:
        """Stop watching and close the store on a clean quit."""
        self.stop_watching.set()
        if not self.live and self.checker is not None:
            self.checker.close()
        self.store.close()
