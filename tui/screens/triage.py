"""The triage screen: what needs a person, one item at a time, riskiest first, with keys in the manner of
`git add -p` (y confirm, n revoke, e edit, f fix, s skip, u undo, q quit) and a summary at the end."""

from __future__ import annotations

from typing import Callable

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from memrev.core.check.model import EntryCheck
from memrev.core.check.visible import make_visible
from memrev.core.conflicts.detect import NEAR_DUPLICATE_LIMIT, find_conflicts
from memrev.core.conflicts.resolutions import keep_one
from memrev.core.model import Entry
from memrev.core.review.actions import ReviewError, ReviewResult, confirm, edit, revoke, stale_among
from memrev.core.review.fixes import apply_fix, propose_fix
from memrev.core.review.sensitive import mask, sensitive_ids
from memrev.core.review.triage import Need, TriageItem, TriageSession, build_queue, still_needed
from memrev.core.review.undo import undo
from memrev.core.scan.rejections import Decision, decide, rejections
from memrev.core.sources.attribute_notes import attribute_lines
from memrev.core.store.memory_store import StoreError
from memrev.core.store.sensitive import log_reveal
from memrev.tui.describe import check_lines, provenance_fields
from memrev.tui.review_actions import fix_preview
from memrev.tui.screens.conflicts import side_text
from memrev.tui.screens.dialogs import ConfirmDialog, EditDialog, ReasonDialog
from memrev.tui.widgets.entry_detail import attributes_text, marked_text

KEYS = {
    "entry": "y confirm · n revoke · e edit · f fix · s skip · u undo · q quit · ? help",
    "blocked": "y release (the block was a false positive) · n keep blocked (a threat) · s skip · u undo · q quit",
    "conflict": "1–9 keep that side (the others are revoked) · s skip · u undo · q quit",
}


class QueueLoaded(Message):
    """The triage queue, read in a worker: the items, the entries and checks they name, and unaudited blocks."""

    def __init__(self, items: list[TriageItem], entries: dict[str, Entry], checks: dict[str, EntryCheck],
                 unaudited: dict[str, int], sensitive: set[str]) -> None:
        """Carry what the queue was built from."""
        super().__init__()
        self.items = items
        self.entries = entries
        self.checks = checks
        self.unaudited = unaudited
        self.sensitive = sensitive


