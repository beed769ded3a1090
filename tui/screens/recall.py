"""The recall box: what an agent would retrieve from memory for a query, raw or through memrev's gate, in the
project the app is showing."""

from __future__ import annotations

from datetime import datetime
from typing import Iterable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static
from textual.worker import Worker, WorkerState, get_current_worker

from memrev.core.check.visible import make_visible
from memrev.core.model import Entry
from memrev.core.recall.recall import RecallOptions, Recalled, recall
from memrev.core.review.sensitive import mask
from memrev.core.store.query import Group, parse_query

VERDICT_STYLES = {"fresh": "green", "stale": "bold red", "changed": "yellow", "blocked": "bold magenta",
                  "out-of-scope": "dim", "unverifiable": "cyan"}
"""How each verdict is coloured, as in the entry table."""
COLUMNS = ("#", "SCORE", "KW/MEAN/AGE", "ID", "VERDICT", "CONF", "TEXT")


def scope_project(entries: Iterable[Entry], group: Group | None, filter_text: str) -> str | None:
    """The project the app is showing (its sidebar group, else a `project:` filter), as a name recall knows, or None
    when it shows every project or only global entries."""
    wanted = group.value if group is not None and group.field == "project" else next(
        (value for name, value in parse_query(filter_text).fields if name == "project"), None)
    if wanted is None or wanted == "global":
        return None
    names = sorted({entry.scope.project.name or entry.scope.project.key for entry in entries if entry.scope.project})
    exact = [name for name in names if name.lower() == wanted]
    near = [name for name in names if wanted in name.lower()]
    return (exact or near or [None])[0]


class RecallAnswered(Message):
    """What recall returned for one query, in one mode and project, computed in a worker."""

    def __init__(self, query: str, gated: bool, project: str | None, results: list[Recalled]) -> None:
        """Carry the query, how it was asked and the results."""
        super().__init__()
        self.query, self.gated, self.project, self.results = query, gated, project, results


