"""Small modal dialogs of the review actions: a yes/no confirmation, a required reason, and a text editor."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static, TextArea

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{ width: 80%; max-width: 100; height: auto; max-height: 90%; border: thick $accent;
                     background: $surface; padding: 1 2; }}
{name} .dialog-title {{ text-style: bold; padding-bottom: 1; }}
{name} .dialog-keys {{ color: $text-muted; padding-top: 1; }}
"""


class ConfirmDialog(ModalScreen[bool]):
    """Ask before a review action applies: its title, what it will do (with the count), `y` yes, `n`/escape no."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ConfirmDialog") + "ConfirmDialog #dialog-body { height: auto; }"
    BINDINGS = [
        Binding("y,enter", "dismiss(True)", "Yes"),
        Binding("n,escape", "dismiss(False)", "No"),
    ]

    def __init__(self, title: str, body: Text | str) -> None:
        """A dialog asking `title`, explained by `body`."""
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        """Title, body and the keys."""
        with Vertical():
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.body, id="dialog-body")
            yield Static("y yes · n or escape no", classes="dialog-keys")


class ReasonDialog(ModalScreen["str | None"]):
    """Ask for a reason (required: enter with an empty reason does nothing); escape cancels."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ReasonDialog")
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]

    def __init__(self, title: str, placeholder: str = "why (kept in the audit log)") -> None:
        """A dialog titled `title` with one input."""
        super().__init__()
        self.title_text = title
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        """Title, the reason input and the keys."""
        with Vertical():
            yield Static(self.title_text, classes="dialog-title")
            yield Input(placeholder=self.placeholder, id="reason")
            yield Static("enter saves · escape cancels", classes="dialog-keys", id="reason-keys")

    @on(Input.Submitted, "#reason")
    def submit(self, event: Input.Submitted) -> None:
        """Close with the reason, or say that one is needed."""
        reason = event.value.strip()
        if not reason:
            self.query_one("#reason-keys", Static).update("a reason is required · escape cancels")
            return
        self.dismiss(reason)


class EditDialog(ModalScreen["str | None"]):
    """Edit an entry's text: ctrl+s saves the new text, escape cancels."""

    DEFAULT_CSS = DIALOG_CSS.format(name="EditDialog") + "EditDialog TextArea { height: 12; }"
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", priority=True),
        Binding("escape", "dismiss(None)", "Cancel"),
    ]

    def __init__(self, title: str, text: str) -> None:
        """A dialog titled `title` editing `text`."""
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        """Title, the text area and the keys."""
        with Vertical():
            yield Static(self.title_text, classes="dialog-title")
            yield TextArea(self.text, id="edit-text", soft_wrap=True)
            yield Static("ctrl+s saves a new revision (scanned, then re-checked) · escape cancels",
                         classes="dialog-keys")

    def action_save(self) -> None:
        """Close with the edited text."""
        self.dismiss(self.query_one("#edit-text", TextArea).text)
