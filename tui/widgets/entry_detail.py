"""The detail pane: an entry's full text with hidden characters marked, its provenance and revisions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable, Sequence

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from memrev.core.check.model import EntryCheck
from memrev.core.check.visible import describe_hidden, hidden_characters, make_visible, visible_segments
from memrev.core.model import Entry, utc_now
from memrev.core.review.sensitive import mask
from memrev.core.sources.attribute_notes import AttributeLine, attribute_lines
from memrev.core.store.records import Event, Revision
from memrev.tui.describe import check_lines, history_lines, provenance_fields, revision_lines


def marked_text(text: str, hidden_style: str = "bold reverse red") -> Text:
    """Rich text with every hidden character replaced by a highlighted ⟨U+XXXX⟩ marker."""
    result = Text()
    for piece, hidden in visible_segments(text):
        result.append(piece, style=hidden_style if hidden else "")
    return result


_CHECK_STYLES = {
    "fresh": "bold green", "ok": "green", "stale": "bold red", "missing": "bold red", "renamed": "bold red",
    "moved": "bold red", "contradicted": "bold red", "changed": "bold yellow", "unverifiable": "dim",
    "out-of-scope": "dim italic", "blocked": "bold reverse red", "muted": "dim", "suggestion": "cyan",
}
"""Styles of the check section's lines, by verdict or status (the same colours as the table)."""


@dataclass(frozen=True)
class Privacy:
    """Whether the shown entry is sensitive (and why), whether its text is revealed, and what became of its
    redacted secret in the agent's own file."""

    sensitive: bool = False
    why: str = ""
    revealed: bool = False
    secret_note: str = ""

    @property
    def masked(self) -> bool:
        """Whether the text is hidden now."""
        return self.sensitive and not self.revealed


def privacy_lines(privacy: Privacy, text: str) -> Text:
    """The masked text (or nothing when revealed), then why the entry is sensitive and where its secret stands."""
    result = Text()
    if privacy.masked:
        result.append(mask(text, "press v to reveal (logged)"), style="italic")
    if privacy.sensitive:
        state = "revealed, v hides it again" if privacy.revealed else "masked"
        result.append(f"\n\nsensitive ({state})" + (f": {privacy.why}" if privacy.why else ""), style="bold yellow")
    if privacy.secret_note:
        result.append(f"\nsecret: {privacy.secret_note}", style="bold red")
    return result


def attributes_text(lines: Sequence[AttributeLine]) -> Text:
    """The attributes section: what the entry's format says beside its text, a finding in red."""
    result = Text()
    if not lines:
        return result
    result.append("\nattributes", style="bold")
    width = max(len(line.label) for line in lines)
    for line in lines:
        result.append(f"\n  {line.label.rjust(width)}  ", style="bold red" if line.finding else "bold")
        piece = marked_text(line.value)
        if line.finding:
            piece.stylize("bold red")
        result.append_text(piece)
    result.append("\n")
    return result


class EntryDetail(VerticalScroll):
    """Shows one entry; empty until an entry is highlighted."""

    DEFAULT_CSS = """
    EntryDetail { height: 1fr; border-top: tall $panel; padding: 0 1; }
    EntryDetail > Static { width: 1fr; }
    """

    def __init__(self, *, clock: Callable[[], datetime] = utc_now, id: str | None = None,
                 neighbours: Callable[[], Sequence[Entry]] = tuple) -> None:
        """An empty pane whose ages are computed from `clock`; `neighbours` gives the entries beside the shown one
        (a Claude memory's pinned count and link targets are found among them)."""
        super().__init__(id=id)
        self.clock = clock
        self.neighbours = neighbours
        self.entry: Entry | None = None
        self.check: EntryCheck | None = None
        self.revisions: Sequence[Revision] = ()
        self.diff: Sequence[str] = ()
        self.events: Sequence[Event] = ()
        self.privacy = Privacy()
        self.stopped = ""
        """Why a blocked or held entry was stopped (its rules), once read; kept while the same entry is shown."""
        self.entry_id: str | None = None
        self.body = Static("", id="detail-body")

    def compose(self):  # type: ignore[no-untyped-def]
        """One static body, re-rendered per entry."""
        yield self.body

    def show(self, entry: Entry | None, revisions: Sequence[Revision] = (), check: EntryCheck | None = None,
             diff: Sequence[str] = (), events: Sequence[Event] = (), privacy: Privacy = Privacy(), *,
             stopped: str | None = None) -> None:
        """Render an entry with its latest check, the diff since it was verified, its revisions and its review
        history (None clears); a sensitive entry's text is masked unless `privacy` says it is revealed."""
        self.entry = entry
        self.check = check
        self.revisions = revisions
        self.diff = diff
        self.events = events
        self.privacy = privacy
        if stopped is not None or entry is None or self.entry_id != entry.id:
            self.stopped = stopped or ""
        self.entry_id = entry.id if entry is not None else None
        if entry is None:
            self.body.update("")
            return
        masked = privacy.masked
        text = Text() if masked else marked_text(entry.text)
        hidden = hidden_characters(entry.text) if not masked else []
        if hidden:
            text.append(f"\n{len(hidden)} hidden character(s):", style="bold red")
            for line in describe_hidden(entry.text):
                text.append("\n  " + make_visible(line), style="bold red")
        text.append_text(privacy_lines(privacy, entry.text))
        if self.stopped:
            text.append(f"\n\n{self.stopped}", style="bold red")
        text.append("\n")
        if check is not None:
            text.append("\ncheck", style="bold")
            for line, key in check_lines(check, masked=masked):
                text.append("\n  ")
                text.append(line, style=_CHECK_STYLES.get(key.split("-", 1)[-1] if key else "", ""))
            text.append("\n")
        if diff:
            text.append("\ndiff since verification", style="bold")
            for line in diff:
                style = "green" if line.startswith("+") else "red" if line.startswith("-") else "dim"
                text.append("\n  ")
                piece = marked_text(line)
                piece.style = style
                text.append_text(piece)
            text.append("\n")
        if not masked:  # a sensitive entry's attributes (a link's name, a trigger) may say what its text says
            text.append_text(attributes_text(attribute_lines(entry, self.neighbours() if entry.attributes else ())))
        fields = provenance_fields(entry, self.clock())
        width = max(len(label) for label, _ in fields)
        for label, value in fields:
            text.append(f"\n{label.rjust(width)}  ", style="bold")
            text.append_text(marked_text(value))
        if revisions:
            text.append("\n\nrevisions", style="bold")
            for line in revision_lines(revisions, masked=masked):
                text.append("\n  ")
                text.append_text(marked_text(line))
        history = history_lines(events)
        if history:
            text.append("\n\nreview history", style="bold")
            for line in history:
                text.append("\n  ")
                text.append_text(marked_text(line))
        self.body.update(text)
        if revisions == ():
            self.scroll_home(animate=False)

    def set_privacy(self, privacy: Privacy) -> None:
        """Show the same entry masked or revealed."""
        self.show(self.entry, self.revisions, self.check, self.diff, self.events, privacy)
