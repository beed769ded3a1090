"""The conflict view: both sides next to each other with the evidence, and a key per resolution (none is automatic)."""

from __future__ import annotations

from typing import Mapping

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Static

from memrev.core.check.visible import make_visible
from memrev.core.conflicts.detect import Conflict, ConflictSide
from memrev.core.conflicts.resolutions import keep_both, keep_one, replace_with_correction
from memrev.core.conflicts.scope_text import parse_scope, scope_text
from memrev.core.model import Entry
from memrev.core.store.memory_store import StoreError
from memrev.tui.widgets.entry_detail import marked_text


def side_text(number: int, side: ConflictSide, entry: Entry | None) -> Text:
    """One side, numbered for its key: the entry's text and where it comes from, or the repository fact and its file."""
    text = Text()
    text.append(f"[{number}] ", style="bold reverse")
    if side.entry_id is None:
        text.append("repository\n", style="bold")
        text.append(f"{make_visible(side.value)}\n", style="bold green")
        text.append(f"from {side.source}", style="dim")
        return text
    text.append(f"{side.entry_id}\n", style="bold")
    text.append(f"says: {make_visible(side.value)}\n", style="bold yellow")
    if entry is None:
        text.append("(no longer in the store)", style="dim")
        return text
    text.append_text(marked_text(entry.text))
    text.append(f"\n\n{entry.status.value} · {scope_text(entry.scope)} · {entry.source.agent}", style="dim")
    text.append(f"\nconfidence {entry.confidence:.2f} ({make_visible(entry.confidence_reason)})", style="dim")
    if entry.provenance.citation:
        text.append(f"\n{make_visible(entry.provenance.citation)}", style="dim")
    return text


