"""Command palette providers: jump to an entry by its text, and filter by status or type."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider

from memrev.core.model import EntryType, Status
from memrev.core.visible import make_visible

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
            label = f"{entry.id}: {make_visible(entry.first_line)[:80]}"
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
