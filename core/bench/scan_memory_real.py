"""How often the scanner stops real agent memory entries, at the strict memory scope, and on which rule.

The files are real agent memory committed to public GitHub repositories: OpenClaw workspaces' `MEMORY.md` and
dated daily notes `memory/YYYY-MM-DD.md`, Cline/Cursor memory banks (`memory-bank/activeContext.md`,
`progress.md`...), Hermes `memories/MEMORY.md` and `USER.md`, listed in `memory_sources.txt` beside this module,
one `owner/repo path commit` a line. Their text stays out of this repository and is read from a local cache laid
out `CACHE/owner+repo/path`, built as `instruction_corpus` says (`--build CLONES` writes `git show commit:path` of
every listed file from `CLONES/owner+repo`, bare or not). Measure:

    python -m memrev.core.bench.scan_memory_real CACHE
    python -m memrev.core.bench.scan_memory_real --build CLONES CACHE
    python -m memrev.core.bench.scan_memory_real --sources core/bench/memory_sources_blind.txt CACHE

`memory_sources_blind.txt` is a second, blind list (no repository or owner of the first), measured before any fix was
made from it, so a change tuned on the first list can be checked on files nobody tuned on.

Every file is split into entries the way memrev reads it: a Hermes file (`memories/MEMORY.md` or `USER.md`, or any
file holding Hermes's `§` delimiter) as Hermes parses it (`hermes.parse_pieces`, repeated pieces dropped; a file
without the delimiter is one entry), every other file into OpenClaw's markdown entries (one top-level list item or
paragraph each, `openclaw_markdown._parse`; memory banks and the Claude memory read the same way); a file that is
not UTF-8 is skipped, as memrev's readers skip it. Each entry is scanned alone with `scan(entry, ScanScope.MEMORY)`,
the scope of an agent's own memory write. These are entries people's agents really wrote, so every stopped entry is
a false alarm unless a person reading it finds an attack or a real secret. The report gives the files, entries and
repositories, the entries blocked and held (with their aims) and the files with any, per kind of file, the findings
behind those outcomes by rule, and for each stopped entry its source, line and, per deciding finding, the rule and a
short context with every secret masked (`scan_real.stops`). `memrev bench scan --memory-corpus CACHE` adds the two
shares to the bench's figures.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from memrev.core.bench.instruction_corpus import Source, build, cached_texts, corpus_parser, read_sources
from memrev.core.bench.scan_real import Stop, findings_by_rule, outcome_figures, stopped_by_rule, stops
from memrev.core.bench.store import Figure
from memrev.core.scan.scanner import scan
from memrev.core.scan.scopes import ScanScope
from memrev.core.sources.hermes import DELIMITER, hermes_text, parse_pieces, unique_pieces
from memrev.core.sources.openclaw_markdown import _parse

SOURCES = Path(__file__).with_name("memory_sources.txt")
"""The list of measured memory files: `owner/repo path commit` a line, `#` for comments."""

BLOCKED = "real memory entries blocked"
HELD = "real memory entries held"
BLOCKED_AIM = 0.005
"""The most real memory entries the scanner may block."""
HELD_AIM = 0.02
"""The most it may hold for a person."""

_DAILY = re.compile(r"(^|/)memory/\d{4}-\d{2}-\d{2}[^/]*\.md$")
_BANK = re.compile(r"(^|/)(memory-bank|memory_bank|cline_docs)/")
_HERMES = re.compile(r"(^|/)memories/(MEMORY|USER)\.md$")
_UNDECODED = re.compile("[\udc80-\udcff]")
"""The surrogates `read_cached` keeps undecodable bytes as."""


@dataclass(frozen=True)
class MemoryEntry:
    """One entry of a memory file: its text and the 1-based line it starts on."""

    text: str
    line: int


@dataclass(frozen=True)
class StoppedEntry:
    """One entry the scanner blocked or held: where it is, its outcome and the findings behind it."""

    source: Source
    kind: str
    line: int
    outcome: str
    """`block` or `hold`."""
    stops: tuple[Stop, ...]
    """Each with its line in the file (not in the entry)."""


@dataclass
class MemoryReport:
    """What the scanner did with every entry of every cached file of the list."""

    listed: int = 0
    scanned: int = 0
    missing: int = 0
    unreadable: list[Source] = field(default_factory=list)
    """Cached files that are not UTF-8 (a UTF-16 export, say): memrev's readers skip them with a warning, so here
    too."""
    repositories: int = 0
    entries: int = 0
    files_by_kind: Counter[str] = field(default_factory=Counter)
    entries_by_kind: Counter[str] = field(default_factory=Counter)
    stopped: list[StoppedEntry] = field(default_factory=list)

    @property
    def blocked(self) -> int:
        return sum(entry.outcome == "block" for entry in self.stopped)

    @property
    def held(self) -> int:
        return sum(entry.outcome == "hold" for entry in self.stopped)

    def files_with(self, outcome: str) -> int:
        """Files with at least one entry of this outcome."""
        return len({entry.source for entry in self.stopped if entry.outcome == outcome})

    def share(self, count: int) -> float:
        return count / self.entries if self.entries else float("nan")

    def rule_counts(self) -> Counter[str]:
        """Deciding findings by rule, over every stopped entry."""
        return findings_by_rule(self.stopped)

    def rule_entries(self) -> Counter[str]:
        """Stopped entries by rule (an entry counts once for each rule behind its outcome)."""
        return stopped_by_rule(self.stopped)


def file_kind(path: str, text: str) -> str:
    """What kind of memory file a listed path is: `hermes`, `memory-bank`, `openclaw-daily`, `claude-memory` or
    `openclaw-memory`."""
    if _HERMES.search(path) or DELIMITER in hermes_text(text):
        return "hermes"
    if _BANK.search(path):
        return "memory-bank"
    if _DAILY.search(path):
        return "openclaw-daily"
    if "/.claude/" in f"/{path}":
        return "claude-memory"
    return "openclaw-memory"


def split_entries(kind: str, text: str) -> list[MemoryEntry]:
    """A file's entries as memrev reads them: Hermes pieces for a Hermes file, markdown entries otherwise."""
    text = text.removeprefix("\ufeff")  # memrev's readers drop a leading byte-order mark
    if kind == "hermes":
        return [MemoryEntry(piece.text, piece.line_start) for piece in unique_pieces(parse_pieces(hermes_text(text)))]
    _, blocks = _parse(text)
    return [MemoryEntry(block.text, block.start + 1) for block in blocks if block.kind == "entry" and block.text]


