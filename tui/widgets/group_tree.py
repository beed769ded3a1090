"""The sidebar that groups entries by type, scope, status and source, with counts."""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping

from textual.message import Message
from textual.widgets import Tree

from memrev.core.model import Entry
from memrev.core.store.query import Group

GROUPINGS: tuple[tuple[str, str], ...] = (("verdict", "By verdict"), ("type", "By type"), ("scope", "By scope"),
                                          ("status", "By status"), ("agent", "By source"))
"""The fields the sidebar groups by, in order, with their headings."""


class GroupTree(Tree[Group | None]):
    """Headings with one leaf per value; choosing a leaf narrows the table to that group."""

    DEFAULT_CSS = """
    GroupTree { width: 34; border-right: tall $panel; padding: 0 1; overflow-x: hidden; }
    """

    class Chosen(Message):
        """A group was chosen (None means all entries)."""

        def __init__(self, group: Group | None) -> None:
            """Carry the chosen group."""
            super().__init__()
            self.group = group

    def __init__(self, *, id: str | None = None) -> None:
        """An empty tree; `show_counts` fills it."""
        super().__init__("All entries", data=None, id=id)
        self.show_root = True
        self.guide_depth = 2
        self.auto_expand = False  # headings fold on enter; "All entries" never folds the sidebar away
        self.entries: list[Entry] = []
        """Every entry the counts are of."""
        self.verdicts: dict[str, str] = {}
        """The verdicts the verdict group counts."""

    def show_counts(self, entries: Iterable[Entry], verdicts: Mapping[str, str] | None = None) -> None:
        """Rebuild the headings and leaves from the entries, sorted by name for a stable layout."""
        self.entries = list(entries)
        self.verdicts = dict(verdicts or {})
        self.clear()
        self.root.set_label(f"All entries ({len(self.entries)})")
        for field, heading in GROUPINGS:
            if field == "verdict" and not verdicts:
                continue
            counts = Counter(Group(field, "").value_of(entry, verdicts) for entry in self.entries)
            branch = self.root.add(heading, data=None, expand=True)
            for value in sorted(counts):
                branch.add_leaf(f"{value} ({counts[value]})", data=Group(field, value))
        self.root.expand()

    def follow_filter(self, matching: Iterable[Entry] | None) -> None:
        """Count only the entries the filter lets through (None: every entry again), relabelling leaves in place."""
        entries = self.entries if matching is None else list(matching)
        counts: dict[str, Counter[str]] = {}
        for branch in self.root.children:
            for leaf in branch.children:
                group = leaf.data
                if group is None:
                    continue
                if group.field not in counts:
                    counts[group.field] = Counter(Group(group.field, "").value_of(entry, self.verdicts)
                                                  for entry in entries)
                leaf.set_label(f"{group.value} ({counts[group.field][group.value]})")
        self.root.set_label(f"All entries ({len(self.entries)})" if matching is None
                            else f"Filtered: {len(entries)} of {len(self.entries)}")

    def on_tree_node_selected(self, event: Tree.NodeSelected[Group | None]) -> None:
        """Announce a chosen leaf, or all entries for the root."""
        event.stop()
        if event.node is not self.root and event.node.data is None:
            event.node.toggle()
        if event.node is self.root or event.node.data is not None:
            self.post_message(self.Chosen(event.node.data))
