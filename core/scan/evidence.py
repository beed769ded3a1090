"""How findings are shown to a reviewer: evidence cut to one short line, and a rule's findings capped with a count
of the rest."""

from __future__ import annotations

from typing import Mapping

from memrev.core.scan.model import Finding

__all__ = ["clip", "note_overflow"]


def clip(text: str, limit: int) -> str:
    """Text cut to `limit` characters with an ellipsis, on one line."""
    text = text.replace("\n", "⏎ ").replace("\r", "")
    return text if len(text) <= limit else text[:limit - 1] + "…"


def note_overflow(findings: list[Finding], counts: Mapping[str, int], cap: int) -> list[Finding]:
    """Mark the last kept finding of each rule that found more than `cap` with how many more there were."""
    extra = {rule: n - cap for rule, n in counts.items() if n > cap}
    if not extra:
        return findings
    last = {f.rule: index for index, f in enumerate(findings)}
    for rule, more in extra.items():
        if rule in last:
            f = findings[last[rule]]
            findings[last[rule]] = Finding(f.rule, f.family, f.severity, f.start, f.end, f.reason,
                                           clip(f.evidence, 240) + f" (+{more:,} more not listed)")
    return findings
