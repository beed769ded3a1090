"""A virtual table of entries that renders only the visible rows, so 10,000 entries stay instant."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable, Mapping

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from memrev.core.check.humanize import format_age
from memrev.core.check.model import EntryCheck
from memrev.core.check.visible import visible_segments
from memrev.core.model import Entry, utc_now
from memrev.core.review.sensitive import mask
from memrev.core.sources.hermes_pending import awaits_hermes


@dataclass(frozen=True)
class Column:
    """One column: its header, width in cells (0 = the rest) and how to get its text."""

    key: str
    label: str
    width: int
    value: Callable[[Entry, datetime], str]
    optional: bool = False


MIN_TEXT_WIDTH = 28
"""Optional columns are dropped, widest first (scope, then age, then confidence), until the text column gets at
least this many cells."""

STAGED = "staged"
"""The STATUS cell of a write Hermes staged for approval, still pending: it waits in Hermes's queue, and deciding it
here decides it there."""


def status_cell(entry: Entry) -> str:
    """The STATUS cell: `removed` once gone at its source, `staged` for a pending write Hermes staged, else the
    entry's status."""
    if entry.removed_at:
        return "removed"
    if awaits_hermes(entry):
        return STAGED
    return entry.status.value


COLUMNS: tuple[Column, ...] = (
    Column("status", "STATUS", 10, lambda e, now: status_cell(e)),
    Column("verdict", "VERDICT", 12, lambda e, now: "-"),
    Column("type", "TYPE", 9, lambda e, now: e.type.value),
    Column("scope", "SCOPE", 18, lambda e, now: e.scope.label, optional=True),
    Column("age", "VERIFIED", 8, lambda e, now: format_age(e.verified_at, now), optional=True),
    Column("confidence", "CONF", 5, lambda e, now: f"{e.confidence:.2f}", optional=True),
    Column("text", "TEXT", 0, lambda e, now: e.headline),
)


