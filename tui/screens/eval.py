"""The last eval's screen: both arms of `memrev eval` side by side, as a table and as a chart, read from the
`last-eval.json` the command keeps beside the database."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static
from textual.worker import Worker, WorkerState

from memrev.core.recall.eval_report import COUNTS, ROWS, value
from memrev.core.recall.eval_saved import SavedEval, last_eval_path, load_last_eval
from memrev.tui.widgets.eval_chart import chart_text

NO_EVAL = ("no eval yet: run memrev eval\n\n"
           "It measures what review changes: the same memories and tasks as the agents load and recall them today "
           "(raw), and after a scripted review and freeze (reviewed); the run is kept beside the database and shown "
           "here.")


class EvalLoaded(Message):
    """The last eval read from beside the database (None when there is none yet), or why it could not be read."""

    def __init__(self, saved: SavedEval | None, problem: str = "") -> None:
        """Carry what was read."""
        super().__init__()
        self.saved, self.problem = saved, problem


def _cell(found: object) -> str:
    """A metric as a table cell: rates to three places, counts whole, a missing one as `-`."""
    if found is None:
        return "-"
    return f"{found:.3f}" if isinstance(found, float) else f"{found:,}"


def heading(saved: SavedEval) -> str:
    """What the run covered, when it finished and how long it took."""
    report = saved.report
    return (f"memrev eval · {report['set']}: {report['memories']:,} memories, {report['tasks']:,} tasks, "
            f"{report['projects']} projects, k={report['k']} · finished {saved.finished_at} · built in "
            f"{saved.build_seconds:.1f} s, both arms run in {saved.run_seconds:.1f} s")


class EvalScreen(Screen[None]):
    """The last `memrev eval`: every metric of both arms in a table, the rates as bars, and what the scripted
    reviewer did; a clear empty state when no eval was run for this database."""

    DEFAULT_CSS = """
    EvalScreen #eval-status { height: auto; padding: 0 1; background: $panel; }
    EvalScreen #eval-table { width: 52; height: 1fr; }
    EvalScreen #eval-chart { width: 1fr; height: 1fr; border: round $panel; padding: 0 1; }
    EvalScreen #eval-review { height: auto; padding: 0 1; }
    """

    BINDINGS = [Binding("escape,q", "leave", "Back")]

    def __init__(self, db_path: Path) -> None:
        """The eval kept beside the database at `db_path`."""
        super().__init__()
        self.db_path = Path(db_path)
        self.saved: SavedEval | None = None
        """The run on screen; None until read, or when there is none."""

    def compose(self) -> ComposeResult:
        """Status, the table beside the chart, the reviewer's actions and the keys."""
        yield Static("reading the last eval…", id="eval-status")
        with Horizontal():
            table: DataTable[str] = DataTable(id="eval-table", cursor_type="row", show_cursor=False)
            table.add_columns("METRIC", "RAW", "REVIEWED")
            yield table
            with VerticalScroll(id="eval-chart"):
                yield Static("", id="eval-bars")
        yield Static("", id="eval-review")
        yield Footer()

    def on_mount(self) -> None:
        """Read the last eval."""
        self.load()

    @work(thread=True, exclusive=True, group="eval-load", exit_on_error=False)
    def load(self) -> None:
        """Read the saved run and post it."""
        try:
            self.post_message(EvalLoaded(load_last_eval(self.db_path)))
        except ValueError as error:
            self.post_message(EvalLoaded(None, str(error)))

    @on(EvalLoaded)
    def show(self, message: EvalLoaded) -> None:
        """Show the run, or the empty state, or why the file could not be read."""
        self.saved = message.saved
        status = self.query_one("#eval-status", Static)
        chart = self.query_one("#eval-chart", VerticalScroll)
        if message.problem:
            status.update(Text(message.problem, style="bold red"))
            return
        if self.saved is None:
            status.update(Text(NO_EVAL.split("\n", 1)[0], style="bold"))
            self.query_one("#eval-table", DataTable).display = False
            self.query_one("#eval-bars", Static).update(NO_EVAL + f"\n\n({last_eval_path(self.db_path).name} "
                                                        "beside the database)")
            return
        report = self.saved.report
        status.update(heading(self.saved))
        table = self.query_one("#eval-table", DataTable)
        table.clear()
        raw, reviewed = report["arms"]["raw"], report["arms"]["reviewed"]
        for label, path, *_ in (*ROWS, *COUNTS):
            table.add_row(label, _cell(value(raw, path)), _cell(value(reviewed, path)))
        chart.border_title = "raw against reviewed"
        self.query_one("#eval-bars", Static).update(chart_text(report))
        actions = ", ".join(f"{name} {count:,}" for name, count in report.get("review", {}).items())
        self.query_one("#eval-review", Static).update(f"scripted reviewer: {actions}" if actions else "")

    @on(Worker.StateChanged)
    def load_failed(self, event: Worker.StateChanged) -> None:
        """A read that failed is said in the status line."""
        if event.state is WorkerState.ERROR and event.worker.group == "eval-load":
            self.query_one("#eval-status", Static).update(Text(f"could not read the last eval: {event.worker.error}",
                                                               style="bold red"))

    def action_leave(self) -> None:
        """Back to the entries."""
        self.dismiss(None)
