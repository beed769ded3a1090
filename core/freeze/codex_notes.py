"""Corrections written where Codex reads them: an ad-hoc note under `memories/extensions/ad_hoc/notes/`.

Codex treats ad-hoc notes as authoritative edits to its memory and applies them at its next consolidation, which
otherwise may re-derive a revoked fact from old rollouts and write it back into `MEMORY.md` or the summary. A
freeze therefore also records, in one note, what a person revoked and what they rewrote. The note's name comes
from its content, so the preview and the freeze name the same file, and the same correction is never written twice.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Sequence

from memrev.core.check.visible import make_visible
from memrev.core.freeze.policy import Choice
from memrev.core.model import Status, WrittenBy
from memrev.core.sources.base import SourceRead

NOTES_FOLDER = Path("extensions") / "ad_hoc" / "notes"
"""Where Codex looks for ad-hoc notes, under its memories folder."""

_DECIDED = frozenset({Status.REVOKED, Status.SUPERSEDED})
"""Entries a person decided against (a blocked or purged text is never quoted back to the agent)."""


def _quote(text: str) -> str:
    """One entry's text on one line, hidden characters made visible, in quotes."""
    return '"' + make_visible(" ".join(text.split())) + '"'


def correction_note(root: Path, read: SourceRead, choices: Sequence[Choice]) -> tuple[Path, bytes] | None:
    """The note (path, bytes) recording what a person revoked or rewrote among the source's entries, or None."""
    on_disk = {native.text for native in read.entries}
    forget = [c for c in choices if not c.kept and c.entry.status in _DECIDED and c.entry.text in on_disk]
    remember = [c.entry for c in choices if c.kept and c.entry.text not in on_disk
                and c.entry.provenance.written_by is WrittenBy.HUMAN]
    if not forget and not remember:
        return None
    lines = ["# Corrections from a memrev review", "",
             "A person reviewed these memories before this session. Apply them at the next consolidation.", ""]
    lines.extend(f"- Forget: {_quote(c.entry.text)} ({make_visible(c.reason)})" for c in forget)
    lines.extend(f"- Remember instead: {_quote(entry.text)}" for entry in remember)
    data = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
    name = f"memrev-correction-{hashlib.sha256(data).hexdigest()[:12]}.md"
    return root / NOTES_FOLDER / name, data
