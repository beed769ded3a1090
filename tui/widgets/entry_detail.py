"""The detail pane: an entry's full text with hidden characters marked, its provenance and revisions."""

from __future__ import annotations

from datetime import datetime
from typing import Callable, Sequence

from rich.console import Group as RenderGroup
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from memrev.core.model import Entry, utc_now
from memrev.core.store import Revision
from memrev.core.visible import char_name, hidden_characters, visible_segments
from memrev.tui.describe import provenance_fields, revision_lines


def marked_text(text: str, hidden_style: str = "bold reverse red") -> Text:
    """Rich text with every hidden character replaced by a highlighted ⟨U+XXXX⟩ marker."""
    result = Text()
    for piece, hidden in visible_segments(text):
        result.append(piece, style=hidden_style if hidden else "")
    return result


class EntryDetail(VerticalScroll):
    """Shows one entry; empty until an entry is highlighted."""

    DEFAULT_CSS = """
    EntryDetail { height: 1fr; border-top: tall $panel; padding: 0 1; }
    EntryDetail > Static { width: 1fr; }
    """

    def __init__(self, *, clock: Callable[[], datetime] = utc_now, id: str | None = None) -> None:
        """An empty pane whose ages are computed from `clock`."""
        super().__init__(id=id)
        self.clock = clock
        self.entry: Entry | None = None
        self.body = Static("", id="detail-body")

    def compose(self):  # type: ignore[no-untyped-def]
        """One static body, re-rendered per entry."""
        yield self.body

    def show(self, entry: Entry | None, revisions: Sequence[Revision] = ()) -> None:
        """Render an entry with its revisions (None clears the pane)."""
        self.entry = entry
        if entry is None:
            self.body.update("")
            return
        parts: list[object] = [marked_text(entry.text)]
        hidden = hidden_characters(entry.text)
        if hidden:
            names = sorted({f"U+{ord(c):04X} {char_name(c)}" for _, c in hidden})
            parts.append(Text(f"\n{len(hidden)} hidden character(s): " + ", ".join(names), style="bold red"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", justify="right")
        grid.add_column()
        for label, value in provenance_fields(entry, self.clock()):
            grid.add_row(label, marked_text(value))
        parts.extend([Text(""), grid])
        if revisions:
            parts.append(Text("\nrevisions", style="bold"))
            for line in revision_lines(revisions):
                parts.append(Text("  ") + marked_text(line))
        self.body.update(RenderGroup(*parts))
        self.scroll_home(animate=False)