class TriageScreen(Screen[None]):
    """Walk the triage queue; every decision goes through `memrev.core.review` and can be undone with `u`."""

    DEFAULT_CSS = """
    TriageScreen #triage-counter { height: 1; padding: 0 1; background: $panel; text-style: bold; }
    TriageScreen #triage-why { height: auto; padding: 0 1; color: $warning; }
    TriageScreen #triage-scroll { height: 1fr; border: round $panel; padding: 0 1; }
    TriageScreen #triage-keys { height: 1; padding: 0 1; color: $text-muted; background: $panel; }
    """

    BINDINGS = [
        Binding("y", "yes", "Confirm"),
        Binding("n", "no", "Revoke"),
        Binding("e", "edit", "Edit"),
        Binding("f", "fix", "Fix"),
        Binding("s", "skip", "Skip"),
        Binding("u", "undo", "Undo"),
        Binding("v", "reveal", "Reveal", show=False),
        *(Binding(str(number), f"keep({number - 1})", f"Keep [{number}]", show=False) for number in range(1, 10)),
        Binding("question_mark", "app.help", "Help"),
        Binding("q,escape", "leave", "Quit"),
    ]

    def __init__(self, *, actor: str, checks: dict[str, EntryCheck] | None = None, standalone: bool = False) -> None:
        """A queue of the store's entries, judged by `checks` (else the stored checks); decisions logged as
        `actor`; `standalone` quits the app on leaving (`memrev review`)."""
        super().__init__()
        self.actor = actor
        self.given_checks = checks or {}
        self.standalone = standalone
        self.session: TriageSession | None = None
        self.entries: dict[str, Entry] = {}
        self.checks: dict[str, EntryCheck] = {}
        self.unaudited: dict[str, int] = {}
        """Blocked entries not yet audited -> the rejection that blocked them."""
        self.sensitive: set[str] = set()
        """Sensitive entries: their text is masked until `v` reveals it."""
        self.revealed: str | None = None
        """The entry `v` revealed; hidden again when the walk moves on."""

    def compose(self) -> ComposeResult:
        """Counter, why the item needs a person, the item itself, and its keys."""
        yield Static("reading what needs a person…", id="triage-counter")
        yield Static("", id="triage-why")
        with VerticalScroll(id="triage-scroll"):
            yield Static("", id="triage-body")
        yield Static("", id="triage-keys")
        yield Footer()

    def on_mount(self) -> None:
        """Build the queue in a worker thread."""
        self.load_queue()

    @work(thread=True, exclusive=True, group="triage", exit_on_error=False)
    def load_queue(self) -> None:
        """Read entries, checks, unaudited blocks and conflicts, and order what needs a person."""
        store = self.app.store  # type: ignore[attr-defined]
        with store.reader() as reader:
            entries = reader.entries()
            checks = {**reader.checks(), **self.given_checks}
            unaudited = {r.entry_id: r.id for r in rejections(reader, decision=Decision.UNREVIEWED) if r.entry_id}
            near = reader if len(entries) <= NEAR_DUPLICATE_LIMIT else None
            conflicts = find_conflicts(entries, checks=checks, store=near)
            sensitive = sensitive_ids(reader)
        items = build_queue(entries, checks, conflicts, unaudited=unaudited)
        self.post_message(QueueLoaded(items, {e.id: e for e in entries}, checks, unaudited, sensitive))

    @on(QueueLoaded)
    def start(self, message: QueueLoaded) -> None:
        """Begin the walk at the riskiest item."""
        self.entries, self.checks, self.unaudited = message.entries, message.checks, message.unaudited
        self.sensitive = message.sensitive
        self.session = TriageSession(message.items)
        self.show_current()

    # -- showing ---------------------------------------------------------------------------------

    @property
    def item(self) -> TriageItem | None:
        """The item being decided."""
        return self.session.current if self.session is not None else None

    def show_current(self) -> None:
        """Render the counter, the reason and the item, or the summary when the walk is over."""
        session = self.session
        if session is None:
            return
        counter = self.query_one("#triage-counter", Static)
        why = self.query_one("#triage-why", Static)
        body = self.query_one("#triage-body", Static)
        keys = self.query_one("#triage-keys", Static)
        item = session.current
        if item is None or item.entry_id != self.revealed:
            self.revealed = None
        if item is None:
            counts = session.summary()
            done = " · ".join(f"{count} {outcome}" for outcome, count in sorted(counts.items())) or "nothing to do"
            counter.update(f"triage done · {len(session.items)} item(s)")
            why.update(done)
            body.update("Everything that needed a person has been seen. `memrev log` lists every decision; "
                        "u undoes the last one.")
            keys.update("u undo · q quit")
            return
        counter.update(f"{session.counter} · {item.need.value} · {item.key}")
        why.update(make_visible(item.why))
        if item.conflict is not None:
            text = Text(f"{item.conflict.kind} on {item.conflict.subject}\n", style="bold")
            text.append(make_visible(item.conflict.evidence) + "\n\n", style="yellow")
            for number, side in enumerate(item.conflict.sides, start=1):
                text.append_text(side_text(number, side, self.entries.get(side.entry_id or "")))
                text.append("\n\n")
            body.update(text)
            keys.update(KEYS["conflict"])
        else:
            body.update(self._entry_text(self.entries[item.entry_id or ""]))
            reveal = " · v reveal" if item.entry_id in self.sensitive else ""
            keys.update(KEYS["blocked" if item.need is Need.BLOCKED else "entry"] + reveal)
        self.query_one("#triage-scroll", VerticalScroll).scroll_home(animate=False)

    def _entry_text(self, entry: Entry) -> Text:
        """The entry's text (hidden characters marked; masked while sensitive), its check with the evidence, its
        attributes and its provenance."""
        masked = entry.id in self.sensitive and entry.id != self.revealed
        text = Text(mask(entry.text, "v reveals (logged)"), style="italic") if masked else marked_text(entry.text)
        check = self.checks.get(entry.id)
        if check is not None:
            text.append("\n\ncheck", style="bold")
            for line, _ in check_lines(check, masked=masked):
                text.append("\n  " + make_visible(line))
        fix = propose_fix(entry, check)
        if fix is not None:
            text.append(f"\n\nf fixes it: {make_visible(fix.summary)}", style="bold cyan")
        text.append("\n")
        if not masked and entry.attributes:
            text.append_text(attributes_text(attribute_lines(entry, list(self.entries.values()))))
        fields = provenance_fields(entry, self.app.clock())  # type: ignore[attr-defined]
        width = max(len(label) for label, _ in fields)
        for label, value in fields:
            text.append(f"\n{label.rjust(width)}  ", style="bold")
            text.append_text(marked_text(value))
        return text

    # -- deciding --------------------------------------------------------------------------------

    def _act(self, change: Callable[[], ReviewResult | object], outcome: str) -> bool:
        """Run one decision; on success refresh what it changed and move on, on refusal say why in one line."""
        try:
            result = change()
        except (ReviewError, StoreError, ValueError) as error:
            self.notify(str(error), title="Nothing changed", severity="error", timeout=8)
            return False
        if isinstance(result, ReviewResult) and getattr(result, "blocked_reason", ""):
            self.notify(f"{result.blocked_reason} — recorded for the audit; the text is unchanged",  # type: ignore
                        title="Blocked by the scanner", severity="error", timeout=10)
            return False
        self._reload()
        if isinstance(result, ReviewResult) and result.changed and getattr(self.app, "checker", None) is not None:
            self.app.recheck_changed(list(result.changed))  # type: ignore[attr-defined]
        assert self.session is not None
        self.session.decide(outcome, lambda item: still_needed(item, self.entries, self.checks,
                                                               unaudited=self._unaudited_now()))
        self.notify(f"{outcome}", timeout=2)
        self.show_current()
        return True

    def _reload(self) -> None:
        """Read the entries again after a decision (a revocation can settle later items)."""
        store = self.app.store  # type: ignore[attr-defined]
        self.entries = {entry.id: entry for entry in store.entries()}
        self.sensitive = sensitive_ids(store)

    def _unaudited_now(self) -> set[str]:
        """Blocked entries whose rejection is still undecided."""
        store = self.app.store  # type: ignore[attr-defined]
        return {r.entry_id for r in rejections(store, decision=Decision.UNREVIEWED) if r.entry_id}

    def _entry_item(self) -> tuple[TriageItem, Entry] | None:
        """The current item when it is about an entry, with the entry."""
        item = self.item
        if item is None or item.entry_id is None:
            if item is not None:
                self.notify("a conflict: keep a side with its number, or s to skip", severity="warning")
            return None
        return item, self.entries[item.entry_id]

    def _audit(self, entry: Entry, decision: Decision, outcome: str) -> None:
        """Decide the rejection that blocked an entry: a false positive releases it, a threat keeps it blocked."""
        rejection = self.unaudited.get(entry.id)
        if rejection is not None:
            store = self.app.store  # type: ignore[attr-defined]
            self._act(lambda: decide(store, rejection, decision, actor=self.actor, reason=f"{outcome} in triage"),
                      outcome)

    def _entry_unless_blocked(self, decision: Decision, outcome: str) -> tuple[TriageItem, Entry, object] | None:
        """The current entry item with the store, or None after deciding a blocked write (`decision`) instead."""
        found = self._entry_item()
        if found is None:
            return None
        item, entry = found
        if item.need is Need.BLOCKED:
            self._audit(entry, decision, outcome)
            return None
        return item, entry, self.app.store  # type: ignore[attr-defined]

    def action_yes(self) -> None:
        """Confirm the entry (asking first when it is stale), or release a block that was a false positive."""
        found = self._entry_unless_blocked(Decision.FALSE_POSITIVE, "released")
        if found is None:
            return
        item, entry, store = found
        stale = bool(stale_among([entry], self.checks))

        def go(yes: bool | None = True) -> None:
            """Confirm, vouching despite a stale check only when the person said so."""
            if yes:
                self._act(lambda: confirm(store, [entry.id], actor=self.actor, despite_stale=stale,
                                          checks=self.checks, expected={entry.id: entry}), "confirmed")

        if stale:
            self.app.push_screen(ConfirmDialog(f"{entry.id} is stale. Confirm it anyway?",
                                               Text(make_visible(item.why) + "\n\nThe override is recorded.")), go)
        else:
            go()

    def action_no(self) -> None:
        """Revoke the entry after asking why, or keep a block as a threat."""
        found = self._entry_unless_blocked(Decision.THREAT, "kept blocked")
        if found is None:
            return
        _, entry, store = found

        def go(reason: str | None) -> None:
            """Revoke with the reason typed, unless cancelled."""
            if reason:
                self._act(lambda: revoke(store, [entry.id], actor=self.actor, reason=reason,
                                         expected={entry.id: entry}), "revoked")

        self.app.push_screen(ReasonDialog(f"Revoke {entry.id}? Why:"), go)

    def action_edit(self) -> None:
        """Edit the entry's text; the new revision is scanned and re-checked."""
        found = self._entry_item()
        if found is None or found[0].need is Need.BLOCKED:
            return
        _, entry = found
        store = self.app.store  # type: ignore[attr-defined]

        def go(text: str | None) -> None:
            """Save the new text unless cancelled."""
            if text is not None:
                self._act(lambda: edit(store, entry.id, text, actor=self.actor, expected={entry.id: entry}), "edited")

        if self._shown(entry, "the edit dialog in triage"):
            self.app.push_screen(EditDialog(f"Edit {entry.id}", entry.text), go)

    def action_fix(self) -> None:
        """Show the suggested fix as a diff and apply it when approved."""
        found = self._entry_item()
        if found is None:
            return
        _, entry = found
        fix = propose_fix(entry, self.checks.get(entry.id))
        if fix is None:
            self.notify("no concrete fix is suggested; e edits the text", severity="warning")
            return
        store = self.app.store  # type: ignore[attr-defined]

        def go(yes: bool | None) -> None:
            """Apply the approved fix."""
            if yes:
                self._act(lambda: apply_fix(store, entry.id, actor=self.actor, checks=self.checks,
                                            expected={entry.id: entry})[1], "fixed")

        preview = fix_preview(fix.diff(), [(c.old, c.new, c.why) for c in fix.changes])
        if self._shown(entry, "the fix preview in triage"):
            self.app.push_screen(ConfirmDialog(f"Apply this fix to {entry.id}?", preview), go)

    def _shown(self, entry: Entry, where: str) -> bool:
        """Log a reveal when a masked entry's text is about to be shown (False when that could not be logged)."""
        if entry.id not in self.sensitive or entry.id == self.revealed:
            return True
        try:
            log_reveal(self.app.store, entry.id, self.actor, where=where)  # type: ignore[attr-defined]
        except StoreError as error:
            self.notify(str(error), title="Not shown", severity="error", timeout=8)
            return False
        return True

    def action_reveal(self) -> None:
        """Show the sensitive entry's text (logged as a reveal), or hide it again."""
        found = self._entry_item()
        if found is None:
            return
        entry = found[1]
        if entry.id not in self.sensitive:
            self.notify("this entry is not sensitive: its text is already shown", severity="warning", timeout=4)
            return
        if self.revealed == entry.id:
            self.revealed = None
        elif self._shown(entry, "triage"):
            self.revealed = entry.id
        self.query_one("#triage-body", Static).update(self._entry_text(entry))

    def action_keep(self, index: int) -> None:
        """Keep one side of a conflict: every entry that contradicts it is revoked, linked to it."""
        item = self.item
        if item is None or item.conflict is None or index >= len(item.conflict.sides):
            return
        conflict = item.conflict
        keep = conflict.sides[index].entry_id
        store = self.app.store  # type: ignore[attr-defined]
        self._act(lambda: keep_one(store, conflict, keep, actor=self.actor,
                                   reason=f"kept {keep or 'the repository'} in triage"), f"kept side {index + 1}")

    def action_skip(self) -> None:
        """Leave the item for later."""
        if self.session is not None and self.session.current is not None:
            self.session.decide("skipped")
            self.show_current()

    def action_undo(self) -> None:
        """Undo the last decision and return to its item."""
        store = self.app.store  # type: ignore[attr-defined]
        try:
            [action] = undo(store, actor=self.actor).undone
        except ReviewError as error:
            self.notify(str(error), title="Nothing undone", severity="warning")
            return
        self._reload()
        self.checks.update(store.checks())
        if self.session is not None:
            while self.session.history and self.session.outcomes.get(
                    self.session.items[self.session.history[-1]].key) == "skipped":
                self.session.back()  # skips are not actions: step back over them to the undone decision
            self.session.back()
        self.notify(f"undid #{action.id} {action.kind}", timeout=3)
        self.show_current()

    def action_leave(self) -> None:
        """Back to the entries, or quit when memrev was opened on the triage alone."""
        if self.standalone:
            self.app.exit()
        else:
            self.dismiss(None)
