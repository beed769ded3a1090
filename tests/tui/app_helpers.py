"""What the app's Pilot tests share: the terminal size, waiting for workers, and reading what is on screen."""

from __future__ import annotations

from textual.widgets import Static
from textual.worker import WorkerCancelled

from memrev.tui.widgets.entry_table import EntryTable

SIZE = (120, 36)


async def settle(pilot) -> None:
    """Let workers finish and the screen catch up (a worker an exclusive restart cancelled is waited past)."""
    for _ in range(2):
        for _attempt in range(20):
            try:
                await pilot.app.workers.wait_for_complete()
                break
            except WorkerCancelled:
                continue
        await pilot.pause()


def table_text(app) -> str:
    """Everything the table draws on screen right now, as plain text."""
    table = app.query_one(EntryTable)
    return "\n".join(table.render_line(y).text for y in range(table.size.height))


def detail_text(app) -> str:
    """The detail pane's rendered text."""
    body = app.query_one("#detail-body", Static)
    return "\n".join(strip.text for strip in body.render_lines(body.region.reset_offset))