def file_entries(source: Source, text: str) -> tuple[str, list[MemoryEntry]] | None:
    """A cached file's kind and its entries as memrev reads them, or None for a file that is not UTF-8 (memrev's
    readers skip it with a warning)."""
    if _UNDECODED.search(text):
        return None
    kind = file_kind(source.path, text)
    return kind, split_entries(kind, text)


def scan_memory(cache: Path, sources: Sequence[Source]) -> MemoryReport:
    """Split every listed file the cache holds into entries and scan each alone at the memory scope."""
    report = MemoryReport(listed=len(sources))
    repos = set()
    for source, text in cached_texts(cache, sources):
        if text is None:
            report.missing += 1
            continue
        if (read := file_entries(source, text)) is None:
            report.unreadable.append(source)
            continue
        report.scanned += 1
        repos.add(source.repo)
        kind, entries = read
        report.files_by_kind[kind] += 1
        for entry in entries:
            report.entries += 1
            report.entries_by_kind[kind] += 1
            result = scan(entry.text, ScanScope.MEMORY)
            if result.stopped:
                found = tuple(Stop(stop.rule, stop.outcome, entry.line + stop.line - 1, stop.context)
                              for stop in stops(entry.text, result))
                report.stopped.append(StoppedEntry(source, kind, entry.line, result.outcome.value, found))
    report.repositories = len(repos)
    return report


def memory_figures(report: MemoryReport) -> list[Figure]:
    """The shares of scanned memory entries blocked and held, against their aims, with the counts and top rules in
    the notes."""
    where = (f"{report.entries} entries of {report.scanned} files from {report.repositories} repositories"
             + (f", {report.missing} listed files not in the cache" if report.missing else ""))
    return outcome_figures(report.stopped, report.entries, where, "entries",
                           ((BLOCKED, "block", BLOCKED_AIM), (HELD, "hold", HELD_AIM)))


def print_report(report: MemoryReport) -> None:
    """Print the counts, the rules and every stopped entry (secrets masked)."""
    print(f"files scanned: {report.scanned} (from {report.repositories} repositories; {report.missing} listed files "
          f"not in the cache)")
    for source in report.unreadable:
        print(f"not UTF-8, skipped as memrev's readers skip it: {source.repo} {source.path}")
    print(f"entries scanned: {report.entries}")
    for label, count, aim, outcome in (("blocked", report.blocked, BLOCKED_AIM, "block"),
                                       ("held", report.held, HELD_AIM, "hold")):
        print(f"entries {label}: {count} ({report.share(count):.2%}; aim <= {aim:.1%}); files with any: "
              f"{report.files_with(outcome)}")
    print("by kind of file (files, entries, blocked, held):")
    for kind, files in sorted(report.files_by_kind.items()):
        blocked = sum(entry.kind == kind and entry.outcome == "block" for entry in report.stopped)
        held = sum(entry.kind == kind and entry.outcome == "hold" for entry in report.stopped)
        print(f"  {kind}: {files}, {report.entries_by_kind[kind]}, {blocked}, {held}")
    counts, entries = report.rule_counts(), report.rule_entries()
    if counts:
        print("findings behind those outcomes, by rule (findings, entries):")
        for rule, count in counts.most_common():
            print(f"  {rule}: {count}, {entries[rule]}")
    for number, stopped in enumerate(report.stopped, 1):
        verb = "blocked" if stopped.outcome == "block" else "held"
        print(f"\n#{number} {verb}: {stopped.source.repo} {stopped.source.path} (entry at line {stopped.line})")
        for stop in stopped.stops:
            print(f"    {stop.rule} ({stop.outcome}), line {stop.line}: {stop.context}")


def measure(cache: Path, sources: Sequence[Source]) -> MemoryReport:
    """Scan every cached file's entries, print the report, and return it."""
    report = scan_memory(cache, sources)
    print_report(report)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the cached memory files (or, with --build CLONES, fill the cache from clones first)."""
    parser = corpus_parser("memrev.core.bench.scan_memory_real", __doc__)
    parser.set_defaults(sources=SOURCES)
    parser.add_argument("--build", type=Path, metavar="CLONES", help="first write the files from CLONES/owner+repo")
    args = parser.parse_args(argv)
    sources = read_sources(args.sources)
    if args.build is not None:
        print(f"written: {build(args.build, args.cache, sources)} of {len(sources)}")
    measure(args.cache, sources)
    return 0


if __name__ == "__main__":
    sys.exit(main())