class EntryTable(ScrollView, can_focus=True):
    """Entries as rows with a sticky header and a row cursor; hidden characters are always marked."""

    COMPONENT_CLASSES = {
        "entry-table--header",
        "entry-table--cursor",
        "entry-table--hidden",
        "entry-table--marked",
        "entry-table--sensitive",
        "entry-table--status-pending",
        "entry-table--status-staged",
        "entry-table--status-confirmed",
        "entry-table--status-revoked",
        "entry-table--status-blocked",
        "entry-table--status-removed",
        "entry-table--verdict-fresh",
        "entry-table--verdict-stale",
        "entry-table--verdict-changed",
        "entry-table--verdict-unverifiable",
        "entry-table--verdict-out-of-scope",
        "entry-table--verdict-blocked",
    }

    DEFAULT_CSS = """
    EntryTable { height: 1fr; overflow-x: hidden; }
    EntryTable > .entry-table--header { text-style: bold; background: $panel; color: $text; }
    EntryTable > .entry-table--cursor { background: $block-cursor-blurred-background; }
    EntryTable:focus > .entry-table--cursor { background: $block-cursor-background; color: $block-cursor-foreground; }
    EntryTable > .entry-table--hidden { background: $error 40%; color: $text; text-style: bold; }
    EntryTable > .entry-table--marked { background: $accent 30%; text-style: bold; }
    EntryTable > .entry-table--sensitive { color: $text-muted; text-style: italic; }
    EntryTable > .entry-table--status-pending { color: $warning; }
    EntryTable > .entry-table--status-staged { color: $accent; text-style: bold; }
    EntryTable > .entry-table--status-confirmed { color: $success; }
    EntryTable > .entry-table--status-revoked { color: $text-muted; text-style: strike; }
    EntryTable > .entry-table--status-blocked { color: $error; text-style: bold; }
    EntryTable > .entry-table--status-removed { color: $text-disabled; text-style: italic; }
    EntryTable > .entry-table--verdict-fresh { color: $success; }
    EntryTable > .entry-table--verdict-stale { color: $error; text-style: bold; }
    EntryTable > .entry-table--verdict-changed { color: $warning; }
    EntryTable > .entry-table--verdict-unverifiable { color: $text-muted; }
    EntryTable > .entry-table--verdict-out-of-scope { color: $text-muted; text-style: italic; }
    EntryTable > .entry-table--verdict-blocked { color: $error; text-style: bold reverse; }
    """

    BINDINGS = [
        Binding("up,k", "cursor_up", "Up", show=False),
        Binding("down,j", "cursor_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home,g", "first", "First", show=False),
        Binding("end,G", "last", "Last", show=False),
    ]

    cursor_row: reactive[int] = reactive(0, init=False)

    class Highlighted(Message):
        """The row under the cursor changed (entry is None when the table is empty)."""

        def __init__(self, entry: Entry | None) -> None:
            """Carry the highlighted entry."""
            super().__init__()
            self.entry = entry

    def __init__(self, *, clock: Callable[[], datetime] = utc_now, id: str | None = None) -> None:
        """An empty table whose ages are computed from `clock`."""
        super().__init__(id=id)
        self.clock = clock
        self.rows: list[Entry] = []
        self.checks: dict[str, EntryCheck] = {}
        """The latest check of each entry, shown in the verdict and confidence columns."""
        self.marked: set[str] = set()
        """Entries marked with space: review actions apply to them instead of the cursor's row."""
        self.sensitive: set[str] = set()
        """Sensitive entries: their text is drawn masked."""
        self.revealed: str | None = None
        """The one sensitive entry whose text is shown (revealed with v), if any."""

    # -- data ------------------------------------------------------------------------------------

    def set_rows(self, entries: list[Entry], *, keep: str | None = None) -> None:
        """Show these entries, keeping the cursor on entry `keep` when it is still listed."""
        self.rows = entries
        target = 0
        if keep is not None:
            for index, entry in enumerate(entries):
                if entry.id == keep:
                    target = index
                    break
        self.virtual_size = Size(self.scrollable_content_region.width, len(entries) + 1)
        self.set_reactive(EntryTable.cursor_row, target)
        self.scroll_to(y=max(0, target - self._page() // 2), animate=False, immediate=True)
        self.refresh()
        self.post_message(self.Highlighted(self.current))

    def update_checks(self, checks: Mapping[str, EntryCheck]) -> None:
        """Take in new checks and repaint: rows update in place, the cursor stays where it is."""
        self.checks.update(checks)
        self.refresh()

    @property
    def current(self) -> Entry | None:
        """The entry under the cursor."""
        return self.rows[self.cursor_row] if 0 <= self.cursor_row < len(self.rows) else None

    def replace_entries(self, entries: Mapping[str, Entry]) -> None:
        """Show new versions of listed entries in place (after a review action), keeping the cursor."""
        self.rows = [entries.get(entry.id, entry) for entry in self.rows]
        self.refresh()
        self.post_message(self.Highlighted(self.current))

    def toggle_mark(self, entry_id: str) -> None:
        """Mark an entry, or unmark it when it is marked."""
        self.marked ^= {entry_id}
        self.refresh()

    def set_marks(self, entry_ids: set[str]) -> None:
        """Replace every mark."""
        self.marked = set(entry_ids)
        self.refresh()

    def set_privacy(self, sensitive: set[str], revealed: str | None) -> None:
        """Which entries are drawn masked, and the one revealed; repaint."""
        self.sensitive = sensitive
        self.revealed = revealed
        self.refresh()

    def masks(self, entry: Entry) -> bool:
        """Whether this entry's text is drawn masked now."""
        return entry.id in self.sensitive and entry.id != self.revealed

    @property
    def selection(self) -> list[Entry]:
        """What a review action applies to: the marked rows that are listed, else the row under the cursor."""
        marked = [entry for entry in self.rows if entry.id in self.marked]
        if marked:
            return marked
        return [self.current] if self.current is not None else []

    # -- cursor ----------------------------------------------------------------------------------

    def _page(self) -> int:
        """How many rows fit below the header."""
        return max(1, self.size.height - 1)

    def move_cursor(self, row: int) -> None:
        """Put the cursor on `row` (clamped) and scroll it into view."""
        if not self.rows:
            return
        self.cursor_row = max(0, min(len(self.rows) - 1, row))

    def watch_cursor_row(self, old: int, new: int) -> None:
        """Scroll the cursor into view, repaint both rows and announce the change."""
        top = int(self.scroll_offset.y)
        page = self._page()
        if new < top:
            self.scroll_to(y=new, animate=False, immediate=True)
        elif new >= top + page:
            self.scroll_to(y=new - page + 1, animate=False, immediate=True)
        self.refresh()
        self.post_message(self.Highlighted(self.current))

    def action_cursor_up(self) -> None:
        """One row up."""
        self.move_cursor(self.cursor_row - 1)

    def action_cursor_down(self) -> None:
        """One row down."""
        self.move_cursor(self.cursor_row + 1)

    def action_page_up(self) -> None:
        """One page up."""
        self.move_cursor(self.cursor_row - self._page())

    def action_page_down(self) -> None:
        """One page down."""
        self.move_cursor(self.cursor_row + self._page())

    def action_first(self) -> None:
        """The first row."""
        self.move_cursor(0)

    def action_last(self) -> None:
        """The last row."""
        self.move_cursor(len(self.rows) - 1)

    def on_click(self, event: events.Click) -> None:
        """Clicking a row moves the cursor to it."""
        if event.y >= 1:
            self.move_cursor(int(self.scroll_offset.y) + event.y - 1)

    def on_resize(self, event: events.Resize) -> None:
        """Keep the virtual size in step with the width."""
        self.virtual_size = Size(self.scrollable_content_region.width, len(self.rows) + 1)

    # -- rendering -------------------------------------------------------------------------------

    def _layout(self, total: int) -> list[tuple[Column, int]]:
        """The columns that fit a table `total` cells wide, with their widths (one space between columns)."""
        columns = list(COLUMNS)
        optional = sorted((column for column in COLUMNS if column.optional), key=lambda column: -column.width)
        while True:
            fixed = sum(column.width for column in columns) + len(columns) - 1
            if total - fixed >= MIN_TEXT_WIDTH or not optional:
                break
            columns.remove(optional.pop(0))
        return [(column, column.width or max(10, total - fixed)) for column in columns]

    def render_line(self, y: int) -> Strip:
        """Line 0 is the sticky header; the others are rows from the scroll offset down."""
        width = self.scrollable_content_region.width
        layout = self._layout(width)
        if y == 0:
            header = " ".join(set_cell_size(column.label, w) for column, w in layout)
            style = self.get_component_rich_style("entry-table--header")
            return Strip([Segment(set_cell_size(header, width), style)], width)
        index = int(self.scroll_offset.y) + y - 1
        if index >= len(self.rows):
            return Strip.blank(width, self.rich_style)
        return self._render_row(self.rows[index], index == self.cursor_row, layout, width)

    def _render_row(self, entry: Entry, is_cursor: bool, layout: list[tuple[Column, int]], width: int) -> Strip:
        """One entry as segments, with status colour and marked hidden characters."""
        base = self.rich_style
        marked = entry.id in self.marked
        if marked:
            base = base + self.get_component_rich_style("entry-table--marked")
        if is_cursor:
            base = base + self.get_component_rich_style("entry-table--cursor")
        status_style = self._status_style(entry)
        hidden_style = self.get_component_rich_style("entry-table--hidden")
        now = self.clock()
        segments: list[Segment] = []
        for column, cell_width in layout:
            if segments:
                segments.append(Segment(" ", base))
            if column.key == "text" and self.masks(entry):
                shown = set_cell_size(mask(entry.text, "v reveals"), cell_width)
                style = self.get_component_rich_style("entry-table--sensitive", partial=True)
                segments.append(Segment(shown, base + style))
                continue
            if column.key == "text":
                segments.extend(_marked_cell(entry.headline, cell_width, base, base + hidden_style))
                continue
            value = column.value(entry, now)
            if column.key == "status" and marked:
                value = "● " + value
            style = base + status_style if column.key == "status" and status_style else base
            check = self.checks.get(entry.id)
            if check is not None and column.key == "verdict":
                value = check.verdict.value
                style = base + self.get_component_rich_style(f"entry-table--verdict-{value}", partial=True)
            elif check is not None and column.key == "confidence":
                value = f"{check.confidence:.2f}"
            segments.append(Segment(set_cell_size(value, cell_width), style))
        used = sum(cell_len(segment.text) for segment in segments)
        if used < width:
            segments.append(Segment(" " * (width - used), base))
        return Strip(segments, width).crop(0, width)

    def _status_style(self, entry: Entry) -> Style | None:
        """The colour of the status cell for the statuses that have one."""
        name = f"entry-table--status-{status_cell(entry)}"
        if name in self.COMPONENT_CLASSES:
            return self.get_component_rich_style(name, partial=True)
        return None


def _marked_cell(text: str, width: int, style: Style, hidden_style: Style) -> list[Segment]:
    """A text cell cut to `width` cells, hidden characters drawn as styled ⟨U+XXXX⟩ markers."""
    segments: list[Segment] = []
    remaining = width
    for piece, hidden in visible_segments(text):
        if remaining <= 0:
            break
        length = cell_len(piece)
        if length > remaining:
            piece = set_cell_size(piece, remaining - 1) + "…" if remaining > 1 else "…"
            length = remaining
        segments.append(Segment(piece, hidden_style if hidden else style))
        remaining -= length
    if remaining > 0:
        segments.append(Segment(" " * remaining, style))
    return segments
