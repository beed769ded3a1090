"""How often the scanner stops real public agent instruction files, and on which rule (secret values never printed).

The files are the corpus of `instruction_corpus` (the list `instruction_sources.txt` beside this module; their text
stays out of this repository and is read from a local cache laid out `CACHE/owner+repo/path`; that module says how
the cache was built). These are instruction files people really wrote for their agents, so every file the scanner
blocks or holds is a false alarm, unless a person reading it finds an attack. Measure:

    python -m memrev.core.bench.scan_real CACHE

Each file is scanned whole, as one text. The report gives the files scanned, blocked and held (with their aims),
the scanner's speed on them against the Hermes-style loop, the findings behind those outcomes counted by rule,
and for each stopped file its source and, per deciding finding, the rule, the line and a short context: the
finding's evidence (secrets redacted by the scanner) between a few characters either side, in which every span a
secret finding covers is masked. `memrev bench scan --corpus CACHE`
adds the two shares to the bench's figures, and the scanner's speed on those files against the Hermes-style loop.
"""

from __future__ import annotations

import math
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Protocol, Sequence

from memrev.core.bench.instruction_corpus import Source, cached_texts, corpus_parser, read_sources
from memrev.core.bench.scan import RATIO_AIM, hermes_style_scan
from memrev.core.bench.store import Figure
from memrev.core.scan.model import Finding, ScanResult
from memrev.core.scan.scanner import scan
from memrev.core.scan.scopes import scope_for_path

BLOCKED = "real instruction files blocked"
HELD = "real instruction files held"
SPEED = "scanner throughput, real instruction files"
BLOCKED_AIM = 0.005
"""The most real instruction files the scanner may block."""
HELD_AIM = 0.02
"""The most it may hold for a person."""
CONTEXT = 40
"""Characters of context shown either side of a finding's evidence."""
EVIDENCE = 80
"""The longest evidence shown (longer evidence is cut in its middle)."""


@dataclass(frozen=True)
class Stop:
    """One finding that stopped a file: its rule, outcome, line and a context that holds no secret value."""

    rule: str
    outcome: str
    line: int
    context: str


@dataclass(frozen=True)
class StoppedFile:
    source: Source
    outcome: str
    """`block` or `hold`."""
    stops: tuple[Stop, ...]


@dataclass
class CorpusReport:
    """What the scanner did with every cached file of the list."""

    listed: int = 0
    scanned: int = 0
    missing: int = 0
    repositories: int = 0
    stopped: list[StoppedFile] = field(default_factory=list)
    megabytes: float = 0.0
    """UTF-8 megabytes of the files scanned."""
    scan_seconds: float = 0.0
    """Time memrev's scanner took over them."""
    baseline_seconds: float = 0.0
    """Time the Hermes-style loop took over the same texts."""

    @property
    def blocked(self) -> int:
        return sum(file.outcome == "block" for file in self.stopped)

    @property
    def held(self) -> int:
        return sum(file.outcome == "hold" for file in self.stopped)

    def share(self, count: int) -> float:
        return count / self.scanned if self.scanned else float("nan")

    def rule_counts(self) -> Counter[str]:
        """Deciding findings by rule, over every stopped file."""
        return findings_by_rule(self.stopped)

    def rule_files(self) -> Counter[str]:
        """Stopped files by rule (a file counts once for each rule behind its outcome)."""
        return stopped_by_rule(self.stopped)


class Stopped(Protocol):
    """A stopped file or memory entry: its outcome and the findings behind it."""

    outcome: str
    stops: tuple[Stop, ...]


def findings_by_rule(stopped: Iterable[Stopped]) -> Counter[str]:
    """Deciding findings by rule, over every stopped file or entry."""
    return Counter(stop.rule for item in stopped for stop in item.stops)


def stopped_by_rule(stopped: Iterable[Stopped], outcome: str | None = None) -> Counter[str]:
    """Stopped files or entries by rule (each counts once for each rule behind its outcome), of one outcome or all."""
    return Counter(rule for item in stopped if outcome is None or item.outcome == outcome
                   for rule in dict.fromkeys(stop.rule for stop in item.stops))


def outcome_figures(stopped: Sequence[Stopped], counted: int, where: str, unit: str,
                    rows: Sequence[tuple[str, str, float]]) -> list[Figure]:
    """For each (figure name, outcome, aim): the share of the `counted` files or entries stopped with that outcome,
    against its aim, with the count and the top rules (by `unit`) in the note; nan when nothing was counted."""
    figures = []
    for name, outcome, aim in rows:
        count = sum(item.outcome == outcome for item in stopped)
        share = count / counted if counted else math.nan
        top = ", ".join(f"{rule} ({n})" for rule, n in stopped_by_rule(stopped, outcome).most_common(5)) or "none"
        note = f"{count} of {where}; by rule ({unit}): {top}" if counted else f"no listed {unit} in the cache ({where})"
        figures.append(Figure(name, share * 100 if counted else math.nan, "%", f"<= {aim * 100:g}%", None, "", None,
                              share <= aim if counted else None, note))
    return figures


def _one_line(text: str) -> str:
    """Text on one line, newlines shown as ⏎, other control characters as their code point."""
    return "".join("⏎" if char == "\n" else f"<U+{ord(char):04X}>" if ord(char) < 0x20 and char != "\t"
                   or 0xDC80 <= ord(char) <= 0xDCFF else char for char in text.replace("\r", ""))


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit // 2] + "…" + text[-(limit // 2):]