class ConflictScreen(Screen[bool]):
    """Walk through conflicts: `1`..`9` keep that side, `k` keep both (narrow scopes), `c` correct, `n`/`p`, escape."""

    DEFAULT_CSS = """
    ConflictScreen #conflict-counter { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    ConflictScreen #conflict-evidence { height: auto; padding: 0 1; color: $warning; }
    ConflictScreen #conflict-sides { height: 1fr; }
    ConflictScreen .side { width: 1fr; border: round $panel; padding: 0 1; }
    ConflictScreen #resolution { display: none; }
    ConflictScreen #resolution.-open { display: block; }
    """

    BINDINGS = [
        Binding("1", "keep(0)", "Keep [1]"),
        Binding("2", "keep(1)", "Keep [2]"),
        *(Binding(str(number), f"keep({number - 1})", f"Keep [{number}]", show=False) for number in range(3, 10)),
        Binding("k", "ask('scopes')", "Keep both"),
        Binding("c", "ask('correction')", "Correct"),
        Binding("n,right", "move(1)", "Next"),
        Binding("p,left", "move(-1)", "Previous"),
        Binding("escape,q", "leave", "Back"),
    ]

    def __init__(self, conflicts: list[Conflict], entries: Mapping[str, Entry], *, actor: str = "unknown") -> None:
        """Show these conflicts with the entries they name; resolutions are logged as `actor`."""
        super().__init__()
        self.actor = actor
        self.conflicts = conflicts
        self.entries = dict(entries)
        self.position = 0
        self.changed = False
        self.asking: str | None = None

    def compose(self) -> ComposeResult:
        """Counter, evidence, the two sides, an input for a correction or scopes, and the keys."""
        yield Static("", id="conflict-counter")
        yield Static("", id="conflict-evidence")
        with Horizontal(id="conflict-sides"):
            with VerticalScroll(classes="side"):
                yield Static("", id="side-0")
            with VerticalScroll(classes="side"):
                yield Static("", id="side-1")
        yield Input(id="resolution")
        yield Footer()

    def on_mount(self) -> None:
        """Show the first conflict."""
        self.show_current()

    @property
    def current(self) -> Conflict | None:
        """The conflict on screen."""
        return self.conflicts[self.position] if self.conflicts else None

    def show_current(self) -> None:
        """Render the counter, the evidence and both sides (a third side or more is listed under the second)."""
        conflict = self.current
        counter = self.query_one("#conflict-counter", Static)
        if conflict is None:
            counter.update("no open conflicts")
            self.query_one("#conflict-evidence", Static).update("Nothing disagrees: every conflict is resolved.")
            for index in (0, 1):
                self.query_one(f"#side-{index}", Static).update("")
            return
        counter.update(f"conflict {self.position + 1}/{len(self.conflicts)} · {conflict.kind} · {conflict.subject}")
        self.query_one("#conflict-evidence", Static).update(make_visible(conflict.evidence))
        sides = list(conflict.sides)
        left = side_text(1, sides[0], self.entries.get(sides[0].entry_id or ""))
        right = Text()
        for index, side in enumerate(sides[1:]):
            if index:
                right.append("\n\n")
            right.append_text(side_text(index + 2, side, self.entries.get(side.entry_id or "")))
        self.query_one("#side-0", Static).update(left)
        self.query_one("#side-1", Static).update(right)

    def action_move(self, step: int) -> None:
        """The next (or previous) conflict."""
        if self.conflicts:
            self.position = (self.position + step) % len(self.conflicts)
            self.show_current()

    def action_keep(self, index: int) -> None:
        """Keep one side: every entry that contradicts it is revoked, linked to it, with the reason."""
        conflict = self.current
        if conflict is None or index >= len(conflict.sides):
            return
        keep = conflict.sides[index].entry_id
        label = keep or "the repository"
        self._resolve(lambda store: keep_one(store, conflict, keep, actor=self.actor,
                                             reason=f"kept {label} in the conflict on {conflict.subject}"),
                      f"kept {label}")

    def action_ask(self, what: str) -> None:
        """Open the input for a correction text, or for the narrowed scopes of keep-both."""
        conflict = self.current
        if conflict is None:
            return
        box = self.query_one("#resolution", Input)
        self.asking = what
        if what == "correction":
            box.placeholder = "the correct statement (enter saves it and revokes every side; escape cancels)"
            box.value = ""
        else:
            box.placeholder = "narrowed scope per entry, e.g. id=private:shop other=team:billing (enter to apply)"
            box.value = " ".join(f"{side.entry_id}={scope_text(self.entries[side.entry_id].scope)}"
                                 for side in conflict.sides if side.entry_id in self.entries)
        box.add_class("-open")
        box.focus()

    @on(Input.Submitted, "#resolution")
    def submit(self, event: Input.Submitted) -> None:
        """Apply the correction or the narrowed scopes typed in the input."""
        conflict, text = self.current, event.value.strip()
        self._close_input()
        if conflict is None or not text:
            return
        if self.asking == "correction":
            self._resolve(lambda store: replace_with_correction(store, conflict, text, actor=self.actor,
                                                                reason="correction written in the conflict view"),
                          "correction saved")
            return
        self._resolve(lambda store: keep_both(store, conflict, scopes=self._scopes(store, text), actor=self.actor,
                                              reason="kept both with narrowed scopes"), "kept both, scopes narrowed")

    def _scopes(self, store: object, text: str) -> dict:
        """Parse `id=kind:project` pairs against the store's projects."""
        projects = store.projects()  # type: ignore[attr-defined]
        scopes = {}
        for pair in text.split():
            entry_id, _, wanted = pair.partition("=")
            if entry_id not in self.entries:
                raise ValueError(f"{entry_id!r} is not a side of this conflict")
            scopes[entry_id] = parse_scope(wanted, projects, current=self.entries[entry_id].scope)
        return scopes

    def _resolve(self, change: object, done: str) -> None:
        """Run one resolution through the store; on success drop the conflict, on refusal say why."""
        store = self.app.store  # type: ignore[attr-defined]
        try:
            change(store)  # type: ignore[operator]
        except (ValueError, StoreError) as error:
            self.notify(str(error), title="Not resolved", severity="error", timeout=8)
            return
        self.changed = True
        self.notify(done, timeout=3)
        for entry in store.entries():
            if entry.id in self.entries:
                self.entries[entry.id] = entry
        del self.conflicts[self.position]
        self.position = min(self.position, max(0, len(self.conflicts) - 1))
        self.show_current()

    def _close_input(self) -> None:
        """Hide the input and give the keys back to the screen."""
        box = self.query_one("#resolution", Input)
        box.remove_class("-open")
        self.set_focus(None)

    def action_leave(self) -> None:
        """Close the input when it is open, else go back (reporting whether anything changed)."""
        box = self.query_one("#resolution", Input)
        if box.has_class("-open"):
            self._close_input()
            return
        self.dismiss(self.changed)
