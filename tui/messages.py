"""Messages that carry worker results to the handlers that own the app's state."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from memrev.core.model import Entry
from memrev.core.store import Revision


@dataclass
class EntriesLoaded(Message):
    """Every entry of the store, read by the loading worker."""

    entries: list[Entry]


@dataclass
class DetailLoaded(Message):
    """One entry and its revisions, read for the detail pane."""

    entry: Entry
    revisions: list[Revision]
