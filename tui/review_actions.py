"""The review keys of the main screen: mark rows, confirm, revoke, edit, fix, undo and open the triage queue.

Each key calls one `memrev.core.review` function on the app's store (quick, on the main thread), then shows the
outcome at once: the rows, the detail pane and the counters update, and a notification says what happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from rich.text import Text

from memrev.core.check.model import EntryCheck
from memrev.core.check.visible import make_visible
from memrev.core.model import Entry
from memrev.core.review.actions import ReviewError, ReviewResult, confirm, edit, revoke, stale_among
from memrev.core.review.fixes import apply_fixes, as_one_result, propose_fix
from memrev.core.review.sensitive import mask, sensitive_ids
from memrev.core.sources.hermes_pending import batch_siblings
from memrev.core.sources.hermes_staged import batch_operation
from memrev.core.review.undo import undo
from memrev.core.store.journal import UndoError
from memrev.core.store.memory_store import StoreError
from memrev.tui.screens.dialogs import ConfirmDialog, EditDialog, ReasonDialog
from memrev.tui.widgets.group_tree import GroupTree

if TYPE_CHECKING:
    from memrev.tui.app import MemrevApp


def selection_label(entries: list[Entry]) -> str:
    """`demo-01` for one entry, `3 entries` for several."""
    return entries[0].id if len(entries) == 1 else f"{len(entries)} entries"


def fix_preview(diff: list[str], changes: list[tuple[str, str, str]]) -> Text:
    """The diff of a fix in colour, then each replacement with the evidence behind it."""
    text = Text()
    for line in diff:
        style = "green" if line.startswith("+") else "red" if line.startswith("-") else "dim"
        text.append(make_visible(line) + "\n", style=style)
    for old, new, why in changes:
        text.append(f"\n{make_visible(old)} → {make_visible(new)}", style="bold")
        text.append(f"\n  {make_visible(why)}", style="dim")
    return text


class ReviewActions:
    """Mixin of MemrevApp: the keys that act on entries, all through `memrev.core.review`."""

    def _app(self) -> MemrevApp:
        """This object as the app it is mixed into."""
        return self  # type: ignore[return-value]

    # -- running an action -----------------------------------------------------------------------

    def show_changed(self, entries: list[Entry], checks: dict[str, EntryCheck]) -> None:
        """Show entries a review action changed: rows, detail pane, sidebar and counters update at once."""
        app = self._app()
        if app.index is None:
            return
        app.index.replace(entries)
        if checks:
            app.index.set_verdicts({key: check.verdict.value for key, check in checks.items()})
            app.table.update_checks(checks)
        app.table.replace_entries({entry.id: entry for entry in entries})
        app.set_sensitive(sensitive_ids(app.store))  # an edit may have removed (or brought) a redacted secret
        app.refresh_rows()
        app.query_one(GroupTree).show_counts(app.index.entries, app.index.verdicts)
        current = app.table.current
        if current is not None:
            app.load_detail(current.id)
        app.refresh_review()
        if app.checker is not None:
            app.recheck_changed(entries)


    def run_review(self, change: Callable[[], ReviewResult | None], done: str) -> ReviewResult | None:
        """Run one review action; on refusal say why in one line, on success show the change and say `done`."""
        app = self._app()
        try:
            result = change()
        except (ReviewError, StoreError, UndoError) as error:
            app.notify(str(error), title="Nothing changed", severity="error", timeout=8)
            return None
        if result is None:
            return None
        if result.changed:
            app.show_changed(list(result.changed), dict(result.checks))
            app.table.set_marks(set())
        skipped = "; ".join(f"{entry_id}: {why}" for entry_id, why in result.skipped)
        if result.changed:
            app.notify(done + (f" (unchanged: {skipped})" if skipped else ""), timeout=5)
        elif skipped:
            app.notify(f"nothing changed: {skipped}", severity="warning", timeout=6)
        return result

    def _batch_rest(self, entries: list[Entry]) -> list[Entry]:
        """The other operations of each staged Hermes batch among these entries: Hermes decides a batch whole, so
        deciding the selection decides them too (shown before it is done)."""
        app = self._app()
        return batch_siblings(entries, lambda file: app.store.entries_of_file("hermes", file))

    def _batch_text(self, rest: list[Entry]) -> Text:
        """What else a decision on an operation of a staged Hermes batch decides: each other operation, one line."""
        app = self._app()
        text = Text(f"Hermes staged this as one batch and decides it whole: confirming it also confirms and applies "
                    f"{len(rest)} more operation{'s' if len(rest) > 1 else ''}:", style="bold")
        for entry in rest:
            place = batch_operation(entry.source.anchor)
            shown = mask(entry.text) if entry.id in app.sensitive else make_visible(entry.headline)
            action = entry.attributes.get("action", "")
            text.append(f"\n  {place[0] if place else '?'}. {action} {entry.id}: {shown}", style="")
        return text

    def _selected(self, what: str) -> list[Entry]:
        """The marked rows (else the cursor's row), or a warning that nothing is selected."""
        app = self._app()
        entries = app.table.selection
        if not entries:
            app.notify(f"no entry to {what}", severity="warning")
        return entries

    # -- marking ---------------------------------------------------------------------------------

    def action_mark(self) -> None:
        """Mark the row under the cursor (or unmark it) and move down, as space does in lazygit."""
        app = self._app()
        current = app.table.current
        if current is not None:
            app.table.toggle_mark(current.id)
            app.table.action_cursor_down()

    def action_mark_all(self) -> None:
        """Mark every row the filter and group show, or clear the marks when they are all marked."""
        app = self._app()
        shown = {entry.id for entry in app.table.rows}
        app.table.set_marks(set() if shown and shown <= app.table.marked else shown)
        app.notify(f"{len(app.table.marked)} marked", timeout=2)

    # -- actions ---------------------------------------------------------------------------------

    def action_confirm(self) -> None:
        """Confirm the selection; several entries or a stale one ask first, showing the count."""
        app = self._app()
        entries = self._selected("confirm")
        if not entries:
            return
        stale = stale_among(entries, app.table.checks)
        expected = {entry.id: entry for entry in entries}

        def go(despite: bool = False) -> None:
            """Confirm, vouching for stale entries only when the person said so."""
            app.run_review(lambda: confirm(app.store, list(expected), actor=app.actor, despite_stale=despite,
                                           checks=app.table.checks, expected=expected),
                           f"confirmed {selection_label(entries)}")

        rest = self._batch_rest(entries)
        if not stale and len(entries) == 1 and not rest:
            go()
            return
        count = len(entries) + len(rest)
        body = Text(f"{count} entr{'y' if count == 1 else 'ies'} become confirmed: verified now, "
                    "at the commit of their latest check.")
        if rest:
            body.append("\n\n")
            body.append_text(self._batch_text(rest))
        if stale:
            body.append(f"\n\n{len(stale)} of them {'is' if len(stale) == 1 else 'are'} stale: ", style="bold red")
            body.append(", ".join(stale[:5]) + (" …" if len(stale) > 5 else ""), style="red")
            body.append("\nConfirming vouches for them despite the check; the override is recorded.")
        app.push_screen(ConfirmDialog(f"Confirm {selection_label(entries)}?", body),
                        lambda yes: go(despite=bool(stale)) if yes else None)

    def action_revoke(self) -> None:
        """Revoke the selection after asking for the (required) reason."""
        app = self._app()
        entries = self._selected("revoke")
        if not entries:
            return
        expected = {entry.id: entry for entry in entries}

        def go(reason: str | None) -> None:
            """Revoke with the reason typed, unless the person cancelled."""
            if reason:
                app.run_review(lambda: revoke(app.store, list(expected), actor=app.actor, reason=reason,
                                              expected=expected), f"revoked {selection_label(entries)}: {reason}")

        rest = self._batch_rest(entries)
        batch = (f" (rejects its whole Hermes batch: {len(rest)} more operation{'s' if len(rest) > 1 else ''} "
                 "revoked with it)") if rest else ""
        app.push_screen(ReasonDialog(f"Revoke {selection_label(entries)}{batch}? Why:"), go)

    def action_edit(self) -> None:
        """Edit the text of the entry under the cursor: a new revision, scanned, then re-checked."""
        app = self._app()
        entry = app.table.current
        if entry is None:
            app.notify("no entry to edit", severity="warning")
            return

        def go(text: str | None) -> None:
            """Save the edited text unless cancelled or unchanged."""
            if text is None:
                return
            result = app.run_review(lambda: edit(app.store, entry.id, text, actor=app.actor,
                                                 expected={entry.id: entry}), f"edited {entry.id}")
            if result is not None and getattr(result, "blocked_reason", ""):
                app.notify(f"{result.blocked_reason} — recorded for the audit (a); the text is unchanged",
                           title="Blocked by the scanner", severity="error", timeout=10)
            elif result is not None and result.changed:
                app.recheck_changed(list(result.changed))

        if app.note_shown(entry, "the edit dialog"):
            app.push_screen(EditDialog(f"Edit {entry.id}", entry.text), go)

    def action_fix(self) -> None:
        """Show the fixes the latest checks suggest for the selection as diffs, and apply them when approved: one
        action, undone together; marked entries without a concrete fix are named and left as they are."""
        app = self._app()
        entries = self._selected("fix")
        if not entries:
            return
        fixes = [(entry, fix) for entry in entries
                 if (fix := propose_fix(entry, app.table.checks.get(entry.id))) is not None]
        without = [entry.id for entry in entries if entry.id not in {e.id for e, _ in fixes}]
        if not fixes:
            which = entries[0].id if len(entries) == 1 else f"none of the {len(entries)} marked entries"
            app.notify(f"{which}: its latest check suggests no concrete fix; press e to edit it"
                       if len(entries) == 1 else f"{which} has a concrete fix; press e to edit one",
                       severity="warning", timeout=6)
            return
        expected = {entry.id: entry for entry, _ in fixes}
        label = fixes[0][0].id if len(fixes) == 1 else f"{len(fixes)} entries"

        def go(yes: bool | None) -> None:
            """Apply the fixes the person approved, as one action."""
            if not yes:
                return
            result = app.run_review(lambda: as_one_result(apply_fixes(app.store, list(expected), actor=app.actor,
                                                                checks=app.table.checks, expected=expected)),
                                    f"fixed {label}: {fixes[0][1].summary}" if len(fixes) == 1 else f"fixed {label}")
            if result is not None and result.changed:
                app.recheck_changed(list(result.changed))

        preview = Text()
        for entry, fix in fixes:
            if not app.note_shown(entry, "the fix preview"):
                return
            if len(fixes) > 1:
                preview.append(f"{entry.id}\n", style="bold underline")
            preview.append_text(fix_preview(fix.diff(), [(c.old, c.new, c.why) for c in fix.changes]))
            preview.append("\n")
        if without:
            preview.append(f"\nNo concrete fix, left as they are: {', '.join(without)}", style="yellow")
        app.push_screen(ConfirmDialog(f"Apply {'this fix' if len(fixes) == 1 else 'these fixes'} to {label}?",
                                      preview), go)

    def action_undo(self) -> None:
        """Undo the last action (a review action, a resolution or an audit decision) and show what came back."""
        app = self._app()
        try:
            result = undo(app.store, actor=app.actor)
        except ReviewError as error:
            app.notify(str(error), title="Nothing undone", severity="warning", timeout=6)
            return
        action = result.undone[0]
        app.notify(f"undid #{action.id} {action.kind}: {action.summary}", timeout=5)
        app.load_entries()
