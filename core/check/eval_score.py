"""Score checked labels: recall of stale lines, stale and `changed` verdicts on true lines, unverifiable lines and
rename suggestions, with every miss and false alarm and the evidence behind it, as text and as JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from memrev.core.check.eval_staleness import Outcome
from memrev.core.check.model import STALE_STATUSES, RefStatus, ReferenceCheck, Verdict

_RENAMING = frozenset({RefStatus.RENAMED, RefStatus.MOVED})
"""Reference statuses that come with a new place for what the entry names."""
MAX_EVIDENCE = 6
"""At most this many references are shown under one miss or false alarm."""


@dataclass(frozen=True)
class Ratio:
    """A figure as a count of a total, so a reader sees how many lines stand behind it."""

    hits: int
    total: int

    @property
    def rate(self) -> float | None:
        """hits / total, or None when nothing was counted."""
        return self.hits / self.total if self.total else None

    def text(self) -> str:
        """`3/4  0.75`, or `0/0  n/a`."""
        rate = self.rate
        return f"{self.hits}/{self.total}".ljust(8) + ("n/a" if rate is None else f"{rate:.2f}")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values, the rate rounded to three places."""
        rate = self.rate
        return {"hits": self.hits, "total": self.total, "rate": None if rate is None else round(rate, 3)}


FIGURES = (
    ("recall", "recall of stale lines"),
    ("recall_on_reference", "  ... for the labelled reference"),
    ("false_stale", "stale on true lines"),
    ("changed_on_true", "changed on true lines"),
    ("unverifiable", "unverifiable lines"),
    ("unverifiable_stale", "  ... of the stale lines"),
    ("unverifiable_true", "  ... of the true lines"),
    ("renames_right", "renames right when offered"),
    ("renames_offered", "renames offered when git knows"),
)
"""Every figure's key and its label in the text report, in the order printed."""


def labelled_reference(outcome: Outcome) -> ReferenceCheck | None:
    """The reference the label's verdict turns on: same text or value, else the first that contains it."""
    wanted, check = outcome.label.reference, outcome.check
    if not wanted or check is None:
        return None
    exact = [ref for ref in check.references if wanted in (ref.text, ref.value)]
    if exact:
        return exact[0]
    return next((ref for ref in check.references
                 if wanted in ref.text or len(ref.text) >= 3 and ref.text in wanted), None)


def offered_rename(outcome: Outcome) -> ReferenceCheck | None:
    """The rename or move the check offers for the labelled reference (for any reference when none is labelled)."""
    if outcome.check is None:
        return None
    labelled = labelled_reference(outcome)
    candidates = (labelled,) if labelled is not None else outcome.check.references
    return next((ref for ref in candidates if ref.status in _RENAMING and (ref.suggestion or ref.path)), None)


def rename_right(outcome: Outcome, ref: ReferenceCheck) -> bool:
    """Whether an offered rename is where git says the reference went."""
    expected = (outcome.label.new_path or "").strip("/")
    return bool(expected) and expected in {(ref.suggestion or "").strip("/"), (ref.path or "").strip("/")}


def score(outcomes: list[Outcome]) -> dict[str, Ratio]:
    """Every figure of `FIGURES` over the labels that could be checked."""
    checked = [o for o in outcomes if o.check is not None]
    stale = [o for o in checked if o.label.stale]
    true = [o for o in checked if not o.label.stale]
    called = {o.label.id for o in checked if o.check and o.check.verdict is Verdict.STALE}
    on_reference = [o for o in stale if (ref := labelled_reference(o)) is not None and ref.status in STALE_STATUSES]
    unverifiable = [o for o in checked if o.check and o.check.verdict is Verdict.UNVERIFIABLE]
    offered = [(o, ref) for o in checked if (ref := offered_rename(o)) is not None]
    known = [o for o in checked if o.label.new_path]
    return {
        "recall": Ratio(sum(o.label.id in called for o in stale), len(stale)),
        "recall_on_reference": Ratio(len(on_reference), sum(o.label.reference is not None for o in stale)),
        "false_stale": Ratio(sum(o.label.id in called for o in true), len(true)),
        "changed_on_true": Ratio(sum(o.check is not None and o.check.verdict is Verdict.CHANGED for o in true),
                                 len(true)),
        "unverifiable": Ratio(len(unverifiable), len(checked)),
        "unverifiable_stale": Ratio(sum(o.label.stale for o in unverifiable), len(stale)),
        "unverifiable_true": Ratio(sum(not o.label.stale for o in unverifiable), len(true)),
        "renames_right": Ratio(sum(rename_right(o, ref) for o, ref in offered), len(offered)),
        "renames_offered": Ratio(sum(offered_rename(o) is not None for o in known), len(known)),
    }


