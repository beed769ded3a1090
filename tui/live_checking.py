"""Live checking in the review app: check every entry against the repository, follow its changes, and re-check
and verify on request (`r`, `R`), each result shown in place as soon as it is known."""

from __future__ import annotations

from collections import Counter

from textual import work
from textual.widgets import Input, Static

from memrev.core.check.checker import Checker
from memrev.core.check.live import apply_change, watch_repository
from memrev.core.check.model import EntryCheck, Verdict
from memrev.core.check.repo_index import RepositoryError
from memrev.core.conflicts.detect import IN_PLAY
from memrev.core.model import Entry
from memrev.core.review.actions import record_verification
from memrev.tui.messages import ChecksUpdated, CheckStatus, Rechecked
from memrev.tui.widgets.entry_detail import EntryDetail
from memrev.tui.widgets.group_tree import GroupTree

class LiveChecking:
    """Mixin of MemrevApp: the checking worker, its results, and the re-check keys. Handlers follow Textual's
    naming convention (`on_checks_updated`), since `@on` is read only from widget classes themselves."""

    def _idle_status(self) -> str:
        """The indicator's text before any check runs."""
        if self.repo is None:
            return "verdicts as last stored · run memrev inside a repository (or with --repo) to check live"
        return f"⟳ checking against {self.repo.name}…"

    @work(thread=True, exclusive=True, group="check", exit_on_error=False)
    def check_entries(self, entries: list[Entry]) -> None:
        """Check every entry against the repository, then re-check what each file change touches until quit."""
        assert self.repo is not None
        try:
            checker = Checker(self.repo, clock=self.clock)
        except RepositoryError as error:
            self.post_message(CheckStatus(f"cannot check: {error}", running=False))
            return
        self.checker = checker
        with self.checker_lock:
            results = checker.check_all(entries)
        self._publish(results, complete=True)
        with self.checker_lock:
            explained = checker.find_removals(budget=2.0)
        if explained:
            self._publish(explained, complete=False)
        if not self.live:
            return
        try:
            for change in watch_repository(checker.index.root, checker.index.git_dir, stop=self.stop_watching):
                what = "HEAD moved" if change.head_moved else f"{len(change.paths)} file(s) changed"
                self.post_message(CheckStatus(f"⟳ {what}: re-checking…", running=True))
                with self.checker_lock:
                    results = apply_change(checker, change)
                self._publish(results, complete=change.head_moved)
        finally:
            with self.checker_lock:
                checker.close()

    def _publish(self, results: dict[str, EntryCheck], *, complete: bool) -> None:
        """Store the results from this worker thread and post them with the indicator's text."""
        checker = self.checker
        if checker is None:
            return
        with self.store.reader() as writer:
            writer.save_checks(results.values())
        statuses = {entry_id: entry.status for entry_id, entry in checker.entries.items() if entry.removed_at is None}
        counts = Counter(check.verdict.value for entry_id, check in checker.results.items()
                         if statuses.get(entry_id) in IN_PLAY)
        summary = " · ".join(f"{counts[v.value]} {v.value}" for v in Verdict if counts[v.value])
        head = checker.index.head[:8] if checker.index.head else "no commits yet"
        mode = "● live" if self.live else "checked"
        self.post_message(ChecksUpdated(results, f"{mode} · {checker.index.project.name} @ {head} · {summary}",
                                        complete))

    def on_checks_updated(self, message: ChecksUpdated) -> None:
        """Update verdicts in place (rows, sidebar counts after a full check, the detail pane) and the indicator."""
        self.query_one("#check-status", Static).update(message.status)
        if self.index is None:
            return
        self.index.set_verdicts({key: check.verdict.value for key, check in message.checks.items()})
        self.table.update_checks(message.checks)
        if message.complete:
            self.query_one(GroupTree).show_counts(self.index.entries, self.index.verdicts)
            self.counted_filter = ""
            self.refresh_review()
        current = self.table.current
        detail = self.query_one(EntryDetail)
        if current is not None and current.id in message.checks and detail.entry is not None:
            detail.show(detail.entry, detail.revisions, message.checks[current.id], detail.diff, detail.events,
                        detail.privacy)
        if self.query_one("#filter", Input).value or self.group is not None:
            self.refresh_rows()

    def on_check_status(self, message: CheckStatus) -> None:
        """Show what the checker is doing."""
        self.query_one("#check-status", Static).update(message.text)

    def action_recheck(self) -> None:
        """Re-check the entry under the cursor now."""
        current = self.table.current
        if current is None or self.checker is None:
            self.notify("nothing to re-check: no repository is being checked", severity="warning")
            return
        self.recheck([current.id])

    def action_recheck_all(self) -> None:
        """Re-read the repository and re-check every entry now."""
        if self.checker is None:
            self.notify("nothing to re-check: no repository is being checked", severity="warning")
            return
        self.recheck(None)

    @work(thread=True, group="recheck", exit_on_error=False)
    def recheck(self, entry_ids: list[str] | None) -> None:
        """Re-check chosen entries, or re-read the repository and re-check all of them."""
        checker = self.checker
        if checker is None:
            return
        self.post_message(CheckStatus("⟳ re-checking…", running=True))
        with self.checker_lock:
            results = checker.head_changed() if entry_ids is None else checker.recheck(entry_ids)
        self._publish(results, complete=entry_ids is None)
        self.post_message(Rechecked(results, every=entry_ids is None))

    def on_rechecked(self, message: Rechecked) -> None:
        """A person asked for the re-check: what holds is recorded as verified by check, and the finding said."""
        loaded = {entry.id: entry for entry in self.index.entries} if self.index is not None else {}
        wanted = [entry_id for entry_id in message.checks
                  if entry_id in loaded and loaded[entry_id].status in IN_PLAY]
        result = self.run_review(lambda: record_verification(self.store, message.checks, actor=self.actor,
                                                             entry_ids=wanted), "")
        verified = len(result.changed) if result is not None else 0
        counts = Counter(message.checks[entry_id].verdict.value for entry_id in wanted)
        found = ", ".join(f"{count} {verdict}" for verdict, count in sorted(counts.items()))
        if not message.every and len(wanted) == 1:
            check = message.checks[wanted[0]]
            finding = next(iter(check.findings), None)
            found = f"{check.verdict.value}" + (f": {finding.evidence}" if finding is not None else "")
        self.notify(f"re-checked {len(wanted)}: {found or 'nothing to check'}; {verified} verified by check",
                    title="Verify", timeout=6)

    @work(thread=True, group="recheck", exit_on_error=False)
    def recheck_changed(self, entries: list[Entry]) -> None:
        """Give the checker entries a person changed or wrote (an edit, a correction) and check those now."""
        checker = self.checker
        if checker is None:
            return
        with self.checker_lock:
            results = checker.update_entries(entries)
        if results:
            self._publish(results, complete=False)
