"""Command palette providers: jump to an entry by its text, and filter by status or type."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from memrev.core.check.visible import make_visible
from memrev.core.model import EntryType, Status
from memrev.core.review.sensitive import mask

if TYPE_CHECKING:
    from memrev.tui.app import MemrevApp

MAX_ENTRY_HITS = 50
"""Entries offered per palette query (the palette shows only the best anyway)."""


class EntryCommands(Provider):
    """Find an entry by words of its text or id and jump to it."""

    @property
    def memrev(self) -> MemrevApp:
        """The app, typed."""
        return cast("MemrevApp", self.app)

    async def search(self, query: str) -> Hits:
        """Entries whose text has every word of the query, scored by the fuzzy matcher."""
        index = self.memrev.index
        if index is None or not query.strip():
            return
        matcher = self.matcher(query)
        for entry in index.filter(query)[:MAX_ENTRY_HITS]:
            shown = mask(entry.text) if entry.id in index.sensitive else make_visible(entry.headline)[:80]
            label = f"{entry.id}: {shown}"
            yield Hit(max(matcher.match(label), 0.1), matcher.highlight(label),
                      partial(self.memrev.jump_to, entry.id), help=f"{entry.status.value} · {entry.scope.label}")


class FilterCommands(Provider):
    """Narrow the table to one status or type, or clear the filter."""

    @property
    def memrev(self) -> MemrevApp:
        """The app, typed."""
        return cast("MemrevApp", self.app)

    def _commands(self) -> list[tuple[str, str, str]]:
        """(title, filter text, help) for every offered filter."""
        commands = [("Clear filter", "", "show every entry")]
        commands += [(f"Show {s.value} entries", f"status:{s.value}", f"filter status:{s.value}") for s in Status]
        commands += [(f"Show {t.value} memories", f"type:{t.value}", f"filter type:{t.value}") for t in EntryType]
        return commands

    async def discover(self) -> Hits:
        """Offer the filters before anything is typed."""
        for title, text, help_text in self._commands():
            yield DiscoveryHit(title, partial(self.memrev.set_filter, text), help=help_text)

    async def search(self, query: str) -> Hits:
        """Filters whose title matches the query."""
        matcher = self.matcher(query)
        for title, text, help_text in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self.memrev.set_filter, text), help=help_text)


class ReviewCommands(Provider):
    """The review actions by name: confirm, revoke, edit, fix, verify, undo, triage, mark."""

    COMMANDS: tuple[tuple[str, str, str], ...] = (
        ("Confirm the selected entries", "confirm", "y: vouch for them (verified now, at their check's commit)"),
        ("Revoke the selected entries", "revoke", "n: with a reason; kept as tombstones"),
        ("Edit the entry's text", "edit", "e: a new revision, scanned and re-checked"),
        ("Fix the selected entries as their checks suggest", "fix", "f: the diffs first, then apply as one action"),
        ("Verify the entry against the repository", "recheck", "r: re-check; what holds is verified by check"),
        ("Verify every entry", "recheck_all", "R: re-read the repository and re-check everything"),
        ("Undo the last action", "undo", "u: review actions, resolutions and audit decisions"),
        ("Review what needs a person (triage)", "triage", "t: riskiest first, one at a time"),
        ("Mark every row shown", "mark_all", "A: actions then apply to all marked rows"),
        ("Mark the selected entries sensitive (or unmark)", "sensitive", "S: masked until revealed, left out of exports"),
        ("Reveal the sensitive entry's text (or hide it)", "reveal", "v: the reveal is logged"),
        ("Purge the selected entries for good", "purge", "P: from memrev and the agents' files, after a preview"),
    )

    @property
    def memrev(self) -> MemrevApp:
        """The app, typed."""
        return cast("MemrevApp", self.app)

    def _run(self, action: str) -> None:
        """Run one of the app's review actions."""
        getattr(self.memrev, f"action_{action}")()

    async def discover(self) -> Hits:
        """Offer every review action before anything is typed."""
        for title, action, help_text in self.COMMANDS:
            yield DiscoveryHit(title, partial(self._run, action), help=help_text)

    async def search(self, query: str) -> Hits:
        """Review actions whose title or key help matches the query (confirm, undo, review…)."""
        matcher = self.matcher(query)
        for title, action, help_text in self.COMMANDS:
            score = max(matcher.match(title), matcher.match(help_text) * 0.8)
            if score > 0:
                yield Hit(score, matcher.highlight(title), partial(self._run, action), help=help_text)