class RecallScreen(Screen[None]):
    """Type a query and see what the agent would be handed: rank, score parts, verdict and confidence, and for the
    gated mode each result's caution, evidence and conflicts; `ctrl+t` switches between raw and gated."""

    DEFAULT_CSS = """
    RecallScreen #recall-status { height: 1; padding: 0 1; background: $panel; }
    RecallScreen #recall-query { height: 3; }
    RecallScreen #recall-results { height: auto; max-height: 50%; overflow-x: hidden; }
    RecallScreen #recall-notes { height: 1fr; border: round $panel; padding: 0 1; }
    """

    BINDINGS = [
        Binding("ctrl+t", "toggle_mode", "Raw/gated"),
        Binding("escape", "leave", "Back"),
    ]

    def __init__(self, *, project: str | None, now: datetime, k: int = 6) -> None:
        """A recall box for the project the app shows (None: every project), ranking as of `now`."""
        super().__init__()
        self.project = project
        self.now = now
        self.k = k
        self.gated = True
        """Whether recall goes through memrev's gate (the default) or ranks everything the agent holds."""
        self.asked = ""
        """The query last asked."""
        self.results: list[Recalled] = []
        """The results on screen."""

    def compose(self) -> ComposeResult:
        """The mode line, the query, the results and what memrev attaches to them."""
        yield Static(self._status(), id="recall-status")
        yield Input(placeholder="what would the agent look up? (enter recalls)", id="recall-query")
        table: DataTable[str | Text] = DataTable(id="recall-results", cursor_type="row", zebra_stripes=True)
        table.add_columns(*COLUMNS)
        yield table
        with VerticalScroll(id="recall-notes"):
            yield Static("Type a query and press enter.", id="recall-why")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the query."""
        self.query_one("#recall-query", Input).focus()

    def _status(self, searching: bool = False) -> str:
        """`gated · project shop · 3 results`: how the results on screen were recalled."""
        mode = "gated (memrev's gate)" if self.gated else "raw (everything the agent holds)"
        where = f"project {self.project} (the app's scope)" if self.project else "every project"
        tail = "recalling…" if searching else f"{len(self.results)} results" if self.asked else "ctrl+t raw/gated"
        return f"recall · {mode} · {where} · {tail}"

    @on(Input.Submitted, "#recall-query")
    def submitted(self, event: Input.Submitted) -> None:
        """Recall for the query typed."""
        query = event.value.strip()
        if not query:
            self.notify("the query is empty: say what the agent would look up", severity="warning", timeout=3)
            return
        self.ask(query)

    def ask(self, query: str) -> None:
        """Start recalling `query` in the current mode (the last query asked wins)."""
        self.asked = query
        self.query_one("#recall-status", Static).update(self._status(searching=True))
        self.run_recall(query, self.gated, self.project)

    @work(thread=True, exclusive=True, group="recall", exit_on_error=False)
    def run_recall(self, query: str, gated: bool, project: str | None) -> None:
        """Recall on a reader connection and post the results."""
        worker = get_current_worker()
        options = RecallOptions(k=self.k, gated=gated, project=project, now=self.now)
        with self.app.store.reader() as reader:  # type: ignore[attr-defined]
            results = recall(reader, query, options)
        if not worker.is_cancelled:
            self.post_message(RecallAnswered(query, gated, project, results))

    @on(RecallAnswered)
    def show_results(self, message: RecallAnswered) -> None:
        """Show the results of the query last asked (older answers are dropped)."""
        if (message.query, message.gated) != (self.asked, self.gated):
            return
        self.results = message.results
        self.query_one("#recall-status", Static).update(self._status())
        table = self.query_one("#recall-results", DataTable)
        table.clear()
        for result in self.results:
            table.add_row(*self._row(result), key=result.entry.id)
        self.query_one("#recall-why", Static).update(self._notes())

    @on(Worker.StateChanged)
    def recall_failed(self, event: Worker.StateChanged) -> None:
        """A recall that failed is said in the status line, in one line."""
        if event.state is WorkerState.ERROR and event.worker.group == "recall":
            self.query_one("#recall-status", Static).update(
                Text(f"recall failed: {event.worker.error}", style="bold red"))

    @staticmethod
    def _row(result: Recalled) -> tuple[str | Text, ...]:
        """One result as table cells: rank, score, its parts, id, verdict, confidence and first line (masked when
        sensitive)."""
        parts = result.parts
        text = mask(result.entry.text) if result.sensitive else make_visible(result.entry.first_line)
        verdict = result.verdict or "-"
        return (str(parts.rank), f"{parts.score:.3f}", f"{parts.text:.2f}/{parts.vector:.2f}/{parts.decay:.2f}",
                result.entry.id, Text(verdict, style=VERDICT_STYLES.get(verdict, "")), f"{result.confidence:.2f}",
                text)

    def _notes(self) -> Text:
        """What the agent would be handed with the results: each caution, its evidence and the conflicts named."""
        if not self.results:
            return Text(f"nothing recalled for {self.asked!r} ({'gated' if self.gated else 'raw'})")
        out = Text()
        if not self.gated:
            out.append("raw: no caution, evidence or conflict is attached; revoked, blocked and stale entries come "
                       "back as the agent holds them (ctrl+t: gated)\n", style="dim")
        for result in self.results:
            if not (result.caution or result.conflicts_with):
                continue
            out.append(f"{result.parts.rank}. {result.entry.id}", style="bold")
            out.append(f": {result.caution}\n" if result.caution else "\n")
            for line in result.evidence:
                out.append(f"   {make_visible(line)}\n")
            if result.conflicts_with:
                out.append(f"   conflicts with {', '.join(result.conflicts_with)} (c: the conflicts)\n",
                           style="yellow")
        if self.gated and not out:
            out.append("every result is confirmed and holds against its last check")
        return out

    def action_toggle_mode(self) -> None:
        """Switch between raw and gated recall, asking the last query again."""
        self.gated = not self.gated
        if self.asked:
            self.ask(self.asked)
        else:
            self.query_one("#recall-status", Static).update(self._status())

    def action_leave(self) -> None:
        """Back to the entries."""
        self.dismiss(None)