def sections(outcomes: list[Outcome]) -> dict[str, list[Outcome]]:
    """The labels a person should read: misses, false alarms, `changed` true lines, wrong or missing renames."""
    checked = [o for o in outcomes if o.check is not None]
    verdict = {o.label.id: o.check.verdict for o in checked if o.check is not None}
    wrong = [o for o in checked if (ref := offered_rename(o)) is not None and not rename_right(o, ref)]
    return {
        "misses (stale lines not called stale)": [o for o in checked
                                                  if o.label.stale and verdict[o.label.id] is not Verdict.STALE],
        "false alarms (true lines called stale)": [o for o in checked
                                                   if not o.label.stale and verdict[o.label.id] is Verdict.STALE],
        "changed on true lines": [o for o in checked if not o.label.stale and verdict[o.label.id] is Verdict.CHANGED],
        "wrong rename suggestions": wrong,
        "renames not offered (git knows the new path)": [o for o in checked
                                                         if o.label.new_path and offered_rename(o) is None],
        "not checked": [o for o in outcomes if o.check is None],
    }


def evidence_lines(outcome: Outcome) -> list[str]:
    """Why the check said what it said: its reason, then each reference with status, evidence and suggestion."""
    if outcome.check is None:
        return [outcome.error or "not checked"]
    lines = [outcome.check.reason]
    labelled = labelled_reference(outcome)
    refs = sorted(outcome.check.references, key=lambda ref: ref is not labelled)
    for ref in refs[:MAX_EVIDENCE]:
        hint = f" -> {ref.suggestion}" if ref.suggestion else ""
        lines.append(f"{ref.text} [{ref.kind}] {ref.status.value}: {ref.evidence}{hint}")
    if len(refs) > MAX_EVIDENCE:
        lines.append(f"… {len(refs) - MAX_EVIDENCE} more reference(s)")
    if outcome.label.reference and labelled is None:
        lines.append(f"the labelled reference {outcome.label.reference!r} was not recognised in the line")
    return lines


def report_text(outcomes: list[Outcome], figures: dict[str, Ratio], *, width: int = 200) -> list[str]:
    """The figures, then every label in each section with its evidence."""
    stale = sum(o.label.stale for o in outcomes)
    lines = [f"{len(outcomes)} label(s): {stale} stale, {len(outcomes) - stale} true"]
    lines += [f"{title.ljust(34)}{figures[key].text()}" for key, title in FIGURES]
    for title, chosen in sections(outcomes).items():
        if not chosen:
            continue
        lines += ["", f"{title}: {len(chosen)}"]
        for outcome in chosen:
            label = outcome.label
            got = outcome.check.verdict.value if outcome.check else "error"
            head = f"  {label.id}  expected {label.expected}, got {got}"
            if label.new_path:
                head += f" (git: -> {label.new_path})"
            lines.append(_cut(f"{head}: {' '.join(label.text.split())}", width))
            lines += [_cut(f"      {line}", width) for line in evidence_lines(outcome)]
    return lines


def report_json(outcomes: list[Outcome], figures: dict[str, Ratio]) -> dict[str, Any]:
    """The figures and every label with its verdict and references, for scripts."""
    rows = []
    for outcome in outcomes:
        check = outcome.check
        rows.append({"label": outcome.label.to_dict(), "verdict": check.verdict.value if check else None,
                     "error": outcome.error, "reason": check.reason if check else None,
                     "references": [ref.to_dict() for ref in check.references] if check else []})
    return {"figures": {key: figures[key].to_dict() for key, _ in FIGURES},
            "sections": {title: [o.label.id for o in chosen] for title, chosen in sections(outcomes).items()},
            "labels": rows}


def _cut(text: str, width: int) -> str:
    """One line at most `width` characters long."""
    return text if len(text) <= width else text[:width - 1] + "…"
