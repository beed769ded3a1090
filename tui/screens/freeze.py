"""The freeze screens: the preview of what each agent loads next session, the freeze itself, and its history."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, OptionList, Static
from textual.worker import Worker, WorkerState, get_current_worker

from memrev.core.freeze.plan import FreezePlan, SourcePlan, build_plan
from memrev.core.freeze.policy import Unreviewed
from memrev.core.freeze.rollback import rollback
from memrev.core.freeze.write import FreezeRefused, freeze, refusal
from memrev.core.store.freezes import FreezeRecord, freeze_record, freezes
from memrev.tui.screens.dialogs import ConfirmDialog
from memrev.tui.screens.freeze_view import (plan_status, record_view, shown_path, source_names, source_option,
                                            source_view)


class PlanBuilt(Message):
    """A freeze preview, built in a worker."""

    def __init__(self, plan: FreezePlan) -> None:
        """Carry the plan."""
        super().__init__()
        self.plan = plan


class HistoryLoaded(Message):
    """The freeze history, newest first, read in a worker."""

    def __init__(self, records: list[FreezeRecord]) -> None:
        """Carry the records (without their files)."""
        super().__init__()
        self.records = records


class FreezeShown(Message):
    """One freeze with its files and decisions, read in a worker."""

    def __init__(self, record: FreezeRecord) -> None:
        """Carry the record."""
        super().__init__()
        self.record = record


# -- the preview ------------------------------------------------------------------------------------------------


class FreezeScreen(Screen[bool]):
    """Preview the freeze source by source; `w` writes it, `k`/`h` choose what happens to unreviewed entries, `d`
    switches between the loaded text and the diff, `H` opens the history; dismissed with whether anything changed."""

    DEFAULT_CSS = """
    FreezeScreen #freeze-status { height: auto; max-height: 5; padding: 0 1; background: $panel; }
    FreezeScreen #freeze-sources { width: 16; height: 1fr; border: round $panel; }
    FreezeScreen #freeze-body { width: 1fr; height: 1fr; border: round $panel; padding: 0 1; }
    """

    BINDINGS = [
        Binding("w", "write", "Write"),
        Binding("k", "policy('keep')", "Keep"),
        Binding("h", "policy('hold')", "Hold"),
        Binding("d", "toggle_diff", "Diff/text"),
        Binding("H", "history", "History"),
        Binding("question_mark", "app.help", "Help"),
        Binding("escape,q", "leave", "Back"),
    ]

    def __init__(self, *, actor: str) -> None:
        """A preview of the store's freeze; what it writes is logged as `actor`."""
        super().__init__()
        self.actor = actor
        self.unreviewed = Unreviewed.REFUSE
        """The policy the preview is (being) built under."""
        self.plan: FreezePlan | None = None
        """The preview on screen; None until the first is built."""
        self.building = False
        """Whether a preview is being built (writing waits for it)."""
        self.show_diff = False
        """Show each source's diff instead of its loaded text."""
        self.selected: str | None = None
        """The label of the source on screen."""
        self.changed = False
        """Whether a freeze or rollback changed files and the store (the main screen reloads on leaving)."""

    def compose(self) -> ComposeResult:
        """Status, the sources beside the one shown, and the keys."""
        yield Static("building the preview…", id="freeze-status")
        with Horizontal():
            yield OptionList(id="freeze-sources")
            with VerticalScroll(id="freeze-body"):
                yield Static("", id="freeze-source")
        yield Footer()

    def on_mount(self) -> None:
        """Start building the preview."""
        self.query_one(OptionList).focus()
        self.rebuild()

    def rebuild(self) -> None:
        """Build the preview again under the current policy."""
        self.building = True
        if self.plan is not None:
            self.query_one("#freeze-status", Static).update(
                f"rebuilding the preview (unreviewed: {self.unreviewed.value})…")
        self.build_preview(self.unreviewed)

    @work(thread=True, exclusive=True, group="freeze-plan", exit_on_error=False)
    def build_preview(self, unreviewed: Unreviewed) -> None:
        """Build the plan on a reader connection and post it."""
        worker = get_current_worker()
        with self.app.store.reader() as reader:  # type: ignore[attr-defined]
            plan = build_plan(reader, unreviewed=unreviewed)
        if not worker.is_cancelled:
            self.post_message(PlanBuilt(plan))

    @on(PlanBuilt)
    def show_plan(self, message: PlanBuilt) -> None:
        """Show the new preview, keeping the source on screen selected."""
        if message.plan.unreviewed is not self.unreviewed:
            return  # built under a policy since switched away from; its successor is on the way
        self.plan, self.building = message.plan, False
        self.query_one("#freeze-status", Static).update(plan_status(self.plan))
        sources = self.query_one(OptionList)
        names = source_names([source.ref for source in self.plan.sources])
        sources.set_options(source_option(source, name) for source, name in zip(self.plan.sources, names))
        labels = [source.ref.label for source in self.plan.sources]
        if labels:
            sources.highlighted = labels.index(self.selected) if self.selected in labels else 0
            self.selected = labels[sources.highlighted]
        self.show_source()

    @on(Worker.StateChanged)
    def build_failed(self, event: Worker.StateChanged) -> None:
        """A preview that could not be built is said in the status line (the app notifies the error)."""
        if event.state is WorkerState.ERROR and event.worker.group == "freeze-plan":
            self.building = False
            self.query_one("#freeze-status", Static).update(
                Text(f"could not build the preview: {event.worker.error}", style="bold red"))

    @on(OptionList.OptionHighlighted, "#freeze-sources")
    def source_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the highlighted source."""
        if event.option.id != self.selected:
            self.selected = event.option.id
            self.show_source()

    @property
    def source(self) -> SourcePlan | None:
        """The source on screen."""
        if self.plan is None:
            return None
        return next((source for source in self.plan.sources if source.ref.label == self.selected), None)

    def show_source(self) -> None:
        """Render the selected source in the current view (loaded text or diff)."""
        source = self.source
        body = self.query_one("#freeze-source", Static)
        body.update(source_view(source, show_diff=self.show_diff) if source is not None else "")
        self.query_one("#freeze-body", VerticalScroll).border_title = (
            None if source is None else "diff against the files on disk" if self.show_diff
            else "what the agent loads at session start")

    def action_toggle_diff(self) -> None:
        """Switch between what the agent loads and the diff against the files on disk."""
        self.show_diff = not self.show_diff
        self.show_source()

    def action_policy(self, value: str) -> None:
        """Keep (or hold out) the entries that need a person; the same key again goes back to waiting for one."""
        chosen = Unreviewed(value)
        self.unreviewed = Unreviewed.REFUSE if self.unreviewed is chosen else chosen
        self.rebuild()

    def action_write(self) -> None:
        """Ask, then write the freeze; a refusal is said and nothing else happens."""
        plan = self.plan
        if plan is None or self.building:
            self.notify("the preview is still being built", severity="warning", timeout=3)
            return
        if not plan.sources:
            self.notify("nothing to freeze: no agent source is imported (`memrev import`)", severity="warning",
                        timeout=5, markup=False)
            return
        why = refusal(plan)
        if why is not None:
            self.notify(why, title="Freeze refused: nothing written", severity="error", timeout=10,
                        markup=False)
            return
        files = sum(len(source.changed) for source in plan.changed)
        body = Text()
        for source in plan.changed:
            body.append(f"{source.ref.kind}: ", style="bold")
            body.append(", ".join(shown_path(path, source.ref.root) for path in source.changed) + "\n")
        kept = sum(len(source.kept) for source in plan.sources)
        out = sum(len(source.left_out) for source in plan.sources)
        body.append(f"\n{kept} entries kept, {out} left out; every file's bytes before are kept (H, then b rolls "
                    "back).", style="dim")

        def go(yes: bool | None) -> None:
            """Write when the person said yes."""
            if yes:
                self._write(plan)

        self.app.push_screen(ConfirmDialog(f"Write the freeze: {files} file(s) in {len(plan.changed)} source(s)?",
                                           body), go)

    def _write(self, plan: FreezePlan) -> None:
        """Freeze the plan through the core, then preview again."""
        try:
            outcome = freeze(self.app.store, plan, actor=self.actor)  # type: ignore[attr-defined]
        except FreezeRefused as error:
            self.notify(str(error), title="Freeze refused: nothing written", severity="error", timeout=10,
                        markup=False)
            return
        self.changed = True
        self.notify(f"froze #{outcome.freeze_id}: {len(outcome.files)} files", timeout=5)
        self.rebuild()

    def action_history(self) -> None:
        """Open the freeze history (rolling back there previews again)."""
        self.app.push_screen(FreezeHistoryScreen(actor=self.actor), self._after_history)

    def _after_history(self, rolled_back: bool | None) -> None:
        """Preview again after a rollback put files back."""
        if rolled_back:
            self.changed = True
            self.rebuild()

    def action_leave(self) -> None:
        """Back to the entries, saying whether anything changed."""
        self.dismiss(self.changed)


# -- the history ------------------------------------------------------------------------------------------------


class FreezeHistoryScreen(Screen[bool]):
    """Every freeze and rollback, newest first, with the highlighted one's diffs; `b` rolls it back."""

    DEFAULT_CSS = """
    FreezeHistoryScreen #history-status { height: auto; padding: 0 1; background: $panel; }
    FreezeHistoryScreen #history-table { height: auto; max-height: 40%; }
    FreezeHistoryScreen #history-body { height: 1fr; border: round $panel; padding: 0 1; }
    """

    BINDINGS = [
        Binding("b", "rollback", "Roll back"),
        Binding("escape,q", "leave", "Back"),
    ]

    def __init__(self, *, actor: str) -> None:
        """The store's freeze history; a rollback is logged as `actor`."""
        super().__init__()
        self.actor = actor
        self.records: dict[int, FreezeRecord] = {}
        """The history by id (without files)."""
        self.shown: FreezeRecord | None = None
        """The freeze whose files are on screen."""
        self.rolled_back = False
        """Whether a rollback put files back (the preview is built again on leaving)."""

    def compose(self) -> ComposeResult:
        """Status, the table of freezes, the highlighted one's files, and the keys."""
        yield Static("reading the history…", id="history-status")
        table: DataTable[str] = DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        table.add_columns("#", "when (UTC)", "kind", "actor", "summary")
        yield table
        with VerticalScroll(id="history-body"):
            yield Static("", id="history-files")
        yield Footer()

    def on_mount(self) -> None:
        """Read the history."""
        self.query_one(DataTable).focus()
        self.load_history()

    @work(thread=True, exclusive=True, group="freeze-history", exit_on_error=False)
    def load_history(self) -> None:
        """Read every freeze on a reader connection and post them."""
        worker = get_current_worker()
        with self.app.store.reader() as reader:  # type: ignore[attr-defined]
            records = freezes(reader)
        if not worker.is_cancelled:
            self.post_message(HistoryLoaded(records))

    @on(HistoryLoaded)
    def show_history(self, message: HistoryLoaded) -> None:
        """Fill the table, newest first, the cursor staying on the freeze it was on."""
        self.records = {record.id: record for record in message.records}
        table = self.query_one(DataTable)
        keep = self.highlighted_id()
        table.clear()
        for record in message.records:
            kind = record.kind if record.rolls_back is None else f"{record.kind} of #{record.rolls_back}"
            table.add_row(f"#{record.id}", f"{record.at:%Y-%m-%d %H:%M}", kind, record.actor, record.summary,
                          key=str(record.id))
        status = self.query_one("#history-status", Static)
        if not message.records:
            status.update("no freeze yet: w on the preview writes the first")
            self.query_one("#history-files", Static).update("")
            return
        status.update(f"{len(message.records)} freeze(s), newest first · b rolls the highlighted one back")
        if keep in self.records:
            table.move_cursor(row=table.get_row_index(str(keep)))

    @on(DataTable.RowHighlighted, "#history-table")
    def row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """Read the highlighted freeze's files."""
        if event.row_key.value is not None:
            self.load_record(int(event.row_key.value))

    @work(thread=True, exclusive=True, group="freeze-record", exit_on_error=False)
    def load_record(self, freeze_id: int) -> None:
        """Read one freeze with its files and decisions and post it."""
        worker = get_current_worker()
        with self.app.store.reader() as reader:  # type: ignore[attr-defined]
            record = freeze_record(reader, freeze_id)
        if record is not None and not worker.is_cancelled:
            self.post_message(FreezeShown(record))

    @on(FreezeShown)
    def show_record(self, message: FreezeShown) -> None:
        """Show the freeze's diffs when it is still the highlighted one."""
        if self.highlighted_id() != message.record.id:
            return
        self.shown = message.record
        self.query_one("#history-files", Static).update(record_view(message.record))
        self.query_one("#history-body", VerticalScroll).scroll_home(animate=False)

    def highlighted_id(self) -> int | None:
        """The id of the freeze under the cursor."""
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return int(key) if key is not None else None

    def action_rollback(self) -> None:
        """Ask, then put back the files of the highlighted freeze as they were before it."""
        freeze_id = self.highlighted_id()
        if freeze_id is None:
            self.notify("no freeze to roll back", severity="warning", timeout=3)
            return
        record = self.shown if self.shown is not None and self.shown.id == freeze_id else None
        body = Text("Every file it changed gets back the bytes it held before; the rollback is recorded as a "
                    "freeze of its own.")
        if record is not None:
            for f in record.files:
                if f.changed:
                    kind, _, root = f.source.partition(":")
                    body.append(f"\n  {kind}: {shown_path(f.path, Path(root))}", style="dim")

        def go(yes: bool | None) -> None:
            """Roll back when the person said yes."""
            if yes:
                self._rollback(freeze_id)

        self.app.push_screen(ConfirmDialog(f"Roll back freeze #{freeze_id}?", body), go)

    def _rollback(self, freeze_id: int) -> None:
        """Roll back through the core, then read the history again."""
        try:
            outcome = rollback(self.app.store, freeze_id, actor=self.actor)  # type: ignore[attr-defined]
        except FreezeRefused as error:
            self.notify(str(error), title="Rollback refused: nothing changed", severity="error", timeout=10,
                        markup=False)
            return
        self.rolled_back = True
        self.notify(f"rolled back #{freeze_id} as #{outcome.freeze_id}: {len(outcome.files)} files", timeout=5)
        self.load_history()

    def action_leave(self) -> None:
        """Back to the preview, saying whether a rollback changed files."""
        self.dismiss(self.rolled_back)
