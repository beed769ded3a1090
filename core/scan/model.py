"""What the memory scanner finds: rule findings with stable ids, severities, spans and one-line reasons."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import Enum
from typing import Any


class Severity(str, Enum):
    """How sure a finding is: `block` (a known attack form, a secret, a hidden payload) stops the write, `hold`
    (suspicious) keeps the text out of every snapshot until a person releases it, `warn` is shown and lets it pass."""

    BLOCK = "block"
    HOLD = "hold"
    WARN = "warn"


class Outcome(str, Enum):
    """What the scanner does with a whole text: the strongest of its findings."""

    BLOCK = "block"
    HOLD = "hold"
    PASS = "pass"


OUTCOME_OF = {Severity.BLOCK: Outcome.BLOCK, Severity.HOLD: Outcome.HOLD, Severity.WARN: Outcome.PASS}
"""The outcome each finding's severity causes."""


@dataclass(frozen=True)
class Finding:
    """One rule that matched: its stable id, family, severity, the span in the original text, and why."""

    rule: str
    """A stable id such as `prompt_injection`, `invisible_tag_characters` or `secret_aws_access_key`."""
    family: str
    """The rule's family: `injection`, `invisible`, `secret`, `exfiltration`, `persistence`."""
    severity: Severity
    start: int
    end: int
    """The matched span in the original (un-normalised) text, so a reviewer sees exactly where it is."""
    reason: str
    """One line for the reviewer; secrets are always redacted here."""
    evidence: str = ""
    """What matched, made safe to show: invisible characters named (`U+200B ZERO WIDTH SPACE`), secrets redacted."""

    @property
    def outcome(self) -> Outcome:
        """What this finding alone does to the write."""
        return OUTCOME_OF[self.severity]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values."""
        return {"rule": self.rule, "family": self.family, "severity": self.severity.value,
                "outcome": self.outcome.value,
                "span": [self.start, self.end], "reason": self.reason, "evidence": self.evidence}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        """Read back what `to_dict` wrote."""
        start, end = data.get("span") or (0, 0)
        return cls(data["rule"], data.get("family", ""), Severity(data.get("severity", "block")), start, end,
                   data.get("reason", ""), data.get("evidence", ""))


@dataclass(frozen=True)
class ScanResult:
    """Every finding in one text, in span order; the text is blocked when any finding has severity `block`, held
    when none does and one has `hold`, and passes otherwise."""

    findings: tuple[Finding, ...] = ()

    @property
    def blocked(self) -> bool:
        """Whether the text must not reach an agent's memory."""
        return any(finding.severity is Severity.BLOCK for finding in self.findings)

    @property
    def held(self) -> bool:
        """Whether the text waits for a person (suspicious, nothing confident): kept out of snapshots until released."""
        return not self.blocked and any(finding.severity is Severity.HOLD for finding in self.findings)

    @property
    def stopped(self) -> bool:
        """Whether the text may not reach an agent's memory as it stands (blocked, or held for a person)."""
        return any(finding.severity in (Severity.BLOCK, Severity.HOLD) for finding in self.findings)

    @property
    def outcome(self) -> Outcome:
        """Block, hold or pass: the strongest outcome among the findings."""
        return Outcome.BLOCK if self.blocked else Outcome.HOLD if self.held else Outcome.PASS

    @property
    def deciding(self) -> tuple[Finding, ...]:
        """The findings that caused the outcome (the blocking ones, or the holding ones); empty when it passes."""
        wanted = {Outcome.BLOCK: Severity.BLOCK, Outcome.HOLD: Severity.HOLD}.get(self.outcome)
        return tuple(finding for finding in self.findings if finding.severity is wanted)

    @property
    def rules(self) -> tuple[str, ...]:
        """The distinct rule ids that matched, in order of first appearance."""
        return tuple(dict.fromkeys(finding.rule for finding in self.findings))

    def summary(self) -> str:
        """One line naming the rules behind the outcome, for hook stderr and CLI output."""
        deciding = self.deciding
        if not deciding:
            return "no threat found"
        first = deciding[0]
        more = f" (+{len(deciding) - 1} more: {', '.join(dict.fromkeys(f.rule for f in deciding[1:]))})" \
            if len(deciding) > 1 else ""
        verb = "blocked" if self.blocked else "held for a person"
        return f"{verb} by {first.rule}: {first.reason}{more}"


def fingerprint(text: str, rule: str) -> str:
    """A rejection's identity: the content hash plus the rule, so one decision covers every repeat of it."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return f"{digest}:{rule}"
