"""The keys of recall on the main screen: `l` opens the recall box in the project the app shows, `E` the last eval."""

from __future__ import annotations

from typing import TYPE_CHECKING

from memrev.tui.screens.eval import EvalScreen
from memrev.tui.screens.recall import RecallScreen, scope_project

if TYPE_CHECKING:
    from memrev.tui.app import MemrevApp


class RecallKeys:
    """Mixin of MemrevApp: what an agent would retrieve for a query, and what the last eval measured."""

    def action_recall(self: MemrevApp) -> None:
        """Open the recall box, recalling as an agent in the project the sidebar group or filter shows."""
        entries = self.index.entries if self.index is not None else []
        project = scope_project(entries, self.group, self.query_one("#filter").value)  # type: ignore[attr-defined]
        self.push_screen(RecallScreen(project=project, now=self.clock()))

    def action_eval(self: MemrevApp) -> None:
        """Open the last `memrev eval` kept beside the database."""
        self.push_screen(EvalScreen(self.store.path))
