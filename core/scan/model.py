"""What the memory scanner finds: rule findings with stable ids, severities, spans and one-line reasons."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import Enum
from typing import Any


class Severity(str, Enum):
    """How bad a finding is: `block` stops the write, `warn` is shown but lets it through."""

    BLOCK = "block"
    WARN = "warn"


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

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values."""
        return {"rule": self.rule, "family": self.family, "severity": self.severity.value,
                "span": [self.start, self.end], "reason": self.reason, "evidence": self.evidence}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        """Read back what `to_dict` wrote."""
        start, end = data.get("span") or (0, 0)
        return cls(data["rule"], data.get("family", ""), Severity(data.get("severity", "block")), start, end,
                   data.get("reason", ""), data.get("evidence", ""))


@dataclass(frozen=True)
class ScanResult:
    """Every finding in one text, in span order; the text is blocked when any finding has severity `block`."""

    findings: tuple[Finding, ...] = ()

    @property
    def blocked(self) -> bool:
        """Whether the text must not reach an agent's memory."""
        return any(finding.severity is Severity.BLOCK for finding in self.findings)

    @property
    def rules(self) -> tuple[str, ...]:
        """The distinct rule ids that matched, in order of first appearance."""
        return tuple(dict.fromkeys(finding.rule for finding in self.findings))

    def summary(self) -> str:
        """One line naming the blocking rules, for hook stderr and CLI output."""
        blocking = [f for f in self.findings if f.severity is Severity.BLOCK]
        if not blocking:
            return "no threat found"
        first = blocking[0]
        more = f" (+{len(blocking) - 1} more: {', '.join(dict.fromkeys(f.rule for f in blocking[1:]))})" \
            if len(blocking) > 1 else ""
        return f"blocked by {first.rule}: {first.reason}{more}"


def fingerprint(text: str, rule: str) -> str:
    """A rejection's identity: the content hash plus the rule, so one decision covers every repeat of it."""
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return f"{digest}:{rule}"
