"""The footer, which on a narrow terminal keeps the essential keys (help and quit among them) and lets the rest go."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

NARROW_KEEPS = frozenset({"confirm", "revoke", "undo", "triage", "focus_filter", "toggle_groups", "help", "quit"})
"""The actions a terminal under 100 columns still shows in the footer."""

TINY_KEEPS = frozenset({"confirm", "revoke", "focus_filter", "toggle_groups", "help", "quit"})
"""The actions a terminal under 70 columns still shows (the palette key goes too; `?` lists every key)."""

WIDE_HIDES = frozenset({"toggle_groups"})
"""Actions the footer leaves out on a wide terminal, where the sidebar is always shown."""


class EssentialFooter(Footer):
    """A compact footer whose keys carry classes saying at which widths they are dropped (see app.tcss)."""

    def compose(self) -> ComposeResult:
        """Footer's keys, each marked `-not-narrow`, `-not-tiny` or `-not-wide` where it gives way."""
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                action = widget.action
                if widget.has_class("-command-palette") or action not in TINY_KEEPS:
                    widget.add_class("-not-tiny")
                if action not in NARROW_KEEPS and not widget.has_class("-command-palette"):
                    widget.add_class("-not-narrow")
                if action in WIDE_HIDES:
                    widget.add_class("-not-wide")
            yield widget
