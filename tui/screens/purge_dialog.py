"""The purge confirmation: what goes from where (read off the UI thread), a reason, and the word `purge` typed."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from memrev.core.check.visible import make_visible
from memrev.core.freeze.purge import PurgeError, preview, select_entries
from memrev.core.store.memory_store import MemoryStore, StoreError
from memrev.tui.screens.dialogs import DIALOG_CSS

CONFIRM_WORD = "purge"
"""What a person types to confirm a purge (a single key would be too easy to press by mistake)."""

KEYS = f"type {CONFIRM_WORD} below and press enter · escape cancels, nothing is changed"


def preview_text(lines: list[str]) -> Text:
    """The preview lines, hidden characters made visible, headings bold and sources a purge leaves as they are red."""
    text = Text()
    for number, line in enumerate(lines):
        kept = ": not changed (" in line or " leaves " in line
        style = "bold" if not line.startswith(" ") else "red" if kept else ""
        text.append(("\n" if number else "") + make_visible(line), style=style)
    return text


class PurgeDialog(ModalScreen["str | None"]):
    """Ask before a purge: the preview, an optional reason, and `purge` typed to confirm; escape cancels."""

    DEFAULT_CSS = DIALOG_CSS.format(name="PurgeDialog") + """
    PurgeDialog > Vertical { max-width: 110; border: thick $error; }
    PurgeDialog #purge-preview { height: auto; max-height: 16; }
    PurgeDialog Input { margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    @dataclass
    class Previewed(Message):
        """The preview lines, read by the worker (or why there is none)."""

        lines: list[str]
        error: str = ""

    def __init__(self, entry_ids: list[str], *, store: MemoryStore, actor: str) -> None:
        """A dialog about purging these entries of `store`, previewed as `actor`."""
        super().__init__()
        self.entry_ids = list(entry_ids)
        self.store = store
        self.actor = actor
        self.ready = False
        """Whether the preview has been read (confirming before that does nothing)."""

    def compose(self) -> ComposeResult:
        """Title, the preview, the reason, the confirmation and the keys."""
        count = len(self.entry_ids)
        label = self.entry_ids[0] if count == 1 else f"{count} entries"
        with Vertical():
            yield Static(f"Purge {label} for good? This cannot be undone.", classes="dialog-title")
            with VerticalScroll(id="purge-preview"):
                yield Static("reading what the purge would remove, from where…", id="purge-body")
            yield Input(placeholder="why (optional; the log keeps the reason, never the text)", id="purge-reason")
            yield Input(placeholder=f"type {CONFIRM_WORD} to confirm", id="purge-confirm")
            yield Static(KEYS, classes="dialog-keys", id="purge-keys")

    def on_mount(self) -> None:
        """Start reading the preview, with the reason box focused."""
        self.query_one("#purge-reason", Input).focus()
        self.read_preview()

    @work(thread=True, exclusive=True, group="purge-preview", exit_on_error=False)
    def read_preview(self) -> None:
        """Compute the dry-run preview in a worker thread (it reads the agents' files) and post it."""
        with self.store.reader() as reader:
            try:
                lines = preview(reader, select_entries(reader, self.entry_ids), actor=self.actor).lines()
            except (PurgeError, StoreError) as error:
                self.post_message(self.Previewed([], str(error)))
                return
        self.post_message(self.Previewed(lines))

    @on(Previewed)
    def show_preview(self, message: Previewed) -> None:
        """Show the preview and allow confirming, or say why nothing can be purged."""
        body = self.query_one("#purge-body", Static)
        if message.error:
            body.update(Text(f"nothing can be purged: {message.error}", style="red"))
            self.query_one("#purge-keys", Static).update("escape closes")
            return
        body.update(preview_text(message.lines))
        self.ready = True

    @on(Input.Submitted)
    def submit(self, event: Input.Submitted) -> None:
        """Close with the reason once the preview is shown and `purge` is typed; otherwise say what is missing."""
        confirm = self.query_one("#purge-confirm", Input)
        keys = self.query_one("#purge-keys", Static)
        if not self.ready:
            keys.update("wait for the preview (or escape to cancel)")
            return
        if confirm.value.strip().lower() != CONFIRM_WORD:
            confirm.focus()
            if event.input is confirm:
                keys.update(f"type exactly {CONFIRM_WORD} to confirm · escape cancels, nothing is changed")
            return
        self.dismiss(self.query_one("#purge-reason", Input).value.strip())
