"""How often the redactor fires on real public agent instruction files, and on what (values never printed).

The files are the corpus of `instruction_corpus` (the list `instruction_sources.txt` beside this module; their text
stays out of this repository and is read from a local cache laid out `CACHE/owner+repo/path`; that module says how
the cache was built). To fill the cache from clones (`CLONES/owner+repo`) and measure:

    python -m memrev.core.bench.redaction_real --build CLONES CACHE
    python -m memrev.core.bench.redaction_real CACHE

Each file is redacted whole by a fresh `Redactor(bytes(32))` (only the rules fire, no secret seen in another file).
The report gives the files scanned, the files with a redaction, redactions by kind, and for each one its source,
line and context, with every redacted value shown only as its kind and length. `--reveal` adds the raw values, for
judging them locally; never paste that output anywhere.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from memrev.core.bench.instruction_corpus import SOURCES, Source, build, cached_texts, corpus_parser, read_sources
from memrev.core.scan.redaction import Redactor
from memrev.core.scan.rules import SECRET_MARKER

__all__ = ["SOURCES", "Source", "Hit", "build", "read_sources", "redactions", "measure", "main"]

CONTEXT = 60
"""Characters of context shown either side of a redaction."""


@dataclass(frozen=True)
class Hit:
    """One redaction: where, which kind, how long, its masked context and (kept in memory only) its value."""

    source: Source
    line: int
    kind: str
    length: int
    context: str
    value: str


def _one_line(text: str) -> str:
    """Text on one line, newlines shown as ⏎."""
    return text.replace("\r", "").replace("\n", "⏎")


def redactions(source: Source, text: str) -> Iterator[Hit]:
    """The redactions in one file's whole text, each with its context taken from the redacted text (so no redacted
    value, this one or a neighbour, appears in it) and its marker shown as kind and length only."""
    result = Redactor(bytes(32)).redact(text)
    for (start, end, marker_start, marker_end), kind in zip(result.moves, result.kinds):
        before = SECRET_MARKER.sub(_masked, result.text[max(0, marker_start - CONTEXT):marker_start])
        after = SECRET_MARKER.sub(_masked, result.text[marker_end:marker_end + CONTEXT])
        context = _one_line(f"{before}«{kind}: {end - start} chars»{after}")
        yield Hit(source, text.count("\n", 0, start) + 1, kind, end - start, context, text[start:end])


def _masked(match: re.Match[str]) -> str:
    """A neighbouring marker caught in the context, shown as kind and length."""
    return f"«{match.group('kind')}: {match.group('length')} chars»"


def measure(cache: Path, sources: Sequence[Source], reveal: bool = False) -> int:
    """Redact every cached file, print the report, and return how many listed files the cache lacks."""
    hits: list[Hit] = []
    scanned, missing, repos = 0, 0, set()
    files_hit: set[Source] = set()
    for source, text in cached_texts(cache, sources):
        if text is None:
            missing += 1
            continue
        scanned += 1
        repos.add(source.repo)
        found = list(redactions(source, text))
        if found:
            files_hit.add(source)
        hits += found
    print(f"files scanned: {scanned} (from {len(repos)} repositories; {missing} listed files not in the cache)")
    print(f"files with at least one redaction: {len(files_hit)}")
    print(f"redactions: {len(hits)}")
    for kind, count in Counter(hit.kind for hit in hits).most_common():
        print(f"  {kind}: {count}")
    for number, hit in enumerate(hits, 1):
        print(f"\n#{number} {hit.kind}, {hit.length} chars: {hit.source.repo} {hit.source.path}:{hit.line}")
        print(f"    {hit.context}")
        if reveal:
            print(f"    value: {hit.value!r}")
    return missing


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the cached files (or, with --build CLONES, fill the cache from clones first)."""
    parser = corpus_parser("memrev.core.bench.redaction_real", __doc__)
    parser.add_argument("--build", type=Path, metavar="CLONES", help="first write the files from CLONES/owner+repo")
    parser.add_argument("--reveal", action="store_true", help="also print each redacted value (local judging only)")
    args = parser.parse_args(argv)
    sources = read_sources(args.sources)
    if args.build is not None:
        print(f"written: {build(args.build, args.cache, sources)} of {len(sources)}")
    measure(args.cache, sources, args.reveal)
    return 0


if __name__ == "__main__":
    sys.exit(main())