def _masked(text: str, start: int, end: int, secrets: Sequence[Finding]) -> str:
    """text[start:end] with every secret finding's span inside it replaced by `«secret»`."""
    pieces, at = [], start
    for secret in sorted(secrets, key=lambda f: f.start):
        if secret.end <= at or secret.start >= end:
            continue
        pieces.append(text[at:max(at, secret.start)])
        pieces.append("«secret»")
        at = max(at, secret.end)
    pieces.append(text[at:end] if at < end else "")
    return "".join(pieces)


def stops(text: str, result: ScanResult) -> tuple[Stop, ...]:
    """The findings behind a file's outcome, each with its line and a context free of secret values."""
    secrets = [finding for finding in result.findings if finding.family == "secret"]
    found = []
    for finding in result.deciding:
        before = _masked(text, max(0, finding.start - CONTEXT), finding.start, secrets)
        after = _masked(text, finding.end, finding.end + CONTEXT, secrets)
        evidence = _clip(finding.evidence or finding.reason, EVIDENCE)
        context = _one_line(f"{before}«{evidence}»{after}")
        found.append(Stop(finding.rule, finding.outcome.value, text.count("\n", 0, finding.start) + 1, context))
    return tuple(found)


def scan_corpus(cache: Path, sources: Sequence[Source]) -> CorpusReport:
    """Scan every listed file the cache holds, whole, each in the scope its file name gives (all are instruction
    files)."""
    report = CorpusReport(listed=len(sources))
    repos = set()
    for source, text in cached_texts(cache, sources):
        if text is None:
            report.missing += 1
            continue
        report.scanned += 1
        repos.add(source.repo)
        report.megabytes += len(text.encode("utf-8")) / 1e6
        started = time.perf_counter()
        result = scan(text, scope_for_path(source.path))  # read as `memrev scan FILE` reads it
        report.scan_seconds += time.perf_counter() - started
        started = time.perf_counter()
        hermes_style_scan(text)
        report.baseline_seconds += time.perf_counter() - started
        if result.stopped:
            report.stopped.append(StoppedFile(source, result.outcome.value, stops(text, result)))
    report.repositories = len(repos)
    return report


def corpus_figures(report: CorpusReport) -> list[Figure]:
    """The shares of scanned files blocked and held, against their aims, the counts and top rules in the notes; then
    the scanner's speed on those files against the Hermes-style loop on the same texts (whole files, several
    kilobytes each, where the bench's own throughput figure reads short entries)."""
    measured = report.scanned > 0
    where = (f"{report.scanned} files from {report.repositories} repositories"
             + (f", {report.missing} listed files not in the cache" if report.missing else ""))
    figures = outcome_figures(report.stopped, report.scanned, where, "files",
                              ((BLOCKED, "block", BLOCKED_AIM), (HELD, "hold", HELD_AIM)))
    timed = measured and report.scan_seconds > 0 and report.baseline_seconds > 0
    speed = report.megabytes / report.scan_seconds if timed else math.nan
    base = report.megabytes / report.baseline_seconds if timed else None
    figures.append(Figure(SPEED, speed, "MB/s", f">= {RATIO_AIM:g}x the baseline", base,
                          "Hermes-style regex loop" if timed else "", speed / base if base else None,
                          speed / base >= RATIO_AIM if base else None,
                          f"{report.scanned} files, {report.megabytes:.1f} MB, each scanned whole in its file's scope"
                          if timed else f"no listed file in the cache ({where})"))
    return figures


def measure(cache: Path, sources: Sequence[Source]) -> CorpusReport:
    """Scan every cached file, print the report, and return it."""
    report = scan_corpus(cache, sources)
    print(f"files scanned: {report.scanned} (from {report.repositories} repositories; {report.missing} listed files "
          f"not in the cache)")
    for label, count, aim in (("blocked", report.blocked, BLOCKED_AIM), ("held", report.held, HELD_AIM)):
        print(f"{label}: {count} ({report.share(count):.1%}; aim <= {aim:.1%})")
    if report.scan_seconds and report.baseline_seconds:
        print(f"throughput: {report.megabytes / report.scan_seconds:.2f} MB/s against "
              f"{report.megabytes / report.baseline_seconds:.2f} MB/s for the Hermes-style loop on the same files")
    counts, files = report.rule_counts(), report.rule_files()
    if counts:
        print("findings behind those outcomes, by rule (findings, files):")
        for rule, count in counts.most_common():
            print(f"  {rule}: {count}, {files[rule]}")
    for number, stopped in enumerate(report.stopped, 1):
        verb = "blocked" if stopped.outcome == "block" else "held"
        print(f"\n#{number} {verb}: {stopped.source.repo} {stopped.source.path}")
        for stop in stopped.stops:
            print(f"    {stop.rule} ({stop.outcome}), line {stop.line}: {stop.context}")
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """Scan the cached files and print the report."""
    parser = corpus_parser("memrev.core.bench.scan_real", __doc__)
    args = parser.parse_args(argv)
    measure(args.cache, read_sources(args.sources))
    return 0


if __name__ == "__main__":
    sys.exit(main())
